// The bench's knobs, all from the environment (documented in bench/results/README.md).
export type Section = 'http' | 'realtime' | 'payment' | 'delivery' | 'growth' | 'books' | 'workers' | 'soak';
/** What `npm run bench` runs without BENCH_ONLY; the soak (10 minutes) runs only when named. */
const DEFAULT_SECTIONS: Section[] = ['http', 'realtime', 'payment', 'delivery', 'growth', 'books', 'workers'];
const ALL_SECTIONS: Section[] = [...DEFAULT_SECTIONS, 'soak'];

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
  /** Payment loop: customers whose SMS is forwarded N in flight, N, and how many one at a time after them. */
  paymentCustomers: number;
  paymentInFlight: number;
  paymentSerial: number;
  /** SMS sent one at a time first and dropped (JIT, pools, the frame size for the baseline). */
  paymentWarmup: number;
  /** Delivery: top-ups forwarded and delivered at the fake cash desk (N in flight, each lane waiting for its top-up
   * to complete), and the desk's answer time per call. */
  deliveryCount: number;
  deskLatencyMs: number;
  /** Soak: seconds of mixed traffic, new customers per second, seconds per sample. */
  soakDurationSec: number;
  soakRate: number;
  soakSampleSec: number;
  /** Redis for the soak's shop (rate limits, adapter); undefined: the soak runs without Redis. */
  redisUrl?: string;
  /** HTTP section: only the routes whose name holds one of these (a profile of one route); undefined: all. */
  httpRoutes?: string[];
  /** Only these databases (a profile of one); undefined: PGlite, and PostgreSQL when there is a server. */
  databases?: ('pglite' | 'postgres')[];
}

function positive(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name}=${raw} must be a positive number`);
  return value;
}

const whole = (name: string, fallback: number) => Math.round(positive(name, fallback));

function list(name: string): string[] | undefined {
  const items = process.env[name]
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return items?.length ? items : undefined;
}

function databases(): ('pglite' | 'postgres')[] | undefined {
  const named = list('BENCH_DBS');
  for (const db of named ?? [])
    if (db !== 'pglite' && db !== 'postgres') throw new Error(`BENCH_DBS: unknown database ${db} (pglite, postgres)`);
  return named as ('pglite' | 'postgres')[] | undefined;
}

export function readOptions(): BenchOptions {
  const quick = process.env.BENCH_QUICK === '1';
  const only = process.env.BENCH_ONLY?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const s of only ?? []) {
    if (!ALL_SECTIONS.includes(s as Section))
      throw new Error(`BENCH_ONLY: unknown section ${s} (${ALL_SECTIONS.join(', ')})`);
  }
  return {
    quick,
    sections: only?.length ? (only as Section[]) : DEFAULT_SECTIONS,
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
    paymentCustomers: whole('BENCH_PAYMENT_CUSTOMERS', quick ? 50 : 200),
    paymentInFlight: whole('BENCH_PAYMENT_IN_FLIGHT', 10),
    paymentSerial: whole('BENCH_PAYMENT_SERIAL', quick ? 15 : 50),
    paymentWarmup: quick ? 5 : 10,
    deliveryCount: whole('BENCH_DELIVERY_COUNT', quick ? 30 : 80),
    deskLatencyMs: whole('BENCH_DESK_LATENCY', 150),
    soakDurationSec: positive('BENCH_SOAK_DURATION', quick ? 60 : 600),
    soakRate: positive('BENCH_SOAK_RATE', 2),
    soakSampleSec: positive('BENCH_SOAK_SAMPLE', quick ? 5 : 10),
    redisUrl: process.env.BENCH_REDIS_URL || process.env.TEST_REDIS_URL || undefined,
    httpRoutes: list('BENCH_HTTP_ROUTES'),
    databases: databases(),
  };
}
