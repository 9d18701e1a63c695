// PGlite killed with SIGKILL in the middle of order writes: the real server runs as a child
// process on a data dir of its own; after a restart every order it acknowledged (201) is there.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { endShopProcess, startShopProcess, type ShopProcess } from '../support/shop-process.js';
import { TOPUP_BDT, topupPayload } from '../factories/orders.js';

/** Starts `server/index.ts` on DATA_DIR and resolves once it listens. */
function startServer(dataDir: string): Promise<ShopProcess> {
  return startShopProcess({
    env: {
      NODE_ENV: 'test',
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      CAPTCHA: 'off',
      JWT_SECRET: 'crash-test-secret-that-is-long-enough-0123',
      ADMIN_EMAIL: 'admin@crash.test',
      ADMIN_PASSWORD: 'admin-password-1',
      LOG_LEVEL: 'info',
      TRUST_PROXY: '1', // each write comes from its own X-Forwarded-For address: the per-address order limit stays out of the way
    },
  });
}

describe('PGlite killed during writes', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-crash-'));
  const children: ShopProcess[] = [];
  afterAll(async () => {
    for (const child of children) await endShopProcess(child, 0);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'When the server is killed with SIGKILL mid-write, then after a restart every acknowledged order is there',
    { timeout: 400_000 },
    async () => {
      const first = await startServer(dataDir);
      children.push(first);

      const acknowledged: string[] = [];
      let address = 0;
      let writing = true;
      const writer = async () => {
        while (writing) {
          address += 1;
          try {
            const res = await fetch(`${first.url}/api/v1/orders/${TOPUP_BDT}`, {
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                'x-forwarded-for': `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
              },
              body: JSON.stringify({ order: topupPayload({ onex_id: String(200_000_000 + address) }) }),
            });
            const body = (await res.json()) as { id?: string };
            if (res.status === 201 && body.id) acknowledged.push(body.id);
            else if (res.status !== 201) throw new Error(`order answered ${res.status}: ${JSON.stringify(body)}`);
          } catch (error) {
            if (writing) throw error;
            return; // the kill cut this request: it was never acknowledged
          }
        }
      };
      const writers = Array.from({ length: 6 }, writer);
      const deadline = Date.now() + 60_000;
      while (acknowledged.length < 40 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(acknowledged.length).toBeGreaterThanOrEqual(40);

      // Killed while the six writers still have requests in flight.
      first.process.kill('SIGKILL');
      writing = false;
      await first.exited;
      await Promise.all(writers);
      const acked = [...acknowledged];
      expect(first.process.signalCode).toBe('SIGKILL');

      const second = await startServer(dataDir);
      children.push(second);
      const missing: string[] = [];
      for (const id of acked) {
        const res = await fetch(`${second.url}/api/v1/orders/${id}`);
        if (res.status !== 200) missing.push(`${id}: ${res.status}`);
      }
      expect(missing).toEqual([]);
      await endShopProcess(second);
    },
  );
});
