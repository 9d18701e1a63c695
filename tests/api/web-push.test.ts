// Web Push (decisions 275-276) against a push service played by a local server (tests/support/push-service.ts) that
// decrypts every message with the subscription's private key and checks its VAPID signature: what is pushed when, in
// the order's language; a 404/410 drops the subscription, a 500 is retried on the queue's schedule; the warning
// before a waiting order times out comes once with the clock moved; the limits, the address rules and the races.
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PUSH_LIMITS } from '#shared/push';
import {
  getOrderAsAdmin,
  placeOrder,
  topupPayload,
  TOPUP_BDT,
  uniquePmId,
  waitFor,
  WITHDRAW_BDT,
} from '../factories/orders.js';
import { createUser, loginAdmin } from '../factories/users.js';
import { testClock } from '../support/clock.js';
import { testDatabases } from '../support/databases.js';
import { nameOf, usePushService, verifyVapid, type BrowserSubscription } from '../support/push-service.js';
import { useTestServer, type TestServer } from '../support/server.js';
import { registerForwarder } from '../support/sms-forwarder.js';

/** A top-up placed by a browser that asks for `lang` (the order's language is the one its page was in). */
async function placeOrderIn(
  server: TestServer,
  lang: 'en' | 'bn',
  token?: string,
  productId = TOPUP_BDT,
): Promise<string> {
  const res = await fetch(`${server.url}/api/v1/orders/${productId}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'accept-language': lang,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({
      order:
        productId === TOPUP_BDT
          ? topupPayload()
          : { pm_method: 'nagad', amount: '1000', wallet: '01712345678', contact_email: 'a@example.com' },
    }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function subscribeOrder(server: TestServer, orderId: string, subscription: BrowserSubscription, token?: string) {
  return server.api.post(`/orders/${orderId}/push`, { subscription }, token);
}

async function subscriptionCount(server: TestServer, where: { orderId?: string; userId?: string }) {
  return server.app.ctx.prisma.pushSubscription.count({ where });
}

describe.each(testDatabases())('Web Push on %s', (db) => {
  const clock = testClock();
  const pushService = usePushService();
  const server = useTestServer(() => ({ db, clock, env: { WEBHOOK_ALLOW_PRIVATE: '1' } }));

  it('When the key is asked for twice, then the same VAPID public key is answered, the one kept in the database', async () => {
    const first = await server.api.get<{ public_key: string }>('/push/key');
    expect(first.status).toBe(200);
    expect(first.body.public_key).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect((await server.api.get<{ public_key: string }>('/push/key')).body.public_key).toBe(first.body.public_key);
    const stored = await server.app.ctx.prisma.secret.findUniqueOrThrow({ where: { name: 'vapid' } });
    expect(JSON.parse(stored.value)).toMatchObject({ publicKey: first.body.public_key });
  });

  it('When a guest follows a top-up that is paid, verified and completed, then the phone gets "verified" and "delivered", decrypted, signed with the shop key, linking the order', async () => {
    const admin = await loginAdmin(server);
    const id = await placeOrderIn(server, 'en');
    const phone = pushService.subscribe();
    expect((await subscribeOrder(server, id, phone)).status).toBe(201);

    const pmId = uniquePmId().toUpperCase();
    expect((await server.api.patch(`/orders/${id}`, { order: { pm_id: pmId } })).status).toBe(200);
    const bkash = await registerForwarder(server, admin.token, 'bkash');
    const order = await getOrderAsAdmin(server, id, admin.token);
    await bkash.payment({ amount: order.pm_amount, trxId: pmId });
    const [verified] = await pushService.waitFor(nameOf(phone), 1);
    expect((await server.api.patch(`/orders/${id}`, { order: { status: 'complete' } }, admin.token)).status).toBe(200);
    const [, delivered] = await pushService.waitFor(nameOf(phone), 2);

    const key = (await server.api.get<{ public_key: string }>('/push/key')).body.public_key;
    for (const push of [verified, delivered]) {
      expect(push.problem).toBeNull();
      expect(push.vapid?.publicKey).toBe(key);
      expect(push.vapid?.claims.sub).toMatch(/^(mailto:|https:)/);
      expect(push.headers.urgency).toBe('high');
    }
    expect(verified.message).toEqual({
      title: 'Payment verified',
      body: `Your payment of ${Number(order.pm_amount).toLocaleString('en-US', { minimumFractionDigits: 2 })} BDT for order ${id} is verified. The shop is now sending your top-up.`,
      url: `/orders/${id}`,
      tag: id,
      lang: 'en',
    });
    expect(delivered.message).toMatchObject({ title: 'Top-up delivered', url: `/orders/${id}`, tag: id, lang: 'en' });
    expect(delivered.message?.body).toContain('1xBet');
    // The double's check can fail: the same JWT named with another key does not verify.
    const otherKey = crypto.createECDH('prime256v1');
    otherKey.generateKeys();
    const forged = String(verified.headers.authorization).replace(
      /k=[\w-]+$/,
      `k=${otherKey.getPublicKey().toString('base64url')}`,
    );
    expect(() => verifyVapid(forged)).toThrow(/does not verify/);
  });

  it('When a customer follows their account in Bengali, then an order the shop cancels is pushed once in Bengali, though the phone follows the order too', async () => {
    const admin = await loginAdmin(server);
    const customer = await createUser(server);
    const phone = pushService.subscribe();
    expect((await server.api.post('/account/push', { subscription: phone }, customer.token)).status).toBe(201);
    const id = await placeOrderIn(server, 'bn', customer.token);
    expect((await subscribeOrder(server, id, phone, customer.token)).status).toBe(201);
    // A timeout warning nobody should get: the order is far from its end.
    await server.app.services.push.warnTimeouts();

    expect((await server.api.patch(`/orders/${id}`, { order: { status: 'cancelled' } }, admin.token)).status).toBe(200);
    const [cancelled] = await pushService.waitFor(nameOf(phone), 1);
    expect(cancelled.problem).toBeNull();
    expect(cancelled.message).toEqual({
      title: 'অর্ডার বাতিল',
      body: `অর্ডার ${id} বাতিল হয়েছে। কারণ দেখতে অর্ডারটি খুলুন।`,
      url: `/orders/${id}`,
      tag: id,
      lang: 'bn',
    });
    // The queue is drained: nothing else was queued for this phone.
    await waitFor(
      () => server.app.jobs.counts(),
      (counts) => counts.every((c) => c.kind !== 'push.send' || c.status !== 'pending'),
    );
    expect(pushService.at(nameOf(phone))).toHaveLength(1);
  });

  it('When a withdrawal is paid out, then its follower is told the amount paid to the wallet, in Bengali digits', async () => {
    const admin = await loginAdmin(server);
    const id = await placeOrderIn(server, 'bn', undefined, WITHDRAW_BDT);
    const phone = pushService.subscribe();
    expect((await subscribeOrder(server, id, phone)).status).toBe(201);
    expect((await server.api.patch(`/orders/${id}`, { order: { onex_id: '123456789', w_code: 'AB12' } })).status).toBe(
      200,
    );
    const complete = await server.api.patch(
      `/orders/${id}`,
      { order: { status: 'complete', payout_trx_id: 'PAYOUT7K2M9' } },
      admin.token,
    );
    expect(complete.status).toBe(200);
    const [paid] = await pushService.waitFor(nameOf(phone), 1);
    expect(paid.message?.title).toBe('উইথড্র পরিশোধ হয়েছে');
    expect(paid.message?.body).toMatch(/[০-৯]/);
    expect(paid.message?.body).not.toMatch(/[0-9]{2}\.[0-9]{2} টাকা/);
  });

  it('When the push service answers 410 for one phone and 404 for another, then both subscriptions are dropped and their jobs end as given up', async () => {
    const admin = await loginAdmin(server);
    const id = await placeOrderIn(server, 'en');
    const gone = pushService.subscribe();
    const missing = pushService.subscribe();
    pushService.answer(nameOf(gone), () => 410);
    pushService.answer(nameOf(missing), () => 404);
    expect((await subscribeOrder(server, id, gone)).status).toBe(201);
    expect((await subscribeOrder(server, id, missing)).status).toBe(201);
    expect(await subscriptionCount(server, { orderId: id })).toBe(2);

    expect((await server.api.patch(`/orders/${id}`, { order: { status: 'cancelled' } }, admin.token)).status).toBe(200);
    await pushService.waitFor(nameOf(gone), 1);
    await pushService.waitFor(nameOf(missing), 1);
    await waitFor(
      () => subscriptionCount(server, { orderId: id }),
      (n) => n === 0,
    );
    const jobs = await waitFor(
      () =>
        server.app.ctx.prisma.$queryRaw<
          { status: string; last_error: string }[]
        >`SELECT status, last_error FROM jobs WHERE kind = 'push.send' AND payload->'message'->>'tag' = ${id}`,
      (rows) => rows.length === 2 && rows.every((r) => r.status === 'failed'),
    );
    expect(jobs.map((j) => j.last_error).sort()).toEqual([
      expect.stringMatching(/^HTTP 404/),
      expect.stringMatching(/^HTTP 410/),
    ]);
    // Each was tried once: a gone subscription is not retried.
    expect(pushService.at(nameOf(gone))).toHaveLength(1);
    expect(pushService.at(nameOf(missing))).toHaveLength(1);
  });

  it('When the push service fails with 500, then the same push is sent again once the retry is due on the shop clock', async () => {
    const admin = await loginAdmin(server);
    const id = await placeOrderIn(server, 'en');
    const flaky = pushService.subscribe();
    pushService.answer(nameOf(flaky), (n) => (n === 1 ? 500 : 201));
    expect((await subscribeOrder(server, id, flaky)).status).toBe(201);
    clock.set(Date.now());
    try {
      expect((await server.api.patch(`/orders/${id}`, { order: { status: 'cancelled' } }, admin.token)).status).toBe(
        200,
      );
      await pushService.waitFor(nameOf(flaky), 1);
      // Not before its retry is due (10 s ±20 %).
      await new Promise((r) => setTimeout(r, 1_500));
      expect(pushService.at(nameOf(flaky))).toHaveLength(1);
      clock.set(clock.now().getTime() + 13_000);
      const [first, second] = await pushService.waitFor(nameOf(flaky), 2);
      expect(second.message).toEqual(first.message);
      expect(await subscriptionCount(server, { orderId: id })).toBe(1);
    } finally {
      clock.reset();
    }
  });

  it('When a waiting order is 5 minutes from its timeout, then its follower is warned once, however often the check runs', async () => {
    const id = await placeOrderIn(server, 'en');
    const phone = pushService.subscribe();
    expect((await subscribeOrder(server, id, phone)).status).toBe(201);
    const { lastTime } = await server.app.ctx.prisma.order.findUniqueOrThrow({ where: { id } });
    try {
      clock.set(lastTime.getTime() - 6 * 60_000);
      await server.app.services.push.warnTimeouts();
      clock.set(lastTime.getTime() - 4 * 60_000);
      await server.app.services.push.warnTimeouts();
      await server.app.services.push.warnTimeouts();
      const [warning] = await pushService.waitFor(nameOf(phone), 1);
      expect(warning.message?.title).toBe('Your order is about to time out');
      expect(warning.message?.body).toContain(id);
      expect(warning.message?.body).toMatch(/before \d\d:\d\d/);
      await waitFor(
        () => server.app.jobs.counts(),
        (counts) => counts.every((c) => c.kind !== 'push.send' || c.status !== 'pending'),
      );
      expect(pushService.at(nameOf(phone))).toHaveLength(1);
    } finally {
      clock.reset();
    }
  });

  it('When a sixth browser subscribes to an order, then it is refused with errors.pushLimit, while one of the five subscribing again renews its keys', async () => {
    const id = await placeOrder(server);
    const phones = Array.from({ length: PUSH_LIMITS.maxSubscriptions }, () => pushService.subscribe());
    for (const phone of phones) expect((await subscribeOrder(server, id, phone)).status).toBe(201);
    const sixth = await subscribeOrder(server, id, pushService.subscribe());
    expect(sixth.status).toBe(409);
    expect(sixth.body.key).toBe('errors.pushLimit');
    const renewed = { ...phones[0], keys: pushService.subscribe(nameOf(phones[0])).keys };
    expect((await subscribeOrder(server, id, renewed)).status).toBe(201);
    expect(await subscriptionCount(server, { orderId: id })).toBe(PUSH_LIMITS.maxSubscriptions);
    // Unsubscribing frees a place; the audit log has each step without the endpoint's path.
    expect((await server.api.delete(`/orders/${id}/push`, { endpoint: phones[1].endpoint })).status).toBe(200);
    expect((await subscribeOrder(server, id, pushService.subscribe())).status).toBe(201);
    const audit = await server.app.ctx.prisma.auditEntry.findMany({
      where: { targetId: id, action: { startsWith: 'push.' } },
    });
    expect(audit.map((a) => a.action).sort()).toEqual(
      [...Array(6).fill('push.subscribe'), 'push.renew', 'push.unsubscribe'].sort(),
    );
    expect(JSON.stringify(audit)).not.toContain('/push/');
  });

  it('When a subscription is malformed, names an unknown order, or its endpoint is plain http off this machine, then it is refused and nothing is stored', async () => {
    const id = await placeOrder(server);
    const good = pushService.subscribe();
    const bad = await subscribeOrder(server, id, { ...good, keys: { p256dh: 'xyz', auth: good.keys.auth } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({ 'subscription.keys.p256dh': 'validation.pushSubscriptionInvalid' });
    const http = await subscribeOrder(server, id, { ...good, endpoint: 'http://93.184.215.14/push/x' });
    expect(http.status).toBe(400);
    expect(http.body.key).toBe('errors.pushEndpointRefused');
    expect((await subscribeOrder(server, 'ZZZZZZZZZZZZ', good)).status).toBe(404);
    expect(await subscriptionCount(server, { orderId: id })).toBe(0);
    // The account's subscriptions are a customer's: staff and guests are refused.
    const admin = await loginAdmin(server);
    expect((await server.api.post('/account/push', { subscription: good }, admin.token)).status).toBe(403);
    expect((await server.api.post('/account/push', { subscription: good })).status).toBe(401);
  });
});

describe.runIf(testDatabases().includes('postgres'))('Web Push subscription race on PostgreSQL', () => {
  const pushService = usePushService();
  const server = useTestServer({ db: 'postgres', env: { WEBHOOK_ALLOW_PRIVATE: '1' } });

  it('When 12 browsers subscribe to one order at once, then exactly 5 are stored and 7 are refused with errors.pushLimit', async () => {
    const id = await placeOrder(server);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => subscribeOrder(server, id, pushService.subscribe())),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(PUSH_LIMITS.maxSubscriptions);
    expect(answers.filter((a) => a.status === 409 && a.body.key === 'errors.pushLimit')).toHaveLength(
      12 - PUSH_LIMITS.maxSubscriptions,
    );
    expect(await subscriptionCount(server, { orderId: id })).toBe(PUSH_LIMITS.maxSubscriptions);
  });
});

describe('Web Push endpoints without WEBHOOK_ALLOW_PRIVATE', () => {
  const pushService = usePushService();
  const server = useTestServer();

  it('When a browser names a loopback endpoint, over http or https, then it is refused with errors.pushEndpointRefused and nothing is stored', async () => {
    const id = await placeOrder(server);
    const local = pushService.subscribe();
    const http = await subscribeOrder(server, id, local);
    expect(http.status).toBe(400);
    expect(http.body).toMatchObject({
      key: 'errors.pushEndpointRefused',
      errors: { 'subscription.endpoint': 'errors.pushEndpointRefused' },
    });
    const https = await subscribeOrder(server, id, {
      ...local,
      endpoint: local.endpoint.replace('http://', 'https://'),
    });
    expect(https.status).toBe(400);
    expect(https.body.key).toBe('errors.pushEndpointRefused');
    expect(await subscriptionCount(server, { orderId: id })).toBe(0);
    // A public https address is taken (checked, not contacted).
    expect((await subscribeOrder(server, id, { ...local, endpoint: 'https://93.184.215.14/push/abc' })).status).toBe(
      201,
    );
  });
});
