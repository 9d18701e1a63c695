// Soak section (decision 060; only with BENCH_ONLY=soak): the real entry (server/index.ts) with WEB_CONCURRENCY=2 on
// a fresh PostgreSQL database (and Redis when the bench has one) under mixed traffic for BENCH_SOAK_DURATION
// (10 minutes): customers ordering, paying and watching, phones forwarding, admins completing, 1,000 open sockets.
// Every sample: the clients' HTTP and push latencies and failures, each server process's resident memory and
// event-loop delay, the shop's Redis and PostgreSQL connections. A table while it runs, a summary against the
// issue's goals, the samples in the run's JSON and a plot next to it (SVG).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import { BENCH_DIR, LOAD_CPU, ROOT_DIR, startChild, type BenchChild } from '../lib/child.js';
import { descendants, startEntry, type EntryServer } from '../lib/entry-server.js';
import type { BenchOptions } from '../lib/options.js';
import { createScratchDatabase, type ScratchDatabase } from '../lib/postgres.js';
import { heading, ms, note, percent, RESULTS_DIR, table } from '../lib/report.js';
import type { SoakBucket, SoakFinish, SoakSetup } from '../lib/soak-types.js';
import { BENCH_ADMIN } from '../lib/shop-fixtures.js';
import { lineChartsSvg } from '../lib/svg-plot.js';

export interface ServerProcessSample {
  pid: number;
  role: string;
  rssMiB: number;
  /** Event-loop delay of the process over about the last sample interval (ms beyond the 10 ms sampling timer). */
  loopDelayP99?: number;
  loopDelayMax?: number;
}

export interface SoakSample {
  atSec: number;
  clients: SoakBucket;
  processes: ServerProcessSample[];
  rssMiB: number;
  loopDelayP99: number;
  /** TCP connections the shop's processes hold to Redis and PostgreSQL (from /proc). */
  shopRedisConnections?: number;
  shopPostgresConnections: number;
  /** `INFO clients` connected_clients: every client of the (shared) Redis server, not only the shop's. */
  redisConnectedClients?: number;
  /** pg_stat_activity rows of the soak's database, by state. */
  pgActivity: Record<string, number>;
  pgActivityTotal: number;
}

export interface SoakSummary {
  durationSec: number;
  requests: number;
  failedRequests: number;
  socketFailures: number;
  flowsStarted: number;
  flowsDone: number;
  /** The sample the growth is measured from (at 60 s, or a third of a shorter run). */
  referenceAtSec: number;
  rssAtReferenceMiB: number;
  rssAtEndMiB: number;
  rssGrowth: number;
  loopDelayP99Max: number;
  loopDelayP99Median: number;
  http: { p50Median: number; p99Max: number };
  smsToCustomerP99Max: number;
  redisConnections?: { atReference: number; atEnd: number; max: number };
  postgresConnections: { atReference: number; atEnd: number; max: number };
  goals: Record<string, { value: number | string; goal: string; met: boolean }>;
}

export interface SoakSection {
  skipped?: string;
  /** Why the soak stopped early (its samples so far are kept). */
  error?: string;
  /** `loopDelayP99`: the worst process's during the setup, before the traffic (not a sample). */
  setup?: SoakSetup & {
    workers: number;
    redis: boolean;
    rate: number;
    sockets: number;
    sampleSec: number;
    loopDelayP99: number;
  };
  samples?: SoakSample[];
  /** The last interval: no new customers, those under way finish (at most 40 s). */
  drain?: SoakBucket;
  /** Customers still under way when the drain ended (they count as failed). */
  unfinishedFlows?: number;
  /** The whole run's requests by kind. */
  byKind?: SoakFinish['byKind'];
  summary?: SoakSummary;
  plot?: string;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function rssMiBOf(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** Socket inodes a process holds open. */
function socketInodes(pid: number): Set<string> {
  const inodes = new Set<string>();
  try {
    for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
      try {
        const target = fs.readlinkSync(`/proc/${pid}/fd/${fd}`);
        const m = /^socket:\[(\d+)\]$/.exec(target);
        if (m) inodes.add(m[1]);
      } catch {
        // closed while we looked
      }
    }
  } catch {
    // the process ended
  }
  return inodes;
}

/** Established TCP connections of these processes to a remote port (from /proc/net/tcp and tcp6). */
function connectionsTo(pids: number[], port: number): number {
  const inodes = new Set(pids.flatMap((pid) => [...socketInodes(pid)]));
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  let count = 0;
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      // sl local rem st … inode (10th field); st 01 = ESTABLISHED
      if (f.length > 9 && f[2].endsWith(`:${hexPort}`) && f[3] === '01' && inodes.has(f[9])) count += 1;
    }
  }
  return count;
}

interface LoopDelayFile {
  pid: number;
  role: string;
  at: number;
  p99: number;
  max: number;
}

/** The figures each process wrote last, by pid: `<pid>.json` per interval, `<pid>.setup` for the setup. */
function readLoopDelays(dir: string, suffix: '.json' | '.setup' = '.json'): Map<number, LoopDelayFile> {
  const out = new Map<number, LoopDelayFile>();
  for (const name of fs.readdirSync(dir)) {
    if (!name.endsWith(suffix)) continue;
    try {
      const f = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as LoopDelayFile;
      out.set(f.pid, f);
    } catch {
      // being replaced
    }
  }
  return out;
}

/** The setup's event-loop delay p99, worst process: written by each process on SIGUSR2 (at most 2 s to come). */
async function readSetupLoopDelays(dir: string, processes: number): Promise<number> {
  const deadline = Date.now() + 2_000;
  for (;;) {
    const files = readLoopDelays(dir, '.setup');
    if (files.size >= processes || Date.now() > deadline)
      return files.size ? Math.max(...[...files.values()].map((f) => f.p99)) : NaN;
    await sleep(50);
  }
}

const portOf = (url: string, fallback: number) => Number(new URL(url).port) || fallback;
const mib = (v: number) => `${v.toFixed(0)} MiB`;
const median = (values: number[]) => {
  const s = values.filter(Number.isFinite).sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN;
};

export async function runSoakSection(opts: BenchOptions, runName: string): Promise<SoakSection> {
  const minutes = opts.soakDurationSec / 60;
  heading(
    `Soak (PostgreSQL, WEB_CONCURRENCY=2${opts.redisUrl ? ', Redis' : ', no Redis'}): ${minutes >= 1 ? `${minutes.toFixed(minutes % 1 ? 1 : 0)} min` : `${opts.soakDurationSec} s`} of mixed traffic, ` +
      `${opts.soakRate} new customers/s, ${opts.sockets} open sockets, a sample every ${opts.soakSampleSec} s`,
  );
  if (process.platform !== 'linux') {
    note('skipped: reads memory and connections from /proc (Linux only)');
    return { skipped: 'not Linux' };
  }
  if (!opts.postgresBaseUrl) {
    const skipped = 'skipped: needs PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL)';
    note(skipped);
    return { skipped };
  }
  if (!opts.redisUrl)
    note(
      'no BENCH_REDIS_URL or TEST_REDIS_URL: the workers share pushes and rate limits through the primary, and Redis is not measured',
    );

  const result: SoakSection = {};
  const loopDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-loop-'));
  let scratch: ScratchDatabase | undefined;
  let server: EntryServer | undefined;
  let clients: BenchChild | undefined;
  let redis: Redis | undefined;
  const pgClient = new pg.Client({ connectionString: opts.postgresBaseUrl });
  pgClient.on('error', () => undefined);
  try {
    scratch = await createScratchDatabase(opts.postgresBaseUrl, 'shop_bench_soak');
    server = await startEntry({
      databaseUrl: scratch.url,
      workers: 2,
      pin: false,
      preload: [pathToFileURL(path.join(BENCH_DIR, 'lib', 'loop-delay-probe.ts')).href],
      env: {
        TRUST_PROXY: '1',
        BENCH_LOOP_DELAY_DIR: loopDir,
        BENCH_LOOP_DELAY_MS: String(opts.soakSampleSec * 1000),
        ...(opts.redisUrl
          ? { REDIS_URL: opts.redisUrl, REDIS_CHANNEL_PREFIX: `bench-soak-${crypto.randomBytes(4).toString('hex')}` }
          : {}),
      },
    });
    const primary = server.process.pid!;
    const processes = () => [primary, ...descendants(primary, true)];
    const workers = processes().length - 1;
    if (workers < 2)
      throw new Error(`server/index.ts runs ${workers + 1} process(es) with WEB_CONCURRENCY=2: no cluster support`);
    await pgClient.connect();
    if (opts.redisUrl) {
      redis = new Redis(opts.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
      redis.on('error', () => undefined);
      await redis.connect();
    }
    clients = await startChild('soak clients', 'processes/soak-clients.ts', { cpu: LOAD_CPU });
    const setup = await clients.request<SoakSetup>(
      'start',
      {
        url: server.url,
        adminEmail: BENCH_ADMIN.email,
        adminPassword: BENCH_ADMIN.password,
        sockets: opts.sockets,
        rate: opts.soakRate,
        visitorRate: opts.soakRate * 1.5,
      },
      300_000,
    );
    // The traffic started as 'start' answered: each process ends its loop-delay interval here, so the samples hold
    // the traffic only, and what the setup cost (passwords hashed, sockets opened) is printed apart.
    for (const pid of processes()) {
      try {
        process.kill(pid, 'SIGUSR2');
      } catch {
        // gone: its sample says so
      }
    }
    const setupLoop = await readSetupLoopDelays(loopDir, processes().length);
    result.setup = {
      ...setup,
      workers,
      redis: Boolean(opts.redisUrl),
      rate: opts.soakRate,
      sockets: opts.sockets,
      sampleSec: opts.soakSampleSec,
      loopDelayP99: setupLoop,
    };
    note(
      `setup ${(setup.setupMs / 1000).toFixed(1)} s: ${workers} workers, ${setup.admins} admin desks, phones ${JSON.stringify(setup.phones)}, ` +
        `${setup.registeredCustomers} registered customers; event-loop delay p99 during it ${ms(setupLoop)}; ${setup.anchoredAtCreation ? 'phones anchored with device.balance' : "device.balance not taken (no ledger yet): each phone's first credit anchors it"}`,
    );

    const redisPort = opts.redisUrl ? portOf(opts.redisUrl, 6379) : 0;
    const pgPort = portOf(opts.postgresBaseUrl, 5432);
    const databaseName = scratch.name;
    const samples: SoakSample[] = [];
    result.samples = samples;
    const header = [
      't',
      'req/s',
      'failed',
      'HTTP p50',
      'p99',
      'SMS→cust p99',
      'flows',
      'sockets',
      'RSS',
      'loop p99',
      'Redis (shop/all)',
      'PG conns',
    ];
    const widths = [5, 6, 6, 9, 8, 12, 5, 7, 8, 8, 16, 8];
    const line = (cells: (string | number)[]) =>
      console.log(`   ${cells.map((c, i) => String(c).padStart(widths[i])).join('  ')}`);
    line(header);
    const started = Date.now();
    for (let k = 1; k * opts.soakSampleSec <= opts.soakDurationSec; k += 1) {
      await sleep(Math.max(0, started + k * opts.soakSampleSec * 1000 - Date.now()));
      const bucket = await clients.request<SoakBucket>('sample');
      const pids = processes();
      const delays = readLoopDelays(loopDir);
      const procs: ServerProcessSample[] = pids.map((pid) => {
        const d = delays.get(pid);
        return {
          pid,
          role: d?.role ?? (pid === primary ? 'primary' : 'worker'),
          rssMiB: rssMiBOf(pid),
          loopDelayP99: d?.p99,
          loopDelayMax: d?.max,
        };
      });
      const { rows } = await pgClient.query<{ state: string | null; n: string }>(
        `SELECT state, count(*) AS n FROM pg_stat_activity WHERE datname = $1 GROUP BY state`,
        [databaseName],
      );
      const pgActivity = Object.fromEntries(rows.map((r) => [r.state ?? 'none', Number(r.n)]));
      const info = redis ? await redis.info('clients').catch(() => '') : '';
      const connected = /connected_clients:(\d+)/.exec(info)?.[1];
      const sample: SoakSample = {
        atSec: Math.round(bucket.atMs / 1000),
        clients: bucket,
        processes: procs,
        rssMiB: procs.reduce((a, p) => a + (Number.isFinite(p.rssMiB) ? p.rssMiB : 0), 0),
        loopDelayP99: Math.max(0, ...procs.map((p) => p.loopDelayP99 ?? 0)),
        ...(redis
          ? {
              shopRedisConnections: connectionsTo(pids, redisPort),
              ...(connected ? { redisConnectedClients: Number(connected) } : {}),
            }
          : {}),
        shopPostgresConnections: connectionsTo(pids, pgPort),
        pgActivity,
        pgActivityTotal: Object.values(pgActivity).reduce((a, b) => a + b, 0),
      };
      samples.push(sample);
      line([
        `${sample.atSec}s`,
        (bucket.requests / bucket.seconds).toFixed(1),
        bucket.failed + bucket.socketFailures,
        ms(bucket.http.p50),
        ms(bucket.http.p99),
        ms(bucket.smsToCustomer.p99),
        bucket.flowsActive,
        bucket.socketsOpen,
        mib(sample.rssMiB),
        ms(sample.loopDelayP99),
        redis ? `${sample.shopRedisConnections}/${sample.redisConnectedClients ?? '?'}` : '-',
        `${sample.pgActivityTotal}`,
      ]);
      for (const f of bucket.failures.slice(0, 3)) note(`  ! ${f}`);
    }
    const end = await clients.request<SoakFinish>('finish', { graceMs: 40_000 }, 120_000);
    result.drain = end.drain;
    result.unfinishedFlows = end.unfinishedFlows;
    result.byKind = end.byKind;
    result.summary = summarise(opts, samples, end);
    printSummary(result.summary, end);
  } catch (error) {
    // The samples taken so far are kept (and plotted): a soak that breaks after eight minutes still tells something.
    result.error = error instanceof Error ? (error.stack ?? error.message) : String(error);
    note(`soak FAILED: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  } finally {
    await clients?.stop();
    await server?.stop();
    redis?.disconnect();
    await pgClient.end().catch(() => undefined);
    await scratch?.drop().catch(() => undefined);
    fs.rmSync(loopDir, { recursive: true, force: true });
  }
  if (result.samples?.length) {
    result.plot = writePlot(runName, opts, result);
    note(`plot: ${result.plot}`);
  }
  return result;
}

function summarise(opts: BenchOptions, samples: SoakSample[], finish: SoakFinish): SoakSummary {
  const drain = finish.drain;
  if (samples.length === 0)
    throw new Error('the soak took no sample: BENCH_SOAK_DURATION is shorter than BENCH_SOAK_SAMPLE');
  // Growth is measured from the first minute on (a third of a shorter run): start-up, JIT and pools settle first.
  const referenceAt = Math.min(60, opts.soakDurationSec / 3);
  const reference = samples.find((s) => s.atSec >= referenceAt) ?? samples[0];
  const after = samples.slice(samples.indexOf(reference));
  const end = samples[samples.length - 1];
  const all = [...samples.map((s) => s.clients), drain];
  const requests = all.reduce((a, b) => a + b.requests, 0);
  const failedRequests = all.reduce((a, b) => a + b.failed, 0);
  const socketFailures = all.reduce((a, b) => a + b.socketFailures, 0) + finish.unfinishedFlows;
  const rssGrowth = (end.rssMiB - reference.rssMiB) / reference.rssMiB;
  const loopDelayP99Max = Math.max(...samples.map((s) => s.loopDelayP99));
  const range = (values: number[]) => ({
    atReference: values[0],
    atEnd: values[values.length - 1],
    max: Math.max(...values),
  });
  const redisConnections =
    reference.shopRedisConnections === undefined ? undefined : range(after.map((s) => s.shopRedisConnections ?? 0));
  const postgresConnections = range(after.map((s) => s.pgActivityTotal));
  const goals: SoakSummary['goals'] = {
    'failed requests': {
      value: failedRequests + socketFailures,
      goal: '0',
      met: failedRequests + socketFailures === 0,
    },
    [`resident memory growth after ${referenceAt.toFixed(0)} s`]: {
      value: percent(rssGrowth),
      goal: '≤ 10 %',
      met: rssGrowth <= 0.1,
    },
    'event-loop delay p99 (worst sample, any process)': {
      value: ms(loopDelayP99Max),
      goal: '≤ 50 ms',
      met: loopDelayP99Max <= 50,
    },
    'PostgreSQL connections (reference → end, max)': {
      value: `${postgresConnections.atReference} → ${postgresConnections.atEnd} (max ${postgresConnections.max})`,
      goal: 'not growing',
      met:
        postgresConnections.atEnd <=
        Math.max(...after.slice(0, Math.max(1, Math.ceil(after.length / 4))).map((s) => s.pgActivityTotal)),
    },
  };
  if (redisConnections) {
    goals['Redis connections of the shop (reference → end, max)'] = {
      value: `${redisConnections.atReference} → ${redisConnections.atEnd} (max ${redisConnections.max})`,
      goal: 'not growing',
      met: redisConnections.atEnd <= redisConnections.atReference,
    };
  }
  return {
    durationSec: opts.soakDurationSec,
    requests,
    failedRequests,
    socketFailures,
    flowsStarted: all.reduce((a, b) => a + b.flowsStarted, 0),
    flowsDone: all.reduce((a, b) => a + b.flowsDone, 0),
    referenceAtSec: reference.atSec,
    rssAtReferenceMiB: reference.rssMiB,
    rssAtEndMiB: end.rssMiB,
    rssGrowth,
    loopDelayP99Max,
    loopDelayP99Median: median(samples.map((s) => s.loopDelayP99)),
    http: {
      p50Median: median(samples.map((s) => s.clients.http.p50)),
      p99Max: Math.max(...samples.map((s) => s.clients.http.p99).filter(Number.isFinite)),
    },
    smsToCustomerP99Max: Math.max(...samples.map((s) => s.clients.smsToCustomer.p99).filter(Number.isFinite)),
    ...(redisConnections ? { redisConnections } : {}),
    postgresConnections,
    goals,
  };
}

function printSummary(s: SoakSummary, end: SoakFinish): void {
  const kinds: (string | number)[][] = [['requests over the whole run', 'count', 'failed', 'p50', 'p95', 'p99', 'max']];
  for (const [kind, k] of Object.entries(end.byKind).sort(([a], [b]) => a.localeCompare(b))) {
    kinds.push([kind, k.count, k.failed, ms(k.p50), ms(k.p95), ms(k.p99), ms(k.max)]);
  }
  table(kinds);
  if (end.unfinishedFlows)
    note(`${end.unfinishedFlows} customers were still under way 40 s after the traffic stopped (counted as failed)`);
  note(
    `${s.requests} requests, ${s.flowsStarted} customers (${s.flowsDone} done), HTTP p50 ${ms(s.http.p50Median)} (median of samples), ` +
      `worst sample p99 ${ms(s.http.p99Max)}, SMS → customer worst p99 ${ms(s.smsToCustomerP99Max)}; ` +
      `RSS ${mib(s.rssAtReferenceMiB)} at ${s.referenceAtSec} s → ${mib(s.rssAtEndMiB)} at the end`,
  );
  const rows: (string | number)[][] = [['goal', 'measured', 'wanted', '']];
  for (const [name, g] of Object.entries(s.goals)) rows.push([name, g.value, g.goal, g.met ? 'met' : 'NOT MET']);
  table(rows);
}

function writePlot(runName: string, opts: BenchOptions, section: SoakSection): string {
  const samples = section.samples ?? [];
  const at = (f: (s: SoakSample) => number | undefined): [number, number][] =>
    samples.map((s) => [s.atSec, f(s) ?? NaN]);
  const roles = [...new Set(samples.flatMap((s) => s.processes.map((p) => p.role)))].sort();
  const byRole = (role: string, f: (p: ServerProcessSample) => number | undefined) =>
    at((s) => {
      const p = s.processes.find((q) => q.role === role);
      return p ? f(p) : undefined;
    });
  const svg = lineChartsSvg({
    title: `Soak: ${opts.soakRate} customers/s, ${opts.sockets} sockets, WEB_CONCURRENCY=2, PostgreSQL${opts.redisUrl ? ' + Redis' : ''}`,
    subtitle: `bench run ${runName}; one point per ${opts.soakSampleSec} s sample`,
    xLabel: 'seconds since the traffic started',
    panels: [
      {
        title: 'Latency seen by the clients',
        unit: 'ms',
        series: [
          { name: 'HTTP p50', points: at((s) => s.clients.http.p50) },
          { name: 'HTTP p99', points: at((s) => s.clients.http.p99) },
          { name: 'SMS → customer p99', points: at((s) => s.clients.smsToCustomer.p99) },
          { name: 'complete → customer p99', points: at((s) => s.clients.completeToCustomer.p99) },
        ],
      },
      {
        title: 'Resident memory',
        unit: 'MiB',
        series: [
          { name: 'all processes', points: at((s) => s.rssMiB) },
          ...roles.map((role) => ({ name: role, points: byRole(role, (p) => p.rssMiB) })),
        ],
      },
      {
        title: 'Event-loop delay p99 per process',
        unit: 'ms',
        goal: { value: 50, label: 'goal 50 ms' },
        series: roles.map((role) => ({ name: role, points: byRole(role, (p) => p.loopDelayP99) })),
      },
      {
        title: 'Connections of the shop',
        unit: 'count',
        series: [
          { name: 'PostgreSQL', points: at((s) => s.pgActivityTotal) },
          ...(opts.redisUrl ? [{ name: "Redis (the shop's)", points: at((s) => s.shopRedisConnections) }] : []),
          { name: 'failed requests', points: at((s) => s.clients.failed + s.clients.socketFailures) },
        ],
      },
    ],
  });
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${runName}-soak.svg`);
  fs.writeFileSync(file, svg);
  return path.relative(ROOT_DIR, file);
}
