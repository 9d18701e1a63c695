// GET /admin (anyone: the online flag; the user count only for admins), PATCH /admin (staff toggle online) and
// GET /admin/waiting (staff: the count of waiting orders and tickets for the tab title, decision 119).
import { Router } from 'express';
import type { WaitingItemsAnswer } from '#shared/admin-alerts';
import { adminPatchBodySchema } from '#shared/schemas';
import type { RateLimits } from '../http/rate-limits.js';
import { parseInput } from '../http/validate.js';
import type { CaptchaVerifier } from '../security/captcha.js';
import { currentStaff, optionalUser, requireStaff } from '../security/guards.js';
import type { AdminStatusService } from './admin-status.service.js';

export function adminStatusRoutes(deps: {
  adminStatus: AdminStatusService;
  captcha: CaptchaVerifier;
  limits: Pick<RateLimits, 'write' | 'poll'>;
}): Router {
  const { adminStatus, captcha, limits } = deps;
  const router = Router();

  router.get('/admin', async (req, res) => {
    res.json({ ok: true, admin: await adminStatus.adminInfo(optionalUser(req)) });
  });

  // Each staff tab asks again after every order or ticket push: limited per admin, not per address. It takes no
  // input (a query is ignored: `?jwt=` may carry the token).
  router.get('/admin/waiting', requireStaff, ...limits.poll, async (_req, res) => {
    const answer: WaitingItemsAnswer = { ok: true, waiting: await adminStatus.waitingItems() };
    res.json(answer);
  });

  router.patch('/admin', requireStaff, ...limits.write, async (req, res) => {
    const body = parseInput(adminPatchBodySchema, req.body);
    await captcha.verify(body.captcha);
    const admin = await adminStatus.setAdminOnline(currentStaff(req), body.admin.online);
    res.json({ ok: true, text: admin.online ? 'Admin now Online' : 'Admin now Offline', admin });
  });

  return router;
}
