// GET /pms/all and PATCH /pms/{account}, admin only (spec §7).
import { Router } from 'express';
import { pmPatchBodySchemaFor, walletSchema } from '#shared/schemas';
import type { RateLimits } from '../http/rate-limits.js';
import { parseInput } from '../http/validate.js';
import type { CaptchaVerifier } from '../security/captcha.js';
import { currentAdmin, requireAdmin } from '../security/guards.js';
import type { PaymentMethodsService } from './payment-methods.service.js';
import { catalogueErrors } from './catalogue-errors.js';

export function paymentMethodsRoutes(deps: { pms: PaymentMethodsService; captcha: CaptchaVerifier; limits: Pick<RateLimits, 'write'> }): Router {
  const { pms, captcha, limits } = deps;
  const router = Router();

  router.get('/pms/all', requireAdmin, async (_req, res) => {
    res.json({ ok: true, pms: await pms.listPaymentMethods() });
  });

  router.patch('/pms/:account', requireAdmin, ...limits.write, async (req, res) => {
    const account = walletSchema.safeParse(req.params.account);
    if (!account.success) throw catalogueErrors.pmNotFound();
    // The number's shape depends on the wallet (decision 094).
    const body = parseInput(pmPatchBodySchemaFor(account.data), req.body);
    await captcha.verify(body.captcha);
    res.json({ ok: true, text: 'Success', pm: await pms.savePaymentMethod(currentAdmin(req), account.data, body.pm) });
  });

  return router;
}
