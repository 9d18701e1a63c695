// The webhooks' pure rules: which addresses are private, which events an order change is, the retry schedule.
import { describe, expect, it } from 'vitest';
import { isPrivateAddress } from './address-guard.js';
import { retryDelayMs, WEBHOOK_DELIVERY } from './sender.js';
import { orderWebhookEvents } from './shop-events.js';

describe('webhook rules', () => {
  it('When an address is private, loopback, link-local, shared or reserved (IPv4, IPv6 or IPv4-mapped), then it is private; public ones are not', () => {
    for (const address of ['127.0.0.1', '10.0.0.1', '172.16.5.4', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '::1', '::', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', '::ffff:a9fe:a9fe', 'not an ip']) {
      expect([address, isPrivateAddress(address)]).toEqual([address, true]);
    }
    for (const address of ['93.184.215.14', '8.8.8.8', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8']) {
      expect([address, isPrivateAddress(address)]).toEqual([address, false]);
    }
  });

  it('When an order changes, then its webhook events are read from the statuses, a verification status added later ("held") included', () => {
    const o = (status: string, verification: string) => ({ status, verification });
    expect(orderWebhookEvents(o('waiting', 'none'), null)).toEqual(['order.created']);
    expect(orderWebhookEvents(o('pending', 'verified'), o('pending', 'awaiting_sms'))).toEqual(['order.paid']);
    expect(orderWebhookEvents(o('pending', 'verified'), o('waiting', 'none'))).toEqual(['order.paid']);
    expect(orderWebhookEvents(o('pending', 'held'), o('pending', 'awaiting_sms'))).toEqual(['order.held']);
    expect(orderWebhookEvents(o('complete', 'verified'), o('pending', 'verified'))).toEqual(['order.completed']);
    expect(orderWebhookEvents(o('admin_cancelled', 'none'), o('pending', 'none'))).toEqual(['order.cancelled']);
    expect(orderWebhookEvents(o('user_cancelled', 'none'), o('waiting', 'none'))).toEqual(['order.cancelled']);
    expect(orderWebhookEvents(o('timedout', 'none'), o('waiting', 'none'))).toEqual(['order.timedout']);
    expect(orderWebhookEvents(o('pending', 'awaiting_sms'), o('waiting', 'none'))).toEqual([]);
  });

  it('When a delivery keeps failing, then the first retry comes within 10 s and the retries span more than 24 hours even with the least jitter', () => {
    for (const random of [0, 0.5, 0.999]) expect(retryDelayMs(1, () => random)).toBeLessThanOrEqual(10_000);
    const retries = Array.from({ length: WEBHOOK_DELIVERY.maxAttempts - 1 }, (_, i) => retryDelayMs(i + 1, () => 0));
    expect(retries.reduce((a, b) => a + b, 0)).toBeGreaterThan(24 * 3_600_000);
    for (let i = 1; i < retries.length; i += 1) expect(retries[i]).toBeGreaterThanOrEqual(retries[i - 1]);
  });
});
