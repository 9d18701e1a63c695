// Payment loop section (decision 060): N customers each watch their paid top-up over Socket.IO; a wallet phone
// forwards each one's "money received" SMS (POST /api/v1/sms with its device token), 10 in flight and then one at
// a time; SMS/s and the time from the POST to the customer hearing "payment received", on PGlite and PostgreSQL,
// next to a floor measured in the same run: the same HTTP POST and Socket.IO room emit with no shop behind them.
import { LOAD_CPU, SERVER_CPU, startChild, type BenchChild } from '../lib/child.js';
import type { BenchOptions } from '../lib/options.js';
import type { LoopRun, PrepareResult, RunRequest } from '../lib/payment-types.js';
import { forEachShop, type ShopDb } from '../lib/shops.js';
import { heading, ms, note, percent, rate, table } from '../lib/report.js';

type Db = ShopDb;

export interface PaymentTarget {
  name: string;
  prepare: PrepareResult;
  inFlight: LoopRun;
  oneAtATime: LoopRun;
  /** The shop's statements during the N-in-flight run, by kind (verb and first table); none for the baseline. */
  inFlightStatements?: Record<string, number>;
}

export interface PaymentBlock {
  db: Db;
  baseline: PaymentTarget;
  shop: PaymentTarget;
  /** shop SMS/s (N in flight) / baseline SMS/s */
  ofBaseline: number;
}

export interface PaymentSection {
  customers: number;
  inFlight: number;
  oneAtATime: number;
  blocks: PaymentBlock[];
  skipped: string[];
  /** The goals: SMS/s at N in flight and p99 SMS → customer. */
  goals: Record<Db, { smsPerSec: number; p99Ms: number }>;
}

const GOALS: PaymentSection['goals'] = {
  pglite: { smsPerSec: 60, p99Ms: 150 },
  postgres: { smsPerSec: 150, p99Ms: 150 },
};
const TIMEOUT_MS = 60_000;

function checkRun(target: string, r: LoopRun): void {
  if (r.undelivered > 0)
    note(
      `${target}: ${r.undelivered} of ${r.count} customers heard nothing within ${TIMEOUT_MS / 1000} s (answers: ${JSON.stringify(r.smsStatuses)})`,
    );
  if (r.failedHttp > 0)
    note(`${target}: ${r.failedHttp} of ${r.count} SMS posts failed (answers: ${JSON.stringify(r.smsStatuses)})`);
}

/** One run of `count` SMS on a target, from its customer `from` on. */
async function loopRun(clients: BenchChild, req: Omit<RunRequest, 'timeoutMs'>): Promise<LoopRun> {
  const r = await clients.request<LoopRun>(
    'run',
    { ...req, timeoutMs: TIMEOUT_MS } satisfies RunRequest,
    TIMEOUT_MS * 3 + req.count * 2_000,
  );
  checkRun(req.name, r);
  return r;
}

/** The warm-up (one at a time, dropped): JIT, pools, and the size of the frame the customer hears. */
async function warmUp(opts: BenchOptions, clients: BenchChild, name: string, frameBytes?: number): Promise<number> {
  return (
    await loopRun(clients, { name, from: 0, count: opts.paymentWarmup, inFlight: 1, waitForDelivery: true, frameBytes })
  ).frameBytes;
}

/**
 * After the warm-up: the N-in-flight run, then the one-at-a-time run. With `shop`, the shop's statements of the
 * in-flight run are counted (the shop counts every statement it sends; taken before and after the run).
 */
async function measureTarget(
  opts: BenchOptions,
  clients: BenchChild,
  name: string,
  prepare: PrepareResult,
  frameBytes?: number,
  shop?: BenchChild,
): Promise<PaymentTarget> {
  const from = opts.paymentWarmup;
  await shop?.request('statements:take');
  const inFlight = await loopRun(clients, {
    name,
    from,
    count: opts.paymentCustomers,
    inFlight: opts.paymentInFlight,
    waitForDelivery: false,
    frameBytes,
  });
  const inFlightStatements = await shop?.request<Record<string, number>>('statements:take');
  const oneAtATime = await loopRun(clients, {
    name,
    from: from + opts.paymentCustomers,
    count: opts.paymentSerial,
    inFlight: 1,
    waitForDelivery: true,
    frameBytes,
  });
  return { name, prepare, inFlight, oneAtATime, ...(inFlightStatements ? { inFlightStatements } : {}) };
}

export async function runPaymentSection(opts: BenchOptions): Promise<PaymentSection> {
  heading(
    `Payment loop: ${opts.paymentCustomers} customers watching their paid top-up; their SMS forwarded ${opts.paymentInFlight} in flight, ` +
      `then ${opts.paymentSerial} one at a time (after ${opts.paymentWarmup} dropped); POST /sms → the customer's order:updated "payment received"`,
  );
  const result: PaymentSection = {
    customers: opts.paymentCustomers,
    inFlight: opts.paymentInFlight,
    oneAtATime: opts.paymentSerial,
    blocks: [],
    skipped: [],
    goals: GOALS,
  };
  const customers = opts.paymentWarmup + opts.paymentCustomers + opts.paymentSerial;
  const baseline = await startChild('payment baseline', 'processes/payment-baseline-server.ts', { cpu: SERVER_CPU });
  try {
    const clients = await startChild('payment clients', 'processes/payment-clients.ts', { cpu: LOAD_CPU });
    try {
      await forEachShop(opts, result.skipped, (db, shop) =>
        measureBlock(opts, result, clients, baseline, db, shop, customers),
      );
    } finally {
      await clients.stop();
    }
  } finally {
    await baseline.stop();
  }
  printPayment(result, opts);
  return result;
}

/** One database: the shop's customers placed, its warm-up, then the baseline's runs, then the shop's. */
async function measureBlock(
  opts: BenchOptions,
  result: PaymentSection,
  clients: BenchChild,
  baseline: BenchChild,
  db: Db,
  shop: BenchChild,
  customers: number,
): Promise<void> {
  const adminToken = await shop.request<string>('token:admin');
  const shopName = `shop-${db}`;
  const baseName = `baseline-${db}`;
  const shopPrepared = await clients.request<PrepareResult>(
    'prepare',
    { name: shopName, kind: 'shop', url: shop.ready.url, adminToken, customers },
    600_000,
  );
  note(
    `${db}: ${customers} paid top-ups placed and watched in ${(shopPrepared.prepareMs / 1000).toFixed(1)} s + ${(shopPrepared.connectMs / 1000).toFixed(1)} s; ` +
      (shopPrepared.anchoredAtCreation
        ? 'the phone was anchored with device.balance'
        : `the shop did not take device.balance (no ledger yet): a first credit anchors the chain (stored ${shopPrepared.anchorSmsStatus ?? '?'})`),
  );
  // The shop's warm-up tells the size of its frame, which the baseline then sends; the baseline runs first
  // in each block (as in the HTTP section), so the machine's drift falls on both alike.
  const frameBytes = await warmUp(opts, clients, shopName);
  const basePrepared = await clients.request<PrepareResult>(
    'prepare',
    {
      name: baseName,
      kind: 'baseline',
      url: baseline.ready.url,
      deviceToken: String(baseline.ready.deviceToken),
      customers,
    },
    600_000,
  );
  await warmUp(opts, clients, baseName, frameBytes || undefined);
  const base = await measureTarget(opts, clients, baseName, basePrepared, frameBytes || undefined);
  await clients.request('close', baseName);
  const shopTarget = await measureTarget(opts, clients, shopName, shopPrepared, undefined, shop);
  await clients.request('close', shopName);
  result.blocks.push({
    db,
    baseline: base,
    shop: shopTarget,
    ofBaseline: shopTarget.inFlight.smsPerSec / base.inFlight.smsPerSec,
  });
}

function printPayment(result: PaymentSection, opts: BenchOptions): void {
  const n = opts.paymentInFlight;
  const rows: (string | number)[][] = [
    [
      'target',
      `SMS/s, ${n} in flight`,
      'p50',
      'p95',
      'p99',
      'of baseline',
      'one at a time p50',
      'p95',
      'p99',
      'failed',
    ],
  ];
  for (const b of result.blocks) {
    for (const [label, t, of] of [
      [`baseline: POST /sms + room emit`, b.baseline, '100 %'],
      [`shop on ${b.db === 'pglite' ? 'PGlite' : 'PostgreSQL'}`, b.shop, percent(b.ofBaseline)],
    ] as const) {
      const failed =
        t.inFlight.failedHttp + t.inFlight.undelivered + t.oneAtATime.failedHttp + t.oneAtATime.undelivered;
      rows.push([
        label,
        rate(t.inFlight.smsPerSec),
        ms(t.inFlight.latency.p50),
        ms(t.inFlight.latency.p95),
        ms(t.inFlight.latency.p99),
        of,
        ms(t.oneAtATime.latency.p50),
        ms(t.oneAtATime.latency.p95),
        ms(t.oneAtATime.latency.p99),
        failed,
      ]);
    }
  }
  table(rows);
  const frame = result.blocks[0]?.shop.inFlight.frameBytes;
  note(
    `latency: POST /sms sent → the customer's socket hears order:updated with payment_received: true${frame ? ` (${frame} B frame)` : ''}`,
  );
  for (const b of result.blocks) {
    const goal = result.goals[b.db];
    const statuses = JSON.stringify(b.shop.inFlight.smsStatuses);
    note(
      `${b.db}: ${rate(b.shop.inFlight.smsPerSec)} SMS/s (goal ≥ ${goal.smsPerSec}), p99 ${ms(b.shop.inFlight.latency.p99)} (goal ≤ ${goal.p99Ms} ms); ` +
        `HTTP answer p50 ${ms(b.shop.inFlight.http.p50)}; SMS answers ${statuses}`,
    );
    const counted = b.shop.inFlightStatements;
    if (counted) {
      const sms = b.shop.inFlight.count;
      const total = Object.values(counted).reduce((a, n) => a + n, 0);
      const kinds = Object.entries(counted)
        .sort((a, z) => z[1] - a[1])
        .map(([kind, n]) => `${kind} ${(n / sms).toFixed(2)}`)
        .join(', ');
      note(
        `${b.db}: ${(total / sms).toFixed(2)} statements per SMS in the ${n}-in-flight run (plain transactions' BEGIN/COMMIT not counted): ${kinds}`,
      );
    }
  }
}
