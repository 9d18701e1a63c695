// GET /users/me, PATCH /users/{id} (own name/password, or an admin's role change).
import { Router } from 'express';
import { idParamSchema, userPatchBodySchema } from '#shared/schemas';
import { errors } from '../http/app-error.js';
import { parseInput } from '../http/validate.js';
import type { RateLimits } from '../http/rate-limits.js';
import type { TelegramLinkDto } from '#shared/telegram';
import type { CaptchaVerifier } from '../security/captcha.js';
import { currentAdmin, currentUser, requireLogin } from '../security/guards.js';
import type { UserRecord } from '../security/user-record.js';
import type { AccountsService } from './accounts.service.js';
import type { UserPresenter } from './user-dto.js';

export function usersRoutes(deps: {
  accounts: AccountsService;
  userDto: UserPresenter;
  captcha: CaptchaVerifier;
  limits: Pick<RateLimits, 'write'>;
  /** The account's link to the staff's Telegram bot, shown in `/users/me`. */
  telegramLinkOf?: (user: UserRecord) => Promise<TelegramLinkDto>;
}): Router {
  const { accounts, userDto, captcha, limits, telegramLinkOf } = deps;
  const router = Router();

  router.get('/users/me', requireLogin, async (req, res) => {
    const me = currentUser(req);
    res.json({ ok: true, user: { ...userDto(me), ...(telegramLinkOf ? { telegram: await telegramLinkOf(me) } : {}) } });
  });

  router.patch('/users/:id', requireLogin, ...limits.write, async (req, res) => {
    const me = currentUser(req);
    const id = parseInput(idParamSchema, req.params.id);
    const body = parseInput(userPatchBodySchema, req.body);
    await captcha.verify(body.captcha);
    if ('role' in body.user) {
      const user = await accounts.changeRole(currentAdmin(req), id, body.user.role);
      res.json({ ok: true, text: 'Success', user: userDto(user) });
      return;
    }
    if (id !== me.id) throw errors.forbidden('errors.notYourAccount', 'You can only change your own account');
    const { user, jwt } = await accounts.updateProfile(me, body.user);
    res.json({ ok: true, text: 'Saved', user: userDto(user, jwt) });
  });

  return router;
}
