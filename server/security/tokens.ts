// JWT issue/verify (HS256 only, exp required) with a per-user token version that revokes older tokens.
import jwt from 'jsonwebtoken';

export interface TokenClaims {
  sub: string;
  ver: number;
  /** Unix seconds. */
  exp: number;
}

export const TOKEN_LIFETIME_SECONDS = 7 * 24 * 3600;

export function signToken(secret: string, user: { id: string; tokenVersion: number }): string {
  return jwt.sign({ ver: user.tokenVersion }, secret, { algorithm: 'HS256', subject: user.id, expiresIn: TOKEN_LIFETIME_SECONDS });
}

/** Returns the claims, or null when the token is malformed, forged, expired or lacks `exp`. */
export function verifyToken(secret: string, token: string): TokenClaims | null {
  try {
    const payload = jwt.verify(token, secret, { algorithms: ['HS256'] });
    if (typeof payload !== 'object' || typeof payload.sub !== 'string' || typeof payload.ver !== 'number' || typeof payload.exp !== 'number') {
      return null;
    }
    return { sub: payload.sub, ver: payload.ver, exp: payload.exp };
  } catch {
    return null;
  }
}
