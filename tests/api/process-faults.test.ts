// (decision 190) An unhandled rejection or an uncaught exception ends a shop process in every mode
// (one process, a cluster worker, the cluster primary) with one fatal line that carries the error, after the process
// stopped taking work, and with exit code 1 so that its supervisor starts it again. The real entry point runs as a
// child process with a test-only preload (tests/support/fault-trigger.ts) that raises the fault on SIGUSR2.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { TestFault } from '../support/fault-trigger.js';
import { createPostgresDatabase } from '../support/databases.js';
import type { LogLine } from '../support/log-capture.js';
import { testChannelPrefix } from '../support/server.js';
import {
  endShopProcess,
  isRunning,
  shopChildren,
  shopWorker,
  startShopProcess,
  type ShopProcess,
} from '../support/shop-process.js';

const FAULTS: { fault: TestFault; event: string; text: string; message: string }[] = [
  {
    fault: 'rejection',
    event: 'unhandledRejection',
    text: 'Unhandled rejection',
    message: 'test fault: a rejection nobody handles',
  },
  {
    fault: 'exception',
    event: 'uncaughtException',
    text: 'Uncaught exception',
    message: 'test fault: an exception nobody catches',
  },
];
const WAIT = { timeout: 60_000, interval: 250 };
// Each test starts the real entry point (a cluster is three processes): minutes on a loaded 2-core machine.
const ONE_PROCESS = { timeout: 300_000 };
const A_CLUSTER = { timeout: 480_000 };

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-faults-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

function shopEnv(name: string): Record<string, string> {
  const dataDir = path.join(scratch, name);
  return {
    NODE_ENV: 'test',
    PORT: '0',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    REDIS_URL: '',
    REDIS_CHANNEL_PREFIX: testChannelPrefix(),
    CAPTCHA: 'off',
    LOG_LEVEL: 'info',
    ADMIN_EMAIL: 'admin@faults.test',
    ADMIN_PASSWORD: 'admin-password-1',
    JWT_SECRET: 'fault-test-secret-that-is-long-enough-0123',
    SHOP_TEST_FAULT_FILE: path.join(scratch, `${name}.fault`),
  };
}

const startWithTrigger = (env: Record<string, string>) =>
  startShopProcess({ env, preload: ['tests/support/fault-trigger.ts'], timeoutMs: 200_000 });

/** Makes the process `pid` raise `fault` (the preload reads the file on SIGUSR2). */
function raise(env: Record<string, string>, pid: number, fault: TestFault): void {
  fs.writeFileSync(env.SHOP_TEST_FAULT_FILE, fault);
  process.kill(pid, 'SIGUSR2');
}

/** GET /api/v1/health on a connection of its own (the primary hands each connection to the next worker). */
function health(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${url}/api/v1/health`, { agent: false, timeout: 30_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('timeout', () => req.destroy(new Error('no answer in 30 s')));
    req.on('error', reject);
  });
}

const linesOf = (shop: ShopProcess, role: string) => shop.lines().filter((line: LogLine) => line.process === role);

/** The one fatal line of `role`, naming the fault and carrying the error, followed by its "Stopped" line. */
function expectFaultLogged(shop: ShopProcess, role: string, f: (typeof FAULTS)[number]): void {
  const lines = linesOf(shop, role);
  const fatal = lines.filter((line) => line.level === 'fatal');
  expect(fatal, shop.output()).toEqual([
    expect.objectContaining({
      msg: `${f.text}: stopping, then exiting with code 1`,
      fault: f.event,
      err: expect.objectContaining({ type: 'Error', message: f.message }),
    }),
  ]);
  expect((fatal[0].err as { stack: string }).stack).toContain('fault-trigger.ts');
  // It stopped within its bound, by itself: the stop finished (no "took longer" line) and nothing failed.
  const after = lines.slice(lines.indexOf(fatal[0]) + 1);
  expect(after.map((line) => line.msg)).toEqual(['Stopped']);
  expect(after[0].exit_code).toBe(1);
}

describe('A fault in a single shop process (PGlite)', () => {
  let shop: ShopProcess | undefined;
  afterEach(async () => {
    await endShopProcess(shop);
    shop = undefined;
  });

  for (const f of FAULTS) {
    it(
      `When an ${f.text.toLowerCase()} happens, then one fatal line carries the error, the shop stops taking work and exits with code 1`,
      ONE_PROCESS,
      async () => {
        const env = shopEnv(`single-${f.fault}`);
        shop = await startWithTrigger(env);
        expect(await health(shop.url)).toBe(200);
        raise(env, shop.process.pid!, f.fault);
        expect(await shop.exited).toBe(1);
        expectFaultLogged(shop, 'single', f);
        await expect(health(shop.url)).rejects.toThrow(/ECONNREFUSED/);
      },
    );
  }
});

describe.runIf(process.env.TEST_DATABASE_URL)('A fault in a cluster (WEB_CONCURRENCY=2, PostgreSQL)', () => {
  let shop: ShopProcess | undefined;
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await endShopProcess(shop);
    shop = undefined;
    await drop?.();
    drop = undefined;
  }, 120_000);

  async function startCluster(name: string): Promise<Record<string, string>> {
    const database = await createPostgresDatabase();
    drop = database.drop;
    const env = { ...shopEnv(name), WEB_CONCURRENCY: '2', DATABASE_URL: database.url };
    shop = await startWithTrigger(env);
    return env;
  }

  it(
    'When each worker in turn has a fault, then it logs it, exits with code 1 and is started again while the other serves',
    A_CLUSTER,
    async () => {
      const env = await startCluster('workers');
      const primary = shop!.process.pid!;
      for (const [index, f] of [
        [1, FAULTS[0]],
        [0, FAULTS[1]],
      ] as const) {
        const failing = shopWorker(primary, index)!;
        const other = shopWorker(primary, 1 - index)!;
        expect(failing).toBeDefined();
        raise(env, failing, f.fault);
        await expect.poll(() => isRunning(failing), WAIT).toBe(false);
        expectFaultLogged(shop!, `worker ${index}`, f);
        await expect
          .poll(
            () =>
              linesOf(shop!, 'primary').some((line) => line.msg === `Worker ${index} exited (1); starting it again`),
            WAIT,
          )
          .toBe(true);
        await expect.poll(() => shopWorker(primary, index), WAIT).not.toBe(undefined);
        expect(shopWorker(primary, index)).not.toBe(failing);
        expect(shopWorker(primary, 1 - index)).toBe(other);
        // Every connection is answered, half of them by the new worker while it still builds its shop: the primary
        // holds what it hands that worker until the worker is ready.
        const answers = await Promise.all(Array.from({ length: 6 }, () => health(shop!.url)));
        expect(answers).toEqual(answers.map(() => 200));
      }
      expect(shop!.process.exitCode).toBeNull();
    },
  );

  for (const f of FAULTS) {
    it(
      `When the primary has an ${f.text.toLowerCase()}, then it logs it, stops its workers and exits with code 1`,
      A_CLUSTER,
      async () => {
        const env = await startCluster(`primary-${f.fault}`);
        const workers = shopChildren(shop!.process.pid!);
        expect(workers).toHaveLength(2);
        raise(env, shop!.process.pid!, f.fault);
        expect(await shop!.exited).toBe(1);
        expectFaultLogged(shop!, 'primary', f);
        // The workers were asked to stop (SIGTERM) and did so cleanly before the primary exited.
        for (const index of [0, 1]) {
          expect(linesOf(shop!, `worker ${index}`).map((line) => line.msg)).toEqual(
            expect.arrayContaining(['SIGTERM received, shutting down', 'Stopped']),
          );
        }
        for (const pid of workers) expect(isRunning(pid)).toBe(false);
      },
    );
  }
});
