// POST /recover, PATCH /recover/{id} (product.md §5).
import { Router } from 'express';
import { idParamSchema, recoverBodySchema, recoverConfirmBodySchema, recoveryLinkQuerySchema } from '#shared/schemas';
import type { RecoveryLinkDto } from '#shared/api-types';
import type { UserPresenter } from '../accounts/index.js';
import { AppError } from '../http/app-error.js';
import type { RateLimits } from '../http/rate-limits.js';
import { parseInput } from '../http/validate.js';
import type { CaptchaVerifier } from '../security/captcha.js';
import { ResendTooSoonError, type RecoveryService } from './recovery.service.js';

export function recoveryRoutes(deps: {
  recovery: RecoveryService;
  userDto: UserPresenter;
  captcha: CaptchaVerifier;
  limits: Pick<RateLimits, 'recovery'>;
}): Router {
  const { recovery, userDto, captcha, limits } = deps;
  const router = Router();

  router.post('/recover', ...limits.recovery, async (req, res) => {
    const body = parseInput(recoverBodySchema, req.body);
    await captcha.verify(body.captcha);
    try {
      const { id } = await recovery.requestRecovery(body.email);
      res.json({ ok: true, id, text: 'If this e-mail is registered, a code has been sent to it' });
    } catch (error) {
      if (error instanceof ResendTooSoonError) res.set('Retry-After', String(error.retryAfterSeconds));
      throw error;
    }
  });

  // The confirm page opened from the mailed link, on any device (decision 021). Public, like the other two calls.
  router.get('/recover/:id', ...limits.recovery, async (req, res) => {
    const id = idParamSchema.safeParse(req.params.id);
    const query = recoveryLinkQuerySchema.safeParse(req.query);
    if (!id.success || !query.success) {
      throw new AppError(400, 'errors.recoveryLinkInvalid', 'This reset link is not valid, please ask for a new code');
    }
    const link = await recovery.openRecoveryLink({ id: id.data, ref: query.data.ref });
    const answer: RecoveryLinkDto = { email: link.email, resend_at: Math.ceil(link.resendAt.getTime() / 1000) };
    res.json({ ok: true, ...answer });
  });

  router.patch('/recover/:id', ...limits.recovery, async (req, res) => {
    const id = idParamSchema.safeParse(req.params.id);
    const body = parseInput(recoverConfirmBodySchema, req.body);
    await captcha.verify(body.captcha);
    if (!id.success) {
      throw new AppError(
        400,
        'errors.recoveryInvalid',
        'This reset link is no longer valid, please ask for a new code',
      );
    }
    const { user, jwt } = await recovery.confirmRecovery({ id: id.data, code: body.code, password: body.password });
    // With 2FA on, no token: `login_required` sends the client to the login with its second step.
    res.json({
      ok: true,
      text: 'Your password has been changed',
      user: userDto(user, jwt),
      ...(jwt ? {} : { login_required: true }),
    });
  });

  return router;
}
