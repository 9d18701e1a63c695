// GET /users/me, PATCH /users/{id} (own name/password, or an admin's role change).
import { Router } from 'express';
import type { AppContext } from '../context.js';
import { parseInput } from '../http/validate.js';
import { idParamSchema, userPatchBodySchema } from '#shared/schemas';
import { currentUser, requireLogin } from '../auth/guards.js';
import { errors } from '../http/app-error.js';
import { toUserDto } from './user-dto.js';
import type { AuthService } from '../auth/auth.service.js';
import type { UsersRepository } from './users.repository.js';

export function usersRoutes(ctx: AppContext, auth: AuthService, users: UsersRepository): Router {
  const router = Router();

  router.get('/users/me', requireLogin, (req, res) => {
    res.json({ ok: true, user: toUserDto(currentUser(req), ctx.config.mediaBaseUrl) });
  });

  router.patch('/users/:id', requireLogin, ...ctx.limits.write, async (req, res) => {
    const me = currentUser(req);
    const id = parseInput(idParamSchema, req.params.id);
    const body = parseInput(userPatchBodySchema, req.body);
    await ctx.captcha.verify(body.captcha);
    if ('role' in body.user) {
      if (me.role !== 'admin') throw errors.adminOnly();
      await auth.changeRole(id, body.user.role);
      const user = await users.findById(id);
      res.json({ ok: true, text: 'Success', user: toUserDto(user!, ctx.config.mediaBaseUrl) });
      return;
    }
    if (id !== me.id) throw errors.forbidden('errors.notYourAccount', 'You can only change your own account');
    const { user, jwt } = await auth.updateProfile(me, body.user);
    res.json({ ok: true, text: 'Saved', user: toUserDto(user, ctx.config.mediaBaseUrl, jwt) });
  });

  return router;
}
