// Growth section: the list routes' latency at ~1k rows (seeded fresh) and at 1M orders (BENCH_LARGE_DATABASE_URL,
// made once by `npm run seed:large`), on PostgreSQL. The goal is flat cost: large / small ≤ ×1.5. On both sides the
// admin's queue page 1 lists orders of the heavy customers (20 orders each at 1k, 20,000 each at 1M; decision 060).
import pg from 'pg';
import { SERVER_CPU, startChild, type BenchChild } from '../lib/child.js';
import type { LoadResult } from '../lib/load-types.js';
import type { BenchOptions } from '../lib/options.js';
import { createScratchDatabase, describeDatabase } from '../lib/postgres.js';
import { heading, ms, note, ratio, table } from '../lib/report.js';
import { BIG_CUSTOMER_EMAIL, LARGE_SEED, SMALL_SEED, seedShopDatabase } from '../seed/seed-data.js';
import { measure } from './http.js';

interface Probe {
  name: string;
  path: string;
  as: 'admin' | 'customer' | 'guest';
}

const PROBES: Probe[] = [
  { name: 'admin queue GET /orders/all?page=1 (heavy customers waiting)', path: '/orders/all?page=1', as: 'admin' },
  { name: 'customer (heavy) GET /orders/all?page=1', path: '/orders/all?page=1', as: 'customer' },
  { name: 'admin GET /users/all?page=1', path: '/users/all?page=1', as: 'admin' },
  { name: 'admin GET /supports/all?page=1', path: '/supports/all?page=1', as: 'admin' },
  { name: 'customer GET /supports/all?page=1', path: '/supports/all?page=1', as: 'customer' },
  { name: 'GET /home', path: '/home', as: 'guest' },
];

/** What the admin's queue page 1 lists: its orders, how many belong to heavy customers, and the largest count. */
export interface QueuePage {
  orders: number;
  ofHeavyCustomers: number;
  maxCustomerOrders: number;
}

export interface GrowthSide {
  database: string;
  rows: { users: number; orders: number; tickets: number };
  queuePage1?: QueuePage;
  results: Record<string, LoadResult>;
}

export interface GrowthSection {
  small?: GrowthSide;
  large?: GrowthSide;
  ratios?: Record<string, { p50: number; p99: number }>;
  skipped?: string;
}

async function countRows(url: string): Promise<GrowthSide['rows']> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Estimates from the planner's statistics: exact counts of 1M rows would cost seconds for a label.
    const { rows } = await client.query<{ relname: string; n: string }>(
      `SELECT relname, reltuples::bigint AS n FROM pg_class WHERE relname IN ('users', 'orders', 'tickets') AND relkind = 'r'`,
    );
    const get = (name: string) => Math.max(0, Number(rows.find((r) => r.relname === name)?.n ?? 0));
    return { users: get('users'), orders: get('orders'), tickets: get('tickets') };
  } finally {
    await client.end();
  }
}

interface Side {
  shop: BenchChild;
  url: string;
  tokens: Record<Probe['as'], string | undefined>;
  queuePage1?: QueuePage;
  results: Record<string, LoadResult>;
}

/** Reads the admin's queue page 1 once: whose orders it lists (customers of ≥ `heavy` orders count as heavy). */
async function queuePage(origin: string, adminToken: string, heavy: number): Promise<QueuePage | undefined> {
  const res = await fetch(`${origin}/api/v1/orders/all?page=1`, { headers: { authorization: `Bearer ${adminToken}` } });
  if (res.status !== 200) return undefined;
  const body = (await res.json()) as {
    orders: { user_id?: string | null }[];
    customers?: Record<string, { orders: number }>;
  };
  const counts = body.orders.map((o) => (o.user_id ? (body.customers?.[o.user_id]?.orders ?? 0) : 0));
  return {
    orders: counts.length,
    ofHeavyCustomers: counts.filter((c) => c >= heavy).length,
    maxCustomerOrders: Math.max(0, ...counts),
  };
}

async function startSide(url: string, heavy: number): Promise<Side> {
  const shop = await startChild('shop (postgres)', 'processes/shop-server.ts', {
    cpu: SERVER_CPU,
    env: { BENCH_SHOP_DATABASE_URL: url },
  });
  try {
    const tokens = {
      admin: await shop.request<string>('token:admin'),
      customer: await shop.request<string>('token:email', BIG_CUSTOMER_EMAIL),
      guest: undefined,
    };
    return { shop, url, tokens, queuePage1: await queuePage(String(shop.ready.url), tokens.admin, heavy), results: {} };
  } catch (error) {
    await shop.stop();
    throw error;
  }
}

async function probeSide(opts: BenchOptions, load: BenchChild, side: Side, probe: Probe): Promise<void> {
  const token = side.tokens[probe.as];
  side.results[probe.name] = await measure(load, {
    title: probe.name,
    url: `${side.shop.ready.url}/api/v1${probe.path}`,
    headers: token ? { authorization: `Bearer ${token}` } : undefined,
    connections: opts.growthConnections,
    durationSec: opts.growthDurationSec,
    warmupSec: 1,
  });
}

export async function runGrowthSection(opts: BenchOptions, load: BenchChild): Promise<GrowthSection> {
  heading(
    `Growth (PostgreSQL): list routes at ~1k rows vs 1M orders, ${opts.growthConnections} connection(s) (latency = cost of one request), ${opts.growthDurationSec} s each`,
  );
  if (!opts.postgresBaseUrl) {
    const skipped = 'skipped: needs PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL)';
    note(skipped);
    return { skipped };
  }
  const result: GrowthSection = {};
  if (!opts.largeDatabaseUrl)
    result.skipped = 'large side skipped: set BENCH_LARGE_DATABASE_URL to a database filled by `npm run seed:large`';
  const scratch = await createScratchDatabase(opts.postgresBaseUrl, 'shop_bench_small');
  let small: Side | undefined;
  let large: Side | undefined;
  try {
    await seedShopDatabase(scratch.url, SMALL_SEED, () => undefined);
    small = await startSide(scratch.url, SMALL_SEED.bigCustomerOrders);
    if (opts.largeDatabaseUrl) large = await startSide(opts.largeDatabaseUrl, LARGE_SEED.bigCustomerOrders);
    // Both shops run at once and each route is measured on one right after the other: the machine's load drifts
    // (other test runs), and it should drift over both sides alike.
    for (const probe of PROBES) {
      await probeSide(opts, load, small, probe);
      if (large) await probeSide(opts, load, large, probe);
    }
    result.small = {
      database: 'fresh, SMALL_SEED',
      rows: await countRows(small.url),
      queuePage1: small.queuePage1,
      results: small.results,
    };
    if (large) {
      result.large = {
        database: describeDatabase(large.url),
        rows: await countRows(large.url),
        queuePage1: large.queuePage1,
        results: large.results,
      };
    }
  } finally {
    await small?.shop.stop();
    await large?.shop.stop();
    await scratch.drop();
  }

  return printGrowth(result);
}

function printGrowth(result: GrowthSection): GrowthSection {
  const small = result.small!;
  const large = result.large;
  const n = (v: number) => v.toLocaleString('en');
  const header = ['route', `p50 @${n(small.rows.orders)} orders`, 'p99'];
  if (large) header.push(`p50 @${n(large.rows.orders)} orders`, 'p99', 'p50 ×', 'p99 ×');
  const rows: (string | number)[][] = [header];
  result.ratios = {};
  for (const probe of PROBES) {
    const s = small.results[probe.name];
    const row: (string | number)[] = [probe.name, ms(s.p50), ms(s.p99)];
    const l = large?.results[probe.name];
    if (l) {
      const r = { p50: l.p50 / Math.max(s.p50, 0.5), p99: l.p99 / Math.max(s.p99, 0.5) };
      result.ratios[probe.name] = r;
      row.push(ms(l.p50), ms(l.p99), ratio(r.p50), ratio(r.p99));
    }
    const bad = s.non2xx + s.errors + (l ? l.non2xx + l.errors : 0);
    if (bad) row[0] = `${probe.name} (${bad} failed!)`;
    rows.push(row);
  }
  table(rows);
  const page = (side: GrowthSide, label: string) => {
    const q = side.queuePage1;
    if (!q) return `${label}: the queue page could not be read`;
    const heavy = `${label}: queue page 1 lists ${q.orders} orders, ${q.ofHeavyCustomers} of heavy customers (largest customer: ${n(q.maxCustomerOrders)} orders)`;
    return q.ofHeavyCustomers === 0
      ? `${heavy}: NO heavy customer waits; re-seed with the current \`npm run seed:large\``
      : heavy;
  };
  note([page(small, 'small'), ...(large ? [page(large, 'large')] : [])].join('; '));
  note(
    large
      ? `small: ${n(small.rows.users)} users / ${n(small.rows.tickets)} tickets; large (${large.database}): ${n(large.rows.users)} users / ${n(large.rows.tickets)} tickets. Goal ≤ ×1.5`
      : result.skipped!,
  );
  return result;
}
