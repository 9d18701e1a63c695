// Login throttling that stops guessing without locking the owner out (decision 072): wrong passwords
// count per (e-mail, address) and per e-mail; successful logins never count. A pair over its limit is refused;
// an e-mail over its lower mark asks for a harder captcha, and only a much higher ceiling refuses it outright.
//
// Counted before the password is checked (decision 075): each attempt first takes its place in the
// counters with one atomic increment, and is refused when that place is over the limit; only then is the password
// verified, and a right one (or a refusal for another reason: a failed captcha) gives its place back. So parallel
// wrong passwords cannot all pass a check made before any of them was counted: the 11th and later get 429.
// Counters live in Redis under REDIS_CHANNEL_PREFIX when there is one (every instance shares them), else in this
// process; while Redis is down they count in this process (decision 077).
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
  /** Adds one and answers the new count (atomic). */
  add(key: string): Promise<number>;
  /** Takes one back (never below zero, never reviving an expired count). */
  remove(key: string): Promise<void>;
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
    async add(key) {
      if (hits.size > 100_000) for (const k of hits.keys()) if (!live(k)) hits.delete(k);
      const entry = live(key) ?? { n: 0, resetAt: Date.now() + windowMs };
      entry.n += 1;
      hits.set(key, entry);
      return entry.n;
    },
    async remove(key) {
      const entry = live(key);
      if (entry && entry.n > 0) entry.n -= 1;
    },
  };
}

const ADD = `
local n = redis.call('INCR', KEYS[1])
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;
const REMOVE = `
local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

/** Counts in Redis; while Redis refuses (down, the guard's breaker open) in this process's memory instead. */
function redisCounter(redis: Redis, prefix: string, windowMs: number): Counter {
  const fallback = memoryCounter(windowMs);
  return {
    async add(key) {
      try {
        return Number(await redis.eval(ADD, 1, `${prefix}${key}`, String(windowMs)));
      } catch {
        return fallback.add(key);
      }
    },
    async remove(key) {
      try {
        await redis.eval(REMOVE, 1, `${prefix}${key}`);
      } catch {
        await fallback.remove(key);
      }
    },
  };
}

export type LoginVerdict = { allowed: false; retryAfterSeconds: number } | { allowed: true; captcha: CaptchaLevel };

/** One counted login attempt: its place in the counters until the outcome is known. */
export interface LoginAttempt {
  verdict: LoginVerdict;
  /** The password was right, or the attempt was refused before the password was looked at: it does not count. */
  release(): Promise<void>;
}

export interface LoginThrottle {
  /**
   * Counts this attempt for the e-mail and address, then says whether it may go on and which captcha it needs.
   * A refused attempt takes no place; an allowed one keeps it (a wrong password) unless released.
   */
  attempt(email: string, address: string): Promise<LoginAttempt>;
  /** Counts one more failure that was not an attempt of its own (a wrong second-factor code). */
  failed(email: string, address: string): Promise<void>;
}

/** Key prefixes of the counters in Redis: `<REDIS_CHANNEL_PREFIX>:lt:<counter>:`. */
export const loginThrottlePrefix = (redisPrefix: string, counter: string) => `${redisPrefix}:lt:${counter}:`;

/** `scale` multiplies every limit (tests that log in many times from one address use a large one). */
export function createLoginThrottle(opts: { redis?: Redis; scale?: number; redisPrefix?: string }): LoginThrottle {
  const scale = opts.scale ?? 1;
  const limit = (n: number) => Math.max(1, Math.round(n * scale));
  const counter = (name: string, windowMs: number) =>
    opts.redis
      ? redisCounter(opts.redis, loginThrottlePrefix(opts.redisPrefix ?? 'shop', name), windowMs)
      : memoryCounter(windowMs);
  const pair = counter('pair', 15 * MINUTE);
  const recent = counter('email', 15 * MINUTE);
  const hourly = counter('email-hour', 60 * MINUTE);
  const email = (e: string) => e.trim().toLowerCase().slice(0, 100);
  const pairKey = (e: string, address: string) => `${email(e)}|${address}`;
  return {
    async attempt(e, address) {
      const keys = { pair: pairKey(e, address), email: email(e) };
      const [pairCount, recentCount, hourCount] = await Promise.all([
        pair.add(keys.pair),
        recent.add(keys.email),
        hourly.add(keys.email),
      ]);
      let released = false;
      const release = async () => {
        if (released) return;
        released = true;
        await Promise.all([pair.remove(keys.pair), recent.remove(keys.email), hourly.remove(keys.email)]);
      };
      // The counts include this attempt: the 11th wrong password of a pair sees 11.
      if (pairCount > limit(LOGIN_PAIR_LIMIT)) {
        await release();
        return { verdict: { allowed: false, retryAfterSeconds: 15 * 60 }, release };
      }
      if (hourCount > limit(LOGIN_EMAIL_CEILING)) {
        await release();
        return { verdict: { allowed: false, retryAfterSeconds: 60 * 60 }, release };
      }
      return {
        verdict: { allowed: true, captcha: recentCount > limit(LOGIN_HARD_CAPTCHA_FROM) ? 'hard' : 'normal' },
        release,
      };
    },
    async failed(e, address) {
      await Promise.all([pair.add(pairKey(e, address)), recent.add(email(e)), hourly.add(email(e))]);
    },
  };
}
