// The reference the recovery e-mail's link carries (decision 021): `<expiry>.<HMAC(id, e-mail, expiry)>` with a key
// derived from the server secret. It names no e-mail itself; the server checks it against the stored request, so
// the confirm page works on any device without trusting what the browser kept.
import crypto from 'node:crypto';
import { unixSeconds } from '#shared/time';

export type RecoveryLinkVerdict = 'valid' | 'invalid' | 'expired';

export function createRecoveryLinkSigner(secret: string) {
  const key = crypto.createHmac('sha256', secret).update('recovery-link').digest();
  const mac = (id: string, email: string, expiresAtSeconds: number) =>
    crypto.createHmac('sha256', key).update(`${id}\n${email}\n${expiresAtSeconds}`).digest();

  return {
    sign(id: string, email: string, expiresAt: Date): string {
      const seconds = unixSeconds(expiresAt);
      return `${seconds}.${mac(id, email, seconds).toString('base64url')}`;
    },

    /** A reference that was not made for this request and e-mail is invalid, whatever its expiry says. */
    check(ref: string, id: string, email: string, now: Date): RecoveryLinkVerdict {
      const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(ref);
      if (!match) return 'invalid';
      const seconds = Number(match[1]);
      const given = Buffer.from(match[2], 'base64url');
      const expected = mac(id, email, seconds);
      if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return 'invalid';
      return now.getTime() >= seconds * 1000 ? 'expired' : 'valid';
    },
  };
}
export type RecoveryLinkSigner = ReturnType<typeof createRecoveryLinkSigner>;
