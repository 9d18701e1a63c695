// Bench child: many realtime clients in one process (on the load core). Each round it fires the trigger request
// (the admin's PATCH, or the baseline's broadcast) and reports when the first and the last client got the push.
//
// Both targets are received by the same code: raw `ws` sockets that recognise a frame by its first bytes. For the
// shop they speak the Socket.IO v4 wire protocol themselves (engine.io open, namespace connect, acks, pings), so the
// clients' own decoding (socket.io-client runs on each customer's phone, not on our server) cannot mask the
// server's cost: on one shared core, 1,000 socket.io-client instances would measure mostly themselves.
import WebSocket from 'ws';
import { serveRequests } from '../lib/child.js';
import type { RealtimeRound, RoundRequest } from '../lib/realtime-types.js';

type Mode = 'socket.io' | 'ws';

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

interface Client {
  ws: WebSocket;
  /** Socket.IO acknowledgements waiting for their answer, by ack id. */
  acks: Map<number, (answer: string) => void>;
  nextAck: number;
}

interface Group {
  mode: Mode;
  clients: Client[];
}

/** Connected client groups by name: the shop's and the baseline's stay connected side by side. */
const groups = new Map<string, Group>();
let expecting: Expectation | undefined;
let lastFrameAt = 0;

function onFrame(client: Client, mode: Mode, data: Buffer): void {
  lastFrameAt = performance.now();
  const e = expecting;
  const text = data.toString();
  if (e && text.startsWith(e.prefix) && text.includes(e.needle)) {
    const now = performance.now();
    e.firstAt ??= now;
    e.payloadBytes ??= data.length;
    e.lastAt = now;
    e.count -= 1;
    if (e.count === 0) e.done();
    return;
  }
  if (mode !== 'socket.io') return;
  if (text === '2') {
    client.ws.send('3'); // engine.io ping → pong, or the server drops us after pingTimeout
    return;
  }
  const ack = /^43(\d+)/.exec(text);
  if (ack) {
    const id = Number(ack[1]);
    client.acks.get(id)?.(text.slice(2 + ack[1].length));
    client.acks.delete(id);
  }
}

async function inBatches<T>(total: number, batch: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let start = 0; start < total; start += batch) {
    out.push(...(await Promise.all(Array.from({ length: Math.min(batch, total - start) }, (_, k) => make(start + k)))));
  }
  return out;
}

/** Opens a raw socket; for Socket.IO, waits for the engine.io open packet and the namespace connect (`40…`). */
function openClient(url: string, as: Mode): Promise<Client> {
  const target = as === 'socket.io' ? `${url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket` : url;
  const ws = new WebSocket(target, { perMessageDeflate: false });
  const client: Client = { ws, acks: new Map(), nextAck: 1 };
  return new Promise<Client>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('connect timed out')), 30_000);
    ws.once('error', reject);
    if (as === 'ws') {
      ws.once('open', () => {
        clearTimeout(timer);
        ws.on('message', (data: Buffer) => onFrame(client, as, data));
        resolve(client);
      });
      return;
    }
    const handshake = (data: Buffer) => {
      const text = data.toString();
      if (text.startsWith('0{')) ws.send('40'); // engine.io open → connect to the main namespace, anonymously
      else if (text.startsWith('40')) {
        clearTimeout(timer);
        ws.off('message', handshake);
        ws.on('message', (d: Buffer) => onFrame(client, as, d));
        resolve(client);
      } else if (text.startsWith('44')) reject(new Error(`namespace connect refused: ${text}`));
    };
    ws.on('message', handshake);
  });
}

function groupNamed(name: string): Group {
  const group = groups.get(name);
  if (!group) throw new Error(`no client group ${name}`);
  return group;
}

/** `order:watch` with an acknowledgement, on every client of a Socket.IO group. */
async function watch(clients: Client[], orderId: string): Promise<void> {
  await inBatches(clients.length, 200, (i) => {
    const client = clients[i];
    const id = client.nextAck++;
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('order:watch got no answer within 30 s')), 30_000);
      client.acks.set(id, (answer) => {
        clearTimeout(timer);
        if (answer.includes('"data":true')) resolve();
        else reject(new Error(`order:watch refused: ${answer}`));
      });
      client.ws.send(`42${id}${JSON.stringify(['order:watch', orderId])}`);
    });
  });
}

/** Resolves once no frame has arrived for `quietMs` (pushes of the previous step drained), or at the deadline. */
async function settle(quietMs = 200, deadlineMs = 5_000): Promise<void> {
  const deadline = performance.now() + deadlineMs;
  while (performance.now() < deadline && performance.now() - lastFrameAt < quietMs) {
    await new Promise((r) => setTimeout(r, quietMs / 4));
  }
}

async function round(clients: Client[], req: RoundRequest): Promise<RealtimeRound> {
  let finish!: () => void;
  const all = new Promise<void>((resolve) => (finish = resolve));
  const e: Expectation = { prefix: req.prefix, needle: req.needle, count: clients.length, done: finish };
  expecting = e;
  const firedAt = performance.now();
  const answer = fetch(req.trigger.url, { method: req.trigger.method, headers: req.trigger.headers, body: req.trigger.body }).then(async (res) => {
    const answeredAt = performance.now();
    await res.arrayBuffer();
    return { status: res.status, ms: answeredAt - firedAt };
  });
  const timedOut = await Promise.race([all.then(() => false), new Promise<boolean>((r) => setTimeout(() => r(true), req.timeoutMs).unref())]);
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
  for (const group of groups.values()) for (const c of group.clients) c.ws.terminate();
  groups.clear();
}

serveRequests(
  {
    connect: async ({ group, url, count, as }: { group: string; url: string; count: number; as: Mode }) => {
      const t = performance.now();
      groups.set(group, { mode: as, clients: await inBatches(count, 50, () => openClient(url, as)) });
      return { connectMs: performance.now() - t };
    },
    watch: ({ group, orderId }: { group: string; orderId: string }) => watch(groupNamed(group).clients, orderId),
    round: async ({ group, ...req }: RoundRequest & { group: string }) => {
      await settle();
      return round(groupNamed(group).clients, req);
    },
  },
  { pid: process.pid },
  () => closeAll(),
);
