// Bench child (load core): the payment loop's customers and wallet phone (decision 060). Each customer places a
// top-up as a guest, pays it (submits the TrxID, the order turns pending) and watches it over Socket.IO as the
// order page does (`order:watch`); the phone then forwards each customer's "money received" SMS over HTTP, N in
// flight or one at a time, and the clock runs from the POST to the customer's socket hearing `order:updated` with
// `payment_received: true`. Sending and hearing happen in this one process, on one clock.
import crypto from 'node:crypto';
import { serveRequests } from '../lib/child.js';
import type { LoopRun, PrepareRequest, PrepareResult, RunRequest } from '../lib/payment-types.js';
import { spread } from '../lib/report.js';
import { inBatches, openClient, settle, watchOrder, type WireClient } from '../lib/socketio-wire.js';
import { postSms, randomAnchorPaisa, registerPhone, toPaisa, walletTrxId, WalletPhone } from '../lib/wallet-sms.js';

const ACCOUNT = 'bkash' as const;
const PAID_PREFIX = '42["order:updated"';
const PAID_NEEDLE = '"payment_received":true';
const COMPLETE_NEEDLE = '"status":"complete"';

interface Customer {
  orderId: string;
  pmId: string;
  amountPaisa: number;
  socket?: WireClient;
  /** Set while this customer's SMS is on its way: called with the time and size of the frame heard. */
  waiting?: (at: number, bytes: number) => void;
  /** Set while this customer's top-up is to be delivered: called when the order is heard complete. */
  completing?: (at: number) => void;
}

interface Target {
  kind: PrepareRequest['kind'];
  api: string;
  deviceToken: string;
  phone: WalletPhone;
  customers: Customer[];
}

const targets = new Map<string, Target>();

function targetNamed(name: string): Target {
  const t = targets.get(name);
  if (!t) throw new Error(`no target ${name}`);
  return t;
}

async function json(res: Response): Promise<Record<string, unknown>> {
  return (await res.json().catch(() => ({}))) as Record<string, unknown>;
}

/**
 * A guest's top-up of a realistic amount (Tk 300-5,000, one in four with paisa unless `whole`), paid with a wallet
 * TrxID, for the 1xBet id given (or a random one).
 */
async function placePaidTopup(api: string, onexId?: string, whole = false): Promise<Customer> {
  const paisa = !whole && crypto.randomInt(4) === 0 ? crypto.randomInt(1, 100) : 0;
  const amount = `${300 + crypto.randomInt(4701)}.${String(paisa).padStart(2, '0')}`;
  const order = {
    pm_method: ACCOUNT,
    amount,
    onex_id: onexId ?? String(100_000_000 + crypto.randomInt(899_999_999)),
    contact_email: `payer${crypto.randomInt(1e9)}@example.com`,
  };
  const placed = await fetch(`${api}/orders/1xbet_topup_bdt`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ order }),
  });
  const placedBody = await json(placed);
  if (placed.status !== 201) throw new Error(`POST /orders answered ${placed.status}: ${JSON.stringify(placedBody)}`);
  const orderId = placedBody.id as string;
  const pmId = walletTrxId(ACCOUNT);
  const paid = await fetch(`${api}/orders/${orderId}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ order: { pm_id: pmId } }),
  });
  const paidBody = await json(paid);
  if (paid.status !== 200)
    throw new Error(`PATCH /orders/{id} {pm_id} answered ${paid.status}: ${JSON.stringify(paidBody)}`);
  const view = paidBody.order as { pm_amount: number | string; status: string };
  return { orderId, pmId, amountPaisa: toPaisa(view.pm_amount) };
}

/** A customer's socket: hears its own order's "payment received". */
function customerSocket(url: string, customer: Customer): Promise<WireClient> {
  return openClient(url, 'socket.io', {
    onEvent: (text, bytes) => {
      if (!text.startsWith(PAID_PREFIX) || !text.includes(customer.orderId)) return;
      if (customer.completing && text.includes(COMPLETE_NEEDLE)) {
        const done = customer.completing;
        customer.completing = undefined;
        done(performance.now());
      }
      if (!customer.waiting || !text.includes(PAID_NEEDLE)) return;
      const done = customer.waiting;
      customer.waiting = undefined;
      done(performance.now(), bytes);
    },
  });
}

async function prepare(req: PrepareRequest): Promise<PrepareResult> {
  const started = performance.now();
  const api = `${req.url}/api/v1`;
  let target: Target;
  let result: Pick<PrepareResult, 'anchoredAtCreation' | 'anchorSmsStatus'>;
  if (req.kind === 'shop') {
    const phone = await registerPhone(api, req.adminToken!, ACCOUNT);
    const customers = await inBatches(req.customers, 4, (i) =>
      placePaidTopup(api, req.onexIds?.[i % req.onexIds.length], req.wholeAmounts),
    );
    target = { kind: 'shop', api, deviceToken: phone.token, phone: phone.phone, customers };
    const anchorStatus = (phone.anchorSms?.sms as { sms?: { status?: string } } | undefined)?.sms?.status;
    result = { anchoredAtCreation: phone.anchored, ...(anchorStatus ? { anchorSmsStatus: anchorStatus } : {}) };
  } else {
    const customers = Array.from({ length: req.customers }, () => ({
      orderId: crypto.randomBytes(16).toString('base64url'),
      pmId: walletTrxId(ACCOUNT),
      amountPaisa: (300 + crypto.randomInt(4701)) * 100,
    }));
    const res = await fetch(`${api}/bench/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ orders: customers.map((c) => ({ id: c.orderId, pm_id: c.pmId })) }),
    });
    if (res.status !== 200) throw new Error(`baseline setup answered ${res.status}`);
    target = {
      kind: 'baseline',
      api,
      deviceToken: req.deviceToken!,
      phone: new WalletPhone(ACCOUNT, randomAnchorPaisa()),
      customers,
    };
    result = { anchoredAtCreation: true };
  }
  const prepareMs = performance.now() - started;
  const t = performance.now();
  await inBatches(target.customers.length, 50, async (i) => {
    const customer = target.customers[i];
    customer.socket = await customerSocket(req.url, customer);
    await watchOrder(customer.socket, customer.orderId);
  });
  targets.set(req.name, target);
  return { prepareMs, connectMs: performance.now() - t, ...result };
}

async function run(req: RunRequest): Promise<LoopRun> {
  const target = targetNamed(req.name);
  const batch = target.customers.slice(req.from, req.from + req.count);
  if (batch.length < req.count)
    throw new Error(`${req.name}: only ${batch.length} customers left for ${req.count} SMS`);
  if (target.kind === 'baseline' && req.frameBytes) {
    await fetch(`${target.api}/bench/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ orders: [], frameBytes: req.frameBytes }),
    });
  }
  await settle();
  const latencies: number[] = [];
  const completeMs: number[] = [];
  const httpMs: number[] = [];
  const smsStatuses: Record<string, number> = {};
  let failedHttp = 0;
  let frameBytes = 0;
  let firstSentAt = Infinity;
  let lastHeardAt = 0;
  const deliveries: Promise<void>[] = [];
  let next = 0;

  const sendOne = async (customer: Customer): Promise<void> => {
    // The text is made when the phone forwards it: the balance chain follows the order of sending.
    const sms = target.phone.received(customer.amountPaisa, customer.pmId);
    let heard!: () => void;
    let completed!: () => void;
    const paid = new Promise<void>((resolve) => (heard = resolve));
    const complete = new Promise<void>((resolve) => (completed = resolve));
    const delivered = req.untilComplete ? Promise.all([paid, complete]).then(() => undefined) : paid;
    const sentAt = performance.now();
    firstSentAt = Math.min(firstSentAt, sentAt);
    customer.waiting = (at, bytes) => {
      latencies.push(at - sentAt);
      lastHeardAt = Math.max(lastHeardAt, at);
      frameBytes ||= bytes;
      heard();
    };
    if (req.untilComplete) {
      customer.completing = (at) => {
        completeMs.push(at - sentAt);
        lastHeardAt = Math.max(lastHeardAt, at);
        completed();
      };
    }
    deliveries.push(delivered);
    const answer = await postSms(target.api, target.deviceToken, sms).catch(() => ({
      status: 0,
      body: {} as { sms?: { status?: string } },
    }));
    httpMs.push(performance.now() - sentAt);
    if (answer.status !== 200) failedHttp += 1;
    const status = answer.body.sms?.status ?? `http ${answer.status}`;
    smsStatuses[status] = (smsStatuses[status] ?? 0) + 1;
    if (req.waitForDelivery) await Promise.race([delivered, new Promise((r) => setTimeout(r, req.timeoutMs).unref())]);
  };

  await Promise.all(
    Array.from({ length: Math.min(req.inFlight, batch.length) }, async () => {
      while (next < batch.length) await sendOne(batch[next++]);
    }),
  );
  await Promise.race([Promise.all(deliveries), new Promise((r) => setTimeout(r, req.timeoutMs).unref())]);
  const undelivered = batch.filter((c) => c.waiting !== undefined).length;
  const uncompleted = batch.filter((c) => c.completing !== undefined).length;
  for (const c of batch) {
    c.waiting = undefined;
    c.completing = undefined;
  }
  const wallMs = lastHeardAt > firstSentAt ? lastHeardAt - firstSentAt : NaN;
  return {
    count: batch.length,
    inFlight: req.inFlight,
    waitForDelivery: req.waitForDelivery,
    wallMs,
    smsPerSec: (latencies.length / wallMs) * 1000,
    latency: spread(latencies),
    http: spread(httpMs),
    failedHttp,
    undelivered,
    smsStatuses,
    frameBytes,
    ...(req.untilComplete ? { complete: spread(completeMs), uncompleted } : {}),
  };
}

function close(name: string): void {
  for (const c of targets.get(name)?.customers ?? []) c.socket?.ws.terminate();
  targets.delete(name);
}

serveRequests(
  {
    prepare: (req: PrepareRequest) => prepare(req),
    run: (req: RunRequest) => run(req),
    close: (name: string) => close(name),
  },
  { pid: process.pid },
  () => {
    for (const name of [...targets.keys()]) close(name);
  },
);
