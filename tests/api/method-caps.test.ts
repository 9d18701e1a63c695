// Daily caps per payment method for top-ups: set with PATCH /pms/{account}, shown with today's usage in
// GET /pms/all, enforced at the boundary with 409 errors.methodLimitReached, reset at midnight Asia/Dhaka (the
// shop's clock is the test's), and never overshot by concurrent orders on PostgreSQL.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentMethodDto } from '#shared/api-types';
import { testClock } from '../support/clock.js';
import { useTestInstances, useTestServer, type TestServer } from '../support/server.js';
import { testDatabases } from '../support/databases.js';
import { loginAdmin, type TestUser } from '../factories/users.js';
import { topupPayload, TOPUP_BDT, WITHDRAW_BDT, withdrawPayload } from '../factories/orders.js';

// 2030-03-10 23:59:59.000 in Dhaka is 17:59:59 UTC; Dhaka's midnight is 18:00:00 UTC. The timeout sweeper reads the
// same clock: an order placed more than ORDER_WAIT_MINUTES before the clock's time has timed out and no longer counts.
const BEFORE_MIDNIGHT = new Date('2030-03-10T17:59:59.000Z');
const AT_MIDNIGHT = new Date('2030-03-10T18:00:00.000Z');

describe.each(testDatabases())('Payment method caps on %s', (db) => {
  const clock = testClock();
  const server = useTestServer({ db, clock });
  let admin: TestUser;
  const setClock = (at: Date) => clock.set(at);
  beforeAll(async () => {
    admin = await loginAdmin(server);
  });
  afterEach(async () => {
    clock.reset();
    await server.app.ctx.prisma.order.deleteMany({});
    await server.api.patch(
      '/pms/bkash',
      {
        pm: {
          wallet: '01711111111',
          confirm_wallet: '01711111111',
          available: true,
          daily_count_limit: null,
          daily_amount_limit: null,
        },
      },
      admin.token,
    );
  });

  const place = (amount = '500', product = TOPUP_BDT, method = 'bkash') =>
    server.api.post(`/orders/${product}`, {
      order:
        product === TOPUP_BDT
          ? topupPayload({ amount, pm_method: method })
          : withdrawPayload({ amount, pm_method: method }),
    });
  const pms = async () => (await server.api.get<{ pms: PaymentMethodDto[] }>('/pms/all', admin.token)).body.pms;
  const bkash = async () => (await pms()).find((p) => p.account === 'bkash')!;

  it('When the admin sets caps, then GET /pms/all shows them with today; null removes them; bad values 400', async () => {
    const res = await server.api.patch(
      '/pms/bkash',
      {
        pm: {
          wallet: '01711111111',
          confirm_wallet: '01711111111',
          available: true,
          daily_count_limit: 2,
          daily_amount_limit: '1500.50',
        },
      },
      admin.token,
    );
    expect(res.status).toBe(200);
    expect(await bkash()).toMatchObject({
      daily_count_limit: 2,
      daily_amount_limit: 1500.5,
      today: { count: 0, amount: 0 },
    });
    // Leaving the caps out keeps them.
    await server.api.patch(
      '/pms/bkash',
      { pm: { wallet: '01711111111', confirm_wallet: '01711111111', available: true } },
      admin.token,
    );
    expect(await bkash()).toMatchObject({ daily_count_limit: 2, daily_amount_limit: 1500.5 });
    for (const bad of [{ daily_count_limit: -1 }, { daily_count_limit: 1.5 }, { daily_amount_limit: 'lots' }]) {
      const r = await server.api.patch(
        '/pms/bkash',
        { pm: { wallet: '01711111111', confirm_wallet: '01711111111', available: true, ...bad } },
        admin.token,
      );
      expect(r.status, JSON.stringify(bad)).toBe(400);
    }
    await server.api.patch(
      '/pms/bkash',
      {
        pm: {
          wallet: '01711111111',
          confirm_wallet: '01711111111',
          available: true,
          daily_count_limit: null,
          daily_amount_limit: null,
        },
      },
      admin.token,
    );
    expect(await bkash()).toMatchObject({ daily_count_limit: null, daily_amount_limit: null });
  });

  it('When the count cap is reached, then the next top-up is 409 until midnight Dhaka, when it resets', async () => {
    await server.api.patch(
      '/pms/bkash',
      { pm: { wallet: '01711111111', confirm_wallet: '01711111111', available: true, daily_count_limit: 2 } },
      admin.token,
    );
    setClock(new Date('2030-03-10T17:50:00Z'));
    expect((await place()).status).toBe(201);
    setClock(BEFORE_MIDNIGHT);
    expect((await place()).status).toBe(201);
    const refused = await place();
    expect(refused.status).toBe(409);
    expect(refused.body.key).toBe('errors.methodLimitReached');
    // Other methods and withdrawals are not capped by it.
    expect((await place('500', TOPUP_BDT, 'nagad')).status).toBe(201);
    expect((await place('1000', WITHDRAW_BDT, 'bkash')).status).toBe(201);
    // A cancelled top-up frees its place.
    expect(await server.app.ctx.prisma.order.count({ where: { pmMethod: 'bkash', productId: TOPUP_BDT } })).toBe(2);
    setClock(AT_MIDNIGHT);
    expect((await place()).status).toBe(201);
  });

  it('When the amount cap is reached, then exactly at the cap passes and a taka over is refused (decimal sums)', async () => {
    await server.api.patch(
      '/pms/bkash',
      { pm: { wallet: '01711111111', confirm_wallet: '01711111111', available: true, daily_amount_limit: '1000.10' } },
      admin.token,
    );
    setClock(BEFORE_MIDNIGHT);
    expect((await place('500.05')).status).toBe(201);
    expect((await place('500.06')).status).toBe(409);
    expect((await place('500.05')).status).toBe(201);
    // GET /pms/all counts by the same (injected) clock.
    expect(await bkash()).toMatchObject({ today: { count: 2, amount: 1000.1 } });
    const usage = await server.app.services.orderLists.topupUsageToday();
    expect(usage.get('bkash')).toEqual({ count: 2, amount: '1000.10' });
  });

  it('When a cancelled or timed-out top-up is in the day, then it does not count', async () => {
    await server.api.patch(
      '/pms/bkash',
      { pm: { wallet: '01711111111', confirm_wallet: '01711111111', available: true, daily_count_limit: 1 } },
      admin.token,
    );
    const first = await place();
    expect(first.status).toBe(201);
    expect((await server.api.patch(`/orders/${first.body.id as string}`, { order: { cancel: true } })).status).toBe(
      200,
    );
    expect((await place()).status).toBe(201);
    expect(await bkash()).toMatchObject({ today: { count: 1, amount: 500 } });
  });

  if (db === 'postgres') {
    it('When forty customers race for a cap of 5 while others use an uncapped wallet, then exactly 5 capped orders and every uncapped one are created', async () => {
      await server.api.patch(
        '/pms/bkash',
        { pm: { wallet: '01711111111', confirm_wallet: '01711111111', available: true, daily_count_limit: 5 } },
        admin.token,
      );
      const uncappedBefore = await server.app.ctx.prisma.order.count({ where: { pmMethod: 'nagad' } });
      const [capped, uncapped] = await Promise.all([
        Promise.all(Array.from({ length: 40 }, () => place())),
        // Orders of a wallet without caps take no lock (decision 222): they all go through beside the race.
        Promise.all(Array.from({ length: 10 }, () => place('500', TOPUP_BDT, 'nagad'))),
      ]);
      expect(capped.filter((a) => a.status === 201)).toHaveLength(5);
      expect(capped.filter((a) => a.status === 409)).toHaveLength(35);
      expect(uncapped.map((a) => a.status)).toEqual(Array.from({ length: 10 }, () => 201));
      expect(await server.app.ctx.prisma.order.count({ where: { pmMethod: 'bkash' } })).toBe(5);
      expect(await server.app.ctx.prisma.order.count({ where: { pmMethod: 'nagad' } })).toBe(uncappedBefore + 10);
    });
  }
});

// Caps are exact under a burst, with two instances of the shop on one PostgreSQL database.
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'Payment method caps with two instances on one PostgreSQL database',
  () => {
    const [a, b] = useTestInstances(2);

    it('When 40 top-ups race for a cap of 5 through both instances, then exactly 5 are 201 and 35 are 409', async () => {
      const admin = await loginAdmin(a);
      expect(
        (
          await a.api.patch(
            '/pms/bkash',
            { pm: { wallet: '01711111111', confirm_wallet: '01711111111', available: true, daily_count_limit: 5 } },
            admin.token,
          )
        ).status,
      ).toBe(200);
      const place = (server: TestServer) =>
        server.api.post(`/orders/${TOPUP_BDT}`, { order: topupPayload({ amount: '500', pm_method: 'bkash' }) });
      const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => place(i % 2 === 0 ? a : b)));
      expect(answers.filter((r) => r.status === 201)).toHaveLength(5);
      expect(answers.filter((r) => r.status === 409).every((r) => r.body.key === 'errors.methodLimitReached')).toBe(
        true,
      );
      expect(answers.filter((r) => r.status === 409)).toHaveLength(35);
      expect(await b.app.ctx.prisma.order.count({ where: { pmMethod: 'bkash', productId: TOPUP_BDT } })).toBe(5);
    });
  },
);
