// Starts a real shop in-process on a random port, on PGlite (in memory) or a fresh PostgreSQL database; and the
// hooks that give a describe block its own server (useTestServer) or several instances on one database.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { parseConfig, type Config } from '../../server/config.js';
import { createApplication, type Application } from '../../server/app.js';
import type { Clock } from '../../server/clock.js';
import { createLogger, type Logger } from '../../server/logger.js';
import { lateBound } from './late-bound.js';
import { createPostgresDatabase, type DbKind } from './databases.js';
import { createApiClient, type ApiClient } from './http.js';
import { migratedImage } from './pglite-image.js';

export interface TestServer {
  url: string;
  port: number;
  app: Application;
  config: Config;
  api: ApiClient;
  dataDir: string;
  close(): Promise<void>;
}

export interface TestServerOptions {
  db?: DbKind;
  env?: Record<string, string>;
  /** Reuse a PostgreSQL URL (several instances on one database). */
  databaseUrl?: string;
  redis?: boolean;
  rateLimitScale?: number;
  /** A logger of the test's own (tests that read the log lines: tests/support/log-capture.ts). */
  logger?: Logger;
  /** The shop's clock (tests that move time: tests/support/clock.ts). */
  clock?: Clock;
  /** Sees every SQL statement the shop sends (tests that count them). */
  onStatement?: (sql: string) => void;
  /** false: no background work (the timeout sweep, the silent-phone watch), so only the test's requests run statements. */
  background?: boolean;
  /**
   * A data directory of the test's own, kept after close: without a database URL the shop keeps PGlite on disk there,
   * so another server started on it later finds the same database (a restart).
   */
  dataDir?: string;
}

export const ADMIN = { email: 'admin@test.local', password: 'admin-password-1' };

/** A Redis channel prefix no other test server uses. */
export const testChannelPrefix = () => `test-${crypto.randomBytes(6).toString('hex')}`;

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-'));
  let dropDb: (() => Promise<void>) | undefined;
  let databaseUrl = options.databaseUrl;
  if (!databaseUrl && options.db === 'postgres') {
    const created = await createPostgresDatabase();
    databaseUrl = created.url;
    dropDb = created.drop;
  }
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    PORT: '0',
    DATA_DIR: dataDir,
    CAPTCHA: 'off',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
    LOG_LEVEL: 'error',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(options.redis && process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL } : {}),
    // Every test server (or group of instances on one database) is a shop of its own on the shared Redis: without
    // this, another file's orders reached this file's admin sockets through the adapter's channel.
    REDIS_CHANNEL_PREFIX: testChannelPrefix(),
    ...options.env,
  };
  const config = parseConfig(env);
  const app = await createApplication(config, {
    inMemoryDb: !databaseUrl && !options.dataDir,
    inMemoryImage: databaseUrl || options.dataDir ? undefined : migratedImage(),
    rateLimitScale: options.rateLimitScale ?? 1000,
    logger: options.logger ?? createLogger(config.logLevel),
    clock: options.clock,
    onStatement: options.onStatement,
    background: options.background,
  });
  const port = await app.listen(0);
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    port,
    app,
    config,
    dataDir,
    api: createApiClient(`${url}/api/v1`),
    async close() {
      await app.close();
      await dropDb?.();
      if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts a test server before the tests of the enclosing describe block (or file) and closes it after them.
 * Options may be a function, for values that exist only once other beforeAll hooks ran (an SMTP catcher's URL).
 */
export function useTestServer(options: TestServerOptions | (() => TestServerOptions) = {}): TestServer {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer(typeof options === 'function' ? options() : options);
  });
  afterAll(async () => {
    await server?.close();
    server = undefined;
  });
  return lateBound(() => server, 'The test server');
}

/**
 * Starts `count` instances on one fresh PostgreSQL database (needs TEST_DATABASE_URL) before the tests of the
 * enclosing describe block, and closes them and drops the database after them.
 */
export function useTestInstances(
  count: number,
  options: Omit<TestServerOptions, 'db' | 'databaseUrl'> = {},
): TestServer[] {
  const servers: (TestServer | undefined)[] = Array.from({ length: count }, () => undefined);
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const database = await createPostgresDatabase();
    drop = database.drop;
    // One shop on several instances: they share the database and the Redis channels.
    const env = { REDIS_CHANNEL_PREFIX: testChannelPrefix(), ...options.env };
    for (let i = 0; i < count; i += 1)
      servers[i] = await startTestServer({ ...options, env, databaseUrl: database.url });
  });
  afterAll(async () => {
    for (const server of servers) await server?.close();
    servers.fill(undefined);
    await drop?.();
  });
  return servers.map((_, i) => lateBound(() => servers[i], `Test instance ${i + 1}`));
}
