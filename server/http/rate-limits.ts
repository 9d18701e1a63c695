// Rate limits for the expensive or abusable writes (product.md §3.7); shared through Redis with several instances.
import cluster from 'node:cluster';
import type { Request, RequestHandler, Response } from 'express';
import { ClusterMemoryStoreWorker } from '@express-rate-limit/cluster-memory-store';
import { rateLimit, ipKeyGenerator, type Store } from 'express-rate-limit';
import type { Redis } from 'ioredis';
import type { ErrorKey } from '#shared/error-keys';
import { normaliseIp } from '#shared/money-controls';
import { failureBody } from './app-error.js';
import { RedisWithMemoryStore } from './rate-limit-store.js';

export interface RateLimits {
  login: RequestHandler[];
  register: RequestHandler[];
  recovery: RequestHandler[];
  orderCreate: RequestHandler[];
  write: RequestHandler[];
  /**
   * Forwarded SMS from the shop's wallet phones (a busy phone sends a few a minute): counted per device, only for
   * requests whose device token (or webhook signature) was good (decision 102).
   */
  smsForward: RequestHandler[];
  /** The same endpoints' requests with a bad token or signature: counted per address, apart from the devices'. */
  deviceAuthFailure: RequestHandler[];
  /** CSV exports read whole tables: a few a minute per address. */
  export: RequestHandler[];
  /** The admin's aggregate reports (GET /stats): 60 a minute per admin. */
  report: RequestHandler[];
  /** Picture uploads: at most 10 an hour per user. */
  upload: RequestHandler[];
  /** Reads a screen repeats after pushes (the admin's waiting count): per signed-in user. */
  poll: RequestHandler[];
  /** Turning the second factor on or off takes a code: 10 tries in 15 minutes per user. */
  twoFactor: RequestHandler[];
  /** Updates Telegram posts to the bot's webhook: per address, far above any real bot's traffic. */
  telegramWebhook: RequestHandler[];
  /** The API document and its reference page: public reads, per address. */
  docs: RequestHandler[];
  /** Public figures every customer's page reads (the typical wait): per address. */
  publicStats: RequestHandler[];
  /** The public pictures (avatars, products' pictures): per address, far above what pages show (they are cached for good). */
  media: RequestHandler[];
  /** `GET /players/{onex_id}`: each miss is a call to the betting cash desk. */
  playerLookup: RequestHandler[];
  /** Web Push subscriptions (decision 275): a browser subscribes once per order or account; per address. */
  push: RequestHandler[];
}

const MINUTE = 60_000;

function emailOf(req: Request): string | undefined {
  const body = req.body as { user?: { email?: unknown }; email?: unknown } | undefined;
  const email = body?.user?.email ?? body?.email;
  return typeof email === 'string' ? email.trim().toLowerCase().slice(0, 100) : undefined;
}

/** The device a request authenticated as, set before the device limits run (they count per device). */
export function setRateLimitDevice(res: Response, deviceId: string | null): void {
  (res.locals as { rateLimitDevice?: string | null }).rateLimitDevice = deviceId;
}
const rateLimitDevice = (req: Request): string | null =>
  (req.res?.locals as { rateLimitDevice?: string | null } | undefined)?.rateLimitDevice ?? null;

/** Key prefix of a limit's counters in Redis: `<REDIS_CHANNEL_PREFIX>:rl:<limit>:` (decision 075). */
export const rateLimitPrefix = (redisPrefix: string, name: string) => `${redisPrefix}:rl:${name}:`;

/** `scale` multiplies every limit (tests that create hundreds of accounts from one address use a large one). */
export function createRateLimits(opts: { redis?: Redis; scale?: number; redisPrefix?: string }): RateLimits {
  const scale = opts.scale ?? 1;
  // In a worker each limiter's store listens on the worker's IPC channel (ten here, then sticky and the cluster
  // adapter): more than Node's default of ten, which warns of a leak that is not one.
  if (cluster.isWorker && !opts.redis) cluster.worker?.setMaxListeners(32);
  const make = (
    name: string,
    windowMs: number,
    limit: number,
    key: 'ip' | 'email' | 'user' | 'device' | 'unauthenticated-ip',
    answer: { key: ErrorKey; text: string } = {
      key: 'errors.rateLimited',
      text: 'Too many attempts, please wait a little and try again',
    },
  ): RequestHandler => {
    // Redis (shared by every instance) with this process's memory while Redis is down (decision 077); without
    // Redis under WEB_CONCURRENCY, one count for all workers kept in the primary (decision 082).
    const store: Store | undefined = opts.redis
      ? new RedisWithMemoryStore(opts.redis, rateLimitPrefix(opts.redisPrefix ?? 'shop', name))
      : cluster.isWorker
        ? new ClusterMemoryStoreWorker({ prefix: `rl:${name}:` })
        : undefined;
    return rateLimit({
      windowMs,
      limit: Math.max(1, Math.round(limit * scale)),
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      store,
      skip:
        key === 'email'
          ? (req) => emailOf(req) === undefined
          : key === 'user'
            ? (req) => !req.user
            : key === 'device'
              ? (req) => rateLimitDevice(req) === null
              : key === 'unauthenticated-ip'
                ? (req) => rateLimitDevice(req) !== null
                : undefined,
      keyGenerator: (req) =>
        key === 'email'
          ? `e:${emailOf(req)}`
          : key === 'user'
            ? `u:${req.user?.id ?? ''}`
            : key === 'device'
              ? `d:${rateLimitDevice(req)}`
              : // An IPv4 client on a dual-stack socket as its IPv4 address: the key ipKeyGenerator makes of it anyway,
                // without an IPv6 parse on every request.
                ipKeyGenerator(normaliseIp(req.ip ?? 'unknown')),
      handler: (_req, res) => {
        res.status(429).json(failureBody(answer.key, answer.text));
      },
    });
  };
  return {
    // Per address across e-mails; wrong passwords per e-mail and per (e-mail, address) are counted by the login
    // throttle (security/login-throttle.ts, decision 072), which never counts a successful login.
    login: [make('login-ip', 15 * MINUTE, 30, 'ip')],
    register: [make('register-ip', 60 * MINUTE, 10, 'ip')],
    recovery: [make('recovery-ip', 15 * MINUTE, 10, 'ip'), make('recovery-email', 60 * MINUTE, 5, 'email')],
    orderCreate: [make('order-ip', 10 * MINUTE, 30, 'ip')],
    write: [make('write-ip', MINUTE, 120, 'ip')],
    // A bad token's request never counts against a real phone: its own count per address (decision 102).
    smsForward: [make('sms-device', MINUTE, 120, 'device')],
    deviceAuthFailure: [make('device-auth-ip', MINUTE, 120, 'unauthenticated-ip')],
    export: [make('export-ip', MINUTE, 20, 'ip')],
    report: [make('report-user', MINUTE, 60, 'user')],
    upload: [
      make('upload-user', 60 * MINUTE, 10, 'user', {
        key: 'errors.uploadLimit',
        text: 'You can upload at most 10 pictures an hour',
      }),
    ],
    poll: [make('poll-user', MINUTE, 120, 'user')],
    twoFactor: [make('2fa-user', 15 * MINUTE, 10, 'user')],
    telegramWebhook: [make('telegram-webhook-ip', MINUTE, 1_200, 'ip')],
    docs: [make('docs-ip', MINUTE, 120, 'ip')],
    publicStats: [make('public-stats-ip', MINUTE, 120, 'ip')],
    media: [make('media-ip', MINUTE, 1_200, 'ip')],
    playerLookup: [make('player-lookup-ip', MINUTE, 30, 'ip')],
    push: [make('push-ip', 10 * MINUTE, 30, 'ip')],
  };
}
