// The typical wait customers' pages quote (decision 113): GET /stats/typical-wait measures the
// median from payment (the move to pending, the last one before completion) to completion over the latest completed
// orders of the last 30 days, says nothing below five orders, and keeps its figure for a minute of the shop's clock.
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
    expect(wait).toEqual({ minutes: null, orders: 4, measured_at: NOW.getTime() / 1000 });
    expect(cacheControl).toBe('public, max-age=60');
  });

  it('When more orders complete, then the figure stays for a minute and is then the median from payment to completion', async () => {
    await insertOrderRows(server, SECOND);
    clock.set(NOW.getTime() + 59_000);
    expect((await read()).wait).toEqual({ minutes: null, orders: 4, measured_at: NOW.getTime() / 1000 });

    clock.set(NOW.getTime() + 60_000);
    expect((await read()).wait).toEqual({ minutes: 7, orders: 7, measured_at: NOW.getTime() / 1000 + 60 });
  });
});
