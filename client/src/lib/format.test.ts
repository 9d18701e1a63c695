import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import {
  formatAmount,
  formatCountdown,
  formatDate,
  formatDay,
  formatNumber,
  formatPageNumber,
  formatWalletNumber,
  parseDay,
} from './format';

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

  it('When a Bangladeshi wallet number is shown, then it is grouped 5 + 6 in the language digits', () => {
    expect(formatWalletNumber('01800000002', 'EN')).toBe('01800-000002');
    expect(formatWalletNumber('01800000002', 'BN')).toBe('০১৮০০-০০০০০২');
    expect(formatWalletNumber('1800000002', 'EN')).toBe('01800-000002');
    expect(formatWalletNumber('+8801712345678', 'EN')).toBe('+880 1712-345678');
    expect(formatWalletNumber('01800-000002', 'EN')).toBe('01800-000002');
  });

  it('When a wallet number is not a Bangladeshi mobile number, then it is shown as it is', () => {
    expect(formatWalletNumber('018****002', 'EN')).toBe('018****002');
    expect(formatWalletNumber('12345', 'BN')).toBe('১২৩৪৫');
    expect(formatWalletNumber('', 'EN')).toBe('');
  });

  it('When a day is shown or typed, then it is DD/MM/YYYY and only real days parse', () => {
    expect(formatDay('2026-11-05', 'EN')).toBe('05/11/2026');
    expect(formatDay('2026-11-05', 'BN')).toBe('০৫/১১/২০২৬');
    expect(parseDay('05/11/2026')).toBe('2026-11-05');
    expect(parseDay('৫/১১/২০২৬')).toBe('2026-11-05');
    expect(parseDay('5-11-2026')).toBe('2026-11-05');
    expect(parseDay('  ')).toBe('');
    expect(parseDay('31/02/2026')).toBeNull();
    expect(parseDay('2026-11-05')).toBeNull();
    expect(parseDay('11/2026')).toBeNull();
  });
});
