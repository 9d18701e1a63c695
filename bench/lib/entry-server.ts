// The real entry point (`node --import tsx server/index.ts`, what `npm start` runs after its build) as a bench
// process: started with the bench's configuration and a free port, ready when /api/v1/health answers. Used by the
// workers section (1 vs 2 WEB_CONCURRENCY workers) and the soak (decision 060).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { canPin, ROOT_DIR, SERVER_CPU } from './child.js';
import { BENCH_ADMIN, BENCH_JWT_SECRET } from './shop-fixtures.js';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/** Descendant process ids of `pid`, read from /proc (Linux); `onlyNode` keeps Node processes (not tsx's esbuild). */
export function descendants(pid: number, onlyNode = false): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces) start after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parentOf.set(Number(entry), ppid);
    } catch {
      // the process ended while we looked
    }
  }
  const found: number[] = [];
  const frontier = [pid];
  while (frontier.length) {
    const parent = frontier.pop()!;
    for (const [child, ppid] of parentOf) {
      if (ppid === parent) {
        found.push(child);
        frontier.push(child);
      }
    }
  }
  if (!onlyNode) return found;
  return found.filter((p) => {
    try {
      return fs.readFileSync(`/proc/${p}/comm`, 'utf8').trim() === 'node';
    } catch {
      return false;
    }
  });
}

export interface EntryServer {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

export interface EntryOptions {
  databaseUrl: string;
  workers: number;
  /** Pin the whole process tree to the server core (one worker, as the shop in the HTTP section). */
  pin: boolean;
  /** More environment (REDIS_URL, TRUST_PROXY, …) over the bench's defaults. */
  env?: Record<string, string>;
  /** More `--import` modules, after tsx (the workers inherit them). */
  preload?: string[];
}

/** Starts `node --import tsx server/index.ts`; resolves when /health answers. */
export async function startEntry(opts: EntryOptions): Promise<EntryServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-entry-'));
  const nodeArgs = ['--import', 'tsx', ...(opts.preload ?? []).flatMap((p) => ['--import', p]), 'server/index.ts'];
  const pinned = opts.pin && canPin();
  const child = spawn(
    pinned ? 'taskset' : process.execPath,
    pinned ? ['-c', String(SERVER_CPU), process.execPath, ...nodeArgs] : nodeArgs,
    {
      cwd: ROOT_DIR,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: opts.databaseUrl,
        CAPTCHA: 'off',
        JWT_SECRET: BENCH_JWT_SECRET,
        ADMIN_EMAIL: BENCH_ADMIN.email,
        ADMIN_PASSWORD: BENCH_ADMIN.password,
        LOG_LEVEL: 'error',
        WEB_CONCURRENCY: String(opts.workers),
        ...opts.env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  let exitCode: number | null = null;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code) => {
      exitCode = code ?? -1;
      resolve();
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (exitCode !== null)
      throw new Error(`server/index.ts exited with code ${exitCode} (WEB_CONCURRENCY=${opts.workers})`);
    try {
      const res = await fetch(`${url}/api/v1/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('server/index.ts did not answer /api/v1/health within 90 s');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    process: child,
    async stop() {
      if (exitCode === null) {
        child.kill('SIGTERM');
        const killer = setTimeout(() => {
          for (const pid of descendants(child.pid!)) process.kill(pid, 'SIGKILL');
          child.kill('SIGKILL');
        }, 15_000);
        await exited;
        clearTimeout(killer);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
