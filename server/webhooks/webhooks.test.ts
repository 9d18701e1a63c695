// The webhooks' pure rules: which addresses are private, which events an order change is, the retry schedule.
import http from 'node:http';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { ADDRESS_REFUSED, checkHost, isPrivateAddress } from './address-guard.js';
import { postOnce, retryDelayMs, WEBHOOK_DELIVERY } from './sender.js';
import { orderWebhookEvents } from './shop-events.js';

describe('webhook rules', () => {
  it('When an address is private, loopback, link-local, shared or reserved (IPv4, IPv6 or IPv4-mapped), then it is private; public ones are not', () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:a9fe:a9fe',
      'not an ip',
    ]) {
      expect([address, isPrivateAddress(address)]).toEqual([address, true]);
    }
    for (const address of ['93.184.215.14', '8.8.8.8', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8']) {
      expect([address, isPrivateAddress(address)]).toEqual([address, false]);
    }
  });

  it('When an IPv6 address embeds an IPv4 one (compatible, mapped, translated, 6to4, Teredo), then it is judged by the IPv4 address it leads to', () => {
    const teredo = (client: string) => {
      const [a, b, c, d] = client.split('.').map((x) => Number(x) ^ 255);
      return `2001:0:4136:e378:8000:63bf:${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
    };
    for (const address of [
      '::127.0.0.1',
      '::7f00:1',
      '::10.0.0.1',
      '::ffff:0:127.0.0.1',
      '::ffff:0:a9fe:a9fe',
      '0:0:0:0:ffff:0:c0a8:101',
      '2002:7f00:1::',
      '2002:a9fe:a9fe::1',
      '2002:c0a8:101:1::1',
      '2002:a00:1::',
      teredo('127.0.0.1'),
      teredo('10.0.0.1'),
      teredo('169.254.169.254'),
      teredo('192.168.1.1'),
      'fe80::1%eth0',
      '64:ff9b:1::a',
      '2001:db8::1',
    ]) {
      expect([address, isPrivateAddress(address)]).toEqual([address, true]);
    }
    for (const address of [
      '::8.8.8.8',
      '::ffff:0:8.8.8.8',
      '2002:808:808::1',
      teredo('8.8.8.8'),
      '2001:4860:4860::8888',
    ]) {
      expect([address, isPrivateAddress(address)]).toEqual([address, false]);
    }
  });

  it('When a host is refused, then the refusal says only that it is private or unresolvable, whichever it was', async () => {
    const said = async (host: string) =>
      checkHost(host, false).then(
        () => 'taken',
        (error: Error) => error.message,
      );
    expect(await said('127.0.0.1')).toBe(ADDRESS_REFUSED);
    expect(await said('::ffff:0:10.1.2.3')).toBe(ADDRESS_REFUSED);
    expect(await said('localhost')).toBe(ADDRESS_REFUSED);
    expect(await said('nothing-here.invalid')).toBe(ADDRESS_REFUSED);
  });

  it('When a delivery cannot connect or gets no answer in time, then the log says "connection failed" or "timed out", not the socket\'s words', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as net.AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await postOnce(`http://127.0.0.1:${closedPort}/hook`, '{}', {}, true)).toEqual({
      statusCode: null,
      error: 'connection failed',
    });
    expect(await postOnce(`http://127.0.0.1:${closedPort}/hook`, '{}', {}, false)).toEqual({
      statusCode: null,
      error: ADDRESS_REFUSED,
    });
    expect(await postOnce(`http://[::ffff:0:7f00:1]:${closedPort}/hook`, '{}', {}, false)).toEqual({
      statusCode: null,
      error: ADDRESS_REFUSED,
    });

    const silent = http.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const timeoutMs = WEBHOOK_DELIVERY.timeoutMs;
    WEBHOOK_DELIVERY.timeoutMs = 200;
    try {
      const { port } = silent.address() as net.AddressInfo;
      expect(await postOnce(`http://127.0.0.1:${port}/hook`, '{}', {}, true)).toEqual({
        statusCode: null,
        error: 'timed out',
      });
    } finally {
      WEBHOOK_DELIVERY.timeoutMs = timeoutMs;
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
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
