// The typical wait customers' pages quote (decision 113): GET /stats/typical-wait measures the
// median from payment (the move to pending, the last one before completion) to completion over the latest completed
// orders of the last 30 days, says nothing below five orders, and keeps its figure for a minute of the shop's clock.
// Beside it, how long staff take to answer a payment that needs a look, measured the same way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TypicalWaitDto } from '#shared/stats';
import { testClock } from '../support/clock.js';
import { useTestServer } from '../support/server.js';
import { testDatabases } from '../support/databases.js';
import { insertOrderRows, type OrderRow } from '../factories/order-rows.js';

const NOW = new Date('2026-03-10T12:00:00.000Z');
const ago = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000);
const TOPUP = '1xbet_topup_bdt';
const row = (hoursAgo: number, moves: [string, number][], status = 'complete'): OrderRow => ({
  product: TOPUP,
  method: 'bkash',
  status,
  amount: '500.00',
  pmAmount: '500.00',
  createdAt: ago(hoursAgo),
  moves,
});

// Payment to completion: 300 s, 600 s, 120 s, and a reopened order whose only move to pending is the reopening: 600 s.
const FIRST: OrderRow[] = [
  row(1, [
    ['pending', 100],
    ['complete', 400],
  ]),
  row(2, [
    ['pending', 60],
    ['complete', 660],
  ]),
  row(3, [
    ['pending', 30],
    ['complete', 150],
  ]),
  row(4, [
    ['timedout', 900],
    ['pending', 1800],
    ['complete', 2400],
  ]),
  // Not measured: still pending; completed without a payment on the timeline; older than 30 days.
  row(5, [['pending', 60]], 'pending'),
  row(6, [['complete', 1200]]),
  row(31 * 24, [
    ['pending', 0],
    ['complete', 60_000],
  ]),
];
// Then 1800 s, 240 s and 420 s: sorted 120 240 300 420 600 600 1800, the median by nearest rank is the 4th: 7 minutes.
const SECOND: OrderRow[] = [
  row(7, [
    ['pending', 10],
    ['complete', 1810],
  ]),
  row(8, [
    ['pending', 10],
    ['complete', 250],
  ]),
  row(9, [
    ['pending', 10],
    ['complete', 430],
  ]),
];

// Payments that needed a look: amounts that differed, held payments settled by hand, late claims.
const REVIEWED: OrderRow[] = [
  {
    ...row(10, [
      ['pending', 60],
      ['complete', 1260],
    ]),
    verification: 'amount_mismatch',
  },
  {
    ...row(
      11,
      [
        ['pending', 60],
        ['admin_cancelled', 2460],
      ],
      'admin_cancelled',
    ),
    verification: 'amount_mismatch',
  },
  {
    ...row(12, [
      ['pending', 60],
      ['complete', 900],
    ]),
    notes: [['verification_settled', 660, 'admin']],
  },
  // A late claim at 1000 s on a timed-out order, reopened by staff at 4000 s.
  {
    ...row(13, [
      ['timedout', 900],
      ['pending', 4000],
      ['complete', 4100],
    ]),
    notes: [['late_claim', 1000, 'customer']],
  },
  {
    ...row(
      14,
      [
        ['timedout', 900],
        ['admin_cancelled', 3000],
      ],
      'admin_cancelled',
    ),
    notes: [['late_claim', 1200, 'customer']],
  },
  // Not measured: a claim nobody answered yet.
  { ...row(15, [['timedout', 900]], 'timedout'), notes: [['late_claim', 1000, 'customer']] },
];

describe.each(testDatabases())('The typical wait on %s', (db) => {
  const clock = testClock();
  const server = useTestServer({ db, clock });
  beforeAll(async () => {
    clock.set(NOW);
    await insertOrderRows(server, FIRST);
  });
  afterAll(() => clock.reset());

  const read = async () => {
    const res = await server.api.get<{ ok: boolean; wait: TypicalWaitDto }>('/stats/typical-wait');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { wait: res.body.wait, cacheControl: res.headers.get('cache-control') };
  };

  it('When fewer than five orders were completed after a payment, then a guest is told no figure, and how many were measured', async () => {
    const { wait, cacheControl } = await read();
    expect(wait).toEqual({
      minutes: null,
      orders: 4,
      review_minutes: null,
      review_orders: 0,
      measured_at: NOW.getTime() / 1000,
    });
    expect(cacheControl).toBe('public, max-age=60');
  });

  it('When more orders complete, then the figure stays for a minute and is then the median from payment to completion', async () => {
    await insertOrderRows(server, SECOND);
    clock.set(NOW.getTime() + 59_000);
    expect((await read()).wait).toMatchObject({ minutes: null, orders: 4, measured_at: NOW.getTime() / 1000 });

    clock.set(NOW.getTime() + 60_000);
    expect((await read()).wait).toMatchObject({ minutes: 7, orders: 7, measured_at: NOW.getTime() / 1000 + 60 });
  });

  it("When payments needed a look, then the review figure is the median from when they needed staff to staff's first step", async () => {
    await insertOrderRows(server, REVIEWED);
    clock.set(NOW.getTime() + 120_000);
    // 1200 s, 2400 s, 600 s, 3000 s, 1800 s: sorted 600 1200 1800 2400 3000, the 3rd: 30 minutes; a claim nobody
    // answered yet is not measured.
    expect((await read()).wait).toMatchObject({ minutes: 7, review_minutes: 30, review_orders: 5 });
  });
});
