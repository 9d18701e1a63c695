// Workers section: 1 vs 2 workers (WEB_CONCURRENCY) of the real entry point, server/index.ts, on PostgreSQL.
// Support is detected, not assumed: the entry is started with WEB_CONCURRENCY=2 and its process tree counted.
// The comparison itself runs with BENCH_WORKERS=1 (the load generator then shares the cores with the workers).
import type { BenchChild } from '../lib/child.js';
import { descendants, startEntry } from '../lib/entry-server.js';
import type { LoadResult } from '../lib/load-types.js';
import type { BenchOptions } from '../lib/options.js';
import { createScratchDatabase } from '../lib/postgres.js';
import { heading, ms, note, rate, ratio, table } from '../lib/report.js';
import { measure } from './http.js';

export interface WorkersSection {
  supported?: boolean;
  processes?: number;
  skipped?: string;
  results?: Record<string, { oneWorker: LoadResult; twoWorkers: LoadResult; ratio: number }>;
}

const UNSUPPORTED = 'skipped: server has no WEB_CONCURRENCY support yet';

export async function runWorkersSection(opts: BenchOptions, load: BenchChild): Promise<WorkersSection> {
  heading('Workers: WEB_CONCURRENCY 1 vs 2 (server/index.ts, PostgreSQL)');
  if (process.platform !== 'linux') {
    note('skipped: worker detection reads /proc (Linux only)');
    return { skipped: 'not Linux' };
  }
  if (!opts.postgresBaseUrl) {
    const skipped = 'skipped: needs PostgreSQL (workers cannot share one embedded PGlite)';
    note(skipped);
    return { skipped };
  }
  const scratch = await createScratchDatabase(opts.postgresBaseUrl, 'shop_bench_workers');
  try {
    // Detection: with WEB_CONCURRENCY=2 a server that supports it runs more than one Node process.
    const probe = await startEntry({ databaseUrl: scratch.url, workers: 2, pin: false });
    const processes = 1 + descendants(probe.process.pid!, true).length;
    await probe.stop();
    if (processes < 2) {
      note(UNSUPPORTED);
      return { supported: false, processes, skipped: UNSUPPORTED };
    }
    if (!opts.workers) {
      const skipped = `supported (${processes} processes with WEB_CONCURRENCY=2); set BENCH_WORKERS=1 to compare 1 vs 2 workers`;
      note(skipped);
      return { supported: true, processes, skipped };
    }
    const results: NonNullable<WorkersSection['results']> = {};
    const shape = { connections: opts.connections, durationSec: opts.durationSec, warmupSec: opts.warmupSec };
    const measured: Record<number, Record<string, LoadResult>> = {};
    for (const workers of [1, 2]) {
      // One worker pinned like the HTTP section; two get both cores (and share one with the load generator).
      const server = await startEntry({ databaseUrl: scratch.url, workers, pin: workers === 1 });
      try {
        measured[workers] = {
          'GET /home': await measure(load, {
            ...shape,
            title: `GET /home, ${workers} worker(s)`,
            url: `${server.url}/api/v1/home`,
          }),
          'GET /products/all': await measure(load, {
            ...shape,
            title: `GET /products/all, ${workers} worker(s)`,
            url: `${server.url}/api/v1/products/all`,
          }),
        };
      } finally {
        await server.stop();
      }
    }
    const rows: (string | number)[][] = [['route', '1 worker req/s', 'p99', '2 workers req/s', 'p99', '2 / 1']];
    for (const route of Object.keys(measured[1])) {
      const one = measured[1][route];
      const two = measured[2][route];
      results[route] = { oneWorker: one, twoWorkers: two, ratio: two.rps / one.rps };
      rows.push([route, rate(one.rps), ms(one.p99), rate(two.rps), ms(two.p99), ratio(two.rps / one.rps)]);
    }
    table(rows);
    note('2 workers share the 2 cores with the load generator: on a 2-core machine the gain is bounded');
    return { supported: true, processes, results };
  } finally {
    await scratch.drop();
  }
}
