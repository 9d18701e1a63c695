import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computePayAmount, compareAmounts, feeAmount, toMoneyNumber } from './money.js';
import { rateTerms } from './rates.js';

describe('money', () => {
  it('When amounts meet rates, then the product is exact and rounded half-up to 2 places', () => {
    expect(computePayAmount('1.005', '100')).toBe('100.50');
    expect(computePayAmount('100.10', '0.98')).toBe('98.10');
    expect(computePayAmount('0.1', '0.2')).toBe('0.02');
    expect(computePayAmount('12.35', '124.9999')).toBe('1543.75');
    expect(computePayAmount('9999999999.99', '125')).toBe('1249999999998.75');
    expect(computePayAmount(2.675, 1)).toBe('2.68');
  });
  it('When comparing, then decimal strings compare by value', () => {
    expect(compareAmounts('100.00', '100')).toBe(0);
    expect(compareAmounts('99.99', '100')).toBe(-1);
  });
  it('When a decimal goes to JSON, then it is a number with 2 places', () => {
    expect(toMoneyNumber('1543.745')).toBe(1543.75);
    expect(toMoneyNumber({ toString: () => '10' })).toBe(10);
  });
  it('When a rate is shown to a customer, then a dollar rate is a price and a taka rate a fee in per cent', () => {
    expect(rateTerms('USD', 125)).toEqual({ kind: 'exchange', rate: '125' });
    expect(rateTerms('USD', '124.5000')).toEqual({ kind: 'exchange', rate: '124.5' });
    expect(rateTerms('BDT', 0.98)).toEqual({ kind: 'fee', percent: '2' });
    expect(rateTerms('BDT', '1.0150')).toEqual({ kind: 'fee', percent: '1.5' });
    expect(rateTerms('BDT', 1)).toEqual({ kind: 'none' });
    expect(feeAmount('3000', '0.98')).toBe('60.00');
    expect(feeAmount('100.10', '1.02')).toBe('2.00');
  });
  it('When any stored rate (4 places) is shown, then the terms without decimal.js agree with decimal arithmetic', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999 }), fc.boolean(), (units, asNumber) => {
        const text = new Decimal(units).dividedBy(10_000).toFixed(4);
        const rate = asNumber ? Number(text) : text;
        const value = new Decimal(text);
        expect(rateTerms('USD', rate)).toEqual({ kind: 'exchange', rate: value.toString() });
        const percent = value.minus(1).abs().times(100);
        expect(rateTerms('BDT', rate)).toEqual(
          percent.isZero() ? { kind: 'none' } : { kind: 'fee', percent: percent.toDecimalPlaces(2).toString() },
        );
      }),
    );
  });
});
