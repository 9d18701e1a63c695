// Books section (decision 290): the day's books of a Dhaka day with 100,000 completed orders (a wallet phone's SMS
// behind each, its balances chaining), beside the admin's order list on the same database, on PostgreSQL. The goal:
// GET /books of that day costs no more than the order list's page 1 at that size (books / list ≤ ×1.5 at p50). The
// day's first read recomputes it (timed on its own); the load reads what the day keeps (decision 310).
import pg from 'pg';
import { dhakaDate, dhakaDayStart } from '#shared/dhaka';
import { SERVER_CPU, startChild, type BenchChild } from '../lib/child.js';
import type { LoadResult } from '../lib/load-types.js';
import type { BenchOptions } from '../lib/options.js';
import { createScratchDatabase } from '../lib/postgres.js';
import { heading, ms, note, ratio, table } from '../lib/report.js';
import { SMALL_SEED, seedShopDatabase } from '../seed/seed-data.js';
import { measure } from './http.js';

export const BOOKS_DAY_ORDERS = 100_000;

export interface BooksSection {
  date?: string;
  orders?: number;
  results?: Record<string, LoadResult>;
  /** The day's first read after it was written: the whole recomputation, which the day then keeps (decision 310). */
  firstReadMs?: number;
  ratio?: { p50: number; p99: number };
  /** Today (as many orders, from the day's start to now): read live, never kept, each read recomputes it. */
  today?: string;
  todayFirstReadMs?: number;
  todayRatio?: { p50: number; p99: number };
  skipped?: string;
}

/**
 * One Dhaka day of `count` completed orders, 0.8 s apart: three top-ups to a withdrawal, each top-up verified by its
 * credit SMS and each withdrawal proven by its Send Money debit, all on one wallet phone whose balances chain, and
 * each delivered by its operation at the desk.
 */
export async function seedBooksDay(
  url: string,
  dayStart: Date,
  count: number,
  opts: { prefix?: string; stepMs?: number } = {},
): Promise<void> {
  // Another prefix seeds a second day beside the first (its own phone, orders and TrxIDs); a shorter step keeps
  // today's orders before the present.
  const id = opts.prefix ?? 'bench-books';
  const trx = id.replace(/[^a-z]/gi, '').toUpperCase();
  const step = `${opts.stepMs ?? 800} milliseconds`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO devices (id, name, account, token_hash, created_at, anchor_balance, anchor_at)
      VALUES ('${id}-phone', 'Bench bKash', 'bkash', md5('${id}-phone'), $1::timestamptz AT TIME ZONE 'UTC' - interval '3 days', 10000000,
              $1::timestamptz AT TIME ZONE 'UTC' - interval '3 days')`,
      [dayStart.toISOString()],
    );
    await client.query(
      `CREATE TEMP TABLE bench_day AS
      SELECT n, ($1::timestamptz AT TIME ZONE 'UTC') + n * interval '${step}' AS at, (100 + n % 5000)::numeric(14,2) AS amount, n % 4 = 0 AS withdraw
      FROM generate_series(1, $2::int) n`,
      [dayStart.toISOString(), count],
    );
    await client.query(`INSERT INTO orders (id, product_id, status, created_at, updated_at, last_time, pm_method, pm_wallet, pm_coin, amount, rate, pm_amount,
        pm_id, contact_email, wallet, verification)
      SELECT '${id}-' || n, CASE WHEN withdraw THEN '1xbet_withdraw_bdt' ELSE '1xbet_topup_bdt' END, 'complete', at, at, at + interval '30 minutes',
        'bkash', '01700000000', 'BDT', amount, 1, amount, CASE WHEN NOT withdraw THEN '${trx}' || n END, 'bench@example.com',
        CASE WHEN withdraw THEN '01755555555' END, CASE WHEN withdraw THEN 'none' ELSE 'verified' END
      FROM bench_day`);
    await client.query(`INSERT INTO order_events (order_id, from_status, to_status, actor, kind, created_at)
      SELECT '${id}-' || n, 'pending', 'complete', 'admin', 'status', at + interval '1 minute' FROM bench_day`);
    await client.query(`INSERT INTO sms_messages (device_id, account, "from", text, dedupe_hash, amount, trx_id, received_at, created_at, status, parse_kind,
        order_id, ledger_direction, ledger_amount, ledger_fee, balance, ledger_state, debit_type)
      SELECT '${id}-phone', 'bkash', 'bKash', '${id} ' || n, md5('${id} ' || n), amount, '${trx}' || n, at, at,
        CASE WHEN withdraw THEN 'ignored' ELSE 'matched' END, CASE WHEN withdraw THEN 'debit' ELSE 'payment' END,
        CASE WHEN withdraw THEN NULL ELSE '${id}-' || n END, CASE WHEN withdraw THEN 'debit' ELSE 'credit' END, amount, 0,
        10000000 + sum(CASE WHEN withdraw THEN -amount ELSE amount END) OVER (ORDER BY n), 'chained', CASE WHEN withdraw THEN 'send_money' END
      FROM bench_day`);
    await client.query(`UPDATE orders o SET verification_sms_id = s.id FROM sms_messages s
      WHERE s.device_id = '${id}-phone' AND s.order_id = o.id`);
    await client.query(`UPDATE orders o SET payout_sms_id = s.id FROM bench_day b JOIN sms_messages s ON s.device_id = '${id}-phone' AND s.trx_id = '${trx}' || b.n
      WHERE b.withdraw AND o.id = '${id}-' || b.n`);
    // The desk's deposit or payout behind each order, its Limit chaining: a day without a fault.
    await client.query(`INSERT INTO cashdesk_operations (currency, kind, order_id, amount, limit_before, limit_after, status, at)
      SELECT 'BDT', CASE WHEN withdraw THEN 'payout' ELSE 'deposit' END, '${id}-' || n, amount, after + CASE WHEN withdraw THEN -amount ELSE amount END, after, 'done', at
      FROM (SELECT *, 100000000 + sum(CASE WHEN withdraw THEN amount ELSE -amount END) OVER (ORDER BY n) AS after FROM bench_day) d`);
    await client.query('ANALYZE');
  } finally {
    await client.end();
  }
}

export async function runBooksSection(opts: BenchOptions, load: BenchChild): Promise<BooksSection> {
  heading(
    `Books (PostgreSQL): GET /books of a day with ${BOOKS_DAY_ORDERS.toLocaleString('en')} completed orders beside the admin's order list, ${opts.growthConnections} connection(s), ${opts.growthDurationSec} s each`,
  );
  if (!opts.postgresBaseUrl) {
    const skipped = 'skipped: needs PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL)';
    note(skipped);
    return { skipped };
  }
  const scratch = await createScratchDatabase(opts.postgresBaseUrl, 'shop_bench_books');
  let shop: BenchChild | undefined;
  try {
    await seedShopDatabase(scratch.url, SMALL_SEED, () => undefined);
    // Yesterday in Dhaka: a whole day, closed by the clock.
    const dayStart = new Date(dhakaDayStart(new Date()).getTime() - 86_400_000);
    const date = dhakaDate(dayStart);
    await seedBooksDay(scratch.url, dayStart, BOOKS_DAY_ORDERS);
    // Today: as many orders between the day's start and a minute ago.
    const todayStart = dhakaDayStart(new Date());
    const today = dhakaDate(todayStart);
    const stepMs = Math.min(800, Math.max(1, (Date.now() - 60_000 - todayStart.getTime()) / BOOKS_DAY_ORDERS));
    await seedBooksDay(scratch.url, todayStart, BOOKS_DAY_ORDERS, { prefix: 'bench-today', stepMs });
    shop = await startChild('shop (postgres)', 'processes/shop-server.ts', {
      cpu: SERVER_CPU,
      env: { BENCH_SHOP_DATABASE_URL: scratch.url },
    });
    const token = await shop.request<string>('token:admin');
    const probes = [
      { name: 'admin GET /orders/all?page=1 (the order list)', path: '/orders/all?page=1' },
      { name: `staff GET /books?date=${date}`, path: `/books?date=${date}` },
      { name: `staff GET /books?date=${today} (today)`, path: `/books?date=${today}` },
    ];
    // The first read recomputes the day from its rows and keeps it; the load below reads what was kept.
    const firstRead = async (day: string) => {
      const started = performance.now();
      const res = await fetch(`${shop!.ready.url}/api/v1/books?date=${day}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const elapsed = performance.now() - started;
      if (res.status !== 200) throw new Error(`GET /books?date=${day} answered ${res.status}`);
      const failing = ((await res.json()) as { checks: { name: string; ok: boolean }[] }).checks
        .filter((c) => !c.ok)
        .map((c) => c.name);
      return { elapsed, failing };
    };
    const { elapsed: firstReadMs, failing } = await firstRead(date);
    const { elapsed: todayFirstReadMs, failing: todayFailing } = await firstRead(today);
    const results: Record<string, LoadResult> = {};
    for (const probe of probes) {
      results[probe.name] = await measure(load, {
        title: probe.name,
        url: `${shop.ready.url}/api/v1${probe.path}`,
        headers: { authorization: `Bearer ${token}` },
        connections: opts.growthConnections,
        durationSec: opts.growthDurationSec,
        warmupSec: 1,
      });
    }
    const [list, books, todays] = probes.map((p) => results[p.name]);
    const r = { p50: books.p50 / Math.max(list.p50, 0.5), p99: books.p99 / Math.max(list.p99, 0.5) };
    const rToday = { p50: todays.p50 / Math.max(list.p50, 0.5), p99: todays.p99 / Math.max(list.p99, 0.5) };
    table([
      ['route', 'p50', 'p99', 'failed'],
      ...probes.map((p) => [
        p.name,
        ms(results[p.name].p50),
        ms(results[p.name].p99),
        results[p.name].non2xx + results[p.name].errors,
      ]),
      ['books / order list', ratio(r.p50), ratio(r.p99), ''],
      ['books of today / order list', ratio(rToday.p50), ratio(rToday.p99), ''],
      ['first read of the day (recomputed, then kept)', ms(firstReadMs), '', ''],
      ['first read of today (recomputed)', ms(todayFirstReadMs), '', ''],
    ]);
    note(
      `${BOOKS_DAY_ORDERS.toLocaleString('en')} orders completed on ${date} (plus SMALL_SEED), one SMS each on one phone, one desk operation each (checks not ok: ${failing.join(', ') || 'none'}; today's: ${todayFailing.join(', ') || 'none'}), and as many on ${today} until a minute ago. Goal: books / order list ≤ ×1.5 at p50`,
    );
    return {
      date,
      orders: BOOKS_DAY_ORDERS,
      results,
      ratio: r,
      firstReadMs,
      today,
      todayFirstReadMs,
      todayRatio: rToday,
    };
  } finally {
    await shop?.stop();
    await scratch.drop();
  }
}
