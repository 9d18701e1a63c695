// Knows whether the database answers (decision 076). A failed query that is a lost connection (not a bad query)
// marks it down: one log line, then a probe every second until a `SELECT 1` answers, then one line that it is
// back. Requests keep trying on their own meanwhile (a refused connection fails at once) and answer 503.
import type { Logger } from '../logger.js';

// Prisma's codes for "cannot reach / lost the server", pool timeouts included.
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1011', 'P1017', 'P2024', 'P2037']);
// Node socket errors and PostgreSQL SQLSTATEs of the connection class (08…) and of a server shutting down (57P0…).
const DRIVER_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57P01',
  '57P02',
  '57P03',
]);
// Driver-adapter error kinds (`meta.driverAdapterError.cause.kind`) that mean the server went away.
const ADAPTER_KINDS = new Set([
  'DatabaseNotReachable',
  'ConnectionClosed',
  'SocketTimeout',
  'TooManyConnections',
  'DatabaseDoesNotExist',
]);
const MESSAGES =
  /can't reach database server|connection terminated|terminating connection|server closed the connection|connection refused|timeout exceeded when trying to connect|client has encountered a connection error|connection is closed|the database system is (starting up|shutting down)|ECONNREFUSED|ECONNRESET/i;

// Prisma's "transaction could not start in time / ran out of time" and PostgreSQL's serialization failure,
// deadlock and lock-not-available: the database is there but too busy for this request to finish now.
const BUSY_PRISMA_CODES = new Set(['P2028', 'P2034']);
const BUSY_SQLSTATES = new Set(['40001', '40P01', '55P03']);

/** True when a request failed because the database was too busy (contention, a transaction out of time), not down. */
export function isDatabaseBusy(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const e = error as { code?: unknown; cause?: unknown; meta?: { driverAdapterError?: unknown; code?: unknown } };
  if (typeof e.code === 'string' && (BUSY_PRISMA_CODES.has(e.code) || BUSY_SQLSTATES.has(e.code))) return true;
  if (e.meta && typeof e.meta.code === 'string' && BUSY_SQLSTATES.has(e.meta.code)) return true;
  return (
    isDatabaseBusy(e.cause, depth + 1) || (e.meta !== undefined && isDatabaseBusy(e.meta.driverAdapterError, depth + 1))
  );
}

/** True when an error (or anything in its chain) says the database is unreachable, as opposed to a query failing. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const e = error as {
    code?: unknown;
    kind?: unknown;
    message?: unknown;
    cause?: unknown;
    meta?: { driverAdapterError?: unknown };
    errors?: unknown;
  };
  if (typeof e.code === 'string' && (PRISMA_CODES.has(e.code) || DRIVER_CODES.has(e.code))) return true;
  if (typeof e.kind === 'string' && ADAPTER_KINDS.has(e.kind)) return true;
  if (typeof e.message === 'string' && MESSAGES.test(e.message.slice(0, 2000))) return true;
  if (isDatabaseUnavailable(e.cause, depth + 1)) return true;
  if (e.meta && isDatabaseUnavailable(e.meta.driverAdapterError, depth + 1)) return true;
  // AggregateError (happy-eyeballs connects to several addresses)
  if (Array.isArray(e.errors)) return e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1));
  return false;
}

export interface DatabaseMonitor {
  readonly up: boolean;
  /** Takes a failure: returns true (and marks the database down, logging once) when it is a lost connection. */
  absorb(error: unknown): boolean;
  /** Asks the database now (health, metrics); updates the state and logs a change. */
  check(): Promise<boolean>;
  stop(): void;
}

export function createDatabaseMonitor(opts: {
  probe: () => Promise<unknown>;
  logger: Logger;
  probeEveryMs?: number;
}): DatabaseMonitor {
  const probeEveryMs = opts.probeEveryMs ?? 1_000;
  let up = true;
  let downSince = 0;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const markUp = () => {
    if (up) return;
    up = true;
    if (timer) clearTimeout(timer);
    timer = undefined;
    opts.logger.warn('database is reachable again', { event: 'database.up', down_ms: Date.now() - downSince });
  };
  const markDown = (error: unknown) => {
    if (!up) return;
    up = false;
    downSince = Date.now();
    const reason = error instanceof Error ? error.message.split('\n').filter(Boolean).pop()?.trim() : String(error);
    opts.logger.error('database is not reachable: answering 503 until it is back', { event: 'database.down', reason });
    schedule();
  };
  const probeOnce = async (): Promise<boolean> => {
    try {
      await opts.probe();
      markUp();
      return true;
    } catch (error) {
      if (isDatabaseUnavailable(error)) markDown(error);
      return false;
    }
  };
  function schedule() {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void probeOnce().then((ok) => {
        if (!ok) schedule();
      });
    }, probeEveryMs);
    timer.unref();
  }

  return {
    get up() {
      return up;
    },
    absorb(error) {
      if (!isDatabaseUnavailable(error)) return false;
      markDown(error);
      return true;
    },
    check: probeOnce,
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}
