// PostgreSQL goes away under order writes and comes back (decision 076): a TCP proxy the test
// controls sits between the shop and the real server. Every request that needs the database answers 503 with
// Retry-After (never 500), the log says once that it went away and once that it is back, the shop serves again
// without a restart, and no order it acknowledged is lost.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLog } from '../support/log-capture.js';
import { createPostgresDatabase } from '../support/databases.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { startTcpProxy, targetOf, type TcpProxy } from '../support/tcp-proxy.js';
import { TOPUP_BDT, topupPayload } from '../factories/orders.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL outage', () => {
  const log = captureLog('info');
  let proxy: TcpProxy;
  let server: TestServer;
  let drop: () => Promise<void>;
  let realUrl: string;

  beforeAll(async () => {
    const database = await createPostgresDatabase();
    drop = database.drop;
    realUrl = database.url;
    proxy = await startTcpProxy(targetOf(realUrl, 5432));
    server = await startTestServer({ databaseUrl: proxy.via(realUrl), logger: log.logger });
  });
  afterAll(async () => {
    await server?.close();
    await proxy?.close();
    await drop?.();
  });

  it('When the connection to PostgreSQL is cut during order writes, then 503 with Retry-After, one log line each way, service resumes and no acknowledged order is lost', async () => {
    const acknowledged: string[] = [];
    const statuses = new Map<number, number>();
    const unavailable: { retryAfter: string | null; body: Record<string, unknown> }[] = [];
    let writing = true;
    const writer = async (n: number) => {
      let i = 0;
      while (writing) {
        i += 1;
        const res = await fetch(`${server.url}/api/v1/orders/${TOPUP_BDT}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ order: topupPayload({ onex_id: String(100_000_000 + n * 100_000 + i) }) }),
        });
        const body = (await res.json()) as Record<string, unknown>;
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status === 201) acknowledged.push(body.id as string);
        if (res.status === 503) {
          unavailable.push({ retryAfter: res.headers.get('retry-after'), body });
          await sleep(100);
        }
      }
    };

    const writers = [1, 2, 3, 4].map(writer);
    const waitFor = async (what: string, done: () => boolean, ms = 20_000) => {
      const deadline = Date.now() + ms;
      while (!done()) {
        if (Date.now() > deadline)
          throw new Error(`timed out waiting for ${what}; statuses ${JSON.stringify([...statuses])}`);
        await sleep(50);
      }
    };
    try {
      await waitFor('first orders', () => acknowledged.length >= 5);
      log.clear();
      proxy.cut();
      await waitFor('503 answers', () => unavailable.length >= 5);
      const ackedWhileDown = acknowledged.length;

      const health = await server.api.get('/health');
      expect(health.status).toBe(503);
      expect(health.headers.get('retry-after')).toBe('5');
      expect(health.body).toMatchObject({
        ok: false,
        key: 'errors.unavailable',
        database: 'down',
        redis: 'disabled',
        status: 'down',
      });
      const list = await server.api.get(`/orders/${acknowledged[0]}`);
      expect(list.status).toBe(503);

      await sleep(2_500); // a few seconds of outage, with the sweeper failing in the background too
      proxy.restore();
      await waitFor('orders acknowledged again', () => acknowledged.length >= ackedWhileDown + 5, 30_000);
      expect((await server.api.get('/health')).body).toMatchObject({ ok: true, database: 'up', status: 'ok' });
    } finally {
      writing = false;
      await Promise.all(writers);
    }

    // Answers: created or "come back later", never a 500.
    expect([...statuses.keys()].sort()).toEqual([201, 503]);
    for (const u of unavailable) {
      expect(u.retryAfter).toBe('5');
      expect(u.body).toMatchObject({ ok: false, key: 'errors.unavailable' });
      expect(typeof u.body.request_id).toBe('string');
    }

    // The log: one line that it went away, one that it is back, and no stack traces.
    const lines = log.lines;
    expect(lines.filter((l) => l.event === 'database.down')).toHaveLength(1);
    expect(lines.filter((l) => l.event === 'database.up')).toHaveLength(1);
    expect(lines.filter((l) => l.level === 'error')).toHaveLength(1);
    expect(lines.filter((l) => 'err' in l)).toHaveLength(0);
    expect(log.text()).not.toMatch(/\n\s+at /);

    // Nothing acknowledged was lost: every id is in the database (read around the proxy).
    const rows = await server.app.ctx.prisma.order.findMany({
      where: { id: { in: acknowledged } },
      select: { id: true },
    });
    expect(rows.length).toBe(acknowledged.length);
  });
});
