// Self-hosted invisible proof of work (ALTCHA v1). Every solution is single-use: its signature is kept until
// the challenge expires (Redis SET NX PX with several instances, a database row otherwise).
import crypto from 'node:crypto';
import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import { Router } from 'express';
import type { Redis } from 'ioredis';
import type { Prisma } from '../db/database.js';
import { errors } from '../http/app-error.js';

export const CAPTCHA_TTL_MS = 5 * 60 * 1000;
/** Work of a challenge: the normal one, and the harder one an account under a guessing attack asks for (decision 072). */
export const CAPTCHA_MAX_NUMBER = { normal: 50_000, hard: 1_000_000 } as const;
export type CaptchaLevel = keyof typeof CAPTCHA_MAX_NUMBER;

export interface CaptchaService {
  mode: 'altcha' | 'off';
  challenge(level?: CaptchaLevel): Promise<Record<string, unknown>>;
  /**
   * Throws the captcha AppError unless the payload is a fresh, valid, unused solution; with `level: 'hard'`, a
   * solution of a normal challenge is refused with errors.captchaHarder (the client then solves a hard one).
   */
  verify(payload: unknown, options?: { level?: CaptchaLevel }): Promise<void>;
}

/** What a route with a protected write needs. */
export type CaptchaVerifier = Pick<CaptchaService, 'verify'>;

/** Key of a used solution in Redis: `<REDIS_CHANNEL_PREFIX>:captcha:used:<sha256>` (decision 075). */
export const captchaUsedKey = (redisPrefix: string, hash: string) => `${redisPrefix}:captcha:used:${hash}`;

export function createCaptchaService(opts: {
  mode: 'altcha' | 'off';
  hmacKey: string;
  prisma: Prisma;
  redis?: Redis;
  redisPrefix?: string;
}): CaptchaService {
  const { mode, hmacKey, prisma, redis } = opts;

  async function markUsed(signature: string): Promise<boolean> {
    const key = crypto.createHash('sha256').update(signature).digest('hex');
    if (redis) {
      try {
        return (
          (await redis.set(
            captchaUsedKey(opts.redisPrefix ?? 'shop', key),
            '1',
            'PX',
            CAPTCHA_TTL_MS + 60_000,
            'NX',
          )) === 'OK'
        );
      } catch {
        // Redis down (the guard refuses at once): the database row below keeps replays out (decision 077)
      }
    }
    const now = new Date();
    await prisma.captchaUse.deleteMany({ where: { expiresAt: { lt: now } } });
    const inserted = await prisma.captchaUse.createMany({
      data: [{ signature: key, expiresAt: new Date(now.getTime() + CAPTCHA_TTL_MS + 60_000) }],
      skipDuplicates: true,
    });
    return inserted.count === 1;
  }

  return {
    mode,
    async challenge(level = 'normal') {
      if (mode === 'off') return { off: true };
      // The level rides in the signed salt, so a solution says which work it proves.
      const c = await createChallenge({
        hmacKey,
        maxNumber: CAPTCHA_MAX_NUMBER[level],
        expires: new Date(Date.now() + CAPTCHA_TTL_MS),
        params: { level },
      });
      return { ...c };
    },
    async verify(payload, options) {
      if (mode === 'off') return;
      if (typeof payload !== 'string' || payload.length === 0 || payload.length > 20_000) throw errors.captcha();
      let signature: unknown;
      try {
        signature = (JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as { signature?: unknown }).signature;
      } catch {
        throw errors.captcha();
      }
      if (typeof signature !== 'string') throw errors.captcha();
      const valid = await verifySolution(payload, hmacKey, true).catch(() => false);
      if (!valid) throw errors.captcha();
      if (options?.level === 'hard' && extractParams(payload).level !== 'hard') throw errors.captchaHarder();
      if (!(await markUsed(signature))) throw errors.captcha();
    },
  };
}

/** GET /captcha (product.md §3.6): a fresh challenge, or `{ off: true }`; `?level=hard` for the harder one. */
export function captchaRoutes(captcha: Pick<CaptchaService, 'challenge'>): Router {
  const router = Router();
  router.get('/captcha', async (req, res) => {
    const level: CaptchaLevel = req.query.level === 'hard' ? 'hard' : 'normal';
    res.set('Cache-Control', 'no-store').json({ ok: true, ...(await captcha.challenge(level)) });
  });
  return router;
}
