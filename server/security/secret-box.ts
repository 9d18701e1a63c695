// Small secrets kept encrypted at rest (the TOTP secrets, decision 161): AES-256-GCM with a key
// derived (HKDF-SHA256) from a configured key, never stored beside the data. A database dump alone does not give
// the secrets; a value that was changed in the database does not decrypt (GCM's tag) instead of being trusted.
import crypto from 'node:crypto';

export interface SecretBox {
  seal(plain: string): string;
  /** Null when the value was not sealed with this key (or was altered). */
  open(sealed: string): string | null;
  /** A keyed hash (HMAC-SHA256) for values compared but never read back: recovery codes. */
  hash(value: string): string;
}

export function createSecretBox(keyMaterial: string, purpose: string): SecretBox {
  const derive = (info: string) =>
    Buffer.from(crypto.hkdfSync('sha256', keyMaterial, 'wallet-shop', `${purpose}:${info}`, 32));
  const key = derive('encrypt');
  const hashKey = derive('hash');
  return {
    seal(plain) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [
        'v1',
        iv.toString('base64url'),
        cipher.getAuthTag().toString('base64url'),
        body.toString('base64url'),
      ].join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) return null;
      try {
        const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
    hash: (value) => crypto.createHmac('sha256', hashKey).update(value).digest('hex'),
  };
}
