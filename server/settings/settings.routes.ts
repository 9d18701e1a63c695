// The shop's own rules (decision 163), admin only:
//   GET   /shop-settings → {ok, settings}                        (every key, defaults included)
//   PATCH /shop-settings {captcha, settings:{…}} → {ok, settings}  (some keys; unknown keys 400; audited)
import { Router } from 'express';
import { shopSettingsPatchBodySchema } from '#shared/shop-settings';
import type { RateLimits } from '../http/rate-limits.js';
import { parseInput } from '../http/validate.js';
import type { CaptchaVerifier } from '../security/captcha.js';
import { currentAdmin, requireAdmin } from '../security/guards.js';
import type { SettingsService } from './settings.service.js';

export function settingsRoutes(deps: {
  settings: SettingsService;
  captcha: CaptchaVerifier;
  limits: Pick<RateLimits, 'write' | 'report'>;
}): Router {
  const { settings, captcha, limits } = deps;
  const router = Router();

  router.get('/shop-settings', requireAdmin, ...limits.report, async (_req, res) => {
    res.json({ ok: true, settings: await settings.read() });
  });

  router.patch('/shop-settings', requireAdmin, ...limits.write, async (req, res) => {
    const body = parseInput(shopSettingsPatchBodySchema, req.body);
    await captcha.verify(body.captcha);
    res.json({ ok: true, settings: await settings.changeSettings(currentAdmin(req), body.settings) });
  });

  return router;
}
