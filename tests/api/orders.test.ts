import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer, type TestServer } from '../support/server.js';
import { testDatabases } from '../support/databases.js';
import { createUser, loginAdmin, type TestUser } from '../factories/users.js';
import {
  COMPLETE_CHECKED,
  getOrder,
  getOrderAsAdmin,
  placeOrder,
  placePendingOrder,
  TOPUP_BDT,
  TOPUP_USD,
  topupPayload,
  uniquePmId,
  WITHDRAW_BDT,
  WITHDRAW_USD,
  withdrawPayload,
} from '../factories/orders.js';
import { orderRepositories } from '../support/order-repositories.js';
import type { AdminOrderDto, PublicOrderDto } from '#shared/api-types';

/** A catalogue row written behind the catalogue's back is told to the shop as its service tells it (caches drop). */
const catalogueChanged = (server: TestServer) => server.app.events.publish('catalogue.changed', {});

describe.each(testDatabases())('Orders on %s', (db) => {
  const server = useTestServer({ db });
  let admin: TestUser;
  const counts = async () => ({
    orders: await server.app.ctx.prisma.order.count(),
    events: await server.app.ctx.prisma.orderEvent.count(),
  });

  beforeAll(async () => {
    admin = await loginAdmin(server);
  });

  describe('placing an order', () => {
    it('When a guest buys a top-up, then the order waits with the exact pay amount, the shop wallet and one event', async () => {
      const before = Date.now();
      const res = await server.api.post(`/orders/${TOPUP_USD}`, {
        order: topupPayload({ amount: '10.01', pm_method: 'nagad' }),
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ ok: true, text: expect.any(String) });
      const id = res.body.id as string;
      expect(id).toMatch(/^[A-Za-z0-9_-]{22,}$/);
      const order = await getOrder(server, id);
      expect(order).toMatchObject({
        id,
        product_id: TOPUP_USD,
        status: 'waiting',
        pm_method: 'nagad',
        pm_wallet: '01800000002',
        pm_coin: 'BDT',
        pm_amount: 1251.25, // 10.01 × 125 exactly
        pm_id: null,
        contact_email: 'buyer@example.com',
        data: { amount: 10.01, rate: 125, onex_id: '123456789', wallet: null },
      });
      expect(order.last_time).toBeGreaterThanOrEqual(Math.floor(before / 1000) + 30 * 60 - 1);
      expect(order.last_time).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 30 * 60 + 1);
      expect(order.events).toEqual([
        { from: null, to: 'waiting', actor: 'customer', kind: 'status', time: expect.any(Number) },
      ]);
      const row = await server.app.ctx.prisma.order.findUniqueOrThrow({ where: { id } });
      expect(row.pmAmount.toString()).toBe('1251.25');
    });

    it('When the pay amount needs rounding, then it is rounded half-up on decimals, not floats', async () => {
      await server.app.ctx.prisma.productPm.update({
        where: { productId_account: { productId: WITHDRAW_BDT, account: 'rocket' } },
        data: { rate: '1.0050' },
      });
      await catalogueChanged(server); // written behind the catalogue's back: say so, as its service does
      const id = await placeOrder(server, WITHDRAW_BDT, withdrawPayload({ pm_method: 'rocket', amount: '1000.10' }));
      // 1000.10 × 1.005 = 1005.1005 → 1005.10; and 1.005 × 100 style float errors must not appear
      expect((await getOrder(server, id)).pm_amount).toBe(1005.1);
      const id2 = await placeOrder(server, WITHDRAW_BDT, withdrawPayload({ pm_method: 'rocket', amount: '501' }));
      expect((await getOrder(server, id2)).pm_amount).toBe(503.51); // 503.505 → 503.51
    });

    it('When a logged-in user buys, then the order belongs to them', async () => {
      const user = await createUser(server);
      const id = await placeOrder(server, WITHDRAW_USD, withdrawPayload({ amount: '5' }), user.token);
      const order = await getOrderAsAdmin(server, id, admin.token);
      expect(order.user_id).toBe(user.id);
      expect(order.data.wallet).toBe('01712345678');
      expect(order.events[0]).toMatchObject({ actor: 'customer', actor_id: user.id });
    });

    const bad: [string, string, Record<string, unknown>, string, string][] = [
      ['amount below min', TOPUP_BDT, topupPayload({ amount: '99.99' }), 'amount', 'validation.amountInvalid'],
      ['amount above max', TOPUP_BDT, topupPayload({ amount: '25000.01' }), 'amount', 'validation.amountInvalid'],
      [
        'withdraw amount out of range',
        WITHDRAW_BDT,
        withdrawPayload({ amount: '100' }),
        'amount',
        'validation.withdrawAmountInvalid',
      ],
      ['amount with 3 decimals', TOPUP_BDT, topupPayload({ amount: '150.123' }), 'amount', 'validation.amountInvalid'],
      ['amount not a number', TOPUP_BDT, topupPayload({ amount: '1e3' }), 'amount', 'validation.amountInvalid'],
      ['onex_id of 8 digits', TOPUP_BDT, topupPayload({ onex_id: '12345678' }), 'onex_id', 'validation.onexIdInvalid'],
      [
        'onex_id with letters',
        TOPUP_BDT,
        topupPayload({ onex_id: '12345678a' }),
        'onex_id',
        'validation.onexIdInvalid',
      ],
      [
        'wallet not starting 01',
        WITHDRAW_BDT,
        withdrawPayload({ wallet: '02712345678' }),
        'wallet',
        'validation.walletInvalid',
      ],
      [
        'wallet of 10 digits',
        WITHDRAW_BDT,
        withdrawPayload({ wallet: '0171234567' }),
        'wallet',
        'validation.walletInvalid',
      ],
      [
        'bad contact_email',
        TOPUP_BDT,
        topupPayload({ contact_email: 'not-mail' }),
        'contact_email',
        'validation.contactEmailInvalid',
      ],
      [
        'too long contact_email',
        TOPUP_BDT,
        topupPayload({ contact_email: `${'a'.repeat(45)}@x.com` }),
        'contact_email',
        'validation.contactEmailInvalid',
      ],
      ['unknown method', TOPUP_BDT, topupPayload({ pm_method: 'paypal' }), 'pm_method', 'validation.pmInvalid'],
      [
        'a nested object for an id',
        TOPUP_BDT,
        topupPayload({ onex_id: { not: '' } }),
        'onex_id',
        'validation.required',
      ],
      ['a withdraw payload on a top-up', TOPUP_BDT, withdrawPayload(), 'onex_id', 'validation.required'],
      ['an unknown product', '1xbet_topup_eur', topupPayload(), 'product_id', 'validation.invalid'],
    ];
    it.each(bad)(
      'When the order has %s, then 400 names the field and nothing is stored',
      async (_name, productId, order, field, key) => {
        const before = await counts();
        const res = await server.api.post(`/orders/${productId}`, { order });
        expect(res.status).toBe(400);
        expect(res.body.ok).toBe(false);
        expect(res.body.errors?.[field]).toBe(key);
        expect(await counts()).toEqual(before);
      },
    );

    it('When the method, the shop wallet or the product is unavailable, then 400 and nothing is stored', async () => {
      const prisma = server.app.ctx.prisma;
      const before = await counts();
      await prisma.productPm.update({
        where: { productId_account: { productId: TOPUP_BDT, account: 'rocket' } },
        data: { available: false },
      });
      await catalogueChanged(server); // written behind the catalogue's back: say so, as its service does
      const res1 = await server.api.post(`/orders/${TOPUP_BDT}`, { order: topupPayload({ pm_method: 'rocket' }) });
      expect(res1.status).toBe(400);
      expect(res1.body.errors?.pm_method).toBe('errors.methodUnavailable');
      await prisma.productPm.update({
        where: { productId_account: { productId: TOPUP_BDT, account: 'rocket' } },
        data: { available: true },
      });
      await catalogueChanged(server); // written behind the catalogue's back: say so, as its service does

      await prisma.paymentMethod.update({ where: { account: 'rocket' }, data: { available: false } });
      await catalogueChanged(server); // written behind the catalogue's back: say so, as its service does
      const res2 = await server.api.post(`/orders/${TOPUP_BDT}`, { order: topupPayload({ pm_method: 'rocket' }) });
      expect(res2.status).toBe(400);
      expect(res2.body.errors?.pm_method).toBe('errors.methodUnavailable');
      await prisma.paymentMethod.update({ where: { account: 'rocket' }, data: { available: true } });
      await catalogueChanged(server); // written behind the catalogue's back: say so, as its service does

      await prisma.product.update({ where: { id: TOPUP_USD }, data: { available: false } });
      await catalogueChanged(server); // written behind the catalogue's back: say so, as its service does
      const res3 = await server.api.post(`/orders/${TOPUP_USD}`, { order: topupPayload({ amount: '10' }) });
      expect(res3.status).toBe(400);
      expect(res3.body.errors?.product_id).toBe('errors.productUnavailable');
      await prisma.product.update({ where: { id: TOPUP_USD }, data: { available: true } });
      await catalogueChanged(server); // written behind the catalogue's back: say so, as its service does
      expect(await counts()).toEqual(before);
    });

    it('When the body is missing the order envelope or not JSON, then 400', async () => {
      expect((await server.api.post(`/orders/${TOPUP_BDT}`, {})).status).toBe(400);
      expect((await server.api.post(`/orders/${TOPUP_BDT}`, { order: 'x' })).status).toBe(400);
      const raw = await server.api.raw('POST', `/orders/${TOPUP_BDT}`, {
        body: '{bad',
        contentType: 'application/json',
      });
      expect(raw.status).toBe(400);
    });
  });

  describe('typed with Bengali digits (decision 090)', () => {
    it("When {amount:'৫০০'} and a 1xBet id in Bengali digits are sent, then an order of 500 is placed", async () => {
      const res = await server.api.post(`/orders/${TOPUP_BDT}`, {
        order: topupPayload({ amount: '৫০০', onex_id: '১২৩৪৫6৭৮৯' }),
      });
      expect(res.status).toBe(201);
      const order = await getOrder(server, res.body.id as string);
      expect(order.data).toMatchObject({ amount: 500, onex_id: '123456789' });
      expect(order.pm_amount).toBe(500);
      const row = await server.app.ctx.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
      expect([row.amount.toString(), row.onexId]).toEqual(['500', '123456789']);
    });

    it('When a withdrawal wallet is written +880 with Bengali digits and paid with a Bengali code, then both are kept in ASCII', async () => {
      const res = await server.api.post(`/orders/${WITHDRAW_BDT}`, {
        order: withdrawPayload({ amount: '১০০০.৫০', wallet: '+৮৮০ ১৭১২-৩৪৫৬৭৮' }),
      });
      expect(res.status).toBe(201);
      const id = res.body.id as string;
      const paid = await server.api.patch(`/orders/${id}`, { order: { onex_id: '৯৮৭৬৫৪৩২১', w_code: 'A১b২' } });
      expect(paid.status).toBe(200);
      const order = paid.body.order as PublicOrderDto;
      expect(order.data).toMatchObject({ amount: 1000.5, wallet: '01712345678', onex_id: '987654321' });
      expect((await getOrderAsAdmin(server, id, admin.token)).data.w_code).toBe('A1b2');
    });

    it('When a Bengali amount is below the minimum or not a number, then 400 names the amount and nothing is stored', async () => {
      const before = await counts();
      const low = await server.api.post(`/orders/${TOPUP_BDT}`, { order: topupPayload({ amount: '৫০' }) });
      expect(low.status).toBe(400);
      expect(low.body.errors?.amount).toBe('validation.amountInvalid');
      const words = await server.api.post(`/orders/${TOPUP_BDT}`, { order: topupPayload({ amount: 'পাঁচশো' }) });
      expect(words.status).toBe(400);
      expect(words.body.errors?.amount).toBe('validation.amountInvalid');
      expect(await counts()).toEqual(before);
    });

    it('When a list page is asked for in Bengali digits, then that page is answered', async () => {
      const res = await server.api.get('/orders/all?page=%E0%A7%A7', admin.token);
      expect(res.status).toBe(200);
      expect(res.body.pages).toBeGreaterThanOrEqual(1);
    });
  });

  describe('reading an order', () => {
    it('When the id is unknown or malformed, then 404', async () => {
      expect((await server.api.get('/orders/AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
      expect((await server.api.get('/orders/bad%20id')).status).toBe(404);
    });

    it('When a waiting order has expired and no sweep ran yet, then reading it times it out with a system event', async () => {
      const id = await placeOrder(server);
      await server.app.ctx.prisma.order.update({ where: { id }, data: { lastTime: new Date(Date.now() - 1000) } });
      // Reading right away may race the sweeper; either way exactly one timeout event results.
      const order = await getOrder(server, id);
      expect(order.status).toBe('timedout');
      const timeouts = order.events.filter((e) => e.to === 'timedout');
      expect(timeouts).toEqual([
        { from: 'waiting', to: 'timedout', actor: 'system', kind: 'status', time: expect.any(Number) },
      ]);
      const pay = await server.api.patch(`/orders/${id}`, { order: { pm_id: uniquePmId() } });
      expect(pay.status).toBe(409);
      expect(pay.body.key).toBe('errors.orderStateConflict');
    });
  });

  describe('customer actions', () => {
    it('When a guest submits a transaction id, then the order is pending with a timeline of two events', async () => {
      const id = await placeOrder(server);
      const res = await server.api.patch(`/orders/${id}`, { order: { pm_id: 'TrX_123-abc' } });
      expect(res.status).toBe(200);
      const order = res.body.order as PublicOrderDto;
      expect(order).toMatchObject({ id, status: 'pending', pm_id: 'TrX_123-abc' });
      expect(order.events.map((e) => [e.from, e.to, e.actor])).toEqual([
        [null, 'waiting', 'customer'],
        ['waiting', 'pending', 'customer'],
      ]);
    });

    it('When a transaction id is reused for the same method, then 409 errors.transactionUsed and nothing changes', async () => {
      const first = await placeOrder(server);
      const second = await placeOrder(server);
      const other = await placeOrder(server, TOPUP_BDT, topupPayload({ pm_method: 'nagad' }));
      expect((await server.api.patch(`/orders/${first}`, { order: { pm_id: 'SAMEID123' } })).status).toBe(200);
      const before = await counts();
      const reuse = await server.api.patch(`/orders/${second}`, { order: { pm_id: 'SAMEID123' } });
      expect(reuse.status).toBe(409);
      expect(reuse.body.key).toBe('errors.transactionUsed');
      expect(await counts()).toEqual(before);
      expect((await getOrder(server, second)).status).toBe('waiting');
      // Another method may have the same transaction id.
      expect((await server.api.patch(`/orders/${other}`, { order: { pm_id: 'SAMEID123' } })).status).toBe(200);
    });

    it('When a withdraw order gets the account id and code, then it is pending with them stored', async () => {
      const id = await placeOrder(server, WITHDRAW_BDT);
      const res = await server.api.patch(`/orders/${id}`, { order: { onex_id: '987654321', w_code: 'Ab12' } });
      expect(res.status).toBe(200);
      expect(res.body.order).toMatchObject({ status: 'pending', data: { onex_id: '987654321' } });
      // The code is the customer's secret for the admin: never shown to the id's holder once submitted.
      expect((res.body.order as PublicOrderDto).data).not.toHaveProperty('w_code');
      expect((await getOrderAsAdmin(server, id, admin.token)).data.w_code).toBe('Ab12');
    });

    it.each([
      ['pm_id too short', TOPUP_BDT, { pm_id: 'abcd' }, 'pm_id', 'validation.transactionIdInvalid'],
      ['pm_id too long', TOPUP_BDT, { pm_id: 'a'.repeat(71) }, 'pm_id', 'validation.transactionIdInvalid'],
      ['pm_id with bad characters', TOPUP_BDT, { pm_id: 'abc def!' }, 'pm_id', 'validation.transactionIdInvalid'],
      [
        'w_code of 5 characters',
        WITHDRAW_BDT,
        { onex_id: '987654321', w_code: 'Ab123' },
        'w_code',
        'validation.withdrawCodeInvalid',
      ],
      [
        'onex_id of 8 digits',
        WITHDRAW_BDT,
        { onex_id: '98765432', w_code: 'Ab12' },
        'onex_id',
        'validation.onexAccountInvalid',
      ],
      [
        'a withdraw payload on a top-up',
        TOPUP_BDT,
        { onex_id: '987654321', w_code: 'Ab12' },
        'pm_id',
        'validation.required',
      ],
      ['a top-up payload on a withdraw', WITHDRAW_BDT, { pm_id: 'ABCDEF123' }, 'onex_id', 'validation.required'],
      ['cancel that is not true', TOPUP_BDT, { cancel: 'yes' }, 'cancel', 'validation.invalid'],
    ])(
      'When a customer sends %s, then 400 and the order still waits',
      async (_name, productId, payload, field, key) => {
        const id = await placeOrder(server, productId);
        const before = await counts();
        const res = await server.api.patch(`/orders/${id}`, { order: payload });
        expect(res.status).toBe(400);
        expect(res.body.errors?.[field]).toBe(key);
        expect(await counts()).toEqual(before);
        expect((await getOrder(server, id)).status).toBe('waiting');
      },
    );

    it('When the customer cancels a waiting order, then it is user_cancelled and a second cancel is 409', async () => {
      const user = await createUser(server);
      const id = await placeOrder(server, TOPUP_BDT, topupPayload(), user.token);
      const res = await server.api.patch(`/orders/${id}`, { order: { cancel: true } }, user.token);
      expect(res.status).toBe(200);
      const order = res.body.order as PublicOrderDto;
      expect(order.status).toBe('user_cancelled');
      expect(order.events.at(-1)).toEqual({
        from: 'waiting',
        to: 'user_cancelled',
        actor: 'customer',
        kind: 'status',
        time: expect.any(Number),
      });
      expect((await getOrderAsAdmin(server, id, admin.token)).events.at(-1)).toMatchObject({
        actor: 'customer',
        actor_id: user.id,
      });
      const again = await server.api.patch(`/orders/${id}`, { order: { cancel: true } }, user.token);
      expect(again.status).toBe(409);
      expect(again.body.key).toBe('errors.orderStateConflict');
    });

    it('When a customer cancels an order whose time ran out before any sweep, then 409 and it is timedout', async () => {
      const id = await placeOrder(server);
      await server.app.ctx.prisma.order.update({ where: { id }, data: { lastTime: new Date(Date.now() - 1000) } });
      const res = await server.api.patch(`/orders/${id}`, { order: { cancel: true } });
      expect(res.status).toBe(409);
      expect((await getOrder(server, id)).status).toBe('timedout');
    });

    it('When a customer acts on an unknown order, then 404', async () => {
      const res = await server.api.patch('/orders/AAAAAAAAAAAAAAAAAAAAAA', { order: { cancel: true } });
      expect(res.status).toBe(404);
    });

    it('When a pending order gets another payment or a cancel, then 409', async () => {
      const id = await placePendingOrder(server);
      expect((await server.api.patch(`/orders/${id}`, { order: { pm_id: uniquePmId() } })).status).toBe(409);
      expect((await server.api.patch(`/orders/${id}`, { order: { cancel: true } })).status).toBe(409);
      expect((await getOrder(server, id)).events).toHaveLength(2);
    });
  });

  describe('admin actions', () => {
    it('When the admin completes a pending order, then it is complete with an admin event', async () => {
      const id = await placePendingOrder(server);
      const res = await server.api.patch(`/orders/${id}`, { order: COMPLETE_CHECKED }, admin.token);
      expect(res.status).toBe(200);
      expect(res.body.text).toBe('Order Completed');
      const order = res.body.order as AdminOrderDto;
      expect(order.status).toBe('complete');
      expect(order.events.at(-1)).toMatchObject({
        from: 'pending',
        to: 'complete',
        actor: 'admin',
        actor_id: admin.id,
      });
    });

    it('When staff complete a top-up whose payment is not verified, then 409 errors.paymentNotVerified unless they say they checked it and why, which the timeline and the audit keep', async () => {
      const id = await placePendingOrder(server);
      const prisma = server.app.ctx.prisma;
      const before = await counts();
      const refused = await server.api.patch(`/orders/${id}`, { order: { status: 'complete' } }, admin.token);
      expect([refused.status, refused.body.key]).toEqual([409, 'errors.paymentNotVerified']);
      for (const status of ['held', 'rejected'] as const) {
        await prisma.order.update({ where: { id }, data: { verification: status } });
        const again = await server.api.patch(`/orders/${id}`, { order: { status: 'complete' } }, admin.token);
        expect([status, again.status, again.body.key]).toEqual([status, 409, 'errors.paymentNotVerified']);
      }
      expect(await counts()).toEqual(before);
      expect(await prisma.auditEntry.count({ where: { action: 'order.complete', targetId: id } })).toBe(0);
      // The flag and the reason come together.
      const noReason = await server.api.patch(
        `/orders/${id}`,
        { order: { status: 'complete', unverified: true } },
        admin.token,
      );
      expect([noReason.status, noReason.body.errors?.reason]).toEqual([400, 'validation.reasonLength']);
      const noFlag = await server.api.patch(
        `/orders/${id}`,
        { order: { status: 'complete', reason: 'Seen in the bKash app' } },
        admin.token,
      );
      expect(noFlag.status).toBe(400);
      expect((await getOrder(server, id)).status).toBe('pending');

      const done = await server.api.patch(
        `/orders/${id}`,
        { order: { status: 'complete', unverified: true, reason: 'Seen in the bKash app' } },
        admin.token,
      );
      expect(done.status).toBe(200);
      expect((done.body.order as AdminOrderDto).events.at(-1)).toMatchObject({
        from: 'pending',
        to: 'complete',
        actor_id: admin.id,
        note: 'Seen in the bKash app',
      });
      const audit = await prisma.auditEntry.findFirst({ where: { action: 'order.complete', targetId: id } });
      expect(audit?.after).toMatchObject({ status: 'complete', unverified: true, reason: 'Seen in the bKash app' });

      // A verified top-up completes without them.
      const verified = await placePendingOrder(server);
      await prisma.order.update({ where: { id: verified }, data: { verification: 'verified' } });
      expect(
        (await server.api.patch(`/orders/${verified}`, { order: { status: 'complete' } }, admin.token)).status,
      ).toBe(200);
    });

    it('When the admin cancels a pending or a waiting order, then it is admin_cancelled', async () => {
      const pending = await placePendingOrder(server);
      const waiting = await placeOrder(server);
      for (const id of [pending, waiting]) {
        const res = await server.api.patch(`/orders/${id}`, { order: { status: 'cancelled' } }, admin.token);
        expect(res.status).toBe(200);
        expect(res.body.text).toBe('Order Cancelled');
        expect((res.body.order as AdminOrderDto).status).toBe('admin_cancelled');
      }
      expect((await getOrder(server, waiting)).events.at(-1)).toMatchObject({ from: 'waiting', to: 'admin_cancelled' });
    });

    it('When the admin completes a waiting or a final order, then 409 and no event is added', async () => {
      const waiting = await placeOrder(server);
      const r1 = await server.api.patch(`/orders/${waiting}`, { order: COMPLETE_CHECKED }, admin.token);
      expect(r1.status).toBe(409);
      expect(r1.body.key).toBe('errors.orderStateConflict');
      const done = await placePendingOrder(server);
      expect((await server.api.patch(`/orders/${done}`, { order: COMPLETE_CHECKED }, admin.token)).status).toBe(200);
      const before = await counts();
      expect((await server.api.patch(`/orders/${done}`, { order: COMPLETE_CHECKED }, admin.token)).status).toBe(409);
      expect((await server.api.patch(`/orders/${done}`, { order: { status: 'cancelled' } }, admin.token)).status).toBe(
        409,
      );
      const cancelled = await placeOrder(server);
      await server.api.patch(`/orders/${cancelled}`, { order: { cancel: true } });
      const before2 = await counts();
      expect(
        (await server.api.patch(`/orders/${cancelled}`, { order: { status: 'cancelled' } }, admin.token)).status,
      ).toBe(409);
      expect((await server.api.patch(`/orders/${cancelled}`, { order: { pm_id: uniquePmId() } })).status).toBe(409);
      expect((await counts()).events).toBe(before2.events);
      expect(before2.events).toBe(before.events + 2);
    });

    it('When the admin sends an unknown status, then 400', async () => {
      const id = await placePendingOrder(server);
      const res = await server.api.patch(`/orders/${id}`, { order: { status: 'waiting' } }, admin.token);
      expect(res.status).toBe(400);
      expect(res.body.errors?.status).toBe('validation.invalid');
    });

    it('When a guest or a user sends a status, then 401 or 403 with code -10033 and nothing changes', async () => {
      const id = await placePendingOrder(server);
      const user = await createUser(server);
      const guest = await server.api.patch(`/orders/${id}`, { order: COMPLETE_CHECKED });
      expect(guest.status).toBe(401);
      const asUser = await server.api.patch(`/orders/${id}`, { order: COMPLETE_CHECKED }, user.token);
      expect(asUser.status).toBe(403);
      expect(asUser.body.code).toBe(-10033);
      expect((await getOrder(server, id)).status).toBe('pending');
    });
  });

  describe('the transition transaction', () => {
    it('When a write added to a move fails, then the move and its event roll back with it; when it works, all commit', async () => {
      const repository = orderRepositories(server).commands;
      const id = await placePendingOrder(server);
      const marker = { key: `audit-${id}`, value: true };
      const before = await counts();
      const failing = repository.applyTransition({
        id,
        name: 'completeOrder',
        actorId: admin.id,
        alsoInTransaction: async (tx, moved) => {
          expect(moved).toMatchObject({ id, status: 'complete' });
          await tx.setting.create({ data: marker });
          throw new Error('audit row refused');
        },
      });
      await expect(failing).rejects.toThrow('audit row refused');
      expect(await counts()).toEqual(before);
      expect((await getOrder(server, id)).status).toBe('pending');
      expect(await server.app.ctx.prisma.setting.count({ where: { key: marker.key } })).toBe(0);

      const moved = await repository.applyTransition({
        id,
        name: 'completeOrder',
        actorId: admin.id,
        alsoInTransaction: async (tx) => {
          await tx.setting.create({ data: marker });
        },
      });
      expect(moved).toMatchObject({ outcome: 'moved', order: { id, status: 'complete' } });
      expect(await server.app.ctx.prisma.setting.count({ where: { key: marker.key } })).toBe(1);
      expect((await counts()).events).toBe(before.events + 1);
    });
  });

  describe('lists', () => {
    it('When a guest asks for /orders/all, then 401', async () => {
      expect((await server.api.get('/orders/all')).status).toBe(401);
    });

    it('When a user lists orders, then they see only their own, newest first, 10 a page', async () => {
      const user = await createUser(server);
      const other = await createUser(server);
      const mine: string[] = [];
      for (let i = 0; i < 12; i += 1) mine.push(await placeOrder(server, TOPUP_BDT, topupPayload(), user.token));
      await placeOrder(server, TOPUP_BDT, topupPayload(), other.token);
      const p1 = await server.api.get('/orders/all?page=1', user.token);
      expect(p1.status).toBe(200);
      expect(p1.body.pages).toBe(2);
      const ids1 = (p1.body.orders as PublicOrderDto[]).map((o) => o.id);
      expect(ids1).toHaveLength(10);
      const p2 = await server.api.get('/orders/all?page=2', user.token);
      const ids2 = (p2.body.orders as PublicOrderDto[]).map((o) => o.id);
      expect(ids2).toHaveLength(2);
      expect(new Set([...ids1, ...ids2])).toEqual(new Set(mine));
      const created = [...(p1.body.orders as PublicOrderDto[]), ...(p2.body.orders as PublicOrderDto[])].map(
        (o) => o.created_at,
      );
      expect([...created].sort((a, b) => b - a)).toEqual(created);
      const empty = await server.api.get('/orders/all', (await createUser(server)).token);
      expect(empty.body).toMatchObject({ ok: true, orders: [], pages: 1 });
    });

    it.each(['page=0', 'page=abc', 'page=1&page=2', 'page=1.5'])(
      'When the page query is %s, then 400 (never 500)',
      async (query) => {
        const user = await createUser(server);
        const res = await server.api.get(`/orders/all?${query}`, user.token);
        expect(res.status).toBe(400);
        expect(res.body.errors?.page).toBe('validation.pageInvalid');
      },
    );

    it('When the admin lists orders, then the queue holds pending first, then waiting, and no final orders', async () => {
      const res = await server.api.get('/orders/all?page=1', admin.token);
      expect(res.status).toBe(200);
      const all: AdminOrderDto[] = [];
      for (let page = 1; page <= (res.body.pages as number); page += 1) {
        all.push(...((await server.api.get(`/orders/all?page=${page}`, admin.token)).body.orders as AdminOrderDto[]));
      }
      expect(all.length).toBeGreaterThan(0);
      expect(all.every((o) => o.status === 'pending' || o.status === 'waiting')).toBe(true);
      const firstWaiting = all.findIndex((o) => o.status === 'waiting');
      expect(all.slice(firstWaiting).every((o) => o.status === 'waiting')).toBe(true);
      const queued = await server.app.ctx.prisma.order.count({ where: { status: { in: ['pending', 'waiting'] } } });
      expect(all).toHaveLength(queued);
    });
  });
});
