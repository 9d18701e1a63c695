// STAFF_2FA=required (decision 161): a staff member (admin or operator) without a second factor may only
// sign in and set it up. Every other request of theirs under /api/v1 answers 403 errors.twoFactorRequired, and the
// client takes them to the setup. Customers are not affected; with STAFF_2FA=optional nothing is.
import type { RequestHandler } from 'express';
import { AppError } from '../http/app-error.js';
import { isStaff } from './guards.js';
import type { UserRecord } from './user-record.js';

/**
 * What a staff member without a second factor may still call (paths under /api/v1): reading and ending their
 * session, the 2FA setup itself, the captcha those calls need, the login's steps, and health.
 */
const OPEN_WITHOUT_SECOND_FACTOR = new Set([
  'GET /users/me',
  'POST /logout',
  'POST /login',
  'POST /login/2fa',
  'POST /account/2fa/setup',
  'POST /account/2fa/enable',
  'GET /captcha',
  'GET /health',
]);

export type StaffTwoFactorMode = 'required' | 'optional';

/** Whether this user is held until they turn the second factor on. */
export function heldForSecondFactor(mode: StaffTwoFactorMode, user: UserRecord | null | undefined): boolean {
  return mode === 'required' && !!user && isStaff(user) && !user.twoFactor;
}

/** Mounted after the caller's authentication and before the API's routes. */
export function staffTwoFactorGate(mode: StaffTwoFactorMode): RequestHandler {
  return (req, _res, next) => {
    if (!heldForSecondFactor(mode, req.user)) return next();
    const path = req.path.length > 1 ? req.path.replace(/\/+$/, '') : req.path;
    if (OPEN_WITHOUT_SECOND_FACTOR.has(`${req.method} ${path}`)) return next();
    next(new AppError(403, 'errors.twoFactorRequired', 'Staff must turn on two-factor sign-in first'));
  };
}
