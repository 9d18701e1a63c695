// Workers section: 1 vs 2 workers (WEB_CONCURRENCY) of the real entry point, server/index.ts, on PostgreSQL.
// Support is detected, not assumed: the entry is started with WEB_CONCURRENCY=2 and its process tree counted.
// The comparison itself runs with BENCH_WORKERS=1 (the load generator then shares the cores with the workers).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { canPin, ROOT_DIR, SERVER_CPU, type BenchChild } from '../lib/child.js';
import type { LoadResult } from '../lib/load-types.js';
import type { BenchOptions } from '../lib/options.js';
import { createScratchDatabase } from '../lib/postgres.js';
import { heading, ms, note, rate, ratio, table } from '../lib/report.js';
import { BENCH_ADMIN, BENCH_JWT_SECRET } from '../lib/shop-fixtures.js';
import { measure } from './http.js';

export interface WorkersSection {
  supported?: boolean;
  processes?: number;
  skipped?: string;
  results?: Record<string, { oneWorker: LoadResult; twoWorkers: LoadResult; ratio: number }>;
}

const UNSUPPORTED = 'skipped: server has no WEB_CONCURRENCY support yet';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/** Descendant process ids of `pid`, read from /proc (Linux); `onlyNode` keeps Node processes (not tsx's esbuild). */
function descendants(pid: number, onlyNode = false): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces) start after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parentOf.set(Number(entry), ppid);
    } catch {
      // the process ended while we looked
    }
  }
  const found: number[] = [];
  const frontier = [pid];
  while (frontier.length) {
    const parent = frontier.pop()!;
    for (const [child, ppid] of parentOf) {
      if (ppid === parent) {
        found.push(child);
        frontier.push(child);
      }
    }
  }
  if (!onlyNode) return found;
  return found.filter((p) => {
    try {
      return fs.readFileSync(`/proc/${p}/comm`, 'utf8').trim() === 'node';
    } catch {
      return false;
    }
  });
}

interface EntryServer {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Starts `node --import tsx server/index.ts` with the given worker count; resolves when /health answers. */
async function startEntry(databaseUrl: string, workers: number, pin: boolean): Promise<EntryServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-workers-'));
  const nodeArgs = ['--import', 'tsx', 'server/index.ts'];
  const pinned = pin && canPin();
  const child = spawn(pinned ? 'taskset' : process.execPath, pinned ? ['-c', String(SERVER_CPU), process.execPath, ...nodeArgs] : nodeArgs, {
    cwd: ROOT_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      CAPTCHA: 'off',
      JWT_SECRET: BENCH_JWT_SECRET,
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      LOG_LEVEL: 'error',
      WEB_CONCURRENCY: String(workers),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exitCode: number | null = null;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code) => {
      exitCode = code ?? -1;
      resolve();
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (exitCode !== null) throw new Error(`server/index.ts exited with code ${exitCode} (WEB_CONCURRENCY=${workers})`);
    try {
      const res = await fetch(`${url}/api/v1/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('server/index.ts did not answer /api/v1/health within 90 s');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    process: child,
    async stop() {
      if (exitCode === null) {
        child.kill('SIGTERM');
        const killer = setTimeout(() => {
          for (const pid of descendants(child.pid!)) process.kill(pid, 'SIGKILL');
          child.kill('SIGKILL');
        }, 15_000);
        await exited;
        clearTimeout(killer);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

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
    const probe = await startEntry(scratch.url, 2, false);
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
      const server = await startEntry(scratch.url, workers, workers === 1);
      try {
        measured[workers] = {
          'GET /home': await measure(load, { ...shape, title: `GET /home, ${workers} worker(s)`, url: `${server.url}/api/v1/home` }),
          'GET /products/all': await measure(load, { ...shape, title: `GET /products/all, ${workers} worker(s)`, url: `${server.url}/api/v1/products/all` }),
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
