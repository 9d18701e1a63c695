// GET /admin (anyone: the online flag; the user count only for admins) and PATCH /admin (admin toggles online).
import { Router } from 'express';
import { adminPatchBodySchema } from '#shared/schemas';
import type { RateLimits } from '../http/rate-limits.js';
import { parseInput } from '../http/validate.js';
import type { CaptchaVerifier } from '../security/captcha.js';
import { currentAdmin, optionalUser, requireAdmin } from '../security/guards.js';
import type { AdminStatusService } from './admin-status.service.js';

export function adminStatusRoutes(deps: { adminStatus: AdminStatusService; captcha: CaptchaVerifier; limits: Pick<RateLimits, 'write'> }): Router {
  const { adminStatus, captcha, limits } = deps;
  const router = Router();

  router.get('/admin', async (req, res) => {
    res.json({ ok: true, admin: await adminStatus.adminInfo(optionalUser(req)) });
  });

  router.patch('/admin', requireAdmin, ...limits.write, async (req, res) => {
    const body = parseInput(adminPatchBodySchema, req.body);
    await captcha.verify(body.captcha);
    const admin = await adminStatus.setAdminOnline(currentAdmin(req), body.admin.online);
    res.json({ ok: true, text: body.admin.online ? 'Admin now Online' : 'Admin now Offline', admin });
  });

  return router;
}
