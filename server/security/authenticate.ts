// Authentication through passport-jwt (Bearer header or ?jwt=), and the claims check REST and Socket.IO share.
import type { RequestHandler } from 'express';
import passport from 'passport';
import { ExtractJwt, Strategy as JwtStrategy } from 'passport-jwt';
import { errors, AppError } from '../http/app-error.js';
import { jwtKey } from './tokens.js';
import type { UserLookup, UserRecord } from './user-record.js';

export const extractToken = ExtractJwt.fromExtractors([
  ExtractJwt.fromAuthHeaderAsBearerToken(),
  ExtractJwt.fromUrlQueryParameter('jwt'),
]);

const revoked = () => errors.unauthorized('errors.sessionExpired', 'Your session has ended, please log in again', true);
const blocked = () => errors.unauthorized('errors.blocked', 'Your account is blocked', true);

/** Loads the user for a token's claims; the one check REST and Socket.IO share. */
export async function userForClaims(users: UserLookup, claims: { sub: string; ver: number }): Promise<UserRecord> {
  const user = await users.findById(claims.sub);
  if (!user || user.tokenVersion !== claims.ver) throw revoked();
  if (user.role === 'blocked') throw blocked();
  return user;
}

function createPassport(secret: string, users: UserLookup): passport.PassportStatic {
  const instance = new passport.Passport() as unknown as passport.PassportStatic;
  instance.use(
    new JwtStrategy(
      {
        jwtFromRequest: extractToken,
        // jsonwebtoken takes a KeyObject (passport-jwt's types say string | Buffer): see jwtKey.
        secretOrKey: jwtKey(secret) as unknown as Buffer,
        algorithms: ['HS256'],
        jsonWebTokenOptions: { algorithms: ['HS256'] },
      },
      (
        payload: { sub?: unknown; ver?: unknown; exp?: unknown },
        done: (err: unknown, user?: UserRecord | false) => void,
      ) => {
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
export function authenticate(secret: string, users: UserLookup): RequestHandler {
  const pp = createPassport(secret, users);
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
