// Decision 082: WEB_CONCURRENCY=2 runs the real entry (server/index.ts) as a primary and two workers. Pushes reach
// sockets on both workers, Socket.IO sessions stay on their worker (long-polling too), and rate limits count
// across workers; without Redis (cluster adapter and a memory store in the primary) and with it.
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io } from 'socket.io-client';
import { createPostgresDatabase } from '../support/databases.js';
import { testChannelPrefix } from '../support/server.js';
import { endShopProcess, shopChildren, startShopProcess, type ShopProcess } from '../support/shop-process.js';
import { connected, nextEvent, openSocket, useSockets, type ClientSocket } from '../support/sockets.js';
import { topupPayload, TOPUP_BDT } from '../factories/orders.js';

const ADMIN = { email: 'admin@cluster.local', password: 'admin-password-1' };

/**
 * A loopback address of this run's own: the real limits apply here (no test scale), and with Redis their counts
 * are shared with every other test server that sends from 127.0.0.1 at the same time.
 */
const CLIENT_ADDRESS = `127.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

/** One request on a connection of its own, so that the primary hands each to the next worker. */
function request(
  base: string,
  method: string,
  urlPath: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      `${base}/api/v1${urlPath}`,
      {
        method,
        agent: false,
        localAddress: CLIENT_ADDRESS,
        headers: {
          connection: 'close',
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Record<string, unknown> }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

function useClusteredShop(options: { redis: boolean }) {
  const shop = { url: '', pid: 0 };
  let child: ShopProcess | undefined;
  let drop: (() => Promise<void>) | undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-cluster-'));
  beforeAll(async () => {
    const database = await createPostgresDatabase();
    drop = database.drop;
    child = await startShopProcess({
      env: {
        NODE_ENV: 'test',
        WEB_CONCURRENCY: '2',
        PORT: '0',
        DATA_DIR: dataDir,
        DATABASE_URL: database.url,
        REDIS_URL: options.redis ? process.env.TEST_REDIS_URL : '',
        REDIS_CHANNEL_PREFIX: testChannelPrefix(),
        CAPTCHA: 'off',
        // The primary's "Shop listening" line is an info line.
        LOG_LEVEL: 'info',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        JWT_SECRET: 'cluster-test-secret-that-is-long-enough-0123',
      },
      timeoutMs: 200_000,
    });
    shop.url = child.url;
    shop.pid = child.process.pid!;
  }, 240_000);
  afterAll(async () => {
    await endShopProcess(child);
    await drop?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);
  return shop;
}

const describeCluster = (redis: boolean) => () => {
  const shop = useClusteredShop({ redis });
  useSockets();
  let adminToken = '';
  beforeAll(async () => {
    const login = await request(shop.url, 'POST', '/login', { user: ADMIN });
    expect(login.status).toBe(200);
    adminToken = (login.body.user as { jwt: string }).jwt;
  });

  it('When it starts, then a primary runs two worker processes', () => {
    expect(shopChildren(shop.pid)).toHaveLength(2);
  });

  it('When orders are placed through either worker, then admin sockets on both workers get every push', async () => {
    // Each socket is a connection of its own: the primary hands them to the workers in turn.
    const sockets: ClientSocket[] = [];
    for (let i = 0; i < 4; i += 1) sockets.push(await connected(openSocket(shop, { token: adminToken }), 30_000));
    // One more over long-polling only: its many requests must all reach the worker that holds its session.
    const polling: ClientSocket = io(shop.url, {
      path: '/socket.io',
      transports: ['polling'],
      forceNew: true,
      reconnection: false,
      auth: { token: adminToken },
    });
    sockets.push(await connected(polling, 30_000));
    for (let round = 0; round < 2; round += 1) {
      const amount = String(500 + round);
      const pushes = sockets.map((s) => nextEvent(s, 'order:created', (order) => order.data.amount === Number(amount)));
      const placed = await request(shop.url, 'POST', `/orders/${TOPUP_BDT}`, { order: topupPayload({ amount }) });
      expect(placed.status).toBe(201);
      const received = await Promise.all(pushes);
      expect(received.map((o) => o.id)).toEqual(sockets.map(() => placed.body.id));
      // The public snapshot of both workers (two connections, handed out in turn) has the new order at once.
      for (let read = 0; read < 2; read += 1) {
        const home = await request(shop.url, 'GET', '/home');
        expect((home.body.orders as { amount: number }[])[0].amount).toBe(Number(amount));
      }
    }
    expect(polling.connected).toBe(true);
    polling.close();
  });

  it('When a client sends its next bytes right after its first request, then the worker gets them (none lost in the hand-over)', async () => {
    // The primary hands a connection to a worker as the socket's handle; what the client sends before the primary
    // has let go of it (the first Socket.IO packet after a websocket upgrade, a keep-alive client's next request)
    // was read by the primary and dropped: 7 of 40 connections here lost their second request.
    const { port } = new URL(shop.url);
    const answers = await Promise.all(
      Array.from(
        { length: 30 },
        () =>
          new Promise<number>((resolve) => {
            const socket = net.connect(Number(port), '127.0.0.1');
            let text = '';
            const count = () => (text.match(/HTTP\/1\.1 200 /g) ?? []).length;
            const timer = setTimeout(() => {
              socket.destroy();
              resolve(count());
            }, 10_000);
            socket.on('data', (data: Buffer) => {
              text += data.toString('latin1');
              if (count() === 2) {
                clearTimeout(timer);
                socket.destroy();
                resolve(2);
              }
            });
            socket.on('connect', () => {
              socket.write('GET /api/v1/products/all HTTP/1.1\r\nHost: shop\r\n\r\n');
              setTimeout(() => socket.write('GET /api/v1/products/all HTTP/1.1\r\nHost: shop\r\n\r\n'), 1);
            });
          }),
      ),
    );
    expect(answers).toEqual(answers.map(() => 2));
  });

  // With Redis the counts live in Redis, shared with other test runs for an hour (tests/api/rate-limits.test.ts
  // covers several instances over Redis); the memory store in the primary is this file's to test.
  it.runIf(!redis)(
    'When one address registers over many connections, then the limit counts across workers',
    async () => {
      // 10 sign-ups an hour per address (product.md §3.7); an invalid body still counts. Each request is a new
      // connection, so they alternate between the workers: counted per worker, 20 would pass.
      const statuses: number[] = [];
      for (let i = 0; i < 12; i += 1)
        statuses.push((await request(shop.url, 'POST', '/register', { user: {} })).status);
      expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
      expect(statuses.slice(10)).toEqual([429, 429]);
    },
  );
};

describe.runIf(process.env.TEST_DATABASE_URL)('WEB_CONCURRENCY=2 without Redis', describeCluster(false));
describe.runIf(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)(
  'WEB_CONCURRENCY=2 with Redis',
  describeCluster(true),
);
