// HTTP section: the shop's hot routes on PGlite and PostgreSQL against the in-run Express baseline.
import { SERVER_CPU, startChild, type BenchChild } from '../lib/child.js';
import type { LoadResult, LoadSpec } from '../lib/load-types.js';
import type { BenchOptions } from '../lib/options.js';
import { forEachShop, type ShopDb } from '../lib/shops.js';
import { cpu, heading, ms, percent, rate, table } from '../lib/report.js';
import type { HttpFixtures } from '../lib/shop-fixtures.js';

export interface HttpRow {
  db: ShopDb;
  route: string;
  result: LoadResult;
  /** The baseline's req/s measured just before this database's block. */
  baselineRps: number;
  /** rps / baselineRps */
  ofBaseline: number;
}

export interface HttpSection {
  baseline: Record<string, LoadResult>;
  rows: HttpRow[];
  skipped: string[];
}

/** Runs one load through the load-generator process. */
export function measure(load: BenchChild, spec: LoadSpec): Promise<LoadResult> {
  return load.request<LoadResult>('load', spec, (spec.warmupSec + spec.durationSec + 120) * 1000);
}

const JSON_HEADERS = { 'content-type': 'application/json' };

function routes(
  origin: string,
  f: HttpFixtures,
): { route: string; spec: Omit<LoadSpec, 'connections' | 'durationSec' | 'warmupSec'> }[] {
  const api = `${origin}/api/v1`;
  return [
    { route: 'GET /home', spec: { title: 'GET /home', url: `${api}/home` } },
    { route: 'GET /products/all', spec: { title: 'GET /products/all', url: `${api}/products/all` } },
    {
      route: 'GET /orders/{id}',
      spec: {
        title: 'GET /orders/{id}',
        url: `${api}/orders/x`,
        paths: f.orderIds.map((id) => `/api/v1/orders/${id}`),
      },
    },
    {
      route: 'POST /orders/{productId}',
      spec: {
        title: 'POST /orders/1xbet_topup_bdt',
        url: `${api}/orders/1xbet_topup_bdt`,
        method: 'POST',
        headers: JSON_HEADERS,
        body: JSON.stringify({
          order: { pm_method: 'bkash', amount: '750.25', onex_id: '123456789', contact_email: 'bench@example.com' },
        }),
      },
    },
    {
      route: 'POST /login',
      spec: {
        title: 'POST /login',
        url: `${api}/login`,
        method: 'POST',
        headers: JSON_HEADERS,
        body: JSON.stringify({ user: { email: f.userEmail, password: f.userPassword } }),
      },
    },
  ];
}

export async function runHttpSection(opts: BenchOptions, load: BenchChild): Promise<HttpSection> {
  heading(
    `HTTP: autocannon, ${opts.connections} connections, ${opts.durationSec} s per route after ${opts.warmupSec} s warm-up`,
  );
  const shape = { connections: opts.connections, durationSec: opts.durationSec, warmupSec: opts.warmupSec };
  const result: HttpSection = { baseline: {}, rows: [], skipped: [] };
  const baseline = await startChild('baseline', 'processes/baseline-server.ts', { cpu: SERVER_CPU });
  try {
    await forEachShop(opts, result.skipped, async (db, shop) => {
      const fixtures = await shop.request<HttpFixtures>('fixtures:http');
      // The baseline right before each block: the machine's load drifts, the ratio should not.
      const base = await measure(load, {
        ...shape,
        title: 'baseline GET /hello',
        url: `${baseline.ready.url}/api/v1/hello`,
        serverPid: Number(baseline.ready.pid),
      });
      result.baseline[db] = base;
      const rows: (string | number)[][] = [
        ['route', 'req/s', 'p50', 'p99', 'of baseline', 'failed', 'server CPU', 'load CPU'],
      ];
      rows.push([
        `baseline: Express 5 + helmet + compression, hello JSON`,
        rate(base.rps),
        ms(base.p50),
        ms(base.p99),
        '100 %',
        base.non2xx + base.errors,
        cpu(base.serverCpu),
        cpu(base.generatorCpu),
      ]);
      const chosen = routes(String(shop.ready.url), fixtures).filter(
        ({ route }) => !opts.httpRoutes || opts.httpRoutes.some((part) => route.includes(part)),
      );
      for (const { route, spec } of chosen) {
        const r = await measure(load, { ...shape, ...spec, serverPid: Number(shop.ready.pid) });
        const row: HttpRow = { db, route, result: r, baselineRps: base.rps, ofBaseline: r.rps / base.rps };
        result.rows.push(row);
        rows.push([
          `shop on ${db}: ${route}`,
          rate(r.rps),
          ms(r.p50),
          ms(r.p99),
          percent(row.ofBaseline),
          r.non2xx + r.errors,
          cpu(r.serverCpu),
          cpu(r.generatorCpu),
        ]);
      }
      table(rows);
    });
  } finally {
    await baseline.stop();
  }
  return result;
}
