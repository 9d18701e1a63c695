// Bench child: the shop itself (createApplication, exactly what `npm start` builds) in its own process, on
// PGlite in a throw-away DATA_DIR (as `npm start` runs it) or on the PostgreSQL database in BENCH_SHOP_DATABASE_URL.
// Rate limits are scaled out of the way and CAPTCHA is off; it also makes the fixtures the bench needs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseConfig } from '../../server/config.js';
import { createApplication } from '../../server/app.js';
import { signToken } from '../../server/security/tokens.js';
import { createApiClient } from '../../tests/support/http.js';
import type { TestServer } from '../../tests/support/server.js';
import { createUser, loginAdmin } from '../../tests/factories/users.js';
import { placeOrder, placePendingOrder, topupPayload, TOPUP_BDT, uniquePmId } from '../../tests/factories/orders.js';
import { failStart, serveRequests } from '../lib/child.js';
import { BENCH_ADMIN, BENCH_JWT_SECRET, type HttpFixtures } from '../lib/shop-fixtures.js';

/** A statement's kind: its verb and first table ("SELECT sms_messages"), Prisma's quoting dropped. */
function statementKind(sql: string): string {
  const text = sql
    .replace(/"public"\./g, '')
    .replace(/"/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  const verb =
    /^(WITH|SELECT|INSERT|UPDATE|DELETE|BEGIN|COMMIT|ROLLBACK|SET)\b/i.exec(text)?.[1].toUpperCase() ??
    text.slice(0, 12);
  const table =
    /\b(?:FROM|INTO|UPDATE|JOIN)\s+([a-z_]+)/i.exec(text)?.[1] ??
    (/pg_advisory_xact_lock/.test(text) ? 'advisory lock' : '');
  return `${verb} ${table}`.trim();
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
  const databaseUrl = process.env.BENCH_SHOP_DATABASE_URL || undefined;
  const config = parseConfig({
    NODE_ENV: 'test',
    PORT: '0',
    DATA_DIR: dataDir,
    CAPTCHA: 'off',
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    JWT_SECRET: BENCH_JWT_SECRET,
    LOG_LEVEL: 'error',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    // The delivery section's fake cash desk.
    ...(process.env.CASHDESK_API_ROOT ? { CASHDESK_API_ROOT: process.env.CASHDESK_API_ROOT } : {}),
  });
  // Every statement the shop sends is counted by its kind (the payment section prints statements per SMS).
  const statements = new Map<string, number>();
  const onStatement = (sql: string) => {
    const kind = statementKind(sql);
    statements.set(kind, (statements.get(kind) ?? 0) + 1);
  };
  const app = await createApplication(config, { rateLimitScale: 1e6, inMemoryDb: false, onStatement });
  const port = await app.listen(0);
  const url = `http://127.0.0.1:${port}`;
  // The shape the test factories expect, so fixtures are made the way the tests make them.
  const server: TestServer = {
    url,
    port,
    app,
    config,
    api: createApiClient(`${url}/api/v1`),
    dataDir,
    close: () => app.close(),
  };

  async function httpFixtures(): Promise<HttpFixtures> {
    const user = await createUser(server, { name: 'Bench Customer' });
    const orderIds: string[] = [];
    // A mix the order page really shows: waiting (with time left) and paid orders, of a guest and a customer.
    for (let i = 0; i < 40; i += 1) {
      const token = i % 2 === 0 ? user.token : undefined;
      const id = await placeOrder(server, TOPUP_BDT, topupPayload({ amount: `${500 + i}.50` }), token);
      if (i % 4 === 0) await server.api.patch(`/orders/${id}`, { order: { pm_id: uniquePmId() } });
      orderIds.push(id);
    }
    return { userEmail: user.email, userPassword: user.password, userToken: user.token, orderIds };
  }

  serveRequests(
    {
      'fixtures:http': () => httpFixtures(),
      'fixtures:pending-order': async () => placePendingOrder(server),
      /** The statements sent since the last take, by kind (and clears them). */
      'statements:take': async () => {
        const taken = Object.fromEntries(statements);
        statements.clear();
        return taken;
      },
      'token:admin': async () => (await loginAdmin(server)).token,
      'token:email': async (email: string) => {
        const user = await app.ctx.prisma.user.findUniqueOrThrow({ where: { email } });
        return signToken(app.ctx.jwtSecret, user);
      },
    },
    { url, pid: process.pid, db: app.ctx.db.kind },
    async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  );
}

main().catch(failStart);
