// The customer's own limits and self-exclusion (decisions 271-272); the customer's alone, writes carry a captcha.
//   GET    /account/limits → {ok, limits, pending, used, exclusion}
//   PUT    /account/limits {captcha, limits:{daily_bdt, weekly_bdt, monthly_bdt}} → the same
//   DELETE /account/limits/pending {captcha} → the same (the raise waiting dropped)
//   POST   /account/self-exclusion {captcha, period, password} → 201, the same
// Staff read a customer's on GET /users/{id}; no route lifts an exclusion or loosens a limit sooner.
import { Router } from 'express';
import {
  pendingLimitsDeleteBodySchema,
  playerLimitsPutBodySchema,
  selfExclusionBodySchema,
} from '#shared/player-limits';
import type { RateLimits } from '../http/rate-limits.js';
import { parseInput } from '../http/validate.js';
import type { CaptchaVerifier } from '../security/captcha.js';
import { currentUser, requireCustomer } from '../security/guards.js';
import type { PlayerLimitsService } from './player-limits.service.js';

export function playerLimitsRoutes(deps: {
  playerLimits: PlayerLimitsService;
  captcha: CaptchaVerifier;
  limits: Pick<RateLimits, 'write'>;
}): Router {
  const { playerLimits, captcha, limits } = deps;
  const router = Router();

  router.get('/account/limits', ...limits.write, requireCustomer, async (req, res) => {
    res.json({ ok: true, ...(await playerLimits.limitsOf(currentUser(req).id)) });
  });

  router.put('/account/limits', ...limits.write, requireCustomer, async (req, res) => {
    const body = parseInput(playerLimitsPutBodySchema, req.body);
    await captcha.verify(body.captcha);
    res.json({ ok: true, text: 'Saved', ...(await playerLimits.setLimits(currentUser(req), body.limits)) });
  });

  router.delete('/account/limits/pending', ...limits.write, requireCustomer, async (req, res) => {
    const body = parseInput(pendingLimitsDeleteBodySchema, req.body ?? {});
    await captcha.verify(body.captcha);
    res.json({ ok: true, text: 'Saved', ...(await playerLimits.cancelPendingLimits(currentUser(req))) });
  });

  router.post('/account/self-exclusion', ...limits.write, requireCustomer, async (req, res) => {
    const body = parseInput(selfExclusionBodySchema, req.body);
    await captcha.verify(body.captcha);
    res
      .status(201)
      .json({
        ok: true,
        text: 'Saved',
        ...(await playerLimits.selfExclude(currentUser(req), body.period, body.password)),
      });
  });

  return router;
}
