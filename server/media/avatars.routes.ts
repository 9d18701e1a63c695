// POST /users/{id}: multipart `pic` (and an optional `captcha` field), the user's own avatar only (spec §7/§8).
import type { Request, Response } from 'express';
import { Router } from 'express';
import multer from 'multer';
import { z } from 'zod';
import { LIMITS } from '#shared/constants';
import { idParamSchema } from '#shared/schemas';
import type { UserPresenter } from '../accounts/index.js';
import { AppError, errors } from '../http/app-error.js';
import type { RateLimits } from '../http/rate-limits.js';
import { parseInput } from '../http/validate.js';
import type { CaptchaVerifier } from '../security/captcha.js';
import { currentUser, requireLogin } from '../security/guards.js';
import type { AvatarsService } from './avatars.service.js';

const fileTooLarge = () =>
  new AppError(413, 'errors.fileTooLarge', 'File too large, try adjusting the image or choose another file', {
    errors: { pic: 'errors.fileTooLarge' },
  });
const noFile = () => new AppError(400, 'errors.noFile', 'Please select an image', { errors: { pic: 'errors.noFile' } });

const avatarFormSchema = z.object({ captcha: z.string().max(20_000).optional() });

const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: LIMITS.avatarBytes, files: 1, fields: 5, fieldSize: 20_000, parts: 8, headerPairs: 50 },
}).single('pic');

/** Runs multer and turns its errors into our answers. */
function receiveUpload(req: Request, res: Response): Promise<void> {
  return new Promise((resolve, reject) => {
    upload(req, res, (error: unknown) => {
      if (!error) return resolve();
      if (error instanceof multer.MulterError) {
        if (error.code === 'LIMIT_FILE_SIZE') return reject(fileTooLarge());
        if (error.code === 'LIMIT_UNEXPECTED_FILE') return reject(noFile());
        return reject(new AppError(400, 'errors.badUpload', 'Unknown error. Have you selected any file?'));
      }
      // Malformed multipart bodies (busboy) are the client's mistake.
      reject(new AppError(400, 'errors.badUpload', 'Unknown error. Have you selected any file?'));
    });
  });
}

export function avatarsRoutes(deps: {
  avatars: AvatarsService;
  userDto: UserPresenter;
  captcha: CaptchaVerifier;
  limits: Pick<RateLimits, 'write'>;
}): Router {
  const { avatars, userDto, captcha, limits } = deps;
  const router = Router();

  router.post('/users/:id', requireLogin, ...limits.write, async (req, res) => {
    const me = currentUser(req);
    const id = idParamSchema.safeParse(req.params.id);
    if (!id.success || id.data !== me.id) throw errors.forbidden('errors.notYourAccount', 'You can only change your own account');
    await receiveUpload(req, res);
    const form = parseInput(avatarFormSchema, req.body);
    await captcha.verify(form.captcha);
    if (!req.file || req.file.size === 0) throw noFile();
    const user = await avatars.changeAvatar(me.id, req.file.buffer);
    res.json({ ok: true, text: 'Updated successfully', user: userDto(user) });
  });

  return router;
}
