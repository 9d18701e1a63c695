// Self-hosted invisible proof of work (ALTCHA v1). Every solution is single-use: its signature is kept until
// the challenge expires (Redis SET NX PX with several instances, a database row otherwise).
import crypto from 'node:crypto';
import { createChallenge, verifySolution } from 'altcha-lib/v1';
import { Router } from 'express';
import type { Redis } from 'ioredis';
import type { Prisma } from '../db/database.js';
import { errors } from '../http/app-error.js';

export const CAPTCHA_TTL_MS = 5 * 60 * 1000;
const MAX_NUMBER = 50_000;

export interface CaptchaService {
  mode: 'altcha' | 'off';
  challenge(): Promise<Record<string, unknown>>;
  /** Throws the captcha AppError unless the payload is a fresh, valid, unused solution. */
  verify(payload: unknown): Promise<void>;
}

/** What a route with a protected write needs. */
export type CaptchaVerifier = Pick<CaptchaService, 'verify'>;

export function createCaptchaService(opts: { mode: 'altcha' | 'off'; hmacKey: string; prisma: Prisma; redis?: Redis }): CaptchaService {
  const { mode, hmacKey, prisma, redis } = opts;

  async function markUsed(signature: string): Promise<boolean> {
    const key = crypto.createHash('sha256').update(signature).digest('hex');
    if (redis) {
      try {
        return (await redis.set(`captcha:used:${key}`, '1', 'PX', CAPTCHA_TTL_MS + 60_000, 'NX')) === 'OK';
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
    async challenge() {
      if (mode === 'off') return { off: true };
      const c = await createChallenge({ hmacKey, maxNumber: MAX_NUMBER, expires: new Date(Date.now() + CAPTCHA_TTL_MS) });
      return { ...c };
    },
    async verify(payload) {
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
      if (!(await markUsed(signature))) throw errors.captcha();
    },
  };
}

/** GET /captcha (design §10): a fresh challenge, or `{ off: true }`. */
export function captchaRoutes(captcha: Pick<CaptchaService, 'challenge'>): Router {
  const router = Router();
  router.get('/captcha', async (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ ok: true, ...(await captcha.challenge()) });
  });
  return router;
}
