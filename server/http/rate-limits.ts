// Rate limits for the expensive or abusable writes (design §10); shared through Redis with several instances.
import type { Request, RequestHandler } from 'express';
import { rateLimit, ipKeyGenerator, type Store } from 'express-rate-limit';
import type { Redis } from 'ioredis';
import { failureBody } from './app-error.js';
import { RedisWithMemoryStore } from './rate-limit-store.js';

export interface RateLimits {
  login: RequestHandler[];
  register: RequestHandler[];
  recovery: RequestHandler[];
  orderCreate: RequestHandler[];
  write: RequestHandler[];
  /** Forwarded SMS from the shop's wallet phones (a busy phone sends a few a minute). */
  smsForward: RequestHandler[];
}

const MINUTE = 60_000;

function emailOf(req: Request): string | undefined {
  const body = req.body as { user?: { email?: unknown }; email?: unknown } | undefined;
  const email = body?.user?.email ?? body?.email;
  return typeof email === 'string' ? email.trim().toLowerCase().slice(0, 100) : undefined;
}

/** `scale` multiplies every limit (tests that create hundreds of accounts from one address use a large one). */
export function createRateLimits(opts: { redis?: Redis; scale?: number }): RateLimits {
  const scale = opts.scale ?? 1;
  const make = (name: string, windowMs: number, limit: number, key: 'ip' | 'email'): RequestHandler => {
    // Redis (shared by every instance) with this process's memory while Redis is down (decision 077).
    const store: Store | undefined = opts.redis ? new RedisWithMemoryStore(opts.redis, `rl:${name}:`) : undefined;
    return rateLimit({
      windowMs,
      limit: Math.max(1, Math.round(limit * scale)),
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      store,
      skip: key === 'email' ? (req) => emailOf(req) === undefined : undefined,
      keyGenerator: (req) => (key === 'email' ? `e:${emailOf(req)}` : ipKeyGenerator(req.ip ?? 'unknown')),
      handler: (_req, res) => {
        res.status(429).json(failureBody('errors.rateLimited', 'Too many attempts, please wait a little and try again'));
      },
    });
  };
  return {
    login: [make('login-ip', 15 * MINUTE, 30, 'ip'), make('login-email', 15 * MINUTE, 10, 'email')],
    register: [make('register-ip', 60 * MINUTE, 10, 'ip')],
    recovery: [make('recovery-ip', 15 * MINUTE, 10, 'ip'), make('recovery-email', 60 * MINUTE, 5, 'email')],
    orderCreate: [make('order-ip', 10 * MINUTE, 30, 'ip')],
    write: [make('write-ip', MINUTE, 120, 'ip')],
    smsForward: [make('sms-ip', MINUTE, 120, 'ip')],
  };
}
