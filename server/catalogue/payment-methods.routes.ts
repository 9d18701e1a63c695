// GET /pms/all and PATCH /pms/{account}, admin only (product.md §6.2); the wallet fleet's numbers. A receiving
// wallet set or changed needs `confirm_wallet` beside it and, for staff with two-factor, `otp` (decision 280):
//   GET   /pms/{account}/numbers → {ok, numbers}
//   POST  /pms/{account}/numbers {captcha, number:{wallet, label, daily_count_limit, daily_amount_limit, monthly_amount_limit}} → 201 {ok, number}
//   PATCH /pms/{account}/numbers/{id} {captcha, number:{active, …}} (partial) → {ok, number}
import { Router, type RequestHandler } from 'express';
import { pmPatchBodySchemaFor, walletSchema } from '#shared/schemas';
import { numberPatchBodySchemaFor, numberPostBodySchemaFor } from '#shared/wallet-fleet';
import type { RateLimits } from '../http/rate-limits.js';
import { parseInput } from '../http/validate.js';
import type { CaptchaVerifier } from '../security/captcha.js';
import { currentAdmin, requireAdmin } from '../security/guards.js';
import type { PaymentMethodsService } from './payment-methods.service.js';
import { catalogueErrors } from './catalogue-errors.js';

export function paymentMethodsRoutes(deps: {
  pms: PaymentMethodsService;
  captcha: CaptchaVerifier;
  limits: Pick<RateLimits, 'write' | 'twoFactor'>;
}): Router {
  const { pms, captcha, limits } = deps;
  const router = Router();
  // A request carrying a two-factor code counts against the same budget as the 2FA routes: codes cannot be guessed here.
  const codeTries: RequestHandler[] = limits.twoFactor.map(
    (limit): RequestHandler =>
      (req, res, next) =>
        (req.body as { otp?: unknown } | undefined)?.otp === undefined ? next() : limit(req, res, next),
  );

  router.get('/pms/all', requireAdmin, async (_req, res) => {
    res.json({ ok: true, pms: await pms.listPaymentMethods() });
  });

  router.patch('/pms/:account', requireAdmin, ...limits.write, ...codeTries, async (req, res) => {
    const account = walletSchema.safeParse(req.params.account);
    if (!account.success) throw catalogueErrors.pmNotFound();
    // The number's shape depends on the wallet (decision 193).
    const body = parseInput(pmPatchBodySchemaFor(account.data), req.body);
    await captcha.verify(body.captcha);
    res.json({
      ok: true,
      text: 'Success',
      pm: await pms.savePaymentMethod(currentAdmin(req), account.data, body.pm, body.otp),
    });
  });

  const accountOf = (raw: unknown) => {
    const account = walletSchema.safeParse(raw);
    if (!account.success) throw catalogueErrors.pmNotFound();
    return account.data;
  };
  /** A malformed id cannot name a number: the same 404 as an unknown one. */
  const numberId = (raw: unknown): number => {
    if (typeof raw !== 'string' || !/^\d{1,9}$/.test(raw)) throw catalogueErrors.numberNotFound();
    return Number(raw);
  };

  router.get('/pms/:account/numbers', requireAdmin, ...limits.write, async (req, res) => {
    res.json({ ok: true, numbers: await pms.listNumbers(accountOf(req.params.account)) });
  });

  router.post('/pms/:account/numbers', requireAdmin, ...limits.write, ...codeTries, async (req, res) => {
    const account = accountOf(req.params.account);
    const body = parseInput(numberPostBodySchemaFor(account), req.body);
    await captcha.verify(body.captcha);
    res.status(201).json({ ok: true, number: await pms.addNumber(currentAdmin(req), account, body.number, body.otp) });
  });

  router.patch('/pms/:account/numbers/:id', requireAdmin, ...limits.write, ...codeTries, async (req, res) => {
    const account = accountOf(req.params.account);
    const id = numberId(req.params.id);
    const body = parseInput(numberPatchBodySchemaFor(account), req.body);
    await captcha.verify(body.captcha);
    res.json({ ok: true, number: await pms.editNumber(currentAdmin(req), account, id, body.number, body.otp) });
  });

  return router;
}
