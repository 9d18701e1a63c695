import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box.js';
import { createTotp, newRecoveryCode, normalizeRecoveryCode, RECOVERY_CODE, timeStep } from './totp.js';

// RFC 6238 appendix B: the SHA-1 seed "12345678901234567890" (base32 below); 8-digit values cut to our 6 digits.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const RFC_VECTORS: [number, string][] = [
  [59, '287082'],
  [1_111_111_109, '081804'],
  [1_111_111_111, '050471'],
  [1_234_567_890, '005924'],
  [2_000_000_000, '279037'],
];

describe('TOTP (RFC 6238) with a fixed clock', () => {
  it.each(RFC_VECTORS)(
    'When the clock says %i s, then the code is %s (the RFC test vectors) and it matches its step',
    (seconds, code) => {
      const totp = createTotp(() => seconds * 1000);
      expect(totp.codeAt(RFC_SECRET, timeStep(seconds * 1000))).toBe(code);
      expect(totp.matchStep(RFC_SECRET, code)).toBe(timeStep(seconds * 1000));
    },
  );

  it('When a code of one step before or after now is given, then it matches that step; two steps away it does not', () => {
    const now = 1_234_567_890_000;
    const totp = createTotp(() => now);
    const step = timeStep(now);
    for (const offset of [-1, 0, 1])
      expect(totp.matchStep(RFC_SECRET, totp.codeAt(RFC_SECRET, step + offset))).toBe(step + offset);
    for (const offset of [-2, 2, 10])
      expect(totp.matchStep(RFC_SECRET, totp.codeAt(RFC_SECRET, step + offset))).toBeNull();
  });

  it('When the input is no 6-digit code, then nothing matches', () => {
    const totp = createTotp(() => 59_000);
    for (const input of ['', '28708', '2870822', 'abcdef', ' 287082'])
      expect(totp.matchStep(RFC_SECRET, input)).toBeNull();
  });

  it('When a secret is made, then it is base32 of 20 bytes and its otpauth URL names the shop and the account', () => {
    const totp = createTotp();
    const secret = totp.newSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(totp.otpauthUrl(secret, 'nadia@shop.example'));
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(url.searchParams.get('issuer')).toBe('Wallet Shop');
    expect(decodeURIComponent(url.pathname)).toContain('nadia@shop.example');
  });
});

describe('Recovery codes and sealed secrets', () => {
  it('When recovery codes are made, then they are XXXXX-XXXXX without look-alikes, and typed forms normalise to one', () => {
    const codes = Array.from({ length: 200 }, newRecoveryCode);
    for (const code of codes) expect(code).toMatch(/^[A-HJKMNP-Z2-9]{5}-[A-HJKMNP-Z2-9]{5}$/);
    expect(new Set(codes).size).toBe(200);
    expect(normalizeRecoveryCode(' abcde-fghjk ')).toBe('ABCDEFGHJK');
    expect(RECOVERY_CODE.test(normalizeRecoveryCode(codes[0]))).toBe(true);
  });

  it('When a secret is sealed, then the stored text does not hold it, opens only with the same key, and an altered one does not open', () => {
    const box = createSecretBox('a-key-of-at-least-thirty-two-characters', 'two-factor');
    const sealed = box.seal(RFC_SECRET);
    expect(sealed).not.toContain(RFC_SECRET);
    expect(box.seal(RFC_SECRET)).not.toBe(sealed);
    expect(box.open(sealed)).toBe(RFC_SECRET);
    expect(createSecretBox('another-key-of-at-least-thirty-two-chars', 'two-factor').open(sealed)).toBeNull();
    const [v, iv, tag, body] = sealed.split('.');
    const altered = [v, iv, tag, body.slice(0, -2) + (body.endsWith('AA') ? 'BB' : 'AA')].join('.');
    expect(box.open(altered)).toBeNull();
    expect(box.open('plain text')).toBeNull();
    expect(box.hash('ABCDEFGHJK')).toBe(box.hash('ABCDEFGHJK'));
    expect(box.hash('ABCDEFGHJK')).not.toBe(
      createSecretBox('another-key-of-at-least-thirty-two-chars', 'two-factor').hash('ABCDEFGHJK'),
    );
  });
});
