// The one error type of the server; the error middleware turns it into `{ ok:false, text, key, ... }`.
import { ERROR_CODES } from '#shared/constants';
export interface AppErrorExtras {
  code?: number;
  errors?: Record<string, string>;
  logout?: boolean;
}

export class AppError extends Error {
  constructor(
    public readonly status: number,
    public readonly key: string,
    message: string,
    public readonly extras: AppErrorExtras = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const errors = {
  validation: (text: string, fields: Record<string, string>) =>
    new AppError(400, 'errors.validation', text, { errors: fields }),
  badRequest: (key: string, text: string) => new AppError(400, key, text),
  unauthorized: (key = 'errors.unauthorized', text = 'Please log in', logout = false) =>
    new AppError(401, key, text, logout ? { logout: true } : {}),
  adminOnly: () => new AppError(403, 'errors.adminOnly', `Unauthorized. code: ${ERROR_CODES.adminOnly}`, { code: ERROR_CODES.adminOnly }),
  userOnly: () => new AppError(403, 'errors.userOnly', `Unauthorized. code: ${ERROR_CODES.userOnly}`, { code: ERROR_CODES.userOnly }),
  forbidden: (key = 'errors.forbidden', text = 'You may not do that') => new AppError(403, key, text),
  notFound: (key = 'errors.notFound', text = 'Not found') => new AppError(404, key, text),
  conflict: (key: string, text: string) => new AppError(409, key, text),
  captcha: () => new AppError(400, 'errors.captcha', 'Captcha verification failed, please try again', { errors: { captcha: 'errors.captcha' } }),
};
