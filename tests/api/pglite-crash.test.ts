// PGlite killed with SIGKILL in the middle of order writes (issue 7 item 6): the real server runs as a child
// process on a data dir of its own; after a restart every order it acknowledged (201) is there.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TOPUP_BDT, topupPayload } from '../factories/orders.js';

interface Child {
  process: ChildProcess;
  url: string;
  output(): string;
}

/** Starts `server/index.ts` on DATA_DIR and resolves once it listens (its JSON start line names the port). */
function startServer(dataDir: string): Promise<Child> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: {
      ...process.env,
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
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 150_000);
    const onData = (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n').find((l) => l.includes('Shop listening'));
      if (!line) return;
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.stdout?.on('data', (more: Buffer) => (out += more.toString()));
      const port = (JSON.parse(line) as { port: number }).port;
      resolve({ process: child, url: `http://127.0.0.1:${port}`, output: () => out });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

describe('PGlite killed during writes', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-crash-'));
  const children: ChildProcess[] = [];
  afterAll(async () => {
    for (const child of children) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited(child);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('When the server is killed with SIGKILL mid-write, then after a restart every acknowledged order is there', { timeout: 400_000 }, async () => {
    const first = await startServer(dataDir);
    children.push(first.process);

    const acknowledged: string[] = [];
    let address = 0;
    let writing = true;
    const writer = async () => {
      while (writing) {
        address += 1;
        try {
          const res = await fetch(`${first.url}/api/v1/orders/${TOPUP_BDT}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}` },
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
    await exited(first.process);
    await Promise.all(writers);
    const acked = [...acknowledged];
    expect(first.process.signalCode).toBe('SIGKILL');

    const second = await startServer(dataDir);
    children.push(second.process);
    const missing: string[] = [];
    for (const id of acked) {
      const res = await fetch(`${second.url}/api/v1/orders/${id}`);
      if (res.status !== 200) missing.push(`${id}: ${res.status}`);
    }
    expect(missing).toEqual([]);
    second.process.kill('SIGTERM');
    await exited(second.process);
  });
});
