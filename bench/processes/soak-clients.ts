// Bench child (load core): the soak's traffic (decision 060), against the real entry behind a proxy (TRUST_PROXY=1:
// each customer, phone and admin sends its own X-Forwarded-For address, so the shop's real rate limits apply to
// each as they would in production).
// - Customers arrive at random (`rate` a second): place a top-up (a fifth of them signed in), open their own socket
//   and watch the order, load the order page, think, then 8 % cancel, 5 % walk away, the rest pay (submit the TrxID);
//   the wallet phone forwards the payment SMS; the customer hears "payment received", reloads the page once, hears
//   the admin's "complete", reads their history (signed in) and leaves (closes the socket).
// - Wallet phones (bKash and Nagad, more of each when the rate needs it) post each SMS in the order they receive it,
//   with balances that chain from their anchor.
// - Admins (signed in, each with a socket that hears every order and SMS) complete paid orders and refresh the
//   queue (every 5 s), the SMS inbox (15 s) and the devices (30 s).
// - Visitors read /home and /products/all; `sockets` anonymous sockets stay open, one replaced every second.
import crypto from 'node:crypto';
import { serveRequests } from '../lib/child.js';
import { spread } from '../lib/report.js';
import type { SoakBucket, SoakFinish, SoakSetup, SoakStart } from '../lib/soak-types.js';
import { inBatches, openClient, watchOrder, type WireClient } from '../lib/socketio-wire.js';
import {
  registerPhone,
  toPaisa,
  walletTrxId,
  type ForwardedSms,
  type PhoneWallet,
  type RegisteredPhone,
} from '../lib/wallet-sms.js';

const PUSH_TIMEOUT_MS = 30_000;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const between = (minMs: number, maxMs: number) => minMs + Math.random() * (maxMs - minMs);

// ---------- addresses: one per customer, fixed ones for phones and admins ----------
let nextCustomerAddress = 0;
/** 10.0.0.1, 10.0.0.2, … : a new address for every customer (mobile networks hand out new ones all the time). */
function customerAddress(): string {
  const n = ++nextCustomerAddress;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}
const visitorAddress = () => `10.100.${crypto.randomInt(4)}.${crypto.randomInt(1, 255)}`;
const forwarded = (ip: string) => ({ 'x-forwarded-for': ip });

// ---------- the interval's figures ----------
interface Bucket {
  startedAt: number;
  byKind: Map<string, { ms: number[]; failed: number }>;
  smsToCustomer: number[];
  completeToCustomer: number[];
  flowsStarted: number;
  flowsDone: number;
  socketFailures: number;
  failures: string[];
}
const newBucket = (): Bucket => ({
  startedAt: performance.now(),
  byKind: new Map(),
  smsToCustomer: [],
  completeToCustomer: [],
  flowsStarted: 0,
  flowsDone: 0,
  socketFailures: 0,
  failures: [],
});
let bucket = newBucket();
/** The whole run's requests by kind (the traffic's, not the setup's). */
const totals = new Map<string, { ms: number[]; failed: number }>();
let trafficStartedAt = 0;
let flowsActive = 0;

function fail(message: string): void {
  if (bucket.failures.length < 10) bucket.failures.push(message);
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** One HTTP request, timed and counted under `kind`; a status other than `expect` counts as failed. */
async function call(
  kind: string,
  method: string,
  url: string,
  opts: { body?: unknown; token?: string; ip: string; expect?: number },
): Promise<Answer> {
  const headers: Record<string, string> = { ...forwarded(opts.ip) };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const t = performance.now();
  let answer: Answer;
  try {
    const res = await fetch(url, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
    answer = { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
  } catch (error) {
    answer = { status: 0, body: { error: error instanceof Error ? error.message : String(error) } };
  }
  const took = performance.now() - t;
  const failed = answer.status !== (opts.expect ?? 200);
  for (const map of kind === 'setup' ? [bucket.byKind] : [bucket.byKind, totals]) {
    const entry = map.get(kind) ?? { ms: [], failed: 0 };
    map.set(kind, entry);
    entry.ms.push(took);
    if (failed) entry.failed += 1;
  }
  if (failed) fail(`${kind}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 160)}`);
  return answer;
}

// ---------- shared state ----------
let api = '';
let origin = '';
let running = false;
const background: WireClient[] = [];
const customerSockets = new Set<WireClient>();
const adminSockets: WireClient[] = [];
interface Admin {
  token: string;
  ip: string;
}
let admins: Admin[] = [];
const registered: { token: string }[] = [];
const timers: NodeJS.Timeout[] = [];
const flows = new Set<Promise<void>>();

interface Phone {
  registered: RegisteredPhone;
  ip: string;
  /** Posts in the order the phone received the messages, one at a time. */
  queue: Promise<void>;
}
const phones: Record<PhoneWallet, Phone[]> = { bkash: [], nagad: [] };
let nextPhone = 0;

/** The phone forwards a credit: queued behind its earlier messages; resolves with when the POST was sent. */
function forward(account: PhoneWallet, amountPaisa: number, trxId: string): Promise<number> {
  const list = phones[account];
  const phone = list[nextPhone++ % list.length];
  return new Promise<number>((resolve) => {
    phone.queue = phone.queue.then(async () => {
      // The text is made when it is sent, so the balances chain in the order of sending.
      const sms: ForwardedSms = phone.registered.phone.received(amountPaisa, trxId);
      resolve(performance.now());
      await call('phone POST /sms', 'POST', `${api}/sms`, { body: sms, token: phone.registered.token, ip: phone.ip });
    });
  });
}

// ---------- a customer ----------
interface Watch {
  socket: WireClient;
  /** Resolves with the arrival time of the first frame of this order that satisfies `test` (no time limit: see
   * `heardWithin`). Waits only for frames that arrive after the call. */
  until(test: (order: Record<string, unknown>) => boolean): Promise<number>;
}

/** The arrival time `heard` resolves with, or a rejection when `ms` pass first (counted from this call). */
function heardWithin(heard: Promise<number>, ms: number): Promise<number> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no push within ${ms / 1000} s`)), ms);
  });
  return Promise.race([heard, timeout]).finally(() => clearTimeout(timer));
}

async function watchAsCustomer(orderId: string, ip: string, token?: string): Promise<Watch> {
  const waiters: { test: (o: Record<string, unknown>) => boolean; resolve: (at: number) => void }[] = [];
  const socket = await openClient(origin, 'socket.io', {
    auth: token ? { token } : undefined,
    headers: forwarded(ip),
    onEvent: (text) => {
      if (waiters.length === 0 || !text.startsWith('42["order:updated"') || !text.includes(orderId)) return;
      const at = performance.now();
      const [, order] = JSON.parse(text.slice(2)) as [string, Record<string, unknown>];
      if (order.id !== orderId) return;
      for (const w of [...waiters]) {
        if (w.test(order)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(at);
        }
      }
    },
  });
  customerSockets.add(socket);
  socket.ws.once('close', () => customerSockets.delete(socket));
  await watchOrder(socket, orderId);
  return {
    socket,
    until(test) {
      return new Promise<number>((resolve) => waiters.push({ test, resolve }));
    },
  };
}

async function customer(): Promise<void> {
  bucket.flowsStarted += 1;
  flowsActive += 1;
  const ip = customerAddress();
  const account: PhoneWallet = Math.random() < 0.6 ? 'bkash' : 'nagad';
  const signedIn =
    registered.length > 0 && Math.random() < 0.2 ? registered[crypto.randomInt(registered.length)] : undefined;
  const token = signedIn?.token;
  let watch: Watch | undefined;
  try {
    const amount = `${300 + crypto.randomInt(4701)}${Math.random() < 0.25 ? `.${String(crypto.randomInt(1, 100)).padStart(2, '0')}` : ''}`;
    const order = {
      pm_method: account,
      amount,
      onex_id: String(100_000_000 + crypto.randomInt(899_999_999)),
      contact_email: `c${nextCustomerAddress}@example.com`,
    };
    const placed = await call('customer POST /orders', 'POST', `${api}/orders/1xbet_topup_bdt`, {
      body: { order },
      token,
      ip,
      expect: 201,
    });
    if (placed.status !== 201) return;
    const id = placed.body.id as string;
    try {
      watch = await watchAsCustomer(id, ip, token);
    } catch (error) {
      bucket.socketFailures += 1;
      fail(`customer socket: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    await call('customer GET /orders/{id}', 'GET', `${api}/orders/${id}`, { token, ip });
    await sleep(between(1_000, 3_000));
    const choice = Math.random();
    if (choice < 0.08) {
      await call('customer PATCH cancel', 'PATCH', `${api}/orders/${id}`, {
        body: { order: { cancel: true } },
        token,
        ip,
      });
      return;
    }
    if (choice < 0.13) return; // walks away: the order waits until the sweeper times it out
    const pmId = walletTrxId(account);
    const paid = await call('customer PATCH pm_id', 'PATCH', `${api}/orders/${id}`, {
      body: { order: { pm_id: pmId } },
      token,
      ip,
    });
    if (paid.status !== 200) return;
    const amountPaisa = toPaisa((paid.body.order as { pm_amount: number | string }).pm_amount);
    await sleep(between(500, 2_000)); // the SMS reaches the shop's phone
    const received = watch.until((o) => o.payment_received === true);
    const sentAt = await forward(account, amountPaisa, pmId);
    try {
      bucket.smsToCustomer.push((await heardWithin(received, PUSH_TIMEOUT_MS)) - sentAt);
    } catch (error) {
      bucket.socketFailures += 1;
      fail(`customer ${id}: payment received never heard (${error instanceof Error ? error.message : String(error)})`);
      return;
    }
    await call('customer GET /orders/{id}', 'GET', `${api}/orders/${id}`, { token, ip });
    await sleep(between(1_000, 4_000)); // an admin sees it verified
    const admin = admins[crypto.randomInt(admins.length)];
    const completed = watch.until((o) => o.status === 'complete');
    const t = performance.now();
    const done = await call('admin PATCH complete', 'PATCH', `${api}/orders/${id}`, {
      body: { order: { status: 'complete' } },
      token: admin.token,
      ip: admin.ip,
    });
    if (done.status !== 200) return;
    try {
      bucket.completeToCustomer.push((await heardWithin(completed, PUSH_TIMEOUT_MS)) - t);
    } catch (error) {
      bucket.socketFailures += 1;
      fail(`customer ${id}: complete never heard (${error instanceof Error ? error.message : String(error)})`);
      return;
    }
    if (token) await call('customer GET /orders/all', 'GET', `${api}/orders/all?page=1`, { token, ip });
  } finally {
    watch?.socket.ws.close();
    flowsActive -= 1;
    bucket.flowsDone += 1;
  }
}

// ---------- setup, traffic, samples ----------
async function login(email: string, password: string, ip: string): Promise<string> {
  const res = await call('setup', 'POST', `${api}/login`, { body: { user: { email, password } }, ip });
  const jwt = (res.body.user as { jwt?: string } | undefined)?.jwt;
  if (res.status !== 200 || !jwt) throw new Error(`login answered ${res.status}: ${JSON.stringify(res.body)}`);
  return jwt;
}

async function openBackground(): Promise<void> {
  try {
    background.push(await openClient(origin, 'socket.io', { headers: forwarded(visitorAddress()) }));
  } catch (error) {
    bucket.socketFailures += 1;
    fail(`visitor socket: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function every(ms: number, fn: () => void): void {
  timers.push(setInterval(fn, ms));
}

async function start(req: SoakStart): Promise<SoakSetup> {
  const t = performance.now();
  origin = req.url;
  api = `${req.url}/api/v1`;
  // Admins: one account signed in on several desks, each with its own address, so that a desk completes at most
  // ~40 orders a minute (the write limit is 120 a minute per address).
  const adminCount = Math.max(3, Math.ceil(req.rate));
  for (let i = 0; i < adminCount; i += 1) {
    const ip = `10.200.0.${i + 1}`;
    admins.push({ token: await login(req.adminEmail, req.adminPassword, ip), ip });
  }
  for (const admin of admins) {
    adminSockets.push(
      await openClient(origin, 'socket.io', { auth: { token: admin.token }, headers: forwarded(admin.ip) }),
    );
  }
  // Phones: each forwards at most ~30 SMS a minute (a busy real phone forwards a few a minute).
  const paidPerMinute = req.rate * 60 * 0.87;
  let anchoredAtCreation = true;
  for (const [account, share] of [
    ['bkash', 0.6],
    ['nagad', 0.4],
  ] as const) {
    const count = Math.max(1, Math.ceil((paidPerMinute * share) / 30));
    for (let i = 0; i < count; i += 1) {
      const ip = `10.250.${account === 'bkash' ? 1 : 2}.${i + 1}`;
      const r = await registerPhone(api, admins[0].token, account, { headers: forwarded(admins[0].ip) });
      anchoredAtCreation &&= r.anchored;
      phones[account].push({ registered: r, ip, queue: Promise.resolve() });
    }
  }
  // Registered customers: a few accounts that come back (each time from a new address).
  for (let i = 0; i < 10; i += 1) {
    const email = `soak.${crypto.randomBytes(4).toString('hex')}@example.com`;
    const res = await call('setup', 'POST', `${api}/register`, {
      body: {
        user: { name: `Soak Customer ${i + 1}`, email, password: `Soak-${crypto.randomBytes(6).toString('hex')}-pass` },
      },
      ip: customerAddress(),
      expect: 201,
    });
    const jwt = (res.body.user as { jwt?: string } | undefined)?.jwt;
    if (jwt) registered.push({ token: jwt });
  }
  await inBatches(req.sockets, 50, () => openBackground());

  running = true;
  bucket = newBucket();
  trafficStartedAt = performance.now();
  // Customers: exponential gaps, `rate` a second on average.
  const arrive = () => {
    if (!running) return;
    const flow = customer().catch((error: unknown) => fail(`customer flow: ${String(error)}`));
    flows.add(flow);
    void flow.finally(() => flows.delete(flow));
    timers.push(setTimeout(arrive, (-Math.log(1 - Math.random()) / req.rate) * 1000));
  };
  arrive();
  // Visitors' reads.
  let visit = 0;
  every(1000 / req.visitorRate, () => {
    const path = visit++ % 2 === 0 ? '/home' : '/products/all';
    void call(`visitor GET ${path}`, 'GET', `${api}${path}`, { ip: visitorAddress() });
  });
  // One visitor leaves and another comes every second.
  every(1000, () => {
    const leaving = background.splice(crypto.randomInt(Math.max(1, background.length)), 1)[0];
    leaving?.ws.close();
    void openBackground();
  });
  // Admins' screens.
  for (const [i, admin] of admins.entries()) {
    const offset = (i * 5000) / admins.length;
    timers.push(
      setTimeout(() => {
        every(
          5_000,
          () =>
            void call('admin GET /orders/all', 'GET', `${api}/orders/all?page=1`, { token: admin.token, ip: admin.ip }),
        );
        every(
          15_000,
          () => void call('admin GET /sms', 'GET', `${api}/sms?page=1`, { token: admin.token, ip: admin.ip }),
        );
        every(
          30_000,
          () => void call('admin GET /devices', 'GET', `${api}/devices`, { token: admin.token, ip: admin.ip }),
        );
      }, offset),
    );
  }
  return {
    setupMs: performance.now() - t,
    admins: admins.length,
    phones: { bkash: phones.bkash.length, nagad: phones.nagad.length },
    registeredCustomers: registered.length,
    anchoredAtCreation,
  };
}

function sample(): SoakBucket {
  const b = bucket;
  bucket = newBucket();
  const now = performance.now();
  const all: number[] = [];
  let failed = 0;
  const byKind: SoakBucket['byKind'] = {};
  for (const [kind, e] of b.byKind) {
    if (kind === 'setup') continue;
    all.push(...e.ms);
    failed += e.failed;
    const s = spread(e.ms);
    byKind[kind] = { count: e.ms.length, failed: e.failed, p50: s.p50, p99: s.p99 };
  }
  const open = (list: Iterable<WireClient>) => [...list].filter((c) => !c.closed).length;
  return {
    atMs: now - trafficStartedAt,
    seconds: (now - b.startedAt) / 1000,
    requests: all.length,
    failed,
    http: spread(all),
    byKind,
    smsToCustomer: spread(b.smsToCustomer),
    completeToCustomer: spread(b.completeToCustomer),
    flowsStarted: b.flowsStarted,
    flowsDone: b.flowsDone,
    flowsActive,
    socketsOpen: open(background) + open(customerSockets) + open(adminSockets),
    socketFailures: b.socketFailures,
    failures: b.failures,
  };
}

/** Stops new arrivals and the periodic traffic; lets the customers under way finish (at most `graceMs`). Returns
 * that last interval and the whole run's requests by kind. */
async function finish(graceMs: number): Promise<SoakFinish> {
  running = false;
  for (const timer of timers.splice(0)) clearTimeout(timer);
  await Promise.race([Promise.all([...flows]), sleep(graceMs)]);
  const byKind: SoakFinish['byKind'] = {};
  for (const [kind, e] of totals) byKind[kind] = { ...spread(e.ms), failed: e.failed };
  return { drain: sample(), unfinishedFlows: flowsActive, byKind };
}

function closeAll(): void {
  running = false;
  for (const timer of timers.splice(0)) clearTimeout(timer);
  for (const c of [...background, ...customerSockets, ...adminSockets]) c.ws.terminate();
  background.length = 0;
  adminSockets.length = 0;
  admins = [];
}

// A stray rejection in one customer's flow is that customer's failure, not the end of the run.
process.on('unhandledRejection', (reason) => {
  bucket.socketFailures += 1;
  fail(`unexpected: ${reason instanceof Error ? reason.message : String(reason)}`);
});

serveRequests(
  {
    start: (req: SoakStart) => start(req),
    sample: () => sample(),
    finish: ({ graceMs }: { graceMs: number }) => finish(graceMs),
  },
  { pid: process.pid },
  () => closeAll(),
);
