// Redis is a help, never a dependency of a request (decision 077). The client fails fast (no offline queue, short
// command timeout) and a small circuit breaker sits in front of it: after a failure every command is refused at
// once, without touching the network, until a background PING answers again. Callers catch the refusal and fall
// back (rate limits to memory, captcha replays to the database); publishes to other instances are dropped.
import { Redis, type RedisOptions } from 'ioredis';
import type { Logger } from '../logger.js';

export type RedisState = 'up' | 'down' | 'disabled';

/** Thrown (as a rejected promise) by a guarded command while Redis is down. */
export class RedisUnavailableError extends Error {
  constructor(message = 'Redis is not reachable') {
    super(message);
    this.name = 'RedisUnavailableError';
  }
}

/** Longest a command may wait on Redis before the caller falls back (a request waits on at most a few). */
export const REDIS_COMMAND_TIMEOUT_MS = 300;

const CLIENT_OPTIONS: RedisOptions = {
  lazyConnect: true,
  enableOfflineQueue: false,
  maxRetriesPerRequest: 1,
  commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  connectTimeout: 1_000,
  // Keep reconnecting for ever, at most every 2 s; the breaker decides when commands go through again.
  retryStrategy: (times) => Math.min(100 * times, 2_000),
};
/** The subscriber (Socket.IO adapter) queues its SUBSCRIBEs until connected and re-subscribes after a reconnect. */
const SUBSCRIBER_OPTIONS: RedisOptions = { enableOfflineQueue: true, maxRetriesPerRequest: null, commandTimeout: undefined };

const CONNECTION_FAILURE =
  /connection is closed|stream isn't writeable|command timed out|max retries|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENOTFOUND|EAI_AGAIN|LOADING|MASTERDOWN|socket closed unexpectedly/i;

/** True for errors that mean "Redis did not answer" (not a Redis reply such as WRONGTYPE). */
export function isRedisUnavailable(error: unknown): boolean {
  if (error instanceof RedisUnavailableError) return true;
  if (!error || typeof error !== 'object') return false;
  const e = error as { name?: unknown; message?: unknown; code?: unknown };
  if (typeof e.code === 'string' && /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENOTFOUND|EAI_AGAIN)$/.test(e.code)) return true;
  return typeof e.message === 'string' && CONNECTION_FAILURE.test(e.message);
}

export interface RedisGuard {
  /** The guarded client: same API as ioredis; commands reject with RedisUnavailableError while Redis is down. */
  readonly client: Redis;
  readonly state: Exclude<RedisState, 'disabled'>;
  /** PINGs now (health, metrics): at most the command timeout; updates the state. */
  check(): Promise<Exclude<RedisState, 'disabled'>>;
  close(): void;
}

/**
 * Connects (waiting at most `startWaitMs`: a shop whose Redis is down at start still starts) and returns the guard.
 */
export async function connectRedis(url: string, logger: Logger, opts: { startWaitMs?: number; probeEveryMs?: number } = {}): Promise<RedisGuard> {
  const raw = new Redis(url, CLIENT_OPTIONS);
  const guard = createRedisGuard(raw, logger, opts.probeEveryMs);
  const connected = raw.connect().then(
    () => true,
    () => false,
  );
  const timeout = new Promise<false>((resolve) => setTimeout(() => resolve(false), opts.startWaitMs ?? 2_000).unref());
  if (!(await Promise.race([connected, timeout]))) guard.markDown(new RedisUnavailableError('Redis did not answer at start'));
  return guard;
}

export function createRedisGuard(raw: Redis, logger: Logger, probeEveryMs = 1_000): RedisGuard & { markDown(error: unknown): void } {
  let state: 'up' | 'down' = 'up';
  let downSince = 0;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const commands = new Set<string>(['call', 'callBuffer']);
  for (const name of raw.getBuiltinCommands()) {
    commands.add(name);
    commands.add(`${name}Buffer`);
  }

  const markDown = (error: unknown) => {
    if (state === 'down' || closed) return;
    state = 'down';
    downSince = Date.now();
    logger.error('redis is not reachable: rate limits and captcha replays fall back to this instance, realtime stays local', {
      event: 'redis.down',
      reason: error instanceof Error ? error.message : String(error),
    });
    schedule();
  };
  const markUp = () => {
    if (state === 'up' || closed) return;
    state = 'up';
    if (timer) clearTimeout(timer);
    timer = undefined;
    logger.warn('redis is reachable again', { event: 'redis.up', down_ms: Date.now() - downSince });
  };
  const ping = async (): Promise<'up' | 'down'> => {
    if (raw.status !== 'ready') {
      markDown(new RedisUnavailableError(`Redis connection is ${raw.status}`));
      return 'down';
    }
    try {
      await raw.ping();
      markUp();
    } catch (error) {
      markDown(error);
    }
    return state;
  };
  function schedule() {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void ping().then((s) => {
        if (s === 'down') schedule();
      });
    }, probeEveryMs);
    timer.unref();
  }

  // ioredis emits an error for every failed reconnect attempt: the state change above is the only log line.
  raw.on('error', () => undefined);
  raw.on('close', () => markDown(new RedisUnavailableError('Redis connection closed')));
  raw.on('ready', () => {
    if (state === 'down') void ping();
  });

  const guarded = async (run: () => Promise<unknown>): Promise<unknown> => {
    if (state === 'down') throw new RedisUnavailableError();
    try {
      return await run();
    } catch (error) {
      if (isRedisUnavailable(error)) markDown(error);
      throw error;
    }
  };

  const client = new Proxy(raw, {
    get(target, property, receiver) {
      if (property === 'duplicate') {
        return (override?: Partial<RedisOptions>) => {
          const copy = target.duplicate({ ...SUBSCRIBER_OPTIONS, ...override });
          copy.on('error', () => undefined);
          return copy;
        };
      }
      const value: unknown = Reflect.get(target, property, receiver === client ? target : receiver);
      if (typeof value !== 'function') return value;
      const fn = value as (...args: unknown[]) => unknown;
      if (typeof property === 'string' && commands.has(property)) {
        // Socket.IO's adapter publishes without awaiting: a dropped publish must not become an unhandled rejection.
        if (property === 'publish' || property === 'publishBuffer' || property === 'spublish') {
          return (...args: unknown[]) => guarded(() => fn.apply(target, args) as Promise<unknown>).catch(() => 0);
        }
        return (...args: unknown[]) => guarded(() => fn.apply(target, args) as Promise<unknown>);
      }
      return fn.bind(target);
    },
  });

  return {
    client,
    get state() {
      return state;
    },
    check: ping,
    markDown,
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      raw.disconnect();
    },
  };
}
