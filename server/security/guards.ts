// Role guards for routes (product.md §1.5): who may call. Authentication itself is in authenticate.ts.
// Staff are admins and operators (#shared/constants STAFF_ROLES): operators work the queue, the SMS inbox and the
// tickets; what changes the shop stays the admins'. An operator refused an admin-only route gets 403
// errors.forbidden; a customer keeps the admin-only answer of product.md §3.1 (code -10033).
import type { Request, RequestHandler } from 'express';
import { isStaffRole } from '#shared/constants';
import { errors } from '../http/app-error.js';
import type { UserRecord } from './user-record.js';

export function currentUser(req: Request): UserRecord {
  if (!req.user) throw errors.unauthorized();
  return req.user;
}

/** Whether the user is staff (admin or operator): the staff views and the staff room. */
export function isStaff(user: { role: string } | null | undefined): boolean {
  return isStaffRole(user?.role);
}

/** Why `user` may not call an admin-only route (null: they may). */
function adminRefusal(user: UserRecord) {
  if (user.role === 'admin') return null;
  return user.role === 'operator'
    ? errors.forbidden('errors.forbidden', 'Operators may not do that')
    : errors.adminOnly();
}

/** The caller when they are an admin: no token → 401, an operator → 403 forbidden, another role → 403 -10033. */
export function currentAdmin(req: Request): UserRecord {
  const user = currentUser(req);
  const refusal = adminRefusal(user);
  if (refusal) throw refusal;
  return user;
}

/** The caller when they are staff (admin or operator): no token → 401, a customer → 403 with code -10033. */
export function currentStaff(req: Request): UserRecord {
  const user = currentUser(req);
  if (!isStaff(user)) throw errors.adminOnly();
  return user;
}

/** The caller if a token came with the request (guest routes that record who acted). */
export function optionalUser(req: Request): UserRecord | null {
  return req.user ?? null;
}

export const requireLogin: RequestHandler = (req, _res, next) => {
  next(req.user ? undefined : errors.unauthorized());
};
export const requireAdmin: RequestHandler = (req, _res, next) => {
  if (!req.user) return next(errors.unauthorized());
  next(adminRefusal(req.user) ?? undefined);
};
/** Admins and operators. */
export const requireStaff: RequestHandler = (req, _res, next) => {
  if (!req.user) return next(errors.unauthorized());
  next(isStaff(req.user) ? undefined : errors.adminOnly());
};
/** The customer area: role user only (product.md §1.5). */
export const requireCustomer: RequestHandler = (req, _res, next) => {
  if (!req.user) return next(errors.unauthorized());
  next(req.user.role === 'user' ? undefined : errors.userOnly());
};
