// The wallet fleet: a method's numbers (GET/POST /pms/{account}/numbers, PATCH …/numbers/{id}), rotation of
// new top-ups to the active number with the most room left today, a full or paused number handing over to the next,
// the method refusing (409 errors.methodLimitReached) only when every number is full or paused, and a phone's number.
// On PGlite and PostgreSQL; the parallel race on PostgreSQL only.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentMethodDto } from '#shared/api-types';
import type { PaymentNumberDto } from '#shared/wallet-fleet';
import { testClock } from '../support/clock.js';
import { useTestServer } from '../support/server.js';
import { testDatabases } from '../support/databases.js';
import { loginAdmin, type TestUser } from '../factories/users.js';
import { topupPayload, TOPUP_BDT, WITHDRAW_BDT, withdrawPayload } from '../factories/orders.js';

const FIRST = '01700000001';
// 2030-03-10 12:00 in Dhaka.
const NOON = new Date('2030-03-10T06:00:00.000Z');

describe.each(testDatabases())('The wallet fleet on %s', (db) => {
  const clock = testClock();
  const server = useTestServer({ db, clock });
  let admin: TestUser;
  beforeAll(async () => {
    admin = await loginAdmin(server);
  });
  afterEach(async () => {
    clock.reset();
    const prisma = server.app.ctx.prisma;
    await prisma.order.deleteMany({});
    await prisma.paymentNumberUsage.deleteMany({});
    await server.api.patch(
      '/pms/bkash',
      {
        pm: {
          wallet: FIRST,
          confirm_wallet: FIRST,
          available: true,
          daily_count_limit: null,
          daily_amount_limit: null,
        },
      },
      admin.token,
    );
    const first = await prisma.paymentNumber.findFirstOrThrow({ where: { account: 'bkash' }, orderBy: { id: 'asc' } });
    await prisma.device.updateMany({ data: { numberId: null } });
    await prisma.paymentNumber.deleteMany({ where: { account: 'bkash', id: { not: first.id } } });
    await prisma.paymentNumber.update({
      where: { id: first.id },
      data: {
        wallet: FIRST,
        label: '',
        active: true,
        dailyCountLimit: null,
        dailyAmountLimit: null,
        monthlyAmountLimit: null,
      },
    });
    await server.app.events.publish('catalogue.changed', { account: 'bkash' });
  });

  const numbers = async () => {
    const res = await server.api.get<{ numbers: PaymentNumberDto[] }>('/pms/bkash/numbers', admin.token);
    expect(res.status).toBe(200);
    return res.body.numbers;
  };
  const addNumber = async (number: Record<string, unknown>) => {
    const res = await server.api.post<{ number: PaymentNumberDto }>(
      '/pms/bkash/numbers',
      { number: { confirm_wallet: number.wallet, ...number } },
      admin.token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.number;
  };
  const editNumber = (id: number, number: Record<string, unknown>) =>
    server.api.patch<{ number: PaymentNumberDto }>(`/pms/bkash/numbers/${id}`, { number }, admin.token);
  const limitFirst = async (number: Record<string, unknown>) =>
    expect((await editNumber((await numbers())[0].id, number)).status).toBe(200);
  const place = (amount = '500') =>
    server.api.post<{ id: string }>(`/orders/${TOPUP_BDT}`, { order: topupPayload({ amount }) });
  const walletOf = async (res: { status: number; body: { id: string } }) => {
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return (await server.app.ctx.prisma.order.findUniqueOrThrow({ where: { id: res.body.id } })).pmWallet;
  };

  it("When the shop starts, then each method's wallet is its first number; numbers are added, paused and edited, each audited", async () => {
    expect(await numbers()).toEqual([
      {
        id: expect.any(Number),
        wallet: FIRST,
        label: '',
        active: true,
        daily_count_limit: null,
        daily_amount_limit: null,
        monthly_amount_limit: null,
        today: { count: 0, amount: 0 },
        month: { count: 0, amount: 0 },
      },
    ]);
    const second = await addNumber({
      wallet: '০১৭১১-২২২২২২',
      label: 'Agent 2',
      daily_count_limit: 20,
      daily_amount_limit: '50000',
      monthly_amount_limit: 200000,
    });
    expect(second).toMatchObject({
      wallet: '01711222222',
      label: 'Agent 2',
      active: true,
      daily_count_limit: 20,
      daily_amount_limit: 50000,
      monthly_amount_limit: 200000,
    });
    // The same wallet twice, a malformed number or limit, an unknown method or number.
    expect(
      (
        await server.api.post(
          '/pms/bkash/numbers',
          { number: { wallet: '01711222222', confirm_wallet: '01711222222' } },
          admin.token,
        )
      ).body.key,
    ).toBe('errors.numberExists');
    for (const bad of [
      { wallet: '12345' },
      { wallet: '01711333333', daily_count_limit: -1 },
      { wallet: '01711333333', monthly_amount_limit: 'lots' },
    ]) {
      expect(
        (await server.api.post('/pms/bkash/numbers', { number: bad }, admin.token)).status,
        JSON.stringify(bad),
      ).toBe(400);
    }
    expect((await server.api.get('/pms/paypal/numbers', admin.token)).status).toBe(404);
    expect((await editNumber(999_999, { active: false })).body.key).toBe('errors.numberNotFound');
    expect(
      (await server.api.patch(`/pms/nagad/numbers/${second.id}`, { number: { active: false } }, admin.token)).status,
    ).toBe(404);
    // Pause is partial: the rest stays.
    const paused = await editNumber(second.id, { active: false });
    expect(paused.status).toBe(200);
    expect(paused.body.number).toMatchObject({ active: false, label: 'Agent 2', daily_count_limit: 20 });
    expect((await editNumber(second.id, { daily_amount_limit: null })).body.number).toMatchObject({
      active: false,
      daily_amount_limit: null,
      monthly_amount_limit: 200000,
    });
    const audit = await server.app.ctx.prisma.auditEntry.findMany({
      where: { action: { in: ['pm.number_add', 'pm.number_edit'] } },
      orderBy: { id: 'asc' },
    });
    expect(audit.map((a) => a.action)).toEqual(['pm.number_add', 'pm.number_edit', 'pm.number_edit']);
    expect(audit[1]).toMatchObject({
      actorId: admin.id,
      targetId: 'bkash',
      before: { active: true },
      after: { active: false },
    });
  });

  it("When the method's wallet changes, then its first number does, and the other way round", async () => {
    await server.api.patch(
      '/pms/bkash',
      { pm: { wallet: '01700000009', confirm_wallet: '01700000009', available: true } },
      admin.token,
    );
    expect((await numbers())[0].wallet).toBe('01700000009');
    await editNumber((await numbers())[0].id, { wallet: '01700000008', confirm_wallet: '01700000008' });
    const pms = (await server.api.get<{ pms: PaymentMethodDto[] }>('/pms/all', admin.token)).body.pms;
    expect(pms.find((p) => p.account === 'bkash')!.wallet).toBe('01700000008');
    // Another number's wallet cannot become the method's.
    await addNumber({ wallet: '01711222222' });
    expect(
      (
        await server.api.patch(
          '/pms/bkash',
          { pm: { wallet: '01711222222', confirm_wallet: '01711222222', available: true } },
          admin.token,
        )
      ).body.key,
    ).toBe('errors.numberExists');
  });

  it('When three numbers have limits, then each top-up goes to the one with most room, a full number hands over, and the method stops only when all are full', async () => {
    clock.set(NOON);
    await limitFirst({ daily_count_limit: 1 });
    const b = await addNumber({ wallet: '01711222222', label: 'B', daily_amount_limit: '1500' });
    const c = await addNumber({
      wallet: '01711333333',
      label: 'C',
      daily_amount_limit: '900',
      monthly_amount_limit: '1000',
    });
    // The first has no amount limit (most taka room): it takes one, then its count is full.
    expect(await walletOf(await place())).toBe(FIRST);
    // B has 1500 left, C 900: B; then B 1000 vs C 900: B; then B 500 vs C 900: C.
    expect(await walletOf(await place())).toBe('01711222222');
    expect(await walletOf(await place())).toBe('01711222222');
    expect(await walletOf(await place())).toBe('01711333333');
    // B 500, C 400: B takes it and is full to the taka.
    expect(await walletOf(await place())).toBe('01711222222');
    // Only C has room, for 400 at most (its month's 1000): 500 does not fit anywhere.
    const refused = await place();
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ key: 'errors.methodLimitReached' });
    expect(await walletOf(await place('400'))).toBe('01711333333');
    expect((await place('100')).status).toBe(409);
    // Withdrawals are not received: they keep the method's wallet.
    expect(
      (await server.api.post(`/orders/${WITHDRAW_BDT}`, { order: withdrawPayload({ pm_method: 'bkash' }) })).status,
    ).toBe(201);
    const list = await numbers();
    expect(list.map((n) => [n.wallet, n.today, n.month])).toEqual([
      [FIRST, { count: 1, amount: 500 }, { count: 1, amount: 500 }],
      ['01711222222', { count: 3, amount: 1500 }, { count: 3, amount: 1500 }],
      ['01711333333', { count: 2, amount: 900 }, { count: 2, amount: 900 }],
    ]);
    expect([b.id, c.id]).toEqual([list[1].id, list[2].id]);
  });

  it('When a number is paused, then it receives nothing until resumed; all paused stops the method; a cancelled top-up gives its room back', async () => {
    clock.set(NOON);
    const b = await addNumber({ wallet: '01711222222', daily_count_limit: 1 });
    const first = (await numbers())[0];
    expect((await editNumber(first.id, { active: false })).status).toBe(200);
    const onB = await place();
    expect(await walletOf(onB)).toBe('01711222222');
    // B is full and the first is paused.
    expect((await place()).body.key).toBe('errors.methodLimitReached');
    // A cancelled order frees B's place.
    expect((await server.api.patch(`/orders/${onB.body.id}`, { order: { cancel: true } })).status).toBe(200);
    expect((await numbers())[1].today).toEqual({ count: 0, amount: 0 });
    expect(await walletOf(await place())).toBe('01711222222');
    // Pausing B too: every number paused.
    await editNumber(b.id, { active: false });
    expect((await place()).body.key).toBe('errors.methodLimitReached');
    await editNumber(first.id, { active: true });
    expect(await walletOf(await place())).toBe(FIRST);
  });

  it('When a top-up on a limited number times out, then its room comes back, and reopening it takes the room again', async () => {
    clock.set(NOON);
    await limitFirst({ daily_count_limit: 1 });
    const placed = await place();
    expect(placed.status).toBe(201);
    expect((await place()).body.key).toBe('errors.methodLimitReached');
    // Two hours later (the same Dhaka day) the unpaid order has timed out, here on read.
    clock.set(new Date(NOON.getTime() + 2 * 3_600_000));
    expect((await server.api.get<{ order: { status: string } }>(`/orders/${placed.body.id}`)).body.order.status).toBe(
      'timedout',
    );
    expect((await numbers())[0].today).toEqual({ count: 0, amount: 0 });
    // The customer paid late after all: the admin reopens it, and it counts again (over the limit if it must).
    const second = await place();
    expect(second.status).toBe(201);
    expect((await server.api.post(`/orders/${placed.body.id}/late-payment`, { pm_id: 'LATE12345A' })).status).toBe(200);
    expect(
      (
        await server.api.patch(
          `/orders/${placed.body.id}`,
          { order: { status: 'pending', reason: 'paid late, SMS seen' } },
          admin.token,
        )
      ).status,
    ).toBe(200);
    expect((await numbers())[0].today).toEqual({ count: 2, amount: 1000 });
  });

  it('When a number is limited, then its day resets at midnight Dhaka and its month at the first of the month', async () => {
    await limitFirst({ daily_count_limit: 1, monthly_amount_limit: '1000' });
    clock.set(new Date('2030-03-30T17:00:00.000Z'));
    expect((await place()).status).toBe(201);
    expect((await place()).status).toBe(409);
    // The next Dhaka day: the day resets, the month (500 of 1000) leaves room for 500.
    clock.set(new Date('2030-03-30T18:00:00.000Z'));
    expect((await place('600')).status).toBe(409);
    expect((await place('500')).status).toBe(201);
    // 1 April in Dhaka: a new month.
    clock.set(new Date('2030-03-31T18:00:00.000Z'));
    expect((await place('1000')).status).toBe(201);
  });

  it('When the method has a cap too, then it still counts as the sum of its numbers', async () => {
    clock.set(NOON);
    await addNumber({ wallet: '01711222222' });
    await server.api.patch(
      '/pms/bkash',
      { pm: { wallet: FIRST, confirm_wallet: FIRST, available: true, daily_count_limit: 2 } },
      admin.token,
    );
    expect((await place()).status).toBe(201);
    expect((await place()).status).toBe(201);
    expect((await place()).body.key).toBe('errors.methodLimitReached');
  });

  it("When a phone is added, then it belongs to its wallet's first number unless another of its numbers is named", async () => {
    const b = await addNumber({ wallet: '01711222222' });
    const first = (await numbers())[0];
    const plain = await server.api.post<{ device: { number_id: number } }>(
      '/devices',
      { device: { name: 'Phone one', account: 'bkash' } },
      admin.token,
    );
    expect(plain.status).toBe(201);
    expect(plain.body.device.number_id).toBe(first.id);
    const named = await server.api.post<{ device: { id: string; number_id: number } }>(
      '/devices',
      { device: { name: 'Phone two', account: 'bkash', number_id: b.id } },
      admin.token,
    );
    expect(named.body.device.number_id).toBe(b.id);
    const listed = await server.api.get<{ devices: { id: string; number_id: number }[] }>('/devices', admin.token);
    expect(listed.body.devices.find((d) => d.id === named.body.device.id)!.number_id).toBe(b.id);
    // Another wallet's number is not this phone's.
    const nagad = await server.api.post(
      '/devices',
      { device: { name: 'Phone three', account: 'nagad', number_id: b.id } },
      admin.token,
    );
    expect(nagad.status).toBe(400);
  });

  if (db === 'postgres') {
    it('When forty top-ups race across three limited numbers (one paused for a while), then no number exceeds its limit and only a full fleet refuses', async () => {
      clock.set(NOON);
      await limitFirst({ daily_count_limit: 3 });
      const b = await addNumber({ wallet: '01711222222', daily_count_limit: 4 });
      await addNumber({ wallet: '01711333333', daily_amount_limit: '2500' });
      await editNumber(b.id, { active: false });
      const paused = await Promise.all(Array.from({ length: 20 }, () => place()));
      // B paused: 3 + 5 places.
      expect(paused.filter((r) => r.status === 201)).toHaveLength(8);
      expect(
        paused
          .filter((r) => r.status !== 201)
          .every((r) => r.status === 409 && r.body.key === 'errors.methodLimitReached'),
      ).toBe(true);
      await editNumber(b.id, { active: true });
      const resumed = await Promise.all(Array.from({ length: 20 }, () => place()));
      expect(resumed.filter((r) => r.status === 201)).toHaveLength(4);
      expect(
        resumed
          .filter((r) => r.status !== 201)
          .every((r) => r.status === 409 && r.body.key === 'errors.methodLimitReached'),
      ).toBe(true);
      const per = await server.app.ctx.prisma.order.groupBy({
        by: ['pmWallet'],
        where: { productId: TOPUP_BDT },
        _count: { _all: true },
      });
      expect(Object.fromEntries(per.map((r) => [r.pmWallet, r._count._all]))).toEqual({
        [FIRST]: 3,
        '01711222222': 4,
        '01711333333': 5,
      });
      expect((await numbers()).map((n) => n.today)).toEqual([
        { count: 3, amount: 1500 },
        { count: 4, amount: 2000 },
        { count: 5, amount: 2500 },
      ]);
    });
  }
});
