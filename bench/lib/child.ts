// The bench's processes: every server and every load source runs in its own Node process, pinned to one core
// with `taskset` when the machine has one to spare, and talks to the orchestrator over Node's IPC channel.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const BENCH_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ROOT_DIR = path.resolve(BENCH_DIR, '..');

/** Cores used by the bench: the server side on SERVER_CPU, load generators and clients on LOAD_CPU. */
export const SERVER_CPU = 0;
export const LOAD_CPU = 1;

let pinningChecked: boolean | undefined;
/** True when `taskset` works here and there are at least two cores to split between server and load. */
export function canPin(): boolean {
  if (pinningChecked === undefined) {
    const probe = spawnSync('taskset', ['-c', String(LOAD_CPU), 'true'], { stdio: 'ignore' });
    pinningChecked = probe.status === 0 && os.availableParallelism() >= 2;
  }
  return pinningChecked;
}

export function pinningNote(): string {
  return canPin()
    ? `server processes pinned to CPU ${SERVER_CPU}, load generator and clients to CPU ${LOAD_CPU} (taskset)`
    : 'not pinned: taskset missing or fewer than 2 cores';
}

interface Reply {
  id: number;
  ok: boolean;
  result?: unknown;
  error?: string;
}

export interface BenchChild {
  name: string;
  process: ChildProcess;
  /** What the child announced when it was ready (its port, …). */
  ready: Record<string, unknown>;
  request<T = unknown>(type: string, payload?: unknown, timeoutMs?: number): Promise<T>;
  stop(): Promise<void>;
}

/**
 * Starts `bench/<entry>` under tsx in a new process (pinned to `cpu` when possible) and waits for its
 * `{ type: 'ready' }` message. The child answers requests through `serveRequests`.
 */
export async function startChild(
  name: string,
  entry: string,
  opts: { cpu?: number; env?: Record<string, string>; readyTimeoutMs?: number } = {},
): Promise<BenchChild> {
  const file = path.join(BENCH_DIR, entry);
  // BENCH_CPU_PROF=<dir>: the shop's processes write a V8 CPU profile there when they stop (open it in DevTools).
  const profile =
    process.env.BENCH_CPU_PROF && entry.includes('shop-server')
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
      : [];
  const nodeArgs = [...profile, '--import', 'tsx', file];
  const pinned = opts.cpu !== undefined && canPin();
  const command = pinned ? 'taskset' : process.execPath;
  const args = pinned ? ['-c', String(opts.cpu), process.execPath, ...nodeArgs] : nodeArgs;
  const child = spawn(command, args, {
    cwd: ROOT_DIR,
    env: { ...process.env, ...opts.env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let nextId = 1;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let exited = false;
  const exitPromise = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const ready = await new Promise<Record<string, unknown>>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${name} did not start within ${(opts.readyTimeoutMs ?? 120_000) / 1000} s`)),
      opts.readyTimeoutMs ?? 120_000,
    );
    const onMessage = (message: unknown) => {
      const m = message as { type?: string; error?: string };
      if (m.type === 'ready') {
        clearTimeout(timer);
        child.off('message', onMessage);
        resolve(m as Record<string, unknown>);
      } else if (m.type === 'failed') {
        clearTimeout(timer);
        reject(new Error(`${name} failed to start: ${m.error}`));
      }
    };
    child.on('message', onMessage);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with code ${code} before it was ready`));
    });
  });

  child.on('message', (message: unknown) => {
    const reply = message as Reply;
    const waiter = pending.get(reply.id);
    if (!waiter) return;
    pending.delete(reply.id);
    if (reply.ok) waiter.resolve(reply.result);
    else waiter.reject(new Error(`${name}: ${reply.error}`));
  });
  child.once('exit', (code) => {
    exited = true;
    for (const waiter of pending.values()) waiter.reject(new Error(`${name} exited (code ${code})`));
    pending.clear();
  });

  return {
    name,
    process: child,
    ready,
    request<T>(type: string, payload?: unknown, timeoutMs = 300_000): Promise<T> {
      if (exited) return Promise.reject(new Error(`${name} is not running`));
      const id = nextId++;
      return new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new Error(`${name}: ${type} took longer than ${timeoutMs / 1000} s`));
        }, timeoutMs);
        pending.set(id, {
          resolve: (v) => {
            clearTimeout(timer);
            resolve(v as T);
          },
          reject: (e) => {
            clearTimeout(timer);
            reject(e);
          },
        });
        child.send({ id, type, payload });
      });
    },
    async stop() {
      if (exited) return;
      // Ask for a clean close first (servers drain and drop their data); kill if it hangs.
      child.send({ id: 0, type: 'stop' });
      const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exitPromise;
      clearTimeout(killer);
    },
  };
}

type Handler = (payload: never) => Promise<unknown> | unknown;

/**
 * The child side: announces `ready` (with `info`), answers requests with the given handlers, and on `stop`
 * runs `onStop` and exits.
 */
export function serveRequests(
  handlers: Record<string, Handler>,
  info: Record<string, unknown>,
  onStop: () => Promise<void> | void,
): void {
  if (!process.send) throw new Error('This file is a bench child process: run it through `npm run bench`.');
  process.on('message', (message: unknown) => {
    const m = message as { id: number; type: string; payload: unknown };
    if (m.type === 'stop') {
      Promise.resolve()
        .then(onStop)
        .catch((error: unknown) => console.error(error))
        .finally(() => process.exit(0));
      return;
    }
    const handler = handlers[m.type];
    if (!handler) {
      process.send!({ id: m.id, ok: false, error: `unknown request ${m.type}` });
      return;
    }
    Promise.resolve()
      .then(() => handler(m.payload as never))
      .then(
        (result) => process.send!({ id: m.id, ok: true, result }),
        (error: unknown) =>
          process.send!({
            id: m.id,
            ok: false,
            error: error instanceof Error ? (error.stack ?? error.message) : String(error),
          }),
      );
  });
  // The orchestrator died: do not linger as an orphan holding ports and databases.
  process.on('disconnect', () => {
    Promise.resolve()
      .then(onStop)
      .finally(() => process.exit(0));
  });
  process.send({ type: 'ready', ...info });
}

/** Reports a failed start to the parent and exits. */
export function failStart(error: unknown): void {
  const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
  if (process.send) process.send({ type: 'failed', error: text }, () => process.exit(1));
  else console.error(text);
  setTimeout(() => process.exit(1), 1000).unref();
}
