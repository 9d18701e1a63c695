import { describe, expect, it } from 'vitest';
import { createRecoveryLinkSigner } from './recovery-link.js';

describe('recovery link reference', () => {
  const signer = createRecoveryLinkSigner('a-server-secret-that-is-long-enough-0123');
  const expires = new Date('2026-11-27T10:15:00Z');
  const before = new Date('2026-11-27T10:00:00Z');
  const ref = signer.sign('rec-1', 'rahim@example.com', expires);

  it('When the reference is checked for its own request before it expires, then it is valid', () => {
    expect(ref).toMatch(/^\d+\.[\w-]{43}$/);
    expect(signer.check(ref, 'rec-1', 'rahim@example.com', before)).toBe('valid');
  });

  it('When the expiry has passed, then it is expired; a changed expiry, id, e-mail or signature is invalid', () => {
    expect(signer.check(ref, 'rec-1', 'rahim@example.com', expires)).toBe('expired');
    const [seconds, signature] = ref.split('.');
    expect(signer.check(`${Number(seconds) + 3600}.${signature}`, 'rec-1', 'rahim@example.com', before)).toBe(
      'invalid',
    );
    expect(signer.check(ref, 'rec-2', 'rahim@example.com', before)).toBe('invalid');
    expect(signer.check(ref, 'rec-1', 'karim@example.com', before)).toBe('invalid');
    const flipped = `${seconds}.${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    expect(signer.check(flipped, 'rec-1', 'rahim@example.com', before)).toBe('invalid');
    expect(signer.check('garbage', 'rec-1', 'rahim@example.com', before)).toBe('invalid');
  });

  it('When another server secret signed it, then it is invalid', () => {
    const other = createRecoveryLinkSigner('another-server-secret-that-is-long-enough');
    expect(other.check(ref, 'rec-1', 'rahim@example.com', before)).toBe('invalid');
  });
});
