// Role guards for routes (spec §6): who may call. Authentication itself is in authenticate.ts.
import type { Request, RequestHandler } from 'express';
import { errors } from '../http/app-error.js';
import type { UserRecord } from './user-record.js';

export function currentUser(req: Request): UserRecord {
  if (!req.user) throw errors.unauthorized();
  return req.user;
}

/** The caller when they are an admin: no token → 401, another role → 403 with code -10033. */
export function currentAdmin(req: Request): UserRecord {
  const user = currentUser(req);
  if (user.role !== 'admin') throw errors.adminOnly();
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
  next(req.user.role === 'admin' ? undefined : errors.adminOnly());
};
/** The customer area: role user only (spec §6). */
export const requireCustomer: RequestHandler = (req, _res, next) => {
  if (!req.user) return next(errors.unauthorized());
  next(req.user.role === 'user' ? undefined : errors.userOnly());
};
