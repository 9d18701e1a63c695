// POST /register, POST /login, GET /captcha (spec §7, design §5).
import { Router } from 'express';
import type { AppContext } from '../context.js';
import { parseInput } from '../http/validate.js';
import { loginBodySchema, registerBodySchema } from '#shared/schemas';
import { toUserDto } from '../users/user-dto.js';
import type { AuthService } from './auth.service.js';

export function authRoutes(ctx: AppContext, auth: AuthService): Router {
  const router = Router();

  router.get('/captcha', async (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ ok: true, ...(await ctx.captcha.challenge()) });
  });

  router.post('/register', ...ctx.limits.register, async (req, res) => {
    const body = parseInput(registerBodySchema, req.body);
    await ctx.captcha.verify(body.captcha);
    const { user, jwt } = await auth.register(body.user);
    res.status(201).json({ ok: true, text: 'Registered', user: toUserDto(user, ctx.config.mediaBaseUrl, jwt) });
  });

  router.post('/login', ...ctx.limits.login, async (req, res) => {
    const body = parseInput(loginBodySchema, req.body);
    await ctx.captcha.verify(body.captcha);
    const { user, jwt } = await auth.login(body.user);
    res.json({ ok: true, text: 'Logged in', user: toUserDto(user, ctx.config.mediaBaseUrl, jwt) });
  });

  return router;
}
