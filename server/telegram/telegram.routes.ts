// POST /account/telegram (a staff member's single-use link code), DELETE /account/telegram (unlink), and the
// webhook Telegram posts updates to in webhook mode (POST /telegram/webhook, mounted before user authentication).
import crypto from 'node:crypto';
import { Router, type Request } from 'express';
import type { Update } from 'grammy/types';
import { telegramLinkBodySchema, telegramUnlinkBodySchema } from '#shared/telegram';
import { unixSeconds } from '#shared/time';
import { errors } from '../http/app-error.js';
import type { RateLimits } from '../http/rate-limits.js';
import { parseInput } from '../http/validate.js';
import type { CaptchaVerifier } from '../security/captcha.js';
import { currentUser, requireLogin } from '../security/guards.js';
import type { UserRecord } from '../security/user-record.js';
import type { TelegramDesk } from './desk.js';
import { isTelegramStaff } from './staff.js';

/** The caller when they are staff (for now the admin: see staff.ts); customers get the admin-only answer. */
function currentStaff(req: Request): UserRecord {
  const user = currentUser(req);
  if (!isTelegramStaff(user.role)) throw errors.adminOnly();
  return user;
}

export function telegramRoutes(deps: {
  desk: TelegramDesk;
  captcha: CaptchaVerifier;
  limits: Pick<RateLimits, 'write'>;
}): Router {
  const { desk, captcha, limits } = deps;
  const router = Router();

  router.post('/account/telegram', requireLogin, ...limits.write, async (req, res) => {
    const staff = currentStaff(req);
    const body = parseInput(telegramLinkBodySchema, req.body);
    await captcha.verify(body.captcha);
    const { code, link, expiresAt } = await desk.createLinkCode(staff, body.lang ?? null);
    res.json({ ok: true, code, link, expires_at: unixSeconds(expiresAt) });
  });

  // Anyone signed in may drop their own link (an account demoted since still has one to remove).
  router.delete('/account/telegram', requireLogin, ...limits.write, async (req, res) => {
    const user = currentUser(req);
    const body = parseInput(telegramUnlinkBodySchema, req.body ?? {});
    await captcha.verify(body.captcha);
    await desk.unlink(user);
    res.json({ ok: true, telegram: { linked: false, username: null } });
  });

  return router;
}

const sameSecret = (given: string | undefined, expected: string): boolean => {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
};

const isUpdate = (body: unknown): body is Update =>
  typeof body === 'object' &&
  body !== null &&
  !Array.isArray(body) &&
  Number.isSafeInteger((body as { update_id?: unknown }).update_id);

export function telegramWebhookRoutes(deps: {
  desk: TelegramDesk;
  limits: Pick<RateLimits, 'telegramWebhook'>;
}): Router {
  const { desk, limits } = deps;
  const router = Router();

  // Telegram sends back the secret given to setWebhook in this header; nothing else may post updates.
  router.post('/telegram/webhook', ...limits.telegramWebhook, async (req, res) => {
    const hook = desk.webhook;
    if (!hook) throw errors.notFound();
    if (!sameSecret(req.get('x-telegram-bot-api-secret-token'), hook.secretToken)) throw errors.unauthorized();
    if (!isUpdate(req.body)) throw errors.badRequest('errors.badRequest', 'Not a Telegram update');
    await hook.handleUpdate(req.body);
    res.json({ ok: true });
  });

  return router;
}
