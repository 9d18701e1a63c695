// GET /users/all, GET /users/{id} for admins. Mounted after users.routes (which owns /users/me and PATCH);
// /users/all is registered before /users/:id so it is never read as an id.
import { Router } from 'express';
import { idParamSchema, pageQuerySchema } from '#shared/schemas';
import { requireAdmin } from '../security/guards.js';
import { parseInput } from '../http/validate.js';
import type { AdminUsersService } from './admin-users.service.js';
import { accountErrors } from './accounts-errors.js';

export function adminUsersRoutes(adminUsers: AdminUsersService): Router {
  const router = Router();

  router.get('/users/all', requireAdmin, async (req, res) => {
    const { page } = parseInput(pageQuerySchema, req.query);
    res.json({ ok: true, ...(await adminUsers.listUsers(page)) });
  });

  router.get('/users/:id', requireAdmin, async (req, res) => {
    const id = idParamSchema.safeParse(req.params.id);
    if (!id.success) throw accountErrors.userNotFound();
    res.json({ ok: true, ...(await adminUsers.userDetails(id.data)) });
  });

  return router;
}
