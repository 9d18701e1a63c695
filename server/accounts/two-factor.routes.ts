// Two-factor sign-in of one's own account (decision 161); the login's second step is in accounts.routes.
//   POST /account/2fa/setup   {captcha}       → {ok, secret, otpauth_url}
//   POST /account/2fa/enable  {captcha, code} → {ok, recovery_codes, jwt, user}   (older tokens stop)
//   POST /account/2fa/disable {captcha, code} → {ok, jwt, user}                   (older tokens stop)
import { Router } from 'express';
import type { TwoFactorDisabledDto, TwoFactorEnabledDto, TwoFactorSetupDto } from '#shared/api-types';
import { twoFactorCodeBodySchema, twoFactorSetupBodySchema } from '#shared/schemas';
import type { RateLimits } from '../http/rate-limits.js';
import { parseInput } from '../http/validate.js';
import type { CaptchaVerifier } from '../security/captcha.js';
import { currentUser, requireLogin } from '../security/guards.js';
import type { TwoFactorService } from './two-factor.service.js';
import type { UserPresenter } from './user-dto.js';

export function twoFactorRoutes(deps: {
  twoFactor: TwoFactorService;
  userDto: UserPresenter;
  captcha: CaptchaVerifier;
  limits: Pick<RateLimits, 'write' | 'twoFactor'>;
}): Router {
  const { twoFactor, userDto, captcha, limits } = deps;
  const router = Router();

  router.post('/account/2fa/setup', requireLogin, ...limits.write, ...limits.twoFactor, async (req, res) => {
    const body = parseInput(twoFactorSetupBodySchema, req.body);
    await captcha.verify(body.captcha);
    const answer: TwoFactorSetupDto = await twoFactor.setup(currentUser(req));
    res.json({ ok: true, ...answer });
  });

  router.post('/account/2fa/enable', requireLogin, ...limits.write, ...limits.twoFactor, async (req, res) => {
    const body = parseInput(twoFactorCodeBodySchema, req.body);
    await captcha.verify(body.captcha);
    const { recovery_codes, user, jwt } = await twoFactor.enable(currentUser(req), body.code);
    const answer: TwoFactorEnabledDto = { recovery_codes, jwt, user: userDto(user, jwt) };
    res.json({ ok: true, ...answer });
  });

  router.post('/account/2fa/disable', requireLogin, ...limits.write, ...limits.twoFactor, async (req, res) => {
    const body = parseInput(twoFactorCodeBodySchema, req.body);
    await captcha.verify(body.captcha);
    const { user, jwt } = await twoFactor.disable(currentUser(req), body.code);
    const answer: TwoFactorDisabledDto = { jwt, user: userDto(user, jwt) };
    res.json({ ok: true, ...answer });
  });

  return router;
}
