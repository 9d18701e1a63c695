// POST /users/{id}: multipart `pic` (and an optional `captcha` field), the user's own avatar only (product.md §4.1/§8).
import { Router } from 'express';
import { idParamSchema } from '#shared/schemas';
import type { UserPresenter } from '../accounts/index.js';
import { errors } from '../http/app-error.js';
import type { RateLimits } from '../http/rate-limits.js';
import type { CaptchaVerifier } from '../security/captcha.js';
import { currentUser, requireLogin } from '../security/guards.js';
import type { AvatarsService } from './avatars.service.js';
import { ImageBusyError } from './image-queue.js';
import { receiveImageUpload } from './upload.js';

export function avatarsRoutes(deps: {
  avatars: AvatarsService;
  userDto: UserPresenter;
  captcha: CaptchaVerifier;
  limits: Pick<RateLimits, 'write' | 'upload'>;
}): Router {
  const { avatars, userDto, captcha, limits } = deps;
  const router = Router();

  router.post('/users/:id', requireLogin, ...limits.write, ...limits.upload, async (req, res) => {
    const me = currentUser(req);
    const id = idParamSchema.safeParse(req.params.id);
    if (!id.success || id.data !== me.id)
      throw errors.forbidden('errors.notYourAccount', 'You can only change your own account');
    const upload = await receiveImageUpload(req, res);
    await captcha.verify(upload.captcha);
    const user = await avatars.changeAvatar(me.id, upload.file()).catch((error: unknown) => {
      if (error instanceof ImageBusyError) res.set('Retry-After', String(error.retryAfterSeconds));
      throw error;
    });
    res.json({ ok: true, text: 'Updated successfully', user: userDto(user) });
  });

  return router;
}
