// POST /register, POST /login (spec §7, design §5), POST /logout.
import { Router } from 'express';
import { loginBodySchema, registerBodySchema } from '#shared/schemas';
import { parseInput } from '../http/validate.js';
import type { RateLimits } from '../http/rate-limits.js';
import { AppError } from '../http/app-error.js';
import type { CaptchaVerifier } from '../security/captcha.js';
import type { LoginThrottle } from '../security/login-throttle.js';
import { currentUser, requireLogin } from '../security/guards.js';
import type { AccountsService } from './accounts.service.js';
import type { UserPresenter } from './user-dto.js';

export function accountsRoutes(deps: {
  accounts: AccountsService;
  userDto: UserPresenter;
  captcha: CaptchaVerifier;
  limits: Pick<RateLimits, 'register' | 'login' | 'write'>;
  loginThrottle: LoginThrottle;
}): Router {
  const { accounts, userDto, captcha, limits, loginThrottle } = deps;
  const router = Router();

  router.post('/register', ...limits.register, async (req, res) => {
    const body = parseInput(registerBodySchema, req.body);
    await captcha.verify(body.captcha);
    const { user, jwt } = await accounts.register(body.user);
    res.status(201).json({ ok: true, text: 'Registered', user: userDto(user, jwt) });
  });

  router.post('/login', ...limits.login, async (req, res) => {
    const body = parseInput(loginBodySchema, req.body);
    const address = req.ip ?? 'unknown';
    const verdict = await loginThrottle.check(body.user.email, address);
    if (!verdict.allowed) {
      res.set('Retry-After', String(verdict.retryAfterSeconds));
      throw new AppError(429, 'errors.rateLimited', 'Too many attempts, please wait a little and try again');
    }
    await captcha.verify(body.captcha, { level: verdict.captcha });
    let session;
    try {
      session = await accounts.login(body.user);
    } catch (error) {
      if (error instanceof AppError && error.key === 'errors.invalidCredentials') await loginThrottle.failed(body.user.email, address);
      throw error;
    }
    const { user, jwt } = session;
    res.json({ ok: true, text: 'Logged in', user: userDto(user, jwt) });
  });

  // Ends the session for real (decision 071): the token and every other token of the account stop working.
  router.post('/logout', requireLogin, ...limits.write, async (req, res) => {
    await accounts.logout(currentUser(req));
    res.json({ ok: true, text: 'Logged out' });
  });

  return router;
}
