import { describe, expect, it } from 'vitest';
import { asciiDigitsOf, toAsciiDigits, toLocalMobileNumber } from './digits.js';

describe('Bengali digits in typed input', () => {
  it('When a value has Bengali digits, mixed or not, then each becomes its ASCII digit and nothing else changes', () => {
    expect(toAsciiDigits('০১২৩৪৫৬৭৮৯')).toBe('0123456789');
    expect(toAsciiDigits('৫0০.৫০')).toBe('500.50');
    expect(toAsciiDigits('TX৯A-৭')).toBe('TX9A-7');
    expect(toAsciiDigits('বিকাশ ৫')).toBe('বিকাশ 5');
    expect(asciiDigitsOf('৩')).toBe('3');
    expect(asciiDigitsOf(3)).toBe(3);
  });

  it('When a mobile number is written with spaces, dashes, +880 or Bengali digits, then its 11 local digits remain', () => {
    expect(toLocalMobileNumber('01712-345678')).toBe('01712345678');
    expect(toLocalMobileNumber(' 01712 345 678 ')).toBe('01712345678');
    expect(toLocalMobileNumber('+880 1712 345678')).toBe('01712345678');
    expect(toLocalMobileNumber('008801712345678')).toBe('01712345678');
    expect(toLocalMobileNumber('০১৭১২৩৪৫৬৭৮')).toBe('01712345678');
    expect(toLocalMobileNumber('+880 1712 3456789')).toBe('017123456789');
    // Not a Bangladeshi mobile number: only compacted, for the schema to refuse.
    expect(toLocalMobileNumber('+44 7700 900123')).toBe('+447700900123');
  });
});
