// Authentication through passport-jwt (Bearer header or ?jwt=) and the role guards.
import type { Request, RequestHandler } from 'express';
import passport from 'passport';
import { ExtractJwt, Strategy as JwtStrategy } from 'passport-jwt';
import { errors, AppError } from '../http/app-error.js';
import type { UserRecord, UsersRepository } from '../users/users.repository.js';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface User extends UserRecord {}
  }
}

export const extractToken = ExtractJwt.fromExtractors([
  ExtractJwt.fromAuthHeaderAsBearerToken(),
  ExtractJwt.fromUrlQueryParameter('jwt'),
]);

const revoked = () => errors.unauthorized('errors.sessionExpired', 'Your session has ended, please log in again', true);
const blocked = () => errors.unauthorized('errors.blocked', 'Your account is blocked', true);

/** Loads the user for a token's claims; the one check REST and Socket.IO share. */
export async function userForClaims(users: UsersRepository, claims: { sub: string; ver: number }): Promise<UserRecord> {
  const user = await users.findById(claims.sub);
  if (!user || user.tokenVersion !== claims.ver) throw revoked();
  if (user.role === 'blocked') throw blocked();
  return user;
}

export function createPassport(secret: string, users: UsersRepository): passport.PassportStatic {
  const instance = new passport.Passport() as unknown as passport.PassportStatic;
  instance.use(
    new JwtStrategy(
      { jwtFromRequest: extractToken, secretOrKey: secret, algorithms: ['HS256'], jsonWebTokenOptions: { algorithms: ['HS256'] } },
      (payload: { sub?: unknown; ver?: unknown; exp?: unknown }, done: (err: unknown, user?: UserRecord | false) => void) => {
        if (typeof payload.sub !== 'string' || typeof payload.ver !== 'number' || typeof payload.exp !== 'number') {
          done(revoked(), false);
          return;
        }
        userForClaims(users, { sub: payload.sub, ver: payload.ver }).then(
          (user) => done(null, user),
          (error: unknown) => done(error, false),
        );
      },
    ),
  );
  return instance;
}

/** Sets req.user when a token is present; a bad token is a 401 with `logout: true`, no token passes through. */
export function authenticate(pp: passport.PassportStatic): RequestHandler {
  return (req, res, next) => {
    if (!extractToken(req)) {
      next();
      return;
    }
    pp.authenticate('jwt', { session: false }, (err: unknown, user: UserRecord | false) => {
      if (err instanceof AppError) return next(err);
      if (err) return next(err);
      if (!user) return next(revoked());
      req.user = user;
      next();
    })(req, res, next);
  };
}

export function currentUser(req: Request): UserRecord {
  if (!req.user) throw errors.unauthorized();
  return req.user;
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
