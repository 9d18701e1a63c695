// GET /admin (anyone: the online flag; the user count only for admins) and PATCH /admin (admin toggles online).
import { Router } from 'express';
import type { AdminInfoDto } from '#shared/api-types';
import { adminPatchBodySchema } from '#shared/schemas';
import { requireAdmin } from '../auth/guards.js';
import { parseInput } from '../http/validate.js';
import type { AppContext } from '../context.js';
import type { AdminStatusRepository } from './admin-status.repository.js';

export function adminStatusRoutes(ctx: AppContext, status: AdminStatusRepository): Router {
  const router = Router();

  router.get('/admin', async (req, res) => {
    const admin: AdminInfoDto = {
      online: await status.isOnline(),
      users: req.user?.role === 'admin' ? await status.countUsers() : 0,
    };
    res.json({ ok: true, admin });
  });

  router.patch('/admin', requireAdmin, ...ctx.limits.write, async (req, res) => {
    const body = parseInput(adminPatchBodySchema, req.body);
    await ctx.captcha.verify(body.captcha);
    await status.setOnline(body.admin.online);
    ctx.realtime.adminOnline(body.admin.online);
    const admin: AdminInfoDto = { online: body.admin.online, users: await status.countUsers() };
    res.json({ ok: true, text: body.admin.online ? 'Admin now Online' : 'Admin now Offline', admin });
  });

  return router;
}
