import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { confirm, formatDt, signBalance, signDeposit, signFindPlayer, signPayout, summaText } from './signer.js';

// The vendor's worked example; the find-player and Balance values were computed by an independent
// implementation (Python hashlib) from the same formulas.
const keys = { hash: 'fhd.ncbf9hf2ythr', cashierPass: '123123', cashdeskId: '77' };

describe('cash desk signer', () => {
  it('confirm: md5 of `{userid}:{hash}` and of `{cashdeskid}:{hash}`', () => {
    expect(confirm('76', keys.hash)).toBe('c7fe6da2e22cd27895d46f5d851f1ae1');
    expect(confirm('77', keys.hash)).toBe('edffabb9fe35e1e9c706f06314de4f51');
  });

  it("the deposit's A string hashes to the vendor's value", () => {
    const a = crypto.createHash('sha256').update('hash=fhd.ncbf9hf2ythr&lng=ru&userid=76').digest('hex');
    expect(a).toBe('2c85cd8b2667ef9d8d1afb8780f2129fc82eea84fdfc71f5cc6d6869c1eed901');
  });

  it('deposit and payout signs match the vectors', () => {
    expect(signDeposit(keys, { userId: '76', lng: 'ru', summa: 100 })).toBe(
      'dde32c2c20a446b242357da2d96e2ba28851d04ade05e7c316784081377b8307',
    );
    expect(signPayout(keys, { userId: '76', lng: 'ru', code: 'a2a3' })).toBe(
      '0f34ab94cbacc9f3fe55844f7fe67144aa910a6fa0ba02b4dd757bbf481cdef2',
    );
  });

  it('find player and both Balance variants', () => {
    expect(signFindPlayer(keys, { userId: '76' })).toBe(
      '4de61416710b54a710c38349ed9b4acb199e7fb72a64810f3a2121496fa5812e',
    );
    const dt = '2026.11.28 22:05:09';
    expect(signBalance(keys, { dt, variant: 'cashierpass' })).toBe(
      'a93b86cb9407ee505f6f34b0bcd7bbd98fc0d05e52ebc3776c4691e8d3a87f35',
    );
    expect(signBalance(keys, { dt, variant: 'cashdeskid' })).toBe(
      'e4501dfe01bb86f896db83f63e7eb6f198659c57949a82993850fcdcc767862b',
    );
  });

  it('user ids are lower-cased in every signed string', () => {
    expect(confirm('AbC9', keys.hash)).toBe(confirm('abc9', keys.hash));
    expect(signDeposit(keys, { userId: 'AbC9', lng: 'en', summa: 5 })).toBe(
      signDeposit(keys, { userId: 'abc9', lng: 'en', summa: 5 }),
    );
    expect(signDeposit(keys, { userId: '76', lng: 'en', summa: 100 })).not.toBe(
      signDeposit(keys, { userId: '76', lng: 'ru', summa: 100 }),
    );
  });

  it('dt is UTC yyyy.MM.dd HH:mm:ss', () => {
    expect(formatDt(new Date('2026-01-02T03:04:05.678Z'))).toBe('2026.01.02 03:04:05');
    expect(formatDt(new Date('2026-12-31T23:59:59+06:00'))).toBe('2026.12.31 17:59:59');
  });

  it('summa is one canonical whole number or refused', () => {
    expect(summaText(100)).toBe('100');
    expect(summaText(1e6)).toBe('1000000');
    expect(JSON.stringify({ summa: 100 })).toContain(`"summa":${summaText(100)}`);
    for (const bad of [100.5, 0, -5, Number.NaN, Infinity, 2 ** 60]) expect(() => summaText(bad)).toThrow(RangeError);
  });
});
