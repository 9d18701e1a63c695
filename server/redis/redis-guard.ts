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

/**
 * Longest a command may wait on Redis before the caller falls back. The first timeout opens the breaker, so a
 * request's later commands are refused at once: one request waits on Redis at most about this long.
 */
export const REDIS_COMMAND_TIMEOUT_MS = 500;

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
const SUBSCRIBER_OPTIONS: RedisOptions = {
  enableOfflineQueue: true,
  maxRetriesPerRequest: null,
  commandTimeout: undefined,
};

const CONNECTION_FAILURE =
  /connection is closed|stream isn't writeable|command timed out|max retries|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENOTFOUND|EAI_AGAIN|LOADING|MASTERDOWN|socket closed unexpectedly/i;

/** True for errors that mean "Redis did not answer" (not a Redis reply such as WRONGTYPE). */
export function isRedisUnavailable(error: unknown): boolean {
  if (error instanceof RedisUnavailableError) return true;
  if (!error || typeof error !== 'object') return false;
  const e = error as { name?: unknown; message?: unknown; code?: unknown };
  if (
    typeof e.code === 'string' &&
    /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENOTFOUND|EAI_AGAIN)$/.test(e.code)
  )
    return true;
  return typeof e.message === 'string' && CONNECTION_FAILURE.test(e.message);
}

export interface RedisGuard {
  /** The guarded client: same API as ioredis; commands reject with RedisUnavailableError while Redis is down. */
  readonly client: Redis;
  readonly state: Exclude<RedisState, 'disabled'>;
  /** PINGs now (health, metrics): at most the command timeout; updates the state. */
  check(): Promise<Exclude<RedisState, 'disabled'>>;
  /** Called with how long each guarded command waited (refused ones included), for the metrics. */
  onCommand(listener: (seconds: number, outcome: 'ok' | 'failed' | 'refused') => void): void;
  close(): void;
}

/**
 * Connects (waiting at most `startWaitMs`: a shop whose Redis is down at start still starts) and returns the guard.
 */
export async function connectRedis(
  url: string,
  logger: Logger,
  opts: { startWaitMs?: number; probeEveryMs?: number } = {},
): Promise<RedisGuard> {
  const raw = new Redis(url, CLIENT_OPTIONS);
  const guard = createRedisGuard(raw, logger, opts.probeEveryMs);
  const connected = raw.connect().then(
    () => true,
    () => false,
  );
  const timeout = new Promise<false>((resolve) => setTimeout(() => resolve(false), opts.startWaitMs ?? 2_000).unref());
  if (!(await Promise.race([connected, timeout])))
    guard.markDown(new RedisUnavailableError('Redis did not answer at start'));
  return guard;
}

export function createRedisGuard(
  raw: Redis,
  logger: Logger,
  probeEveryMs = 1_000,
): RedisGuard & { markDown(error: unknown): void } {
  let state: 'up' | 'down' = 'up';
  let downSince = 0;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  let listener: ((seconds: number, outcome: 'ok' | 'failed' | 'refused') => void) | undefined;
  const commands = new Set<string>(['call', 'callBuffer']);
  for (const name of raw.getBuiltinCommands()) {
    commands.add(name);
    commands.add(`${name}Buffer`);
  }

  const markDown = (error: unknown) => {
    if (state === 'down' || closed) return;
    state = 'down';
    downSince = Date.now();
    logger.error(
      'redis is not reachable: rate limits and captcha replays fall back to this instance, realtime stays local',
      {
        event: 'redis.down',
        reason: error instanceof Error ? error.message : String(error),
      },
    );
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
    if (state === 'down') {
      listener?.(0, 'refused');
      throw new RedisUnavailableError();
    }
    const started = performance.now();
    try {
      const result = await run();
      listener?.((performance.now() - started) / 1000, 'ok');
      return result;
    } catch (error) {
      listener?.((performance.now() - started) / 1000, 'failed');
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
          // ioredis re-subscribes after a reconnect without handling the promise; closing during that (shutdown
          // while Redis is away) would reject it unhandled. The callers still get the same promise.
          for (const name of [
            'subscribe',
            'psubscribe',
            'ssubscribe',
            'unsubscribe',
            'punsubscribe',
            'sunsubscribe',
          ] as const) {
            const original = copy[name].bind(copy) as (...args: unknown[]) => Promise<unknown>;
            Object.defineProperty(copy, name, {
              configurable: true,
              value: (...args: unknown[]) => {
                const promise = original(...args);
                promise.catch(() => undefined);
                return promise;
              },
            });
          }
          return copy;
        };
      }
      const value: unknown = Reflect.get(target, property, receiver === client ? target : receiver);
      if (typeof value !== 'function') return value;
      const fn = value as (...args: unknown[]) => unknown;
      // multi()/pipeline() build a batch synchronously: only its exec() goes through the breaker.
      if (property === 'multi' || property === 'pipeline') {
        return (...args: unknown[]) => {
          const batch = fn.apply(target, args) as { exec?: (...a: unknown[]) => Promise<unknown> } | Promise<unknown>;
          if (batch && !(batch instanceof Promise) && typeof batch.exec === 'function') {
            const exec = batch.exec.bind(batch);
            batch.exec = (...a: unknown[]) => guarded(() => exec(...a));
          }
          return batch;
        };
      }
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
    onCommand(l) {
      listener = l;
    },
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      raw.disconnect();
    },
  };
}
