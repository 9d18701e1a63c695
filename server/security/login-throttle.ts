// Login throttling that stops guessing without locking the owner out (issue 7, decision 072): wrong passwords
// count per (e-mail, address) and per e-mail; successful logins never count. A pair over its limit is refused;
// an e-mail over its lower mark asks for a harder captcha, and only a much higher ceiling refuses it outright.
// Counters live in Redis when there is one (every instance shares them), else in this process.
import type { Redis } from 'ioredis';
import type { CaptchaLevel } from './captcha.js';

const MINUTE = 60_000;

/** Wrong passwords from one address for one e-mail before that pair is refused (15 minutes). */
export const LOGIN_PAIR_LIMIT = 10;
/** Wrong passwords for one e-mail from anywhere before a harder captcha is asked (15 minutes). */
export const LOGIN_HARD_CAPTCHA_FROM = 10;
/** Wrong passwords for one e-mail from anywhere before every login to it is refused for a while (1 hour). */
export const LOGIN_EMAIL_CEILING = 200;

interface Counter {
  count(key: string): Promise<number>;
  add(key: string): Promise<number>;
}

function memoryCounter(windowMs: number): Counter {
  const hits = new Map<string, { n: number; resetAt: number }>();
  const live = (key: string) => {
    const entry = hits.get(key);
    if (entry && entry.resetAt > Date.now()) return entry;
    if (entry) hits.delete(key);
    return undefined;
  };
  return {
    async count(key) {
      return live(key)?.n ?? 0;
    },
    async add(key) {
      if (hits.size > 100_000) for (const k of hits.keys()) if (!live(k)) hits.delete(k);
      const entry = live(key) ?? { n: 0, resetAt: Date.now() + windowMs };
      entry.n += 1;
      hits.set(key, entry);
      return entry.n;
    },
  };
}

function redisCounter(redis: Redis, prefix: string, windowMs: number): Counter {
  return {
    async count(key) {
      return Number((await redis.get(`${prefix}${key}`)) ?? 0);
    },
    async add(key) {
      const name = `${prefix}${key}`;
      const [[, n]] = (await redis.multi().incr(name).pexpire(name, windowMs, 'NX').exec()) as [[unknown, number], unknown];
      return n;
    },
  };
}

export type LoginVerdict = { allowed: false; retryAfterSeconds: number } | { allowed: true; captcha: CaptchaLevel };

export interface LoginThrottle {
  /** Whether this e-mail may try from this address now, and which captcha it needs. */
  check(email: string, address: string): Promise<LoginVerdict>;
  /** Counts a wrong password. */
  failed(email: string, address: string): Promise<void>;
}

/** `scale` multiplies every limit (tests that log in many times from one address use a large one). */
export function createLoginThrottle(opts: { redis?: Redis; scale?: number }): LoginThrottle {
  const scale = opts.scale ?? 1;
  const limit = (n: number) => Math.max(1, Math.round(n * scale));
  const counter = (name: string, windowMs: number) =>
    opts.redis ? redisCounter(opts.redis, `lt:${name}:`, windowMs) : memoryCounter(windowMs);
  const pair = counter('pair', 15 * MINUTE);
  const recent = counter('email', 15 * MINUTE);
  const hourly = counter('email-hour', 60 * MINUTE);
  const email = (e: string) => e.trim().toLowerCase().slice(0, 100);
  const pairKey = (e: string, address: string) => `${email(e)}|${address}`;
  return {
    async check(e, address) {
      const [pairCount, recentCount, hourCount] = await Promise.all([pair.count(pairKey(e, address)), recent.count(email(e)), hourly.count(email(e))]);
      if (pairCount >= limit(LOGIN_PAIR_LIMIT)) return { allowed: false, retryAfterSeconds: 15 * 60 };
      if (hourCount >= limit(LOGIN_EMAIL_CEILING)) return { allowed: false, retryAfterSeconds: 60 * 60 };
      return { allowed: true, captcha: recentCount >= limit(LOGIN_HARD_CAPTCHA_FROM) ? 'hard' : 'normal' };
    },
    async failed(e, address) {
      await Promise.all([pair.add(pairKey(e, address)), recent.add(email(e)), hourly.add(email(e))]);
    },
  };
}
