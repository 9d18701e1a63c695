// Outbound webhooks against a local receiver (tests/support/webhook-receiver.ts): every event type arrives
// signed; a failing receiver gets the same event again on the schedule of the shop's clock; a slow endpoint delays
// no other; deliveries survive a restart; private addresses are refused unless WEBHOOK_ALLOW_PRIVATE=1.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AdminOrderDto } from '#shared/api-types';
import { WEBHOOK_EVENTS, type WebhookDeliveryDto, type WebhookDto } from '#shared/webhooks';
import type { OrderChanged } from '../../server/orders/index.js';
import { createWebhooksRepository, WEBHOOK_DELIVERY } from '../../server/webhooks/index.js';
import {
  COMPLETE_CHECKED,
  getOrderAsAdmin,
  placeOrder,
  TOPUP_BDT,
  topupPayload,
  uniquePmId,
  waitFor,
} from '../factories/orders.js';
import { createUser, loginAdmin } from '../factories/users.js';
import { testClock } from '../support/clock.js';
import { createPostgresDatabase, testDatabases } from '../support/databases.js';
import { startTestServer, useTestInstances, useTestServer, type TestServer } from '../support/server.js';
import { registerForwarder } from '../support/sms-forwarder.js';
import { signatureVerifies, useReceiver } from '../support/webhook-receiver.js';

async function addWebhook(server: TestServer, token: string, url: string, events: readonly string[] = WEBHOOK_EVENTS) {
  const res = await server.api.post<{ webhook: WebhookDto; secret: string }>(
    '/webhooks',
    { webhook: { url, events } },
    token,
  );
  expect(res.status).toBe(201);
  return res.body;
}

async function deliveriesOf(server: TestServer, token: string, id: string): Promise<WebhookDeliveryDto[]> {
  const res = await server.api.get<{ deliveries: WebhookDeliveryDto[] }>(`/webhooks/${id}/deliveries`, token);
  expect(res.status).toBe(200);
  return res.body.deliveries;
}

describe.each(testDatabases())('Webhooks on %s', (db) => {
  const clock = testClock();
  const receiver = useReceiver();
  const server = useTestServer(() => ({ db, clock, env: { WEBHOOK_ALLOW_PRIVATE: '1' } }));

  it('When each kind of event happens, then the receiver gets it signed with the secret, with its id in Shop-Event-Id and the admin view as data', async () => {
    const admin = await loginAdmin(server);
    const customer = await createUser(server);
    const { webhook, secret } = await addWebhook(server, admin.token, `${receiver.url}/all`);
    expect(webhook.events).toEqual([...WEBHOOK_EVENTS]);
    let lastChange: OrderChanged | undefined;
    const unsubscribe = server.app.events.subscribe('order.changed', (e) => {
      lastChange = e;
    });

    // Created, paid (verified by the wallet phone's SMS), completed.
    const pmId = uniquePmId().toUpperCase();
    const paid = await placeOrder(server, TOPUP_BDT, topupPayload(), customer.token);
    expect((await server.api.patch(`/orders/${paid}`, { order: { pm_id: pmId } }, customer.token)).status).toBe(200);
    const bkash = await registerForwarder(server, admin.token, 'bkash');
    const pmAmount = (await getOrderAsAdmin(server, paid, admin.token)).pm_amount;
    await bkash.payment({ amount: pmAmount, trxId: pmId });
    expect((await server.api.patch(`/orders/${paid}`, { order: COMPLETE_CHECKED }, admin.token)).status).toBe(200);
    // Cancelled by its customer; timed out; an SMS nobody's order names.
    const cancelled = await placeOrder(server, TOPUP_BDT, topupPayload(), customer.token);
    expect((await server.api.patch(`/orders/${cancelled}`, { order: { cancel: true } }, customer.token)).status).toBe(
      200,
    );
    const late = await placeOrder(server, TOPUP_BDT, topupPayload(), customer.token);
    await server.app.ctx.prisma.order.update({
      where: { id: late },
      data: { lastTime: new Date(clock.now().getTime() - 1000) },
    });
    expect((await server.api.get<{ order: AdminOrderDto }>(`/orders/${late}`, admin.token)).body.order.status).toBe(
      'timedout',
    );
    const stray = await bkash.payment({ amount: 777, trxId: uniquePmId().toUpperCase() });
    expect(stray.body.sms.status).toBe('unmatched');
    // A phone silent for 31 minutes while a top-up of its wallet waits.
    const rocket = await registerForwarder(server, admin.token, 'rocket');
    await placeOrder(server, TOPUP_BDT, topupPayload({ pm_method: 'rocket' }), customer.token);
    await server.app.ctx.prisma.device.update({
      where: { id: rocket.id },
      data: { lastSeenAt: new Date(clock.now().getTime() - 31 * 60_000) },
    });
    await server.app.services.sms.watchSilentDevices();
    // Held: the ledger's verification status (the other half) as its order change will carry it.
    const change = lastChange;
    if (!change) throw new Error('no order change was published');
    unsubscribe();
    const heldOrder = { ...change.order, verification: 'held' } as unknown as OrderChanged['order'];
    await server.app.events.publish('order.changed', {
      order: heldOrder,
      before: { status: change.order.status, verification: 'awaiting_sms' },
      publicChanged: false,
    });

    const hooks = await waitFor(
      async () => receiver.at('/all'),
      // A failing cash desk needs a desk that fails three times: that event is left out of this day.
      (got) =>
        WEBHOOK_EVENTS.filter((type) => type !== 'cashdesk.failing').every((type) =>
          got.some((h) => h.body.type === type),
        ),
    );
    for (const hook of hooks) {
      expect(signatureVerifies(hook, secret), `${hook.body.type} is signed`).toBe(true);
      expect(signatureVerifies(hook, `${secret}x`)).toBe(false);
      expect(hook.headers['shop-event-id']).toBe(hook.body.id);
      expect(hook.headers['content-type']).toBe('application/json');
      expect(hook.body.id).toMatch(/^evt_[0-9a-f]{32}$/);
      expect(Object.keys(hook.body).sort()).toEqual(['created_at', 'data', 'id', 'type']);
    }
    const ofType = (type: string) => hooks.filter((h) => h.body.type === type);
    expect(ofType('order.created').map((h) => h.body.data.id)).toEqual(expect.arrayContaining([paid, cancelled, late]));
    expect(ofType('order.paid').map((h) => h.body.data.id)).toEqual([paid]);
    expect(ofType('order.paid')[0].body.data).toMatchObject({
      id: paid,
      verification: { status: 'verified' },
      user_id: customer.id,
    });
    expect(ofType('order.completed').map((h) => h.body.data.id)).toEqual([paid]);
    expect(ofType('order.cancelled').map((h) => h.body.data.id)).toEqual([cancelled]);
    expect(ofType('order.timedout').map((h) => h.body.data.id)).toEqual([late]);
    expect(ofType('order.held')).toHaveLength(1);
    expect(ofType('sms.unmatched').map((h) => h.body.data.id)).toEqual([stray.body.sms.id]);
    expect(ofType('device.silent').map((h) => (h.body.data.device as { id: string }).id)).toEqual([rocket.id]);
    // Each event once: receivers dedupe on the id, but none had to.
    expect(new Set(hooks.map((h) => h.body.id)).size).toBe(hooks.length);
  });

  it('When the receiver answers 500 three times and then 200, then it gets the same event four times on the backoff schedule and the log shows four attempts', async () => {
    const admin = await loginAdmin(server);
    clock.set('2026-12-01T06:00:00Z');
    try {
      receiver.on('/flaky', (n) => ({ status: n <= 3 ? 500 : 200 }));
      const { webhook } = await addWebhook(server, admin.token, `${receiver.url}/flaky`, ['order.created']);
      const order = await placeOrder(server);
      await receiver.waitFor('/flaky', 1);

      const gaps: number[] = [];
      for (let attempt = 2; attempt <= 4; attempt += 1) {
        const [pending] = await waitFor(
          () => deliveriesOf(server, admin.token, webhook.id),
          (list) => list[0]?.attempts.length === attempt - 1 && list[0].next_at !== null,
        );
        const waited = (pending.next_at ?? 0) - Math.floor(clock.now().getTime() / 1000);
        gaps.push(waited);
        // Just before it is due nothing comes; at its time it does.
        clock.set((pending.next_at ?? 0) * 1000 - 1500);
        await new Promise((resolve) => setTimeout(resolve, 1_200));
        expect(receiver.at('/flaky')).toHaveLength(attempt - 1);
        clock.set((pending.next_at ?? 0) * 1000 + 1000);
        await receiver.waitFor('/flaky', attempt);
      }
      // The first retry within 10 s, then each later (with jitter, 4 times the one before).
      expect(gaps[0]).toBeLessThanOrEqual(10);
      expect(gaps[1]).toBeGreaterThan(gaps[0]);
      expect(gaps[2]).toBeGreaterThan(gaps[1]);

      const hooks = receiver.at('/flaky');
      expect(hooks).toHaveLength(4);
      expect(new Set(hooks.map((h) => h.headers['shop-event-id'])).size).toBe(1);
      expect(new Set(hooks.map((h) => h.raw)).size).toBe(1);
      expect(hooks[0].body).toMatchObject({ type: 'order.created', data: { id: order } });

      const [delivery] = await waitFor(
        () => deliveriesOf(server, admin.token, webhook.id),
        (list) => list[0]?.status === 'delivered',
      );
      expect(delivery).toMatchObject({
        event_id: hooks[0].body.id,
        type: 'order.created',
        status: 'delivered',
        next_at: null,
      });
      expect(delivery.attempts.map((a) => a.status_code)).toEqual([200, 500, 500, 500]);
      expect(delivery.attempts.map((a) => a.error)).toEqual([null, 'HTTP 500', 'HTTP 500', 'HTTP 500']);
      for (const a of delivery.attempts) expect(a.duration_ms).toBeGreaterThanOrEqual(0);
      expect(delivery.attempts[0].at).toBeGreaterThan(delivery.attempts[3].at);
    } finally {
      clock.reset();
    }
  });

  it('When one endpoint hangs, then another gets the same event at once and the shop answers as usual', async () => {
    const admin = await loginAdmin(server);
    let release = () => undefined as void;
    const hanging = new Promise<void>((resolve) => {
      release = resolve;
    });
    receiver.on('/slow', () => ({ status: 200, wait: hanging }));
    await addWebhook(server, admin.token, `${receiver.url}/slow`, ['order.created']);
    await addWebhook(server, admin.token, `${receiver.url}/fast`, ['order.created']);
    try {
      await placeOrder(server);
      await receiver.waitFor('/slow', 1);
      const started = Date.now();
      const second = await placeOrder(server);
      // Had placing waited on the hanging endpoint, it would have taken the delivery timeout at least.
      expect(Date.now() - started).toBeLessThan(WEBHOOK_DELIVERY.timeoutMs);
      const fast = await receiver.waitFor('/fast', 2);
      expect(fast[1].body.data.id).toBe(second);
      // The slow endpoint's own next event waits for its first answer (one at a time per endpoint).
      expect(receiver.at('/slow')).toHaveLength(1);
    } finally {
      release();
    }
    await receiver.waitFor('/slow', 2);
  });

  it('When many endpoints have a due delivery, then one claim takes at most the number asked for', async () => {
    const prisma = server.app.ctx.prisma;
    // Due only at a time the running sender has not reached: this claim alone sees them.
    const later = new Date(clock.now().getTime() + 86_400_000);
    for (let i = 0; i < 40; i += 1) {
      const id = `wh_claim_${i}`;
      await prisma.webhook.create({
        data: { id, url: `${receiver.url}/claim`, events: ['order.created'], secretSealed: 'x' },
      });
      await prisma.webhookDelivery.create({
        data: {
          webhookId: id,
          eventId: `evt_claim_${i}`,
          eventType: 'order.created',
          body: '{}',
          nextAt: later,
          createdAt: later,
        },
      });
    }
    const repository = createWebhooksRepository(prisma);
    const claimed = await repository.claimDue(later, 3, 60_000, []);
    expect(claimed).toHaveLength(3);
    expect(await prisma.webhookDelivery.count({ where: { lockedUntil: { not: null } } })).toBe(3);
    expect(new Set(claimed.map((c) => c.webhookId)).size).toBe(3);
    await prisma.webhook.deleteMany({ where: { id: { startsWith: 'wh_claim_' } } });
  });

  it('When the admin manages webhooks, then the secret is shown once and kept sealed, changes are audited, redirects are not followed, a delivery can be retried and a test event sent', async () => {
    const admin = await loginAdmin(server);
    const operator = await createUser(server, { role: 'operator' });
    const customer = await createUser(server);
    // Only the admin: operators 403, customers 403, guests 401; nothing is made.
    const body = { webhook: { url: `${receiver.url}/managed`, events: ['order.paid'] } };
    expect((await server.api.post('/webhooks', body, operator.token)).status).toBe(403);
    expect((await server.api.post('/webhooks', body, customer.token)).status).toBe(403);
    expect((await server.api.post('/webhooks', body)).status).toBe(401);
    expect((await server.api.get('/webhooks', operator.token)).status).toBe(403);
    const before = await server.app.ctx.prisma.webhook.count();
    // Bad input: clear 400s, no row.
    for (const [input, field, key] of [
      [{ url: 'ftp://example.com/x', events: ['order.paid'] }, 'webhook.url', 'validation.webhookUrlInvalid'],
      [{ url: 'https://user:pw@example.com/x', events: ['order.paid'] }, 'webhook.url', 'validation.webhookUrlInvalid'],
      [{ url: 'https://example.com/x', events: [] }, 'webhook.events', 'validation.webhookEventsRequired'],
      [{ url: 'https://example.com/x', events: ['order.eaten'] }, 'webhook.events.0', 'validation.webhookEventUnknown'],
    ] as const) {
      const refused = await server.api.post('/webhooks', { webhook: input }, admin.token);
      expect([refused.status, refused.body.errors?.[field]]).toEqual([400, key]);
    }
    expect(await server.app.ctx.prisma.webhook.count()).toBe(before);

    const { webhook, secret } = await addWebhook(server, admin.token, `${receiver.url}/managed`, [
      'order.paid',
      'order.created',
    ]);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const row = await server.app.ctx.prisma.webhook.findUniqueOrThrow({ where: { id: webhook.id } });
    expect(JSON.stringify(row)).not.toContain(secret);
    const listed = await server.api.get<{ webhooks: WebhookDto[] }>('/webhooks', admin.token);
    const shown = listed.body.webhooks.find((w) => w.id === webhook.id);
    expect(shown).toMatchObject({
      url: `${receiver.url}/managed`,
      events: ['order.created', 'order.paid'],
      enabled: true,
    });
    expect(JSON.stringify(listed.body)).not.toContain(secret);

    // A receiver that redirects: the redirect is a failed attempt, its target never asked.
    receiver.on('/managed', () => ({ status: 302, headers: { location: `${receiver.url}/elsewhere` } }));
    const test = await server.api.post<{ delivery: WebhookDeliveryDto }>(
      `/webhooks/${webhook.id}/test`,
      {},
      admin.token,
    );
    expect(test.status).toBe(202);
    expect(test.body.delivery.type).toBe('webhook.test');
    const [first] = await receiver.waitFor('/managed', 1);
    expect(signatureVerifies(first, secret)).toBe(true);
    expect(first.body).toMatchObject({ type: 'webhook.test', data: { webhook_id: webhook.id } });
    const [redirected] = await waitFor(
      () => deliveriesOf(server, admin.token, webhook.id),
      (list) => list[0]?.attempts.length === 1,
    );
    expect(redirected.attempts[0]).toMatchObject({ status_code: 302, error: 'HTTP 302 (redirects are not followed)' });
    expect(receiver.at('/elsewhere')).toHaveLength(0);

    // Retried by hand: sent at once, the same event.
    receiver.on('/managed', () => ({ status: 204 }));
    const retried = await server.api.post(`/webhooks/${webhook.id}/deliveries/${redirected.id}/retry`, {}, admin.token);
    expect(retried.status).toBe(200);
    const again = await receiver.waitFor('/managed', 2);
    expect(again[1].raw).toBe(first.raw);
    await waitFor(
      () => deliveriesOf(server, admin.token, webhook.id),
      (list) => list[0]?.status === 'delivered',
    );
    expect((await server.api.post(`/webhooks/${webhook.id}/deliveries/999999/retry`, {}, admin.token)).status).toBe(
      404,
    );
    expect((await server.api.post(`/webhooks/${webhook.id}/deliveries/x/retry`, {}, admin.token)).status).toBe(404);

    // Disabled: events pass it by. Then deleted with its log.
    const patched = await server.api.patch<{ webhook: WebhookDto }>(
      `/webhooks/${webhook.id}`,
      { webhook: { enabled: false } },
      admin.token,
    );
    expect(patched.body.webhook.enabled).toBe(false);
    await placeOrder(server);
    expect((await server.api.patch(`/webhooks/${webhook.id}`, { webhook: {} }, admin.token)).status).toBe(400);
    expect((await server.api.delete(`/webhooks/${webhook.id}`, {}, admin.token)).status).toBe(200);
    expect((await server.api.delete(`/webhooks/${webhook.id}`, {}, admin.token)).status).toBe(404);
    expect((await server.api.get(`/webhooks/${webhook.id}/deliveries`, admin.token)).status).toBe(404);
    expect(await server.app.ctx.prisma.webhookDelivery.count({ where: { webhookId: webhook.id } })).toBe(0);
    expect(receiver.at('/managed')).toHaveLength(2);

    const audited = await server.app.ctx.prisma.auditEntry.findMany({
      where: { targetId: webhook.id },
      orderBy: { id: 'asc' },
    });
    expect(audited.map((e) => e.action)).toEqual([
      'webhook.create',
      'webhook.test',
      'webhook.retry',
      'webhook.update',
      'webhook.delete',
    ]);
    expect(audited.every((e) => e.actorId === admin.id)).toBe(true);
  });
});

describe.each(testDatabases())('Webhooks across a restart on %s', (db) => {
  const receiver = useReceiver();

  it('When the shop restarts in the middle of the backoff, then the new instance delivers the same event', async () => {
    const clock = testClock();
    clock.set('2026-12-02T08:00:00Z');
    const dataDir = db === 'pglite' ? fs.mkdtempSync(path.join(os.tmpdir(), 'shop-webhook-restart-')) : undefined;
    const database = db === 'postgres' ? await createPostgresDatabase() : undefined;
    const options = { clock, dataDir, databaseUrl: database?.url, env: { WEBHOOK_ALLOW_PRIVATE: '1' } };
    let second: TestServer | undefined;
    try {
      receiver.on('/restart', (n) => ({ status: n === 1 ? 503 : 200 }));
      const first = await startTestServer(options);
      const admin = await loginAdmin(first);
      const { webhook, secret } = await addWebhook(first, admin.token, `${receiver.url}/restart`, ['order.created']);
      await placeOrder(first);
      await receiver.waitFor('/restart', 1);
      const [waiting] = await waitFor(
        () => deliveriesOf(first, admin.token, webhook.id),
        (list) => list[0]?.attempts.length === 1 && list[0].next_at !== null,
      );
      await first.close();

      second = await startTestServer(options);
      clock.set((waiting.next_at ?? 0) * 1000 + 1000);
      const hooks = await receiver.waitFor('/restart', 2);
      expect(hooks[1].body.id).toBe(hooks[0].body.id);
      expect(signatureVerifies(hooks[1], secret)).toBe(true);
      const admin2 = await loginAdmin(second);
      const [delivered] = await waitFor(
        () => deliveriesOf(second as TestServer, admin2.token, webhook.id),
        (list) => list[0]?.status === 'delivered',
      );
      expect(delivered.attempts.map((a) => a.status_code)).toEqual([200, 503]);
    } finally {
      await second?.close();
      await database?.drop();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('Webhooks to private addresses without WEBHOOK_ALLOW_PRIVATE', () => {
  const receiver = useReceiver();
  const server = useTestServer();

  it('When the URL is or resolves to a private, loopback or link-local address, then it is refused with 400 and nothing is stored; a public one is taken', async () => {
    const admin = await loginAdmin(server);
    for (const url of [
      `${receiver.url}/private`,
      'http://localhost:8080/hook',
      'http://10.1.2.3/hook',
      'http://192.168.0.10/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]:8080/hook',
      'http://[fe80::1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://0.0.0.0/hook',
      'http://[::127.0.0.1]/hook',
      'http://[::ffff:0:169.254.169.254]/hook',
      'http://[2002:7f00:1::1]/hook',
      'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/hook',
      'http://nothing-here.invalid/hook',
    ]) {
      const refused = await server.api.post('/webhooks', { webhook: { url, events: ['order.paid'] } }, admin.token);
      expect([url, refused.status, refused.body.key, refused.body.errors?.url]).toEqual([
        url,
        400,
        'errors.webhookAddressRefused',
        'errors.webhookAddressRefused',
      ]);
      // Whether the name resolved, and to what, is not told.
      expect([url, refused.body.text]).toEqual([
        url,
        "Webhooks go only to public addresses: this URL's host is a private or unresolvable address",
      ]);
    }
    expect(await server.app.ctx.prisma.webhook.count()).toBe(0);
    const { webhook } = await addWebhook(server, admin.token, 'https://93.184.215.14/hook', ['order.paid']);
    const moved = await server.api.patch(
      `/webhooks/${webhook.id}`,
      { webhook: { url: 'http://127.0.0.1:9/hook' } },
      admin.token,
    );
    expect([moved.status, moved.body.key]).toEqual([400, 'errors.webhookAddressRefused']);

    // An address that became private after it was checked (stored as is here): the delivery refuses to connect.
    await server.app.ctx.prisma.webhook.update({ where: { id: webhook.id }, data: { url: `${receiver.url}/private` } });
    expect((await server.api.post(`/webhooks/${webhook.id}/test`, {}, admin.token)).status).toBe(202);
    const [refused] = await waitFor(
      () => deliveriesOf(server, admin.token, webhook.id),
      (list) => (list[0]?.attempts.length ?? 0) >= 1,
    );
    expect(refused.attempts[0]).toMatchObject({ status_code: null, error: 'a private or unresolvable address' });
    expect(receiver.at('/private')).toHaveLength(0);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('Webhooks from two instances on one PostgreSQL', () => {
  const receiver = useReceiver();
  const [one, two] = useTestInstances(2, { env: { WEBHOOK_ALLOW_PRIVATE: '1' } });

  it('When both instances send from the shared queue, then every event arrives exactly once', async () => {
    const admin = await loginAdmin(one);
    const { webhook } = await addWebhook(one, admin.token, `${receiver.url}/shared`, ['order.created']);
    const ids = await Promise.all(Array.from({ length: 12 }, (_, i) => placeOrder(i % 2 === 0 ? one : two)));
    const hooks = await receiver.waitFor('/shared', ids.length);
    const list = await waitFor(
      () => deliveriesOf(two, admin.token, webhook.id),
      (deliveries) => deliveries.length === ids.length && deliveries.every((d) => d.status === 'delivered'),
    );
    // Let a second sender that would have taken a row too show itself.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(receiver.at('/shared')).toHaveLength(ids.length);
    expect(new Set(hooks.map((h) => h.body.id)).size).toBe(ids.length);
    expect(hooks.map((h) => h.body.data.id).sort()).toEqual([...ids].sort());
    expect(list.every((d) => d.attempts.length === 1)).toBe(true);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)(
  'Webhook endpoints kept in memory on two instances (decision 222)',
  () => {
    const receiver = useReceiver();
    const [one, two] = useTestInstances(2, { redis: true, env: { WEBHOOK_ALLOW_PRIVATE: '1' } });
    const queuedFor = async (server: TestServer, webhookId: string) =>
      server.app.ctx.prisma.webhookDelivery.count({ where: { webhookId } });

    it('When an admin adds, disables and enables an endpoint on one instance, then the other queues its next order for it at once, or not', async () => {
      const admin = await loginAdmin(one);
      // The second instance has asked (and kept) that nobody takes order.created.
      await placeOrder(two);
      const { webhook } = await addWebhook(one, admin.token, `${receiver.url}/kept`, ['order.created']);
      const first = await placeOrder(two);
      // Queued before the answer (decision 156): counted right after it.
      expect(await queuedFor(two, webhook.id)).toBe(1);
      expect(
        (await one.api.patch(`/webhooks/${webhook.id}`, { webhook: { enabled: false } }, admin.token)).status,
      ).toBe(200);
      await placeOrder(two);
      expect(await queuedFor(two, webhook.id)).toBe(1);
      expect((await one.api.patch(`/webhooks/${webhook.id}`, { webhook: { enabled: true } }, admin.token)).status).toBe(
        200,
      );
      const third = await placeOrder(two);
      expect(await queuedFor(two, webhook.id)).toBe(2);
      const hooks = await receiver.waitFor('/kept', 2);
      expect(hooks.map((h) => h.body.data.id).sort()).toEqual([first, third].sort());
    });
  },
);
