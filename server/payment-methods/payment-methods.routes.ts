// GET /pms/all and PATCH /pms/{account}, admin only (spec §7).
import { Router } from 'express';
import type { PaymentMethodDto } from '#shared/api-types';
import type { Wallet } from '#shared/constants';
import { pmPatchBodySchema, walletSchema } from '#shared/schemas';
import { requireAdmin } from '../auth/guards.js';
import { parseInput } from '../http/validate.js';
import { errors } from '../http/app-error.js';
import type { AppContext } from '../context.js';
import type { PaymentMethodRecord, PaymentMethodsRepository } from './payment-methods.repository.js';

const toDto = (pm: PaymentMethodRecord): PaymentMethodDto => ({ ...pm, account: pm.account as Wallet });

export function paymentMethodsRoutes(ctx: AppContext, pms: PaymentMethodsRepository): Router {
  const router = Router();

  router.get('/pms/all', requireAdmin, async (_req, res) => {
    res.json({ ok: true, pms: (await pms.findAll()).map(toDto) });
  });

  router.patch('/pms/:account', requireAdmin, ...ctx.limits.write, async (req, res) => {
    const account = walletSchema.safeParse(req.params.account);
    if (!account.success) throw errors.notFound('errors.pmNotFound', 'Unknown payment method');
    const body = parseInput(pmPatchBodySchema, req.body);
    await ctx.captcha.verify(body.captcha);
    const saved = await pms.save({ account: account.data, ...body.pm });
    res.json({ ok: true, text: 'Success', pm: toDto(saved) });
  });

  return router;
}
