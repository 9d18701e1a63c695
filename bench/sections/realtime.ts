// Realtime section: N Socket.IO clients watch an order; the admin completes it; time to the LAST delivery,
// next to a bare `ws` server broadcasting a frame of the same size to N clients, in the same run.
import { LOAD_CPU, SERVER_CPU, startChild, type BenchChild } from '../lib/child.js';
import type { BenchOptions } from '../lib/options.js';
import type { RealtimeRound } from '../lib/realtime-types.js';
import { heading, median, ms, note, ratio, table } from '../lib/report.js';

export interface RealtimeTarget {
  name: string;
  connectMs: number;
  rounds: RealtimeRound[];
  medianLastMs: number;
  maxLastMs: number;
  medianFirstMs: number;
  medianHttpMs: number;
}

export interface RealtimeSection {
  sockets: number;
  db: 'pglite';
  payloadBytes: number;
  shop?: RealtimeTarget;
  ws?: RealtimeTarget;
  /** shop median last delivery / ws median last delivery; goal ≤ 1.6 */
  ratio?: number;
}

const ROUND_TIMEOUT_MS = 60_000;

function summarise(name: string, connectMs: number, rounds: RealtimeRound[]): RealtimeTarget {
  const last = rounds.map((r) => r.lastMs);
  return {
    name,
    connectMs,
    rounds,
    medianLastMs: median(last),
    maxLastMs: Math.max(...last),
    medianFirstMs: median(rounds.map((r) => r.firstMs)),
    medianHttpMs: median(rounds.map((r) => r.httpMs)),
  };
}

function checkRound(target: string, r: RealtimeRound): void {
  if (r.timedOut || r.delivered !== r.clients) throw new Error(`${target}: ${r.delivered} of ${r.clients} clients got the push within ${ROUND_TIMEOUT_MS / 1000} s`);
  if (r.httpStatus !== 200) throw new Error(`${target}: the trigger request answered ${r.httpStatus}`);
}

async function measureShop(opts: BenchOptions, clients: BenchChild): Promise<RealtimeTarget> {
  const shop = await startChild('shop (pglite)', 'processes/shop-server.ts', { cpu: SERVER_CPU, env: { BENCH_SHOP_DATABASE_URL: '' } });
  try {
    const adminToken = await shop.request<string>('token:admin');
    const { connectMs } = await clients.request<{ connectMs: number }>('connect', { url: shop.ready.url, count: opts.sockets, as: 'socket.io' });
    const rounds: RealtimeRound[] = [];
    // One round more than counted: the first warms the paths (JIT, prepared statements) and is dropped.
    for (let i = 0; i <= opts.realtimeRounds; i += 1) {
      const orderId = await shop.request<string>('fixtures:pending-order');
      await clients.request('watch', orderId);
      const r = await clients.request<RealtimeRound>('round', {
        prefix: '42["order:updated"',
        needle: `"id":"${orderId}"`,
        trigger: {
          url: `${shop.ready.url}/api/v1/orders/${orderId}`,
          method: 'PATCH',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
          body: JSON.stringify({ order: { status: 'complete' } }),
        },
        timeoutMs: ROUND_TIMEOUT_MS,
      });
      checkRound('shop', r);
      if (i > 0) rounds.push(r);
    }
    await clients.request('disconnect');
    return summarise('shop: Socket.IO, order:watch, admin PATCH complete', connectMs, rounds);
  } finally {
    await shop.stop();
  }
}

async function measureWs(opts: BenchOptions, clients: BenchChild, payloadBytes: number): Promise<RealtimeTarget> {
  const server = await startChild('ws baseline', 'processes/ws-broadcast-server.ts', { cpu: SERVER_CPU });
  try {
    const { connectMs } = await clients.request<{ connectMs: number }>('connect', { url: server.ready.wsUrl, count: opts.sockets, as: 'ws' });
    const rounds: RealtimeRound[] = [];
    for (let i = 0; i <= opts.realtimeRounds; i += 1) {
      const r = await clients.request<RealtimeRound>('round', {
        prefix: `{"round":${i},`,
        needle: '"pad"',
        trigger: { url: `${server.ready.url}/broadcast`, method: 'POST', body: JSON.stringify({ round: i, size: payloadBytes }) },
        timeoutMs: ROUND_TIMEOUT_MS,
      });
      checkRound('ws baseline', r);
      if (i > 0) rounds.push(r);
    }
    await clients.request('disconnect');
    return summarise(`baseline: bare ws, HTTP-triggered broadcast of ${payloadBytes} B`, connectMs, rounds);
  } finally {
    await server.stop();
  }
}

export async function runRealtimeSection(opts: BenchOptions): Promise<RealtimeSection> {
  heading(`Realtime: ${opts.sockets} clients, ${opts.realtimeRounds} rounds, time from the trigger request to the LAST delivery`);
  const result: RealtimeSection = { sockets: opts.sockets, db: 'pglite', payloadBytes: 0 };
  const clients = await startChild('socket clients', 'processes/socket-clients.ts', { cpu: LOAD_CPU });
  try {
    result.shop = await measureShop(opts, clients);
    result.payloadBytes = result.shop.rounds[0]?.payloadBytes ?? 0;
    result.ws = await measureWs(opts, clients, result.payloadBytes);
    result.ratio = result.shop.medianLastMs / result.ws.medianLastMs;
    const rows: (string | number)[][] = [['target', 'last (median)', 'last (max)', 'first (median)', 'HTTP answer', 'connect all']];
    for (const t of [result.ws, result.shop]) {
      rows.push([t.name, ms(t.medianLastMs), ms(t.maxLastMs), ms(t.medianFirstMs), ms(t.medianHttpMs), ms(t.connectMs)]);
    }
    table(rows);
    note(`shop / ws baseline, median time to the last delivery: ${ratio(result.ratio)} (goal ≤ ×1.6); shop on PGlite`);
  } finally {
    await clients.stop();
  }
  return result;
}
