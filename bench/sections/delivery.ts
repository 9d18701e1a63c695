// Delivery section (decision 265): the payment loop carried on to the cash desk. Customers' top-ups (whole taka, on a
// desk with topup_auto) are paid and watched; the wallet phone forwards each SMS, N lanes in flight, each lane waiting
// until its customer hears the order `complete` (the shop deposited it at the fake desk, which answers every call after
// BENCH_DESK_LATENCY ms). Printed: SMS → complete p50/p99 beside SMS → "payment received" (the payment loop's own
// figure) of the same SMS, and where the time goes: the desk's calls per deposit and the rest of each turn at the desk
// (only the calls under the desk's lease count towards a turn: the player is checked before it, decision 301).
import { startFakeCashdesk, type FakeCashdesk, type FakeDeskCall } from '../../tests/support/fake-cashdesk.js';
import { LOAD_CPU, startChild, type BenchChild } from '../lib/child.js';
import type { BenchOptions } from '../lib/options.js';
import type { LoopRun, PrepareResult, RunRequest } from '../lib/payment-types.js';
import { heading, ms, note, ratio, table } from '../lib/report.js';
import { forEachShop, type ShopDb } from '../lib/shops.js';
import type { PaymentSection } from './payment.js';

const TIMEOUT_MS = 90_000;
const WARMUP = 5;
/** The goal: SMS → complete at N in flight. */
const GOAL_P99_MS = 2_000;
/** The desk's players the top-ups name (findPlayer answers only for these). */
const PLAYERS = Array.from({ length: 20 }, (_, i) => String(700_000_100 + i));

export interface DeliveryBlock {
  db: ShopDb;
  run: LoopRun;
  /** The desk's calls made during the measured run, by kind. */
  deskCalls: Record<FakeDeskCall | 'other', number>;
  deposits: number;
  /** Wall time of the run per top-up: one turn at the desk (its calls and the shop's work in between). */
  turnMs: number;
  /** The desk's calls that hold its lease (Balance, Deposit), per deposit, in ms: the part of a turn spent waiting for the desk. */
  deskMsPerDeposit: number;
  /** The payment section's own SMS → "payment received" p50/p99 at N in flight on this database, when it ran. */
  paymentLoop?: { p50: number; p99: number };
}

export interface DeliverySection {
  count: number;
  inFlight: number;
  deskLatencyMs: number;
  blocks: DeliveryBlock[];
  skipped: string[];
  goalP99Ms: number;
}

export async function runDeliverySection(opts: BenchOptions, payment?: PaymentSection): Promise<DeliverySection> {
  const n = opts.paymentInFlight;
  heading(
    `Delivery: ${opts.deliveryCount} top-ups paid and watched; their SMS forwarded ${n} lanes in flight, each lane waiting for its top-up ` +
      `to be complete (deposited at a fake cash desk answering in ${opts.deskLatencyMs} ms), after ${WARMUP} one at a time (dropped)`,
  );
  const result: DeliverySection = {
    count: opts.deliveryCount,
    inFlight: n,
    deskLatencyMs: opts.deskLatencyMs,
    blocks: [],
    skipped: [],
    goalP99Ms: GOAL_P99_MS,
  };
  let desk: FakeCashdesk | undefined;
  const clients = await startChild('delivery clients', 'processes/payment-clients.ts', { cpu: LOAD_CPU });
  try {
    await forEachShop(
      opts,
      result.skipped,
      async (db, shop) => {
        try {
          result.blocks.push(await measureBlock(opts, clients, db, shop, desk!, payment));
        } finally {
          await desk?.close();
          desk = undefined;
        }
      },
      async () => {
        // A fresh desk per shop, with a Limit no run can spend.
        desk = await startFakeCashdesk({ limit: 1_000_000_000, balance: 2_000_000_000 });
        for (const id of PLAYERS) desk.addPlayer(id, { name: 'Bench Player', currencyId: 87 });
        return { CASHDESK_API_ROOT: desk.root };
      },
    );
  } finally {
    await desk?.close();
    await clients.stop();
  }
  printDelivery(result);
  return result;
}

async function measureBlock(
  opts: BenchOptions,
  clients: BenchChild,
  db: ShopDb,
  shop: BenchChild,
  desk: FakeCashdesk,
  payment?: PaymentSection,
): Promise<DeliveryBlock> {
  const adminToken = await shop.request<string>('token:admin');
  const url = shop.ready.url as string;
  const connected = await fetch(`${url}/api/v1/cashdesks/BDT`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
    body: JSON.stringify({
      cashdesk: {
        cashdesk_id: desk.credentials.cashdeskId,
        login: desk.credentials.login,
        cashier_pass: desk.credentials.cashierPass,
        hash: desk.credentials.hash,
        topup_auto: true,
      },
    }),
  });
  if (connected.status !== 200)
    throw new Error(`PUT /cashdesks/BDT answered ${connected.status}: ${await connected.text()}`);
  const name = `delivery-${db}`;
  const prepared = await clients.request<PrepareResult>(
    'prepare',
    {
      name,
      kind: 'shop',
      url,
      adminToken,
      customers: WARMUP + opts.deliveryCount,
      onexIds: PLAYERS,
      wholeAmounts: true,
    },
    600_000,
  );
  note(
    `${db}: ${WARMUP + opts.deliveryCount} paid top-ups placed and watched in ${((prepared.prepareMs + prepared.connectMs) / 1000).toFixed(1)} s`,
  );
  desk.latency(opts.deskLatencyMs);
  const run = (req: Omit<RunRequest, 'timeoutMs' | 'name' | 'waitForDelivery' | 'untilComplete'>) =>
    clients.request<LoopRun>(
      'run',
      { ...req, name, waitForDelivery: true, untilComplete: true, timeoutMs: TIMEOUT_MS } satisfies RunRequest,
      TIMEOUT_MS * 3 + req.count * 5_000,
    );
  await run({ from: 0, count: WARMUP, inFlight: 1 });
  const callsBefore = desk.requests.length;
  const depositsBefore = desk.ledger.length;
  const measured = await run({ from: WARMUP, count: opts.deliveryCount, inFlight: opts.paymentInFlight });
  await clients.request('close', name);
  if (measured.uncompleted)
    note(`${db}: ${measured.uncompleted} of ${measured.count} top-ups were not complete within ${TIMEOUT_MS / 1000} s`);
  const deskCalls: DeliveryBlock['deskCalls'] = { balance: 0, findPlayer: 0, deposit: 0, payout: 0, other: 0 };
  for (const request of desk.requests.slice(callsBefore)) deskCalls[request.call] += 1;
  const deposits = desk.ledger.length - depositsBefore;
  // The player is checked before the desk's turn (decision 301): only the other calls hold the desk.
  const calls = deskCalls.balance + deskCalls.deposit + deskCalls.payout + deskCalls.other;
  const loop = payment?.blocks.find((b) => b.db === db)?.shop.inFlight.latency;
  return {
    db,
    run: measured,
    deskCalls,
    deposits,
    turnMs: measured.wallMs / measured.count,
    deskMsPerDeposit: deposits ? (calls / deposits) * opts.deskLatencyMs : NaN,
    ...(loop ? { paymentLoop: { p50: loop.p50, p99: loop.p99 } } : {}),
  };
}

function printDelivery(result: DeliverySection): void {
  const n = result.inFlight;
  const rows: (string | number)[][] = [
    [
      'shop',
      `SMS → complete p50`,
      'p95',
      'p99',
      `SMS → payment received p50`,
      'p99',
      'complete / received (p99)',
      'deposits / top-ups',
    ],
  ];
  for (const b of result.blocks) {
    const complete = b.run.complete!;
    rows.push([
      b.db === 'pglite' ? 'PGlite' : 'PostgreSQL',
      ms(complete.p50),
      ms(complete.p95),
      ms(complete.p99),
      ms(b.run.latency.p50),
      ms(b.run.latency.p99),
      ratio(complete.p99 / b.run.latency.p99),
      `${b.deposits} / ${b.run.count}`,
    ]);
  }
  table(rows);
  note(
    `latency: POST /sms sent → the customer's socket hears order:updated with status "complete" (and with payment_received: true), ${n} lanes each waiting for its own`,
  );
  for (const b of result.blocks) {
    const complete = b.run.complete!;
    const calls = Object.entries(b.deskCalls)
      .filter(([, count]) => count > 0)
      .map(([kind, count]) => `${kind} ${(count / Math.max(1, b.deposits)).toFixed(2)}`)
      .join(', ');
    note(
      `${b.db}: p99 ${ms(complete.p99)} (goal ≤ ${ms(result.goalP99Ms)}; the floor, ${n} deposits one at a time at ${result.deskLatencyMs} ms: ${ms(n * result.deskLatencyMs)})` +
        (b.paymentLoop
          ? `; the payment section's own SMS → received at ${n} in flight: p50 ${ms(b.paymentLoop.p50)}, p99 ${ms(b.paymentLoop.p99)}`
          : ''),
    );
    note(
      `${b.db}: one turn at the desk ${ms(b.turnMs)} per top-up (run's wall time / top-ups) = the desk's calls under its lease ${ms(b.deskMsPerDeposit)} ` +
        `(per deposit: ${calls}; findPlayer runs before the turn) + ${ms(b.turnMs - b.deskMsPerDeposit)} of the shop's own work ` +
        `(the reads, the operation's writes before and after the call, the lease; the rest of the pipeline overlaps other lanes' turns); ` +
        `${n} lanes wait for each other's turns: ${n} × ${ms(b.turnMs)} = ${ms(n * b.turnMs)} against the measured p50 ${ms(complete.p50)}`,
    );
  }
}
