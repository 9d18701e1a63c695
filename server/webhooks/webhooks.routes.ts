// Outbound webhooks, admin only (operators 403), writes audited and carrying a captcha:
//   GET    /webhooks → {ok, webhooks[]}
//   POST   /webhooks {captcha, webhook:{url, events}} → 201 {ok, webhook, secret}   (the secret is shown this once)
//   PATCH  /webhooks/{id} {captcha, webhook:{url?, events?, enabled?}} → {ok, webhook}
//   DELETE /webhooks/{id} {captcha} → {ok}
//   GET    /webhooks/{id}/deliveries → {ok, deliveries[]}       (the newest 50, each with its attempts)
//   POST   /webhooks/{id}/deliveries/{delivery}/retry {captcha} → {ok, delivery}
//   POST   /webhooks/{id}/test {captcha} → 202 {ok, delivery}   ("send test event": a webhook.test event)
import { Router } from 'express';
import { idParamSchema } from '#shared/schemas';
import { createWebhookBodySchema, patchWebhookBodySchema, webhookCaptchaBodySchema } from '#shared/webhooks';
import type { RateLimits } from '../http/rate-limits.js';
import { parseInput } from '../http/validate.js';
import type { CaptchaVerifier } from '../security/captcha.js';
import { currentAdmin, requireAdmin } from '../security/guards.js';
import { webhookErrors } from './webhook-errors.js';
import type { WebhooksService } from './webhooks.service.js';

function webhookId(raw: unknown): string {
  const id = idParamSchema.safeParse(raw);
  if (!id.success) throw webhookErrors.notFound();
  return id.data;
}
function deliveryId(raw: unknown): number {
  if (typeof raw !== 'string' || !/^\d{1,9}$/.test(raw)) throw webhookErrors.deliveryNotFound();
  return Number(raw);
}

export function webhooksRoutes(deps: {
  webhooks: WebhooksService;
  captcha: CaptchaVerifier;
  limits: Pick<RateLimits, 'write' | 'report'>;
}): Router {
  const { webhooks, captcha, limits } = deps;
  const router = Router();

  router.get('/webhooks', requireAdmin, ...limits.report, async (_req, res) => {
    res.json({ ok: true, webhooks: await webhooks.list() });
  });

  router.post('/webhooks', requireAdmin, ...limits.write, async (req, res) => {
    const body = parseInput(createWebhookBodySchema, req.body);
    await captcha.verify(body.captcha);
    const made = await webhooks.create(currentAdmin(req), body.webhook);
    res.status(201).json({ ok: true, ...made });
  });

  router.patch('/webhooks/:id', requireAdmin, ...limits.write, async (req, res) => {
    const id = webhookId(req.params.id);
    const body = parseInput(patchWebhookBodySchema, req.body);
    await captcha.verify(body.captcha);
    res.json({ ok: true, webhook: await webhooks.update(currentAdmin(req), id, body.webhook) });
  });

  router.delete('/webhooks/:id', requireAdmin, ...limits.write, async (req, res) => {
    const id = webhookId(req.params.id);
    const body = parseInput(webhookCaptchaBodySchema, req.body ?? {});
    await captcha.verify(body.captcha);
    await webhooks.remove(currentAdmin(req), id);
    res.json({ ok: true });
  });

  router.get('/webhooks/:id/deliveries', requireAdmin, ...limits.report, async (req, res) => {
    res.json({ ok: true, deliveries: await webhooks.deliveries(webhookId(req.params.id)) });
  });

  router.post('/webhooks/:id/deliveries/:delivery/retry', requireAdmin, ...limits.write, async (req, res) => {
    const id = webhookId(req.params.id);
    const delivery = deliveryId(req.params.delivery);
    const body = parseInput(webhookCaptchaBodySchema, req.body ?? {});
    await captcha.verify(body.captcha);
    res.json({ ok: true, delivery: await webhooks.retry(currentAdmin(req), id, delivery) });
  });

  router.post('/webhooks/:id/test', requireAdmin, ...limits.write, async (req, res) => {
    const id = webhookId(req.params.id);
    const body = parseInput(webhookCaptchaBodySchema, req.body ?? {});
    await captcha.verify(body.captcha);
    res.status(202).json({ ok: true, delivery: await webhooks.sendTest(currentAdmin(req), id) });
  });

  return router;
}
