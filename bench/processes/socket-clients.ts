// Bench child: many realtime clients in one process (on the load core). Each round it fires the trigger request
// (the admin's PATCH, or the baseline's broadcast) and reports when the first and the last client got the push.
//
// Both targets are received by the same code: raw `ws` sockets that recognise a frame by its first bytes. For the
// shop they speak the Socket.IO v4 wire protocol themselves (engine.io open, namespace connect, acks, pings), so the
// clients' own decoding (socket.io-client runs on each customer's phone, not on our server) cannot mask the
// server's cost: on one shared core, 1,000 socket.io-client instances would measure mostly themselves.
import { serveRequests } from '../lib/child.js';
import type { RealtimeRound, RoundRequest } from '../lib/realtime-types.js';
import { inBatches, openClient, settle, watchOrder, type Mode, type WireClient } from '../lib/socketio-wire.js';

interface Expectation {
  /** Frames that count start with this and contain `needle`. */
  prefix: string;
  needle: string;
  count: number;
  firstAt?: number;
  lastAt?: number;
  payloadBytes?: number;
  done: () => void;
}

/** Connected client groups by name: the shop's and the baseline's stay connected side by side. */
const groups = new Map<string, WireClient[]>();
let expecting: Expectation | undefined;

function onEvent(text: string, bytes: number): void {
  const e = expecting;
  if (!e || !text.startsWith(e.prefix) || !text.includes(e.needle)) return;
  const now = performance.now();
  e.firstAt ??= now;
  e.payloadBytes ??= bytes;
  e.lastAt = now;
  e.count -= 1;
  if (e.count === 0) e.done();
}

function groupNamed(name: string): WireClient[] {
  const group = groups.get(name);
  if (!group) throw new Error(`no client group ${name}`);
  return group;
}

async function round(clients: WireClient[], req: RoundRequest): Promise<RealtimeRound> {
  let finish!: () => void;
  const all = new Promise<void>((resolve) => (finish = resolve));
  const e: Expectation = { prefix: req.prefix, needle: req.needle, count: clients.length, done: finish };
  expecting = e;
  const firedAt = performance.now();
  const answer = fetch(req.trigger.url, {
    method: req.trigger.method,
    headers: req.trigger.headers,
    body: req.trigger.body,
  }).then(async (res) => {
    const answeredAt = performance.now();
    await res.arrayBuffer();
    return { status: res.status, ms: answeredAt - firedAt };
  });
  const timedOut = await Promise.race([
    all.then(() => false),
    new Promise<boolean>((r) => setTimeout(() => r(true), req.timeoutMs).unref()),
  ]);
  const http = await answer;
  expecting = undefined;
  return {
    clients: clients.length,
    delivered: clients.length - e.count,
    timedOut,
    httpStatus: http.status,
    httpMs: http.ms,
    firstMs: e.firstAt === undefined ? NaN : e.firstAt - firedAt,
    lastMs: e.lastAt === undefined ? NaN : e.lastAt - firedAt,
    payloadBytes: e.payloadBytes ?? 0,
  };
}

function closeAll(): void {
  for (const group of groups.values()) for (const c of group) c.ws.terminate();
  groups.clear();
}

serveRequests(
  {
    connect: async ({ group, url, count, as }: { group: string; url: string; count: number; as: Mode }) => {
      const t = performance.now();
      groups.set(group, await inBatches(count, 50, () => openClient(url, as, { onEvent })));
      return { connectMs: performance.now() - t };
    },
    watch: async ({ group, orderId }: { group: string; orderId: string }) => {
      await inBatches(groupNamed(group).length, 200, (i) => watchOrder(groupNamed(group)[i], orderId));
    },
    round: async ({ group, ...req }: RoundRequest & { group: string }) => {
      await settle();
      return round(groupNamed(group), req);
    },
  },
  { pid: process.pid },
  () => closeAll(),
);
