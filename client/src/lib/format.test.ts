import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { formatAmount, formatCountdown, formatDate, formatNumber, formatPageNumber } from './format';

const monthKeyT = ((key: string) => key.replace('months.', '')) as unknown as TFunction;

describe('format', () => {
  it('When a number is shown in BN, then it uses Bengali digits', () => {
    expect(formatNumber(1234567, 'BN')).toBe('১,২৩৪,৫৬৭');
    expect(formatNumber(1234567, 'EN')).toBe('1,234,567');
  });

  it('When an amount is shown, then it has exactly 2 decimals without float drift', () => {
    expect(formatAmount(1500, 'EN')).toBe('1,500.00');
    expect(formatAmount('1234.5', 'EN')).toBe('1,234.50');
    expect(formatAmount(0.1 + 0.2, 'EN')).toBe('0.30');
  });

  it('When a date is shown, then it is UTC "DD Mon, HH:MM"', () => {
    expect(formatDate(Date.UTC(2024, 0, 5, 14, 3) / 1000, 'EN', monthKeyT)).toBe('05 jan, 14:03');
  });

  it('When a countdown or page number is shown, then it is zero-padded', () => {
    expect(formatCountdown(65, 'EN')).toBe('01:05');
    expect(formatCountdown(-3, 'EN')).toBe('00:00');
    expect(formatPageNumber(3, 'EN')).toBe('03');
    expect(formatPageNumber(12, 'BN')).toBe('১২');
  });
});
