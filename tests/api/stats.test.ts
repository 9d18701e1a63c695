// The admin's KPIs (decision 113): GET /stats over a seeded set of orders whose figures were worked out by
// hand, for each range, with orders on both sides of Dhaka midnight (18:00 UTC); the clock the ranges end with is
// injected. Then one order moved through the API with the real clock, a bad range, and who may ask.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatsDto } from '#shared/stats';
import { testClock } from '../support/clock.js';
import { useTestServer } from '../support/server.js';
import { testDatabases } from '../support/databases.js';
import { createUser, loginAdmin, type TestUser } from '../factories/users.js';
import { COMPLETE_CHECKED, placePendingOrder } from '../factories/orders.js';
import { insertOrderRows, type OrderRow } from '../factories/order-rows.js';

// 2026-03-10 18:00 in Dhaka. Today (Dhaka) runs from 2026-03-09T18:00Z to 2026-03-10T18:00Z.
const NOW = new Date('2026-03-10T12:00:00.000Z');
const utc = (iso: string) => new Date(iso);
const unix = (iso: string) => new Date(iso).getTime() / 1000;

// The staff members of the seeded moves (the per-person figures).
const NADIA = 'staffNadia000';
const RAHIM = 'staffRahim000';

const TOPUP_BDT = '1xbet_topup_bdt';
const TOPUP_USD = '1xbet_topup_usd';
const WITHDRAW_BDT = '1xbet_withdraw_bdt';
const WITHDRAW_USD = '1xbet_withdraw_usd';

const done = (seconds: number): [string, number][] => [
  ['pending', Math.floor(seconds / 2)],
  ['complete', seconds],
];

// prettier-ignore
const ROWS: OrderRow[] = [
  // Today (Dhaka 2026-03-10).
  { product: TOPUP_BDT, method: 'bkash', status: 'complete', amount: '500.00', pmAmount: '500.00', createdAt: utc('2026-03-09T18:00:00.000Z'), moves: done(300), staffId: NADIA }, // at midnight exactly
  { product: TOPUP_USD, method: 'nagad', status: 'complete', amount: '10.00', pmAmount: '1250.00', createdAt: utc('2026-03-10T03:00:00.000Z'), moves: done(600), staffId: NADIA },
  { product: WITHDRAW_BDT, method: 'bkash', status: 'complete', amount: '1000.00', pmAmount: '1000.50', createdAt: utc('2026-03-10T05:00:00.000Z'), moves: [['complete', 1200]], staffId: RAHIM },
  { product: TOPUP_BDT, method: 'bkash', status: 'pending', amount: '700.00', pmAmount: '700.00', createdAt: utc('2026-03-10T06:00:00.000Z'), moves: [['pending', 60]] },
  { product: TOPUP_BDT, method: 'rocket', status: 'timedout', amount: '300.00', pmAmount: '300.00', createdAt: utc('2026-03-10T07:00:00.000Z'), moves: [['timedout', 900]] },
  { product: TOPUP_BDT, method: 'bkash', status: 'waiting', amount: '250.25', pmAmount: '250.25', createdAt: utc('2026-03-10T17:59:59.999Z') }, // the day's last millisecond
  // Yesterday (Dhaka 2026-03-09).
  { product: TOPUP_BDT, method: 'bkash', status: 'complete', amount: '200.10', pmAmount: '200.10', createdAt: utc('2026-03-09T17:59:59.999Z'), moves: done(60) }, // a millisecond before midnight
  { product: TOPUP_BDT, method: 'nagad', status: 'complete', amount: '400.00', pmAmount: '400.00', createdAt: utc('2026-03-09T10:00:00.000Z'), moves: [['timedout', 900], ['pending', 1800], ['complete', 3000]] }, // reopened
  { product: WITHDRAW_USD, method: 'rocket', status: 'admin_cancelled', amount: '20.00', pmAmount: '2400.00', createdAt: utc('2026-03-09T08:00:00.000Z'), moves: [['admin_cancelled', 100]], staffId: RAHIM },
  // Dhaka 2026-03-04, the first day of 7d, and the second before it.
  { product: TOPUP_BDT, method: 'bkash', status: 'complete', amount: '100.00', pmAmount: '100.00', createdAt: utc('2026-03-03T18:00:00.000Z'), moves: done(120) },
  { product: TOPUP_BDT, method: 'bkash', status: 'user_cancelled', amount: '100.00', pmAmount: '100.00', createdAt: utc('2026-03-03T17:59:59.000Z'), moves: [['user_cancelled', 30]] },
  // Dhaka 2026-02-09, the first day of 30d, and the millisecond before it.
  { product: TOPUP_BDT, method: 'bkash', status: 'complete', amount: '50.00', pmAmount: '50.00', createdAt: utc('2026-02-08T18:00:00.000Z'), moves: done(7200) },
  { product: TOPUP_BDT, method: 'bkash', status: 'complete', amount: '999.99', pmAmount: '999.99', createdAt: utc('2026-02-08T17:59:59.999Z'), moves: done(10) },
  // Tomorrow in Dhaka: in no range.
  { product: TOPUP_BDT, method: 'bkash', status: 'waiting', amount: '5.00', pmAmount: '5.00', createdAt: utc('2026-03-10T18:00:00.000Z') },
];

const statuses = (counts: Partial<Record<string, number>>) => ({
  waiting: 0,
  pending: 0,
  complete: 0,
  timedout: 0,
  user_cancelled: 0,
  admin_cancelled: 0,
  cancelled: 0,
  ...counts,
});
const emptyDay = (date: string) => ({
  date,
  start: unix(`${date}T00:00:00+06:00`),
  orders: 0,
  by_status: statuses({}),
  completed: 0,
  volume: {},
});
const TODAY = {
  date: '2026-03-10',
  start: unix('2026-03-09T18:00:00Z'),
  orders: 6,
  by_status: statuses({ complete: 3, pending: 1, timedout: 1, waiting: 1 }),
  completed: 3,
  volume: { BDT: '2750.50' },
};
const nagad = (count: number, amount: string) => ({
  account: 'nagad',
  currency: 'BDT',
  count,
  amount,
  topup: { count, amount },
  withdraw: { count: 0, amount: '0.00' },
});
const product = (
  product_id: string,
  count: number,
  amount: string,
  product_currency: string,
  product_amount: string,
) => ({
  product_id,
  currency: 'BDT',
  count,
  amount,
  product_currency,
  product_amount,
});

describe.each(testDatabases())('KPIs of GET /stats on %s', (db) => {
  const clock = testClock();
  const server = useTestServer({ db, clock });
  let admin: TestUser;
  beforeAll(async () => {
    admin = await loginAdmin(server);
    for (const [id, name] of [
      [NADIA, 'Nadia'],
      [RAHIM, 'Rahim'],
    ]) {
      await server.app.ctx.prisma.user.create({
        data: { id, name, email: `${id}@test.local`, passwordHash: 'x', role: 'operator' },
      });
    }
    await insertOrderRows(server, ROWS);
    clock.set(NOW);
  });
  afterAll(() => clock.reset());

  const stats = async (query: string) => {
    const res = await server.api.get<{ ok: boolean; stats: StatsDto }>(`/stats${query}`, admin.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.ok).toBe(true);
    return res.body.stats;
  };

  it('When the admin asks for today, then the Dhaka day from midnight to midnight is counted, to the millisecond, and per staff member', async () => {
    const today = await stats('?range=today');
    expect(today).toEqual({
      range: 'today',
      from: unix('2026-03-09T18:00:00Z'),
      to: unix('2026-03-10T18:00:00Z'),
      orders_by_status: TODAY.by_status,
      volume_total: { BDT: '2750.50' },
      volume_by_method: [
        {
          account: 'bkash',
          currency: 'BDT',
          count: 2,
          amount: '1500.50',
          topup: { count: 1, amount: '500.00' },
          withdraw: { count: 1, amount: '1000.50' },
        },
        nagad(1, '1250.00'),
      ],
      // Money in: the two top-ups (the USD one paid in taka through Nagad); money out: the withdrawal.
      money_in: { BDT: { count: 2, amount: '1750.00' } },
      money_out: { BDT: { count: 1, amount: '1000.50' } },
      volume_by_product: [
        product(TOPUP_BDT, 1, '500.00', 'BDT', '500.00'),
        product(TOPUP_USD, 1, '1250.00', 'USD', '10.00'),
        product(WITHDRAW_BDT, 1, '1000.50', 'BDT', '1000.00'),
      ],
      // 300, 600, 1200 seconds.
      completion_p50_s: 600,
      completion_p90_s: 1200,
      timeouts: 1,
      series: [TODAY],
      // Nadia: 300 and 600 seconds (the median by nearest rank is 300 s = 5 minutes); Rahim: 1200 s.
      by_staff: [
        { id: NADIA, name: 'Nadia', completed: 2, cancelled: 0, median_minutes: 5 },
        { id: RAHIM, name: 'Rahim', completed: 1, cancelled: 0, median_minutes: 20 },
      ],
    });
    // No range is today.
    expect(await stats('')).toEqual(today);
  });

  it('When the admin asks for 7 days, then yesterday, the reopened order and the first day join, a day a day', async () => {
    const week = await stats('?range=7d');
    expect(week.from).toBe(unix('2026-03-03T18:00:00Z'));
    expect(week.to).toBe(unix('2026-03-10T18:00:00Z'));
    expect(week.orders_by_status).toEqual(
      statuses({ complete: 6, pending: 1, timedout: 1, waiting: 1, admin_cancelled: 1 }),
    );
    expect(week.volume_total).toEqual({ BDT: '3450.60' });
    // Rahim also cancelled yesterday's USD withdrawal.
    expect(week.by_staff.find((s) => s.id === RAHIM)).toEqual({
      id: RAHIM,
      name: 'Rahim',
      completed: 1,
      cancelled: 1,
      median_minutes: 20,
    });
    expect(week.volume_by_method).toEqual([
      {
        account: 'bkash',
        currency: 'BDT',
        count: 4,
        amount: '1800.60',
        topup: { count: 3, amount: '800.10' },
        withdraw: { count: 1, amount: '1000.50' },
      },
      nagad(2, '1650.00'),
    ]);
    expect([week.money_in, week.money_out]).toEqual([
      { BDT: { count: 5, amount: '2450.10' } },
      { BDT: { count: 1, amount: '1000.50' } },
    ]);
    expect(week.volume_by_product).toEqual([
      product(TOPUP_BDT, 4, '1200.10', 'BDT', '1200.10'),
      product(TOPUP_USD, 1, '1250.00', 'USD', '10.00'),
      product(WITHDRAW_BDT, 1, '1000.50', 'BDT', '1000.00'),
    ]);
    // 60, 120, 300, 600, 1200, 3000: the median is the 3rd of 6, the 90th percentile the 6th.
    expect([week.completion_p50_s, week.completion_p90_s]).toEqual([300, 3000]);
    // The rocket top-up and the nagad one that was reopened and completed.
    expect(week.timeouts).toBe(2);
    expect(week.series).toEqual([
      {
        ...emptyDay('2026-03-04'),
        orders: 1,
        by_status: statuses({ complete: 1 }),
        completed: 1,
        volume: { BDT: '100.00' },
      },
      emptyDay('2026-03-05'),
      emptyDay('2026-03-06'),
      emptyDay('2026-03-07'),
      emptyDay('2026-03-08'),
      {
        ...emptyDay('2026-03-09'),
        orders: 3,
        by_status: statuses({ complete: 2, admin_cancelled: 1 }),
        completed: 2,
        volume: { BDT: '600.10' },
      },
      TODAY,
    ]);
  });

  it('When the admin asks for 30 days, then the first Dhaka midnight is in and the millisecond before it is out', async () => {
    const month = await stats('?range=30d');
    expect(month.from).toBe(unix('2026-02-08T18:00:00Z'));
    expect(month.orders_by_status).toEqual(
      statuses({ complete: 7, pending: 1, timedout: 1, waiting: 1, admin_cancelled: 1, user_cancelled: 1 }),
    );
    expect(month.volume_total).toEqual({ BDT: '3500.60' });
    expect(month.volume_by_method[0]).toEqual({
      account: 'bkash',
      currency: 'BDT',
      count: 5,
      amount: '1850.60',
      topup: { count: 4, amount: '850.10' },
      withdraw: { count: 1, amount: '1000.50' },
    });
    // 60, 120, 300, 600, 1200, 3000, 7200: the 4th and the 7th of 7.
    expect([month.completion_p50_s, month.completion_p90_s]).toEqual([600, 7200]);
    expect(month.timeouts).toBe(2);
    expect(month.series).toHaveLength(30);
    expect(month.series[0]).toEqual({
      ...emptyDay('2026-02-09'),
      orders: 1,
      by_status: statuses({ complete: 1 }),
      completed: 1,
      volume: { BDT: '50.00' },
    });
    expect(month.series.find((d) => d.date === '2026-03-03')).toEqual({
      ...emptyDay('2026-03-03'),
      orders: 1,
      by_status: statuses({ user_cancelled: 1 }),
    });
    expect(month.series.at(-1)).toEqual(TODAY);
    expect(month.series.reduce((sum, d) => sum + d.orders, 0)).toBe(12);
  });

  it('When a day has no completed order, then the percentiles are null and the lists empty', async () => {
    clock.set('2026-03-20T12:00:00Z');
    try {
      const quiet = await stats('?range=today');
      expect(quiet).toMatchObject({
        completion_p50_s: null,
        completion_p90_s: null,
        timeouts: 0,
        volume_total: {},
        volume_by_method: [],
        volume_by_product: [],
        money_in: {},
        money_out: {},
      });
      expect(quiet.series).toEqual([emptyDay('2026-03-20')]);
    } finally {
      clock.set(NOW);
    }
  });

  it('When the admin completes an order through the API today, then today counts it with its completion time', async () => {
    clock.reset();
    try {
      const id = await placePendingOrder(server);
      expect((await server.api.patch(`/orders/${id}`, { order: COMPLETE_CHECKED }, admin.token)).status).toBe(200);
      const today = await stats('?range=today');
      expect(today.orders_by_status.complete).toBe(1);
      expect(today.volume_by_method).toEqual([
        {
          account: 'bkash',
          currency: 'BDT',
          count: 1,
          amount: '500.00',
          topup: { count: 1, amount: '500.00' },
          withdraw: { count: 0, amount: '0.00' },
        },
      ]);
      expect(today.completion_p50_s).toBeGreaterThanOrEqual(0);
      expect(today.completion_p50_s).toBeLessThan(60);
    } finally {
      clock.set(NOW);
    }
  });

  it('When the range is not one of today, 7d, 30d, then 400 names the field with its translation key', async () => {
    for (const bad of ['1y', 'TODAY', '7', '%00', 'today&range=7d']) {
      const res = await server.api.get(`/stats?range=${bad}`, admin.token);
      expect(res.status, bad).toBe(400);
      expect(res.body.errors, bad).toEqual({ range: 'validation.invalid' });
    }
  });

  it('When a customer or a guest asks, then 403 and 401', async () => {
    const user = await createUser(server);
    expect((await server.api.get('/stats?range=today', user.token)).status).toBe(403);
    expect((await server.api.get('/stats?range=today')).status).toBe(401);
  });
});
