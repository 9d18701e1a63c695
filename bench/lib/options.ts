// The bench's knobs, all from the environment (documented in bench/results/README.md).
export type Section = 'http' | 'realtime' | 'growth' | 'workers';
const ALL_SECTIONS: Section[] = ['http', 'realtime', 'growth', 'workers'];

export interface BenchOptions {
  quick: boolean;
  sections: Section[];
  /** Seconds measured per HTTP scenario, after a discarded warm-up. */
  durationSec: number;
  warmupSec: number;
  connections: number;
  /** PostgreSQL server the bench may create throw-away databases on; undefined: PostgreSQL is skipped. */
  postgresBaseUrl?: string;
  /** A database filled by `npm run seed:large`, reused between runs. */
  largeDatabaseUrl?: string;
  sockets: number;
  realtimeRounds: number;
  growthDurationSec: number;
  growthConnections: number;
  /** Compare 1 and 2 workers (WEB_CONCURRENCY) when the server supports it. */
  workers: boolean;
}

function positive(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name}=${raw} must be a positive number`);
  return value;
}

export function readOptions(): BenchOptions {
  const quick = process.env.BENCH_QUICK === '1';
  const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim()).filter(Boolean);
  for (const s of only ?? []) {
    if (!ALL_SECTIONS.includes(s as Section)) throw new Error(`BENCH_ONLY: unknown section ${s} (${ALL_SECTIONS.join(', ')})`);
  }
  return {
    quick,
    sections: only?.length ? (only as Section[]) : ALL_SECTIONS,
    durationSec: positive('BENCH_DURATION', quick ? 3 : 10),
    warmupSec: quick ? 1 : 2,
    connections: positive('BENCH_CONNECTIONS', 50),
    postgresBaseUrl: process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined,
    largeDatabaseUrl: process.env.BENCH_LARGE_DATABASE_URL || undefined,
    sockets: positive('BENCH_SOCKETS', 1000),
    realtimeRounds: positive('BENCH_ROUNDS', quick ? 3 : 15),
    growthDurationSec: quick ? 3 : 8,
    growthConnections: 1,
    workers: process.env.BENCH_WORKERS === '1',
  };
}
