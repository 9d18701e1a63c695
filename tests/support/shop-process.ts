// The real entry point (server/index.ts) as a child process, for tests of what only a whole process shows: its
// start command, its exit code, its cluster of workers, its lines on standard output.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LogLine } from './log-capture.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ShopProcess {
  process: ChildProcess;
  /** http://127.0.0.1:<port>, from the "Shop listening" line. */
  url: string;
  /** Everything written to standard output and standard error so far. */
  output(): string;
  /** The JSON lines written so far (the plain ones, such as the generated admin password, are left out). */
  lines(): LogLine[];
  /** Resolves with the exit code (null when a signal ended it). */
  exited: Promise<number | null>;
}

export interface ShopProcessOptions {
  /** Environment on top of this process's own. */
  env: Record<string, string | undefined>;
  /** Modules loaded before the entry point (`--import`), relative to the project root. */
  preload?: string[];
  timeoutMs?: number;
}

/** Starts `node --import tsx server/index.ts` and resolves once its "Shop listening" line names the port. */
export function startShopProcess(options: ShopProcessOptions): Promise<ShopProcess> {
  const args = [
    '--import',
    'tsx',
    ...(options.preload ?? []).flatMap((file) => ['--import', `./${file}`]),
    'server/index.ts',
  ];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const lines = () =>
    out
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as LogLine);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the shop did not start in time:\n${out}`));
    }, options.timeoutMs ?? 150_000);
    const onData = () => {
      const port = /Shop listening on http:\/\/localhost:(\d+)/.exec(out)?.[1];
      if (!port) return;
      clearTimeout(timer);
      child.stdout!.off('data', onData);
      resolve({ process: child, url: `http://127.0.0.1:${port}`, output: () => out, lines, exited });
    };
    child.stdout!.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the shop exited (${code}) before it listened:\n${out}`));
    });
  });
}

/** Ends the process (SIGTERM, then SIGKILL after `graceMs`) unless it has ended already. */
export async function endShopProcess(shop: ShopProcess | undefined, graceMs = 30_000): Promise<void> {
  if (!shop || shop.process.exitCode !== null || shop.process.signalCode !== null) return;
  shop.process.kill('SIGTERM');
  const killer = setTimeout(() => shop.process.kill('SIGKILL'), graceMs);
  await shop.exited;
  clearTimeout(killer);
}

/** The child processes of `pid` that run the shop's entry point (a primary's workers), from /proc. */
export function shopChildren(pid: number): number[] {
  return fs
    .readdirSync('/proc')
    .filter((e) => /^\d+$/.test(e))
    .filter((e) => {
      try {
        const stat = fs.readFileSync(`/proc/${e}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return ppid === pid && fs.readFileSync(`/proc/${e}/cmdline`, 'utf8').includes('server/index.ts');
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** The process id of a primary's worker number `index` (its SHOP_WORKER_INDEX), or undefined while there is none. */
export function shopWorker(primaryPid: number, index: number): number | undefined {
  return shopChildren(primaryPid).find((pid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(`SHOP_WORKER_INDEX=${index}`);
    } catch {
      return false;
    }
  });
}

/** Whether a process with this id still exists. */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
