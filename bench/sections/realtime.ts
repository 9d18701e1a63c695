// Realtime section: N Socket.IO clients watch an order; the admin completes it; time to the LAST delivery,
// next to a bare `ws` server broadcasting a frame of the same size to N clients, in the same run.
import { LOAD_CPU, SERVER_CPU, startChild, type BenchChild } from '../lib/child.js';
import type { BenchOptions } from '../lib/options.js';
import { createScratchDatabase, type ScratchDatabase } from '../lib/postgres.js';
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
  /** shop (PGlite) median last delivery / ws median last delivery; goal ≤ 1.6 */
  ratio?: number;
  /** The same shop on PostgreSQL (when the bench has a server), against the same baseline rounds. */
  shopPostgres?: RealtimeTarget;
  ratioPostgres?: number;
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
  if (r.timedOut || r.delivered !== r.clients)
    throw new Error(
      `${target}: ${r.delivered} of ${r.clients} clients got the push within ${ROUND_TIMEOUT_MS / 1000} s`,
    );
  if (r.httpStatus !== 200) throw new Error(`${target}: the trigger request answered ${r.httpStatus}`);
}

interface Target {
  round(i: number): Promise<RealtimeRound>;
}

/** The shop: each round a fresh paid order that every client watches, completed by the admin. */
async function shopTarget(shop: BenchChild, clients: BenchChild, group: string): Promise<Target> {
  const adminToken = await shop.request<string>('token:admin');
  return {
    async round() {
      const orderId = await shop.request<string>('fixtures:pending-order');
      await clients.request('watch', { group, orderId });
      const r = await clients.request<RealtimeRound>('round', {
        group,
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
      checkRound(group, r);
      return r;
    },
  };
}

/** The floor: one HTTP request makes a bare ws server send a frame of the shop's size to every client. */
function wsTarget(server: BenchChild, clients: BenchChild, payloadBytes: () => number): Target {
  return {
    async round(i) {
      const r = await clients.request<RealtimeRound>('round', {
        group: 'ws',
        prefix: `{"round":${i},`,
        needle: '"pad"',
        trigger: {
          url: `${server.ready.url}/broadcast`,
          method: 'POST',
          body: JSON.stringify({ round: i, size: payloadBytes() }),
        },
        timeoutMs: ROUND_TIMEOUT_MS,
      });
      checkRound('ws baseline', r);
      return r;
    },
  };
}

export async function runRealtimeSection(opts: BenchOptions): Promise<RealtimeSection> {
  heading(
    `Realtime: ${opts.sockets} clients, ${opts.realtimeRounds} rounds each, time from the trigger request to the LAST delivery`,
  );
  const result: RealtimeSection = { sockets: opts.sockets, db: 'pglite', payloadBytes: 0 };
  const children: BenchChild[] = [];
  let scratch: ScratchDatabase | undefined;
  try {
    const shop = await startChild('shop (pglite)', 'processes/shop-server.ts', {
      cpu: SERVER_CPU,
      env: { BENCH_SHOP_DATABASE_URL: '' },
    });
    children.push(shop);
    let shopPg: BenchChild | undefined;
    if (opts.postgresBaseUrl) {
      scratch = await createScratchDatabase(opts.postgresBaseUrl);
      shopPg = await startChild('shop (postgres)', 'processes/shop-server.ts', {
        cpu: SERVER_CPU,
        env: { BENCH_SHOP_DATABASE_URL: scratch.url },
      });
      children.push(shopPg);
    }
    const wsServer = await startChild('ws baseline', 'processes/ws-broadcast-server.ts', { cpu: SERVER_CPU });
    children.push(wsServer);
    const clients = await startChild('socket clients', 'processes/socket-clients.ts', { cpu: LOAD_CPU });
    children.push(clients);
    const shopConnect = await clients.request<{ connectMs: number }>('connect', {
      group: 'shop',
      url: shop.ready.url,
      count: opts.sockets,
      as: 'socket.io',
    });
    const pgConnect = shopPg
      ? await clients.request<{ connectMs: number }>('connect', {
          group: 'shop-pg',
          url: shopPg.ready.url,
          count: opts.sockets,
          as: 'socket.io',
        })
      : undefined;
    const wsConnect = await clients.request<{ connectMs: number }>('connect', {
      group: 'ws',
      url: wsServer.ready.wsUrl,
      count: opts.sockets,
      as: 'ws',
    });
    const targets: Partial<Record<'shop' | 'shop-pg' | 'ws', Target>> = {
      shop: await shopTarget(shop, clients, 'shop'),
      ...(shopPg ? { 'shop-pg': await shopTarget(shopPg, clients, 'shop-pg') } : {}),
      ws: wsTarget(wsServer, clients, () => result.payloadBytes),
    };
    const names = Object.keys(targets) as ('shop' | 'shop-pg' | 'ws')[];
    // A warm-up round of each (dropped); the shop's tells the size of its frame, which the baseline then sends.
    result.payloadBytes = (await targets.shop!.round(0)).payloadBytes;
    for (const name of names.filter((n) => n !== 'shop')) await targets[name]!.round(0);
    // All stay connected and take turns (the order rotating), so drift in the machine's load falls on all alike.
    const rounds: Record<string, RealtimeRound[]> = Object.fromEntries(names.map((n) => [n, []]));
    for (let i = 1; i <= opts.realtimeRounds; i += 1) {
      const order = names.map((_, k) => names[(k + i) % names.length]);
      for (const name of order) rounds[name].push(await targets[name]!.round(i));
    }
    result.shop = summarise(
      'shop on PGlite: Socket.IO, order:watch, admin PATCH complete',
      shopConnect.connectMs,
      rounds.shop,
    );
    result.ws = summarise(
      `baseline: bare ws, HTTP-triggered broadcast of ${result.payloadBytes} B`,
      wsConnect.connectMs,
      rounds.ws,
    );
    result.ratio = result.shop.medianLastMs / result.ws.medianLastMs;
    if (pgConnect) {
      result.shopPostgres = summarise('shop on PostgreSQL: the same', pgConnect.connectMs, rounds['shop-pg']);
      result.ratioPostgres = result.shopPostgres.medianLastMs / result.ws.medianLastMs;
    }
    const rows: (string | number)[][] = [
      ['target', 'last (median)', 'last (max)', 'first (median)', 'HTTP answer', 'connect all'],
    ];
    for (const t of [result.ws, result.shop, result.shopPostgres]) {
      if (t)
        rows.push([
          t.name,
          ms(t.medianLastMs),
          ms(t.maxLastMs),
          ms(t.medianFirstMs),
          ms(t.medianHttpMs),
          ms(t.connectMs),
        ]);
    }
    table(rows);
    note(
      `shop / ws baseline, median time to the last delivery: ${ratio(result.ratio)} on PGlite${
        result.ratioPostgres === undefined ? '' : `, ${ratio(result.ratioPostgres)} on PostgreSQL`
      } (goal ≤ ×1.6)`,
    );
    note('"first" is the first client\'s delivery: for the shop it is the PATCH\'s transaction before the push');
  } finally {
    for (const child of children.reverse()) await child.stop();
    await scratch?.drop().catch(() => undefined);
  }
  return result;
}
