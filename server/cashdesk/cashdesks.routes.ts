// The cash desks: staff read them, the admin connects, changes and disconnects them (writes audited and
// carrying a captcha); anyone looks a 1xBet player up before paying.
//   GET    /cashdesks → {ok, cashdesks[]}                                             (staff)
//   PUT    /cashdesks/{currency} {captcha, cashdesk:{…}} → {ok, cashdesk}              (admin; one Balance call first)
//   PATCH  /cashdesks/{currency} {captcha, cashdesk:{topup_auto?, withdraw_auto?, auto_max?, paused?}} → {ok, cashdesk}
//   DELETE /cashdesks/{currency} {captcha} → {ok}
//   GET    /players/{onex_id}?currency=BDT|USD → {ok, player:{name}}                   (public, rate-limited)
import { Router } from 'express';
import {
  cashdeskCurrencySchema,
  cashdeskDeleteBodySchema,
  cashdeskPatchBodySchema,
  cashdeskPutBodySchema,
  playerParamsSchema,
  playerQuerySchema,
  type CashdeskCurrency,
} from '#shared/cashdesk';
import type { RateLimits } from '../http/rate-limits.js';
import { parseInput } from '../http/validate.js';
import type { CaptchaVerifier } from '../security/captcha.js';
import { currentAdmin, requireAdmin, requireStaff } from '../security/guards.js';
import { cashdeskErrors } from './cashdesk-errors.js';
import type { CashdesksService } from './cashdesks.service.js';

function currencyOf(raw: unknown): CashdeskCurrency {
  const currency = cashdeskCurrencySchema.safeParse(raw);
  if (!currency.success) throw cashdeskErrors.notFound();
  return currency.data;
}

export function cashdesksRoutes(deps: {
  cashdesks: CashdesksService;
  captcha: CaptchaVerifier;
  limits: Pick<RateLimits, 'write' | 'report' | 'playerLookup'>;
}): Router {
  const { cashdesks, captcha, limits } = deps;
  const router = Router();

  router.get('/cashdesks', requireStaff, ...limits.report, async (_req, res) => {
    res.json({ ok: true, cashdesks: await cashdesks.list() });
  });

  router.put('/cashdesks/:currency', requireAdmin, ...limits.write, async (req, res) => {
    const currency = currencyOf(req.params.currency);
    const body = parseInput(cashdeskPutBodySchema, req.body);
    await captcha.verify(body.captcha);
    res.json({ ok: true, cashdesk: await cashdesks.connect(currentAdmin(req), currency, body.cashdesk) });
  });

  router.patch('/cashdesks/:currency', requireAdmin, ...limits.write, async (req, res) => {
    const currency = currencyOf(req.params.currency);
    const body = parseInput(cashdeskPatchBodySchema, req.body);
    await captcha.verify(body.captcha);
    res.json({ ok: true, cashdesk: await cashdesks.update(currentAdmin(req), currency, body.cashdesk) });
  });

  router.delete('/cashdesks/:currency', requireAdmin, ...limits.write, async (req, res) => {
    const currency = currencyOf(req.params.currency);
    const body = parseInput(cashdeskDeleteBodySchema, req.body ?? {});
    await captcha.verify(body.captcha);
    await cashdesks.remove(currentAdmin(req), currency);
    res.json({ ok: true });
  });

  router.get('/players/:onex_id', ...limits.playerLookup, async (req, res) => {
    const { onex_id } = parseInput(playerParamsSchema, req.params);
    const { currency } = parseInput(playerQuerySchema, req.query);
    res.setHeader('Cache-Control', 'no-store');
    res.json({ ok: true, player: await cashdesks.player(currency, onex_id) });
  });

  return router;
}
