// Web Push (decision 275):
//   GET    /push/key → {ok, public_key}
//   POST   /orders/{id}/push {subscription:{endpoint, keys:{p256dh, auth}}} → 201 {ok}   (whoever holds the order's id)
//   DELETE /orders/{id}/push {endpoint} → {ok}
//   POST   /account/push {subscription} → 201 {ok}                                      (a signed-in customer)
//   DELETE /account/push {endpoint} → {ok}
// No captcha: a browser subscribes right after the customer allowed notifications, and a subscription moves no
// money; the rate limit and the 5 per order or account bound what a script can add.
import { Router } from 'express';
import { idParamSchema } from '#shared/schemas';
import { pushSubscribeBodySchema, pushUnsubscribeBodySchema } from '#shared/push';
import type { RateLimits } from '../http/rate-limits.js';
import { parseInput } from '../http/validate.js';
import { currentUser, optionalUser, requireCustomer } from '../security/guards.js';
import { pushErrors } from './push-errors.js';
import type { PushService } from './push.service.js';

/** A malformed id cannot name an order: the same 404 as an unknown one, before the body is looked at. */
function orderIdParam(raw: unknown): string {
  const id = idParamSchema.safeParse(raw);
  if (!id.success) throw pushErrors.orderNotFound();
  return id.data;
}

export function pushRoutes(deps: { push: PushService; limits: Pick<RateLimits, 'push' | 'publicStats'> }): Router {
  const { push, limits } = deps;
  const router = Router();

  router.get('/push/key', ...limits.publicStats, (_req, res) => {
    res.json({ ok: true, public_key: push.publicKey() });
  });

  router.post('/orders/:id/push', ...limits.push, async (req, res) => {
    const id = orderIdParam(req.params.id);
    const body = parseInput(pushSubscribeBodySchema, req.body);
    await push.subscribeOrder(id, body.subscription, optionalUser(req)?.id ?? null);
    res.status(201).json({ ok: true });
  });

  router.delete('/orders/:id/push', ...limits.push, async (req, res) => {
    const id = orderIdParam(req.params.id);
    const body = parseInput(pushUnsubscribeBodySchema, req.body ?? {});
    await push.unsubscribeOrder(id, body.endpoint, optionalUser(req)?.id ?? null);
    res.json({ ok: true });
  });

  router.post('/account/push', requireCustomer, ...limits.push, async (req, res) => {
    const body = parseInput(pushSubscribeBodySchema, req.body);
    await push.subscribeAccount(currentUser(req).id, body.subscription);
    res.status(201).json({ ok: true });
  });

  router.delete('/account/push', requireCustomer, ...limits.push, async (req, res) => {
    const body = parseInput(pushUnsubscribeBodySchema, req.body ?? {});
    await push.unsubscribeAccount(currentUser(req).id, body.endpoint);
    res.json({ ok: true });
  });

  return router;
}
