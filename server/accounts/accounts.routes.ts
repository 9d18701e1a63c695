// POST /register, POST /login (product.md §4.2), POST /login/2fa, POST /logout.
import { Router } from 'express';
import { loginBodySchema, loginTwoFactorBodySchema, registerBodySchema } from '#shared/schemas';
import { parseInput } from '../http/validate.js';
import type { RateLimits } from '../http/rate-limits.js';
import { AppError } from '../http/app-error.js';
import type { CaptchaVerifier } from '../security/captcha.js';
import type { LoginThrottle } from '../security/login-throttle.js';
import { currentUser, requireLogin } from '../security/guards.js';
import type { AccountsService } from './accounts.service.js';
import type { TwoFactorService } from './two-factor.service.js';
import type { UserPresenter } from './user-dto.js';

export function accountsRoutes(deps: {
  accounts: AccountsService;
  userDto: UserPresenter;
  captcha: CaptchaVerifier;
  limits: Pick<RateLimits, 'register' | 'login' | 'write'>;
  loginThrottle: LoginThrottle;
  twoFactor: Pick<TwoFactorService, 'completeLogin'>;
}): Router {
  const { accounts, userDto, captcha, limits, loginThrottle, twoFactor } = deps;
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
    // Counted before the password is looked at (decision 075): parallel guesses cannot all pass the check.
    const attempt = await loginThrottle.attempt(body.user.email, address);
    const { verdict } = attempt;
    if (!verdict.allowed) {
      res.set('Retry-After', String(verdict.retryAfterSeconds));
      throw new AppError(429, 'errors.rateLimited', 'Too many attempts, please wait a little and try again');
    }
    let session;
    try {
      await captcha.verify(body.captcha, { level: verdict.captcha });
      session = await accounts.login(body.user);
    } catch (error) {
      // Only a wrong password keeps its place in the counters.
      if (!(error instanceof AppError && error.key === 'errors.invalidCredentials')) await attempt.release();
      throw error;
    }
    await attempt.release();
    // With two-factor sign-in on, the right password only opens the second step: no token yet.
    if ('challenge' in session) {
      res.json({ ok: true, otp_required: true, challenge: session.challenge });
      return;
    }
    const { user, jwt } = session;
    res.json({ ok: true, text: 'Logged in', user: userDto(user, jwt) });
  });

  // The second step of a login with 2FA: answers exactly what a login answers.
  router.post('/login/2fa', ...limits.login, async (req, res) => {
    const body = parseInput(loginTwoFactorBodySchema, req.body);
    const { user, jwt } = await twoFactor.completeLogin(body.challenge, body.code, req.ip ?? 'unknown');
    res.json({ ok: true, text: 'Logged in', user: userDto(user, jwt) });
  });

  // Ends the session for real (decision 004): the token and every other token of the account stop working.
  router.post('/logout', requireLogin, ...limits.write, async (req, res) => {
    await accounts.logout(currentUser(req));
    res.json({ ok: true, text: 'Logged out' });
  });

  return router;
}
