// Time-based one-time passwords (RFC 6238) through otplib, and the recovery codes of the second factor
// decision 161). The clock is injectable: tests move it instead of waiting for 30-second steps.
import crypto from 'node:crypto';
import { generateSecret, generateSync, generateURI } from 'otplib';
import { TWO_FACTOR } from '#shared/constants';

/** Milliseconds since the epoch, like Date.now. */
export type Clock = () => number;

/** The RFC 6238 time-step holding `ms`. */
export const timeStep = (ms: number): number => Math.floor(ms / 1000 / TWO_FACTOR.periodSeconds);

export interface Totp {
  /** A new random base32 secret (20 bytes, as authenticator apps expect). */
  newSecret(): string;
  /** The otpauth:// URL an authenticator app reads from the QR code. */
  otpauthUrl(secret: string, accountName: string): string;
  /** The code of a step (tests, and the comparison below). */
  codeAt(secret: string, step: number): string;
  /**
   * The time-step a 6-digit code belongs to, within ±window steps of now, or null. Which step matters: the caller
   * accepts a step only once (a code seen once cannot be replayed).
   */
  matchStep(secret: string, code: string): number | null;
}

export function createTotp(clock: Clock = Date.now): Totp {
  const codeAt = (secret: string, step: number) =>
    generateSync({
      secret,
      epoch: step * TWO_FACTOR.periodSeconds,
      period: TWO_FACTOR.periodSeconds,
      digits: TWO_FACTOR.digits,
    });
  return {
    newSecret: () => generateSecret({ length: 20 }),
    otpauthUrl: (secret, accountName) =>
      generateURI({
        issuer: TWO_FACTOR.issuer,
        label: accountName,
        secret,
        digits: TWO_FACTOR.digits,
        period: TWO_FACTOR.periodSeconds,
      }),
    codeAt,
    matchStep(secret, code) {
      if (!/^\d{6}$/.test(code)) return null;
      const now = timeStep(clock());
      let found: number | null = null;
      // Every step of the window is computed and compared in constant time, whichever matches.
      for (let step = now - TWO_FACTOR.window; step <= now + TWO_FACTOR.window; step += 1) {
        if (crypto.timingSafeEqual(Buffer.from(codeAt(secret, step)), Buffer.from(code)) && found === null)
          found = step;
      }
      return found;
    },
  };
}

/** Recovery codes: 10 characters of an alphabet without look-alikes (0/O, 1/I/L), shown as XXXXX-XXXXX. */
const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const RECOVERY_CODE = /^[A-HJKMNP-Z2-9]{10}$/;

export function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 10; i += 1) code += RECOVERY_ALPHABET[crypto.randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** A typed recovery code as stored: upper case, without spaces and dashes. */
export const normalizeRecoveryCode = (code: string): string => code.toUpperCase().replace(/[\s-]/g, '');
