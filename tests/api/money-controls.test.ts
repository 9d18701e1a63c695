// Money controls: the blocklist (every kind refuses an order with the same neutral answer), the limits
// for strangers and the hourly limit (the shop's clock is the test's), business hours across midnight in Asia/Dhaka,
// and the payer's number; on PGlite and PostgreSQL, with the races on PostgreSQL.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentMethodDto, ProductDto } from '#shared/api-types';
import type { BlocklistEntryDto } from '#shared/money-controls';
import { testClock } from '../support/clock.js';
import { useTestServer } from '../support/server.js';
import { testDatabases } from '../support/databases.js';
import { createUser, loginAdmin, type TestUser } from '../factories/users.js';
import {
  COMPLETE_CHECKED,
  getOrder,
  getOrderAsAdmin,
  TOPUP_BDT,
  topupPayload,
  uniquePmId,
  WITHDRAW_BDT,
  withdrawPayload,
} from '../factories/orders.js';
import { registerForwarder } from '../support/sms-forwarder.js';

// 2030-03-10 12:00 in Dhaka.
const NOON_DHAKA = new Date('2030-03-10T06:00:00.000Z');

describe.each(testDatabases())('Money controls on %s', (db) => {
  const clock = testClock();
  const server = useTestServer({ db, clock, rateLimitScale: 100 });
  let admin: TestUser;
  beforeAll(async () => {
    admin = await loginAdmin(server);
  });
  afterEach(async () => {
    clock.reset();
    const prisma = server.app.ctx.prisma;
    await prisma.orderEvent.deleteMany({});
    await prisma.order.deleteMany({});
    await prisma.blocklistEntry.deleteMany({});
    await prisma.user.updateMany({ where: { role: 'blocked' }, data: { role: 'user' } });
    await server.api.patch(
      '/shop-settings',
      {
        settings: {
          payer_required: false,
          new_customer_one_open_order: false,
          new_customer_max_bdt: null,
          orders_per_hour: null,
        },
      },
      admin.token,
    );
    await server.api.patch(
      '/pms/bkash',
      { pm: { wallet: '01711111111', confirm_wallet: '01711111111', available: true, hours: null } },
      admin.token,
    );
  });

  const topup = (overrides: Record<string, unknown> = {}, token?: string) =>
    server.api.post(`/orders/${TOPUP_BDT}`, { order: topupPayload(overrides) }, token);
  const withdraw = (overrides: Record<string, unknown> = {}) =>
    server.api.post(`/orders/${WITHDRAW_BDT}`, { order: withdrawPayload(overrides) });
  const settings = (values: Record<string, unknown>) =>
    server.api.patch('/shop-settings', { settings: values }, admin.token);
  const block = (kind: string, value: string) =>
    server.api.post<{ entry: BlocklistEntryDto }>(
      '/blocklist',
      { entry: { kind, value, reason: 'fake screenshot' } },
      admin.token,
    );
  /** Pays and completes the order as the shop does. */
  async function complete(id: string): Promise<void> {
    expect((await server.api.patch(`/orders/${id}`, { order: { pm_id: uniquePmId() } })).status).toBe(200);
    expect((await server.api.patch(`/orders/${id}`, { order: COMPLETE_CHECKED }, admin.token)).status).toBe(200);
  }

  describe('the blocklist', () => {
    it('When the admin adds, lists and removes entries, then values are normalised, duplicates 409, bad values 400, each write audited', async () => {
      const added = await block('wallet', '+880 ১৭১২-৩৪৫৬৭৮');
      expect(added.status).toBe(201);
      expect(added.body.entry).toMatchObject({
        kind: 'wallet',
        value: '01712345678',
        reason: 'fake screenshot',
        created_by: { id: admin.id },
      });
      expect((await block('email', '  Cheat@Example.COM ')).body.entry.value).toBe('cheat@example.com');
      expect((await block('ip', '::ffff:10.0.0.7')).body.entry.value).toBe('10.0.0.7');
      expect((await block('onex_id', '৯৮৭৬৫৪৩২১')).body.entry.value).toBe('987654321');
      const again = await block('wallet', '01712345678');
      expect(again.status).toBe(409);
      expect(again.body.key).toBe('errors.blocklistExists');
      for (const [kind, value] of [
        ['wallet', '12345'],
        ['onex_id', '12'],
        ['email', 'nope'],
        ['ip', '999.1.1.1'],
        ['phone', '01712345678'],
      ]) {
        const bad = await block(kind, value);
        expect(bad.status, `${kind} ${value}`).toBe(400);
      }
      const list = await server.api.get<{ entries: BlocklistEntryDto[] }>('/blocklist', admin.token);
      expect(list.body.entries).toHaveLength(4);
      const del = await server.api.delete(`/blocklist/${added.body.entry.id}`, {}, admin.token);
      expect(del.status).toBe(200);
      expect((await server.api.delete(`/blocklist/${added.body.entry.id}`, {}, admin.token)).status).toBe(404);
      const audit = await server.app.ctx.prisma.auditEntry.findMany({
        where: { targetType: 'blocklist' },
        orderBy: { id: 'asc' },
      });
      expect(audit.map((a) => a.action)).toEqual([
        'blocklist.add',
        'blocklist.add',
        'blocklist.add',
        'blocklist.add',
        'blocklist.remove',
      ]);
      expect(audit[4]).toMatchObject({
        actorId: admin.id,
        targetId: String(added.body.entry.id),
        before: { kind: 'wallet', value: '01712345678' },
        after: null,
      });
    });

    it('When any of payer, payout wallet, 1xBet id, contact e-mail, account e-mail or address is blocked, then 403 errors.blocked with one neutral answer and no order', async () => {
      const customer = await createUser(server, { email: 'listed-account@example.com' });
      const cases: {
        entry: [string, string];
        place: () => Promise<{ status: number; body: Record<string, unknown> }>;
      }[] = [
        { entry: ['wallet', '01812345678'], place: () => topup({ payer: '+8801812345678' }) },
        { entry: ['wallet', '01712345678'], place: () => withdraw({ wallet: '০১৭১২৩৪৫৬৭৮' }) },
        { entry: ['onex_id', '123456789'], place: () => topup() },
        { entry: ['email', 'buyer@example.com'], place: () => topup({ contact_email: 'BUYER@example.com' }) },
        {
          entry: ['email', 'listed-account@example.com'],
          place: () => topup({ contact_email: 'other@example.com' }, customer.token),
        },
        {
          entry: ['ip', '127.0.0.1'],
          place: () => topup({ onex_id: '111222333', contact_email: 'fresh@example.com' }),
        },
      ];
      const bodies = new Set<string>();
      for (const { entry, place } of cases) {
        // Allowed before, refused while listed.
        const made = await block(...entry);
        expect(made.status).toBe(201);
        const refused = await place();
        expect(refused.status, entry.join(' ')).toBe(403);
        const { request_id: _requestId, ...answer } = refused.body;
        bodies.add(JSON.stringify(answer));
        await server.api.delete(`/blocklist/${made.body.entry.id}`, {}, admin.token);
        expect((await place()).status, `${entry.join(' ')} unlisted`).toBe(201);
      }
      // The same answer whatever matched: nothing tells which value is listed.
      expect([...bodies]).toHaveLength(1);
      expect(JSON.parse([...bodies][0])).toMatchObject({ ok: false, key: 'errors.blocked' });
      expect(await server.app.ctx.prisma.order.count()).toBe(cases.length);
    });

    it("When an e-mail is listed, then its other spellings are refused too (case, a plus-tag, Gmail's dots and googlemail.com), and it is stored in that normal form", async () => {
      expect((await block('email', 'Blocked+promo@Example.com')).body.entry.value).toBe('blocked@example.com');
      expect((await block('email', 'John.Doe@GoogleMail.com')).body.entry.value).toBe('johndoe@gmail.com');
      expect((await block('email', 'blocked@example.com')).status).toBe(409);
      for (const email of [
        'blocked+1@example.com',
        'BLOCKED@example.com',
        'j.o.h.n.doe+x@gmail.com',
        'johndoe@googlemail.com',
      ]) {
        const refused = await topup({ contact_email: email, onex_id: '444555666' });
        expect([email, refused.status, refused.body.key]).toEqual([email, 403, 'errors.blocked']);
      }
      // Dots count outside Gmail; another mailbox passes.
      expect((await topup({ contact_email: 'b.locked@example.com', onex_id: '444555666' })).status).toBe(201);
      expect((await topup({ contact_email: 'johndoe2@gmail.com', onex_id: '444555666' })).status).toBe(201);
    });

    it('When a user is blocked, then a guest order with their e-mail is refused too', async () => {
      const cheat = await createUser(server, { email: 'cheat-user@example.com' });
      expect((await topup({ contact_email: 'cheat-user@example.com' })).status).toBe(201);
      await server.app.ctx.prisma.user.update({ where: { id: cheat.id }, data: { role: 'blocked' } });
      const refused = await topup({ contact_email: 'Cheat-User@example.com', onex_id: '555666777' });
      expect(refused.status).toBe(403);
      expect(refused.body.key).toBe('errors.blocked');
    });

    it('When a blocked customer orders where the order takes the transaction (a limit on, a capped method), then 403 and nothing written; a withdrawal of a capped method is one statement (decision 222)', async () => {
      await block('onex_id', '123456789');
      await settings({ orders_per_hour: 5 });
      expect((await topup()).status).toBe(403);
      await settings({ orders_per_hour: null });
      const cap = (account: string, wallet: string, limit: number | null) =>
        server.api.patch(
          `/pms/${account}`,
          { pm: { wallet, available: true, daily_count_limit: limit, daily_amount_limit: null } },
          admin.token,
        );
      await cap('bkash', '01711111111', 100);
      await cap('nagad', '01800000002', 1);
      try {
        expect((await topup()).status).toBe(403);
        // The cap still takes an order of someone else; caps count top-ups only.
        expect((await topup({ onex_id: '987654321' })).status).toBe(201);
        expect((await withdraw()).status).toBe(201);
        expect((await withdraw({ wallet: '01712345679' })).status).toBe(201);
      } finally {
        await cap('bkash', '01711111111', null);
        await cap('nagad', '01800000002', null);
      }
      expect(await server.app.ctx.prisma.order.count()).toBe(3);
    });

    it("When a withdrawal's 1xBet id arrives with its code and is blocked, then 403 errors.blocked with the same neutral answer and the order stays waiting, untouched", async () => {
      const placed = await withdraw();
      expect(placed.status).toBe(201);
      const id = placed.body.id as string;
      await block('onex_id', '444555666');
      const refused = await server.api.patch(`/orders/${id}`, { order: { onex_id: '৪৪৪৫৫৫৬৬৬', w_code: 'AB12' } });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ ok: false, key: 'errors.blocked' });
      const stored = await server.app.ctx.prisma.order.findUniqueOrThrow({ where: { id } });
      expect(stored).toMatchObject({ status: 'waiting', onexId: null, wCode: null });
      // Another id passes: only the listed value is refused.
      expect(
        (await server.api.patch(`/orders/${id}`, { order: { onex_id: '444555667', w_code: 'AB12' } })).status,
      ).toBe(200);
    });

    it("When a withdrawal was placed before its payout wallet was blocked, then sending the code is refused too (the step asks the order's values again)", async () => {
      const placed = await withdraw({ wallet: '01712345670' });
      expect(placed.status).toBe(201);
      const id = placed.body.id as string;
      await block('wallet', '01712345670');
      const refused = await server.api.patch(`/orders/${id}`, { order: { onex_id: '444555668', w_code: 'AB12' } });
      expect(refused.status).toBe(403);
      expect(refused.body.key).toBe('errors.blocked');
    });
  });

  describe('limits for strangers and per hour', () => {
    it('When the open-order rule is on, then a stranger has one open order at a time (by 1xBet id, e-mail or payer); a regular is not limited', async () => {
      clock.set(NOON_DHAKA);
      expect((await settings({ new_customer_one_open_order: true })).status).toBe(200);
      const first = await topup({ payer: '01812345678' });
      expect(first.status).toBe(201);
      for (const same of [
        {},
        { contact_email: 'x@example.com' },
        { onex_id: '222333444', contact_email: 'y@example.com', payer: '01812345678' },
      ]) {
        const refused = await topup({ onex_id: '123456789', ...same });
        expect(refused.status, JSON.stringify(same)).toBe(409);
        expect(refused.body.key).toBe('errors.openOrderLimit');
      }
      // Someone else is not held by it.
      expect((await topup({ onex_id: '999888777', contact_email: 'someone@example.com' })).status).toBe(201);
      // Once an order of theirs completes they are no stranger: a second open order is fine.
      await complete(first.body.id as string);
      expect((await topup()).status).toBe(201);
      expect((await topup()).status).toBe(201);
      // Thirty days after that completion they are a stranger again (their old orders have timed out by then).
      clock.set(new Date(NOON_DHAKA.getTime() + 31 * 86_400_000));
      await server.app.services.orders.expireDueOrders();
      expect((await topup()).status).toBe(201);
      expect((await topup()).status).toBe(409);
    });

    it("When the open-order rule is on and a stranger's withdrawal code names a 1xBet id with another open order, then 409 and the withdrawal stays waiting", async () => {
      expect((await settings({ new_customer_one_open_order: true })).status).toBe(200);
      expect((await topup({ onex_id: '555444333', contact_email: 'first@example.com' })).status).toBe(201);
      const placed = await withdraw({ contact_email: 'second@example.com', wallet: '01712345671' });
      expect(placed.status).toBe(201);
      const id = placed.body.id as string;
      const refused = await server.api.patch(`/orders/${id}`, { order: { onex_id: '555444333', w_code: 'AB12' } });
      expect(refused.status).toBe(409);
      expect(refused.body.key).toBe('errors.openOrderLimit');
      expect(await server.app.ctx.prisma.order.findUniqueOrThrow({ where: { id } })).toMatchObject({
        status: 'waiting',
        onexId: null,
      });
      // Its own order is not "another" open order: a fresh id passes.
      expect(
        (await server.api.patch(`/orders/${id}`, { order: { onex_id: '555444332', w_code: 'AB12' } })).status,
      ).toBe(200);
    });

    it('When new_customer_max_bdt is set, then a stranger tops up at most that much (409 naming it) until an order completes', async () => {
      clock.set(NOON_DHAKA);
      await settings({ new_customer_max_bdt: 1000 });
      const over = await topup({ amount: '1000.01' });
      expect(over.status).toBe(409);
      expect(over.body).toMatchObject({ key: 'errors.newCustomerLimit', params: { limit: 1000 } });
      expect(over.body.text).toContain('1000');
      const fits = await topup({ amount: '1000' });
      expect(fits.status).toBe(201);
      // Withdrawals are not top-ups.
      expect((await withdraw({ amount: '5000' })).status).toBe(201);
      await complete(fits.body.id as string);
      expect((await topup({ amount: '5000' })).status).toBe(201);
    });

    it('When orders_per_hour is set, then the next order of the hour is 429 naming when to retry, and the hour rolls on the clock', async () => {
      clock.set(NOON_DHAKA);
      await settings({ orders_per_hour: 2 });
      expect((await topup()).status).toBe(201);
      clock.set(new Date(NOON_DHAKA.getTime() + 10 * 60_000));
      expect((await topup({ onex_id: '222333444' })).status).toBe(201);
      // Same e-mail: refused; a retry is possible when the first order is an hour old (13:00 Dhaka).
      const refused = await topup({ onex_id: '333444555' });
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({
        key: 'errors.orderRateLimited',
        params: { time: '13:00', retry_at: NOON_DHAKA.getTime() / 1000 + 3600 },
      });
      // Another e-mail and 1xBet id from the same address: still the address's third order.
      expect((await topup({ onex_id: '444555666', contact_email: 'other@example.com' })).status).toBe(429);
      clock.set(new Date(NOON_DHAKA.getTime() + 60 * 60_000 + 1000));
      expect((await topup({ onex_id: '333444555' })).status).toBe(201);
    });

    if (db === 'postgres') {
      it('When a stranger sends ten orders at once with the open-order rule on, then exactly one is created', async () => {
        await settings({ new_customer_one_open_order: true });
        const answers = await Promise.all(
          Array.from({ length: 10 }, (_, i) => topup({ contact_email: `racer${i}@example.com`, onex_id: '123123123' })),
        );
        expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
        expect(answers.filter((a) => a.status === 409)).toHaveLength(9);
        expect(await server.app.ctx.prisma.order.count({ where: { onexId: '123123123' } })).toBe(1);
      });

      it('When twelve orders of one address race an hourly limit of 5, then exactly 5 are created', async () => {
        await settings({ orders_per_hour: 5 });
        const answers = await Promise.all(
          Array.from({ length: 12 }, (_, i) =>
            topup({ contact_email: `burst${i}@example.com`, onex_id: `70000000${i % 10}` }),
          ),
        );
        expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
        expect(answers.filter((a) => a.status === 429)).toHaveLength(7);
      });
    }
  });

  describe('business hours', () => {
    const pms = async () => (await server.api.get<{ pms: PaymentMethodDto[] }>('/pms/all', admin.token)).body.pms;
    it('When a method keeps 08:00-01:00 Dhaka time, then orders pass before 01:00 and after 08:00, 409 naming the opening time between; the hours show', async () => {
      const set = await server.api.patch(
        '/pms/bkash',
        {
          pm: {
            wallet: '01711111111',
            confirm_wallet: '01711111111',
            available: true,
            hours: { open: '08:00', close: '01:00' },
          },
        },
        admin.token,
      );
      expect(set.status).toBe(200);
      expect((await pms()).find((p) => p.account === 'bkash')?.hours).toEqual({ open: '08:00', close: '01:00' });
      const product = (await server.api.get<{ product: ProductDto }>(`/products/${TOPUP_BDT}`)).body.product;
      expect(product.pms.find((p) => p.account === 'bkash')?.hours).toEqual({ open: '08:00', close: '01:00' });
      const at = (utc: string) => clock.set(new Date(utc));
      at('2030-03-10T18:59:59Z'); // 00:59:59 Dhaka, the night after the 10th
      expect((await topup()).status).toBe(201);
      at('2030-03-10T19:00:00Z'); // 01:00 Dhaka: closed
      const closed = await topup();
      expect(closed.status).toBe(409);
      expect(closed.body).toMatchObject({ key: 'errors.methodClosed', params: { open: '08:00' } });
      at('2030-03-11T01:59:00Z'); // 07:59 Dhaka
      expect((await topup()).status).toBe(409);
      // Other methods keep their own hours (none: always).
      expect((await topup({ pm_method: 'nagad' })).status).toBe(201);
      at('2030-03-11T02:00:00Z'); // 08:00 Dhaka
      expect((await topup()).status).toBe(201);
      for (const bad of [
        { open: '8:00', close: '01:00' },
        { open: '24:00', close: '01:00' },
        { open: '10:00', close: '10:00' },
      ]) {
        const r = await server.api.patch(
          '/pms/bkash',
          { pm: { wallet: '01711111111', confirm_wallet: '01711111111', available: true, hours: bad } },
          admin.token,
        );
        expect(r.status, JSON.stringify(bad)).toBe(400);
      }
      await server.api.patch(
        '/pms/bkash',
        { pm: { wallet: '01711111111', confirm_wallet: '01711111111', available: true, hours: null } },
        admin.token,
      );
      at('2030-03-11T20:00:00Z');
      expect((await topup()).status).toBe(201);
      expect((await pms()).find((p) => p.account === 'bkash')?.hours).toBeNull();
    });
  });

  describe('the payer', () => {
    it('When a top-up names its payer, then it is stored as 11 local digits; required only when payer_required is on; bad numbers 400', async () => {
      const made = await topup({ payer: '+৮৮০ ১৮১২-৩৪৫৬৭৮' });
      expect(made.status).toBe(201);
      expect(
        (await server.app.ctx.prisma.order.findUniqueOrThrow({ where: { id: made.body.id as string } })).payer,
      ).toBe('01812345678');
      expect((await topup()).status).toBe(201);
      const bad = await topup({ payer: '01212345678' });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual({ payer: 'validation.payerInvalid' });
      await settings({ payer_required: true });
      const missing = await topup();
      expect(missing.status).toBe(400);
      expect(missing.body.errors).toEqual({ payer: 'validation.required' });
      expect((await topup({ payer: '01812345678' })).status).toBe(201);
      // Withdrawals pay out to their own wallet: no payer.
      expect((await withdraw()).status).toBe(201);
    });

    it('When the SMS sender is the payer, then verified; another number is held payer_mismatch; a blocked number held blocked_payer', async () => {
      const phone = await registerForwarder(server, admin.token, 'bkash', `payer phone ${db}`);
      const paid = async (payer: string | undefined, sender: string) => {
        const made = await topup(payer ? { payer } : {});
        expect(made.status).toBe(201);
        const id = made.body.id as string;
        const trxId = uniquePmId().toUpperCase();
        expect((await server.api.patch(`/orders/${id}`, { order: { pm_id: trxId } })).status).toBe(200);
        expect((await phone.payment({ amount: 500, trxId, sender })).status).toBe(200);
        return { id, admin: await getOrderAsAdmin(server, id, admin.token), customer: await getOrder(server, id) };
      };
      const same = await paid('01812345678', '01812345678');
      expect(same.admin.verification).toMatchObject({ status: 'verified', reason: null });
      expect(same.customer).toMatchObject({ payment_received: true, payment_held: null });

      const other = await paid('01812345678', '01999999999');
      expect(other.admin.verification).toMatchObject({
        status: 'held',
        reason: 'payer_mismatch',
        sender: '01999999999',
      });
      expect(other.customer).toMatchObject({ payment_received: false, payment_held: 'payer_mismatch' });

      // No payer named: the sender is not compared; a blocked sender is held whatever the order says.
      expect((await paid(undefined, '01999999999')).admin.verification.status).toBe('verified');
      await block('wallet', '01555555555');
      const blocked = await paid(undefined, '01555555555');
      expect(blocked.admin.verification).toMatchObject({ status: 'held', reason: 'blocked_payer' });
      // The customer is not told the number is blocked.
      expect(blocked.customer).toMatchObject({ payment_received: false, payment_held: 'review' });
    });
  });
});

describe('The blocklist and IPv6 callers behind a proxy', () => {
  const server = useTestServer({ env: { TRUST_PROXY: '1' } });

  it('When an IPv6 address is listed, then its whole /64 is refused (stored as the /64) and the next /64 is not', async () => {
    const admin = await loginAdmin(server);
    const made = await server.api.post<{ entry: BlocklistEntryDto }>(
      '/blocklist',
      { entry: { kind: 'ip', value: '2001:DB8:1:2::5', reason: 'bot farm' } },
      admin.token,
    );
    expect([made.status, made.body.entry.value]).toEqual([201, '2001:db8:1:2::/64']);
    expect(
      (
        await server.api.post(
          '/blocklist',
          { entry: { kind: 'ip', value: '2001:db8:1:2:ffff::1', reason: '' } },
          admin.token,
        )
      ).status,
    ).toBe(409);
    const from = (address: string, onexId: string) =>
      fetch(`${server.url}/api/v1/orders/${TOPUP_BDT}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify({ order: topupPayload({ onex_id: onexId, contact_email: `v6-${onexId}@example.com` }) }),
      }).then(async (res) => ({ status: res.status, key: ((await res.json()) as { key?: string }).key }));
    expect(await from('2001:db8:1:2:abcd:ef01:2345:6789', '700000001')).toEqual({ status: 403, key: 'errors.blocked' });
    expect(await from('2001:db8:1:3::1', '700000002')).toMatchObject({ status: 201 });
  });
});
