// The SMS endpoints: devices, forwarding, the inbox, templates. Admin writes carry a captcha.
//   POST   /devices {captcha, device:{name, account, balance?}} → 201 {ok, device, token}   (admin)
//   GET    /devices → {ok, devices[]} (each with its ledger's balance and gap)      (admin)
//   POST   /devices/{id}/balance {captcha, balance} → {ok, device}                (admin, audited; decision 144)
//   DELETE /devices/{id} {captcha} → {ok}                                         (admin)
//   POST   /sms (Authorization: Bearer <device token>) {from, text, received_at?} → {ok, sms:{id, status, order_id}}
//   POST   /devices/{id}/android-sms-gateway (X-Signature, X-Timestamp) {deviceId, event, id, payload, webhookId}
//          → {ok, status: stored|duplicate|skipped, sms?}   (SMS Gateway for Android's signed webhook, decision 147)
//   GET    /sms?page&status&state&account&q → {ok, sms[], pages}                     (staff: admin or operator)
//   PATCH  /sms/{id} {captcha, sms:{order_id, reason}} → {ok, sms}                (staff)
//   GET    /sms-templates → {ok, templates[]}                                     (admin)
//   POST   /sms-templates {captcha, template:{account, label, pattern, time_format}} → 201 {ok, template}
//   PATCH  /sms-templates/{id} {captcha, template} → {ok, template}
//   DELETE /sms-templates/{id} {captcha} → {ok}
//   POST   /sms-templates/test {pattern, time_format, text} → {ok, result}        (admin; runs under the time budget)
import { Router, type Request, type RequestHandler } from 'express';
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
import { setRateLimitDevice, type RateLimits } from '../http/rate-limits.js';
import { rawBodyOf } from '../http/raw-body.js';
import { parseInput } from '../http/validate.js';
import type { CaptchaVerifier } from '../security/captcha.js';
import { currentAdmin, currentStaff, requireAdmin, requireStaff } from '../security/guards.js';
import { smsErrors } from './sms-errors.js';
import type { SmsService } from './sms.service.js';
import type { AndroidSmsGateway } from './android-sms-gateway.js';
import type { DeviceRecord } from './sms.repository.js';

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

const DEVICE = 'smsDevice';
/**
 * Finds the device a request authenticates as (null: none) before the limits run, which count a device's requests
 * per device and the others per address: bad tokens from one address never lock a real phone out (decision 102).
 */
function identifyDevice(find: (req: Request) => Promise<DeviceRecord | null>): RequestHandler {
  return async (req, res, next) => {
    const device = await find(req);
    res.locals[DEVICE] = device;
    setRateLimitDevice(res, device?.id ?? null);
    next();
  };
}
function identifiedDevice(res: { locals: Record<string, unknown> }, refusal: () => Error): DeviceRecord {
  const device = res.locals[DEVICE] as DeviceRecord | null | undefined;
  if (!device) throw refusal();
  return device;
}

/**
 * `POST /sms` and the gateway's webhook authenticate a device, not a user's JWT: mounted before the user
 * authentication (which would refuse a token that is not a JWT).
 */
export function smsForwardingRoutes(deps: {
  sms: SmsService;
  gateway: AndroidSmsGateway;
  limits: Pick<RateLimits, 'smsForward' | 'deviceAuthFailure'>;
}): Router {
  const { sms, gateway, limits } = deps;
  const router = Router();
  const limited = [...limits.deviceAuthFailure, ...limits.smsForward];
  router.post(
    '/sms',
    identifyDevice((req) => sms.findDeviceForToken(bearerToken(req))),
    ...limited,
    async (req, res) => {
      const device = identifiedDevice(res, smsErrors.deviceToken);
      const input = parseInput(forwardSmsBodySchema, req.body);
      const stored = await sms.forwardSms(device, input);
      res.json({ ok: true, sms: { id: stored.id, status: stored.status, order_id: stored.order_id } });
    },
  );

  router.post(
    '/devices/:id/android-sms-gateway',
    identifyDevice((req) => {
      const id = idParamSchema.safeParse(req.params.id);
      return gateway.authenticate(id.success ? id.data : null, {
        rawBody: rawBodyOf(req),
        signature: req.headers['x-signature'],
        timestamp: req.headers['x-timestamp'],
      });
    }),
    ...limited,
    async (req, res) => {
      const device = identifiedDevice(res, smsErrors.deviceSignature);
      const delivery = await gateway.deliver(device, req.body);
      res.json({ ok: true, ...delivery });
    },
  );
  return router;
}

export function smsRoutes(deps: {
  sms: SmsService;
  captcha: CaptchaVerifier;
  limits: Pick<RateLimits, 'write' | 'poll'>;
}): Router {
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
    const query = parseInput(smsListQuerySchema, {
      page: req.query.page,
      status: req.query.status || undefined,
      state: req.query.state || undefined,
      account: req.query.account || undefined,
      q: req.query.q || undefined,
    });
    res.json({ ok: true, ...(await sms.listSms(query)) });
  });

  // The orders an SMS could be linked to: read by the link dialog.
  router.get('/sms/:id/candidates', requireStaff, ...limits.poll, async (req, res) => {
    const id = numericId(req.params.id, smsErrors.smsNotFound);
    res.json({ ok: true, candidates: await sms.linkCandidates(id) });
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
    const format = (SMS_TIME_FORMATS as readonly string[]).includes(body.time_format ?? '')
      ? (body.time_format as SmsTimeFormat)
      : null;
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
