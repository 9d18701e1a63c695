// JWT issue/verify (HS256 only, exp required) with a per-user token version that revokes older tokens.
import crypto from 'node:crypto';
import jwt from 'jsonwebtoken';

export interface TokenClaims {
  sub: string;
  ver: number;
  /** Unix seconds. */
  exp: number;
}

export const TOKEN_LIFETIME_SECONDS = 7 * 24 * 3600;

const keys = new Map<string, crypto.KeyObject>();
/**
 * The secret as a KeyObject, made once. Given a string, jsonwebtoken first tries to parse it as a PEM public or
 * private key and only then makes a secret key of it: ~1.5 ms of every request that carries a token.
 */
export function jwtKey(secret: string): crypto.KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, key);
  }
  return key;
}

export function signToken(secret: string, user: { id: string; tokenVersion: number }): string {
  return jwt.sign({ ver: user.tokenVersion }, jwtKey(secret), {
    algorithm: 'HS256',
    subject: user.id,
    expiresIn: TOKEN_LIFETIME_SECONDS,
  });
}

/** Returns the claims, or null when the token is malformed, forged, expired or lacks `exp`. */
export function verifyToken(secret: string, token: string): TokenClaims | null {
  try {
    const payload = jwt.verify(token, jwtKey(secret), { algorithms: ['HS256'] });
    if (
      typeof payload !== 'object' ||
      typeof payload.sub !== 'string' ||
      typeof payload.ver !== 'number' ||
      typeof payload.exp !== 'number'
    ) {
      return null;
    }
    return { sub: payload.sub, ver: payload.ver, exp: payload.exp };
  } catch {
    return null;
  }
}
