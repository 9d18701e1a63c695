import { describe, expect, it } from 'vitest';
import {
  detectTimeFormat,
  normaliseAmount,
  normaliseSender,
  normaliseSmsText,
  normaliseFigure,
  normaliseTrxId,
  parseSmsTime,
  subtractDecimals,
} from './sms-fields.js';
import { dhaka } from './sms-test-fixtures.js';

describe('normaliseAmount', () => {
  it('When an amount has thousands separators, then it becomes an exact two-place decimal string', () => {
    expect(normaliseAmount('1,250.00')).toBe('1250.00');
    expect(normaliseAmount('121,710.33')).toBe('121710.33');
    expect(normaliseAmount('1,000,000.5')).toBe('1000000.50');
    expect(normaliseAmount('9,999,999.99')).toBe('9999999.99');
  });
  it('When an amount uses lakh grouping, then it is read the same way', () => {
    expect(normaliseAmount('12,50,000.00')).toBe('1250000.00');
    expect(normaliseAmount('1,00,000')).toBe('100000.00');
  });
  it('When an amount has no separators or fewer decimals, then it is padded to two places', () => {
    expect(normaliseAmount('600.5')).toBe('600.50');
    expect(normaliseAmount('2100')).toBe('2100.00');
    expect(normaliseAmount('0.01')).toBe('0.01');
    expect(normaliseAmount('007.10')).toBe('7.10');
  });
  it('When an amount is ambiguous, zero, too precise or too large, then it is refused rather than guessed', () => {
    for (const bad of [
      '1,25',
      '1,2500.00',
      '12,3,456',
      ',100',
      '100,',
      '1,250.005',
      '0.00',
      '0',
      '1.',
      '.5',
      '12345678901.00',
      'abc',
    ]) {
      expect(normaliseAmount(bad), bad).toBeNull();
    }
  });
});

describe('normaliseFigure', () => {
  it('When a fee, commission or balance is written, then it is an exact two-place decimal, zero included', () => {
    expect(normaliseFigure('0')).toBe('0.00');
    expect(normaliseFigure('00')).toBe('0.00');
    expect(normaliseFigure('.00')).toBe('0.00');
    expect(normaliseFigure('1,117.78')).toBe('1117.78');
    expect(normaliseFigure('13,00,000.00')).toBe('1300000.00');
    expect(normaliseFigure('110060.81')).toBe('110060.81');
  });
  it('When a figure is not well grouped or too precise, then it is refused', () => {
    for (const bad of ['0,', '1,11,7.78', '8.611', '', 'Tk', '1.']) expect(normaliseFigure(bad), bad).toBeNull();
  });
});

describe('subtractDecimals', () => {
  it('When two exact decimals are subtracted, then the result is exact, to the paisa, and may be negative', () => {
    expect(subtractDecimals('5.00', '0.00')).toBe('5.00');
    expect(subtractDecimals('0.00', '8.61')).toBe('-8.61');
    expect(subtractDecimals('0.10', '0.20')).toBe('-0.10');
    expect(subtractDecimals('99999999999.99', '0.01')).toBe('99999999999.98');
  });
});

describe('normaliseSender', () => {
  it('When the sender is a Bangladeshi mobile number in any spelling, then it becomes 01XXXXXXXXX', () => {
    expect(normaliseSender('01712345678')).toBe('01712345678');
    expect(normaliseSender('+8801712345678')).toBe('01712345678');
    expect(normaliseSender('8801712345678')).toBe('01712345678');
    expect(normaliseSender(' 01712-345678 ')).toBe('01712345678');
    expect(normaliseSender('0171 234 5678')).toBe('01712345678');
  });
  it('When the sender is not a phone number, then it is kept as written, and empty means none', () => {
    expect(normaliseSender('***759')).toBe('***759');
    expect(normaliseSender('017123456789')).toBe('017123456789');
    expect(normaliseSender('Sonali Bank Account')).toBe('Sonali Bank Account');
    expect(normaliseSender('01212345678')).toBe('01212345678');
    expect(normaliseSender('  ')).toBeNull();
    expect(normaliseSender(undefined)).toBeNull();
  });
});

describe('normaliseTrxId', () => {
  it('When a transaction id fits the alphabet and length of an order pm_id, then it is kept as written', () => {
    expect(normaliseTrxId('CKA7Q2LM9P')).toBe('CKA7Q2LM9P');
    expect(normaliseTrxId(' 7a1b2c3d ')).toBe('7a1b2c3d');
  });
  it('When a transaction id is too short, too long or has other characters, then it is refused', () => {
    expect(normaliseTrxId('AB12')).toBeNull();
    expect(normaliseTrxId('A'.repeat(71))).toBeNull();
    expect(normaliseTrxId('74HΝΕΚΟ8')).toBeNull();
    expect(normaliseTrxId('AB 12CD')).toBeNull();
  });
});

describe('normaliseSmsText', () => {
  it('When a text has Bengali digits, CRLF, non-breaking and zero-width spaces, then they become plain', () => {
    expect(normaliseSmsText('\uFEFFTk\u00A0১,২৫০.০০\r\nTxnID: ৭A১B\r২\u200B৩ ')).toBe('Tk 1,250.00\nTxnID: 7A1B\n23');
    expect(normaliseSmsText('০১২৩৪৫৬৭৮৯')).toBe('0123456789');
  });
});

describe('parseSmsTime', () => {
  it('When a bKash or Nagad time is read, then it is Asia/Dhaka (UTC+6) in unix seconds', () => {
    expect(parseSmsTime('26/11/2026 10:15', 'day-month-year')).toBe(dhaka('2026-11-26T10:15:00'));
    expect(parseSmsTime('01/01/2027 00:05', 'day-month-year')).toBe(dhaka('2027-01-01T00:05:00'));
    expect(parseSmsTime('26/11/2026 10:15', 'day-month-year')).toBe(Date.UTC(2026, 10, 26, 4, 15) / 1000);
  });
  it('When a time has 2-digit years, seconds, other separators or a 12-hour clock, then it is read the same', () => {
    expect(parseSmsTime('26/11/26 10:15', 'day-month-year')).toBe(dhaka('2026-11-26T10:15:00'));
    expect(parseSmsTime('26-11-2026 10:15:42', 'day-month-year')).toBe(dhaka('2026-11-26T10:15:42'));
    expect(parseSmsTime('26.11.2026 10:15 PM', 'day-month-year')).toBe(dhaka('2026-11-26T22:15:00'));
    expect(parseSmsTime('26/11/2026 12:15 a.m.', 'day-month-year')).toBe(dhaka('2026-11-26T00:15:00'));
    expect(parseSmsTime('26/11/2026 12:15 pm', 'day-month-year')).toBe(dhaka('2026-11-26T12:15:00'));
    expect(parseSmsTime('6/1/2027 9:05', 'day-month-year')).toBe(dhaka('2027-01-06T09:05:00'));
  });
  it('When a Rocket time is read, then the month name and am/pm are understood', () => {
    expect(parseSmsTime('26-NOV-26 10:15:42 am', 'day-monthname-year')).toBe(dhaka('2026-11-26T10:15:42'));
    expect(parseSmsTime('27-DEC-25 08:43:52 pm', 'day-monthname-year')).toBe(dhaka('2025-12-27T20:43:52'));
    expect(parseSmsTime('01-Jan-2027 12:00:00 am', 'day-monthname-year')).toBe(dhaka('2027-01-01T00:00:00'));
    expect(parseSmsTime('05 September 2026 14:30', 'day-monthname-year')).toBe(dhaka('2026-09-05T14:30:00'));
    expect(parseSmsTime('05-Sept-26 02:30:00 PM.', 'day-monthname-year')).toBe(dhaka('2026-09-05T14:30:00'));
  });
  it('When a time is year first, then year-month-day reads it', () => {
    expect(parseSmsTime('2026-11-26 10:15:42', 'year-month-day')).toBe(dhaka('2026-11-26T10:15:42'));
    expect(parseSmsTime('2026/11/26T22:15', 'year-month-day')).toBe(dhaka('2026-11-26T22:15:00'));
  });
  it('When a date or clock does not exist, then the time is refused rather than guessed', () => {
    expect(parseSmsTime('31/02/2026 10:15', 'day-month-year')).toBeNull();
    expect(parseSmsTime('29/02/2027 10:15', 'day-month-year')).toBeNull();
    expect(parseSmsTime('26/13/2026 10:15', 'day-month-year')).toBeNull();
    expect(parseSmsTime('26/11/2026 24:00', 'day-month-year')).toBeNull();
    expect(parseSmsTime('26/11/2026 10:60', 'day-month-year')).toBeNull();
    expect(parseSmsTime('26/11/2026 13:15 pm', 'day-month-year')).toBeNull();
    expect(parseSmsTime('26/11/2026 0:15 am', 'day-month-year')).toBeNull();
    expect(parseSmsTime('26-XYZ-26 10:15:42 am', 'day-monthname-year')).toBeNull();
    expect(parseSmsTime('26/11/2026', 'day-month-year')).toBeNull();
    expect(parseSmsTime('26-NOV-26 10:15:42 am', 'day-month-year')).toBeNull();
    expect(parseSmsTime('29/02/2028 10:15', 'day-month-year')).toBe(dhaka('2028-02-29T10:15:00'));
  });
  it('When no format is given, then the one format that reads the time is found, or none', () => {
    expect(detectTimeFormat('26/11/2026 10:15')).toBe('day-month-year');
    expect(detectTimeFormat('26-NOV-26 10:15:42 am')).toBe('day-monthname-year');
    expect(detectTimeFormat('2026-11-26 10:15')).toBe('year-month-day');
    expect(detectTimeFormat('yesterday')).toBeNull();
  });
});
