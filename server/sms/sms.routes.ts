// The SMS endpoints (issue 9): devices, forwarding, the inbox, templates. Admin writes carry a captcha.
//   POST   /devices {captcha, device:{name, account, balance?}} → 201 {ok, device, token}   (admin)
//   GET    /devices → {ok, devices[]} (each with its ledger's balance and gap)      (admin)
//   POST   /devices/{id}/balance {captcha, balance} → {ok, device}                (admin, audited; decision 144)
//   DELETE /devices/{id} {captcha} → {ok}                                         (admin)
//   POST   /sms (Authorization: Bearer <device token>) {from, text, received_at?} → {ok, sms:{id, status, order_id}}
//   GET    /sms?page&status&account&q → {ok, sms[], pages}                        (staff: admin or operator)
//   PATCH  /sms/{id} {captcha, sms:{order_id, reason}} → {ok, sms}                (staff)
//   GET    /sms-templates → {ok, templates[]}                                     (admin)
//   POST   /sms-templates {captcha, template:{account, label, pattern, time_format}} → 201 {ok, template}
//   PATCH  /sms-templates/{id} {captcha, template} → {ok, template}
//   DELETE /sms-templates/{id} {captcha} → {ok}
//   POST   /sms-templates/test {pattern, time_format, text} → {ok, result}        (admin; runs under the time budget)
import { Router, type Request } from 'express';
import {
  captchaOnlyBodySchema,
  createDeviceBodySchema,
  deviceBalanceBodySchema,
  forwardSmsBodySchema,
  linkSmsBodySchema,
  smsListQuerySchema,
  templateBodySchema,
  templateTestBodySchema,
} from '#shared/sms/sms-api';
import { SMS_TIME_FORMATS, type SmsTimeFormat } from '#shared/sms/sms-fields';
import { idParamSchema } from '#shared/schemas';
import type { RateLimits } from '../http/rate-limits.js';
import { parseInput } from '../http/validate.js';
import type { CaptchaVerifier } from '../security/captcha.js';
import { currentAdmin, currentStaff, requireAdmin, requireStaff } from '../security/guards.js';
import { smsErrors } from './sms-errors.js';
import type { SmsService } from './sms.service.js';

function deviceIdParam(raw: unknown): string {
  const id = idParamSchema.safeParse(raw);
  if (!id.success) throw smsErrors.deviceNotFound();
  return id.data;
}
function numericId(raw: unknown, notFound: () => Error): number {
  if (typeof raw !== 'string' || !/^\d{1,9}$/.test(raw)) throw notFound();
  return Number(raw);
}

function bearerToken(req: Request): string | null {
  const header = req.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S{1,200})\s*$/i.exec(header);
  return match ? match[1] : null;
}

/**
 * `POST /sms` authenticates with a device token, not a user's JWT: mounted before the user authentication
 * (which would refuse a token that is not a JWT). Rate-limited before the token is looked at.
 */
export function smsForwardingRoutes(deps: { sms: SmsService; limits: Pick<RateLimits, 'smsForward'> }): Router {
  const router = Router();
  router.post('/sms', ...deps.limits.smsForward, async (req, res) => {
    const device = await deps.sms.deviceForToken(bearerToken(req));
    const input = parseInput(forwardSmsBodySchema, req.body);
    const sms = await deps.sms.forwardSms(device, input);
    res.json({ ok: true, sms: { id: sms.id, status: sms.status, order_id: sms.order_id } });
  });
  return router;
}

export function smsRoutes(deps: { sms: SmsService; captcha: CaptchaVerifier; limits: Pick<RateLimits, 'write'> }): Router {
  const { sms, captcha, limits } = deps;
  const router = Router();

  router.post('/devices', ...limits.write, requireAdmin, async (req, res) => {
    const body = parseInput(createDeviceBodySchema, req.body);
    await captcha.verify(body.captcha);
    const created = await sms.createDevice(body.device, currentAdmin(req));
    res.status(201).json({ ok: true, ...created });
  });

  router.get('/devices', requireAdmin, async (_req, res) => {
    const devices = await sms.listDevices();
    res.json({ ok: true, devices });
  });

  router.post('/devices/:id/balance', ...limits.write, requireAdmin, async (req, res) => {
    const id = deviceIdParam(req.params.id);
    const body = parseInput(deviceBalanceBodySchema, req.body);
    await captcha.verify(body.captcha);
    res.json({ ok: true, device: await sms.setDeviceBalance(id, body.balance, currentAdmin(req)) });
  });

  router.delete('/devices/:id', ...limits.write, requireAdmin, async (req, res) => {
    const id = deviceIdParam(req.params.id);
    const body = parseInput(captchaOnlyBodySchema, req.body);
    await captcha.verify(body.captcha);
    await sms.revokeDevice(id, currentAdmin(req));
    res.json({ ok: true });
  });

  router.get('/sms', requireStaff, async (req, res) => {
    const query = parseInput(smsListQuerySchema, { page: req.query.page, status: req.query.status || undefined, account: req.query.account || undefined, q: req.query.q || undefined });
    res.json({ ok: true, ...(await sms.listSms(query)) });
  });

  router.patch('/sms/:id', ...limits.write, requireStaff, async (req, res) => {
    const admin = currentStaff(req);
    const id = numericId(req.params.id, smsErrors.smsNotFound);
    const body = parseInput(linkSmsBodySchema, req.body);
    await captcha.verify(body.captcha);
    res.json({ ok: true, sms: await sms.linkSms(id, body.sms.order_id, body.sms.reason, admin) });
  });

  router.get('/sms-templates', requireAdmin, async (_req, res) => {
    res.json({ ok: true, templates: await sms.listTemplates() });
  });

  router.post('/sms-templates/test', ...limits.write, requireAdmin, async (req, res) => {
    const body = parseInput(templateTestBodySchema, req.body);
    const format = (SMS_TIME_FORMATS as readonly string[]).includes(body.time_format ?? '') ? (body.time_format as SmsTimeFormat) : null;
    res.json({ ok: true, result: sms.testTemplate(body.pattern, body.text, format) });
  });

  router.post('/sms-templates', ...limits.write, requireAdmin, async (req, res) => {
    const body = parseInput(templateBodySchema, req.body);
    await captcha.verify(body.captcha);
    res.status(201).json({ ok: true, template: await sms.createTemplate(body.template, currentAdmin(req)) });
  });

  router.patch('/sms-templates/:id', ...limits.write, requireAdmin, async (req, res) => {
    const id = numericId(req.params.id, smsErrors.templateNotFound);
    const body = parseInput(templateBodySchema, req.body);
    await captcha.verify(body.captcha);
    res.json({ ok: true, template: await sms.updateTemplate(id, body.template, currentAdmin(req)) });
  });

  router.delete('/sms-templates/:id', ...limits.write, requireAdmin, async (req, res) => {
    const id = numericId(req.params.id, smsErrors.templateNotFound);
    const body = parseInput(captchaOnlyBodySchema, req.body);
    await captcha.verify(body.captcha);
    await sms.deleteTemplate(id, currentAdmin(req));
    res.json({ ok: true });
  });

  return router;
}
