// The one error type of the server; the error middleware turns it into `{ ok:false, text, key, ... }`.
// Keys come from the shared list (#shared/error-keys), so an unknown key does not compile.
import { ERROR_CODES } from '#shared/constants';
import type { ErrorKey, FieldErrors } from '#shared/error-keys';

export interface AppErrorExtras {
  code?: number;
  errors?: FieldErrors;
  logout?: boolean;
  /** Values the translated message names (the client interpolates them): a limit, a time to retry. */
  params?: Record<string, string | number>;
}

export class AppError extends Error {
  constructor(
    public readonly status: number,
    public readonly key: ErrorKey,
    message: string,
    public readonly extras: AppErrorExtras = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** The body of a failure answer, for the few places that answer without throwing (middleware, health). */
export function failureBody(key: ErrorKey, text: string): { ok: false; key: ErrorKey; text: string } {
  return { ok: false, key, text };
}

export const errors = {
  validation: (text: string, fields: FieldErrors) => new AppError(400, 'errors.validation', text, { errors: fields }),
  badRequest: (key: ErrorKey, text: string) => new AppError(400, key, text),
  unauthorized: (key: ErrorKey = 'errors.unauthorized', text = 'Please log in', logout = false) =>
    new AppError(401, key, text, logout ? { logout: true } : {}),
  adminOnly: () =>
    new AppError(403, 'errors.adminOnly', `Unauthorized. code: ${ERROR_CODES.adminOnly}`, {
      code: ERROR_CODES.adminOnly,
    }),
  userOnly: () =>
    new AppError(403, 'errors.userOnly', `Unauthorized. code: ${ERROR_CODES.userOnly}`, { code: ERROR_CODES.userOnly }),
  forbidden: (key: ErrorKey = 'errors.forbidden', text = 'You may not do that') => new AppError(403, key, text),
  notFound: (key: ErrorKey = 'errors.notFound', text = 'Not found') => new AppError(404, key, text),
  conflict: (key: ErrorKey, text: string) => new AppError(409, key, text),
  captcha: () =>
    new AppError(400, 'errors.captcha', 'Captcha verification failed, please try again', {
      errors: { captcha: 'errors.captcha' },
    }),
  /** This account is under a guessing attack: a harder captcha is needed (GET /captcha?level=hard). */
  captchaHarder: () =>
    new AppError(400, 'errors.captchaHarder', 'A harder security check is needed for this account, please try again', {
      errors: { captcha: 'errors.captchaHarder' },
    }),
};
