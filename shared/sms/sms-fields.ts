// Reading the fields of a wallet SMS: text normalisation, exact amounts, phone numbers and Asia/Dhaka times.
// Pure functions (no Node, no DOM): the server's parser and the admin page's template tester use the same code.
import { LIMITS } from '#shared/constants';
import { DHAKA_OFFSET_SECONDS } from '#shared/dhaka';

/** Bengali digits ০-৯ (U+09E6-U+09EF) to ASCII, CRLF/CR to LF, non-breaking and other Unicode spaces to a plain
 * space, zero-width characters removed, surrounding white space trimmed. Templates run on this text. */
export function normaliseSmsText(text: string): string {
  return text
    .replace(/[\u09E6-\u09EF]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0x09e6 + 48))
    .replace(/\r\n?/g, '\n')
    .replace(/[\u00A0\u1680\u2000-\u200A\u202F\u205F\u3000\t\v\f]/g, ' ')
    .replace(/[\u200B-\u200D\u2060\uFEFF]/g, '')
    .trim();
}

// Western grouping (1,250,000) or the South Asian lakh grouping (12,50,000); anything else with a comma
// (such as "1,25", which could be a decimal comma) is ambiguous and refused.
const AMOUNT_SHAPE = /^(\d{1,3}(?:,\d{3})+|\d{1,2}(?:,\d{2})*,\d{3}|\d+)(?:\.(\d{1,2}))?$/;

/** An amount as written in an SMS ("1,250.00", "600.5", "12,50,000") as an exact decimal string with two places
 * ("1250.00"), or null when it is not a positive amount of at most two decimals that the shop can accept. */
export function normaliseAmount(raw: string): string | null {
  const match = AMOUNT_SHAPE.exec(raw.trim());
  if (!match) return null;
  const integer = match[1].replace(/,/g, '').replace(/^0+(?=\d)/, '');
  const fraction = (match[2] ?? '').padEnd(2, '0');
  if (integer.length > String(LIMITS.amountMax).length) return null;
  if (/^0+$/.test(integer) && /^0+$/.test(fraction)) return null;
  return `${integer}.${fraction}`;
}

/** A fee, commission or balance as written ("0.00", "Tk.00" read as "00", "1,117.78") as an exact decimal string
 * with two places ("0.00", "1117.78"), or null when it is not a well-grouped figure of at most two decimals.
 * Unlike an amount, zero is a figure (a free transfer's fee, an emptied balance). */
export function normaliseFigure(raw: string): string | null {
  const trimmed = raw.trim();
  const match = /^\.(\d{1,2})$/.exec(trimmed);
  const written = match ? `0.${match[1]}` : trimmed;
  if (!AMOUNT_SHAPE.test(written)) return null;
  const [integer, fraction = ''] = written.replace(/,/g, '').split('.');
  const whole = integer.replace(/^0+(?=\d)/, '');
  if (whole.length > String(LIMITS.amountMax).length + 2) return null;
  return `${whole}.${fraction.padEnd(2, '0')}`;
}

/** Paisa of an exact two-place decimal string ("-8.61" → -861n). */
const paisa = (decimal: string): bigint => {
  const negative = decimal.startsWith('-');
  const [integer, fraction] = decimal.replace(/^-/, '').split('.');
  const value = BigInt(integer) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
  return negative ? -value : value;
};

/** a − b of two exact two-place decimal strings, exactly ("0.00" − "8.61" = "-8.61"). */
export function subtractDecimals(a: string, b: string): string {
  const difference = paisa(a) - paisa(b);
  const sign = difference < 0n ? '-' : '';
  const magnitude = difference < 0n ? -difference : difference;
  return `${sign}${magnitude / 100n}.${String(magnitude % 100n).padStart(2, '0')}`;
}

/** The transaction id alphabet and length of an order's `pm_id`: an SMS id outside it could never match an order. */
export const TRX_ID_PATTERN = new RegExp(`^[A-Za-z0-9_-]{${LIMITS.transactionId.min},${LIMITS.transactionId.max}}$`);

export function normaliseTrxId(raw: string): string | null {
  const trimmed = raw.trim();
  return TRX_ID_PATTERN.test(trimmed) ? trimmed : null;
}

/** A Bangladeshi mobile number in any usual spelling (+880 1712-345678, 8801712345678, 01712 345678) as
 * 01XXXXXXXXX; any other sender (a masked account "***759", a name, a 12-digit Rocket account) as written. */
export function normaliseSender(raw: string | undefined | null): string | null {
  const trimmed = (raw ?? '').trim();
  if (!trimmed) return null;
  const phone = /^(?:\+?88)?(01[3-9]\d{8})$/.exec(trimmed.replace(/[\s-]/g, ''));
  return phone ? phone[1] : trimmed;
}

/**
 * How a template's `time` capture is written. Every format accepts 24-hour and 12-hour clocks (am/pm, "a.m."),
 * optional seconds, and 2- or 4-digit years (2-digit years are 20xx).
 * - `day-month-year`: bKash and Nagad, "26/11/2026 10:15" (also with "-" or "." between the date parts)
 * - `day-monthname-year`: Rocket, "26-NOV-26 10:15:42 am"
 * - `year-month-day`: "2026-11-26 10:15:42", for custom templates of other senders
 */
export const SMS_TIME_FORMATS = ['day-month-year', 'day-monthname-year', 'year-month-day'] as const;
export type SmsTimeFormat = (typeof SMS_TIME_FORMATS)[number];

const CLOCK = String.raw`(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\s*([ap])\.?\s*m\.?)?`;
const TIME_SHAPES: Record<SmsTimeFormat, RegExp> = {
  'day-month-year': new RegExp(
    String.raw`^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})(?:\s*,\s*|\s+|T)` + CLOCK + '$',
    'i',
  ),
  'day-monthname-year': new RegExp(
    String.raw`^(\d{1,2})[-/ ]([a-z]{3,9})\.?[-/ ,]\s*(\d{4}|\d{2})(?:\s*,\s*|\s+)` + CLOCK + '$',
    'i',
  ),
  'year-month-day': new RegExp(String.raw`^(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})(?:\s*,\s*|\s+|T)` + CLOCK + '$', 'i'),
};
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH_NAMES = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

function monthNumber(name: string): number | null {
  const lower = name.toLowerCase();
  const short = MONTHS.indexOf(lower);
  if (short >= 0) return short + 1;
  const long = MONTH_NAMES.indexOf(lower);
  if (long >= 0) return long + 1;
  return lower === 'sept' ? 9 : null;
}

/** A wallet's local time (Asia/Dhaka) written in `format` as unix seconds, or null when it is not a real
 * date and time (31/02, 25:00, 13 pm, 0:15 am: refused rather than guessed). */
export function parseSmsTime(raw: string, format: SmsTimeFormat): number | null {
  const match = TIME_SHAPES[format].exec(raw.trim().replace(/\.$/, ''));
  if (!match) return null;
  let year: number;
  let month: number | null;
  let day: number;
  if (format === 'year-month-day') {
    [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  } else {
    day = Number(match[1]);
    month = format === 'day-monthname-year' ? monthNumber(match[2]) : Number(match[2]);
    year = Number(match[3]);
  }
  if (month === null) return null;
  if (match[format === 'year-month-day' ? 1 : 3].length === 2) year += 2000;
  let hour = Number(match[4]);
  const minute = Number(match[5]);
  const second = match[6] === undefined ? 0 : Number(match[6]);
  const meridiem = match[7]?.toLowerCase();
  if (meridiem) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (meridiem === 'p' ? 12 : 0);
  } else if (hour > 23) {
    return null;
  }
  if (minute > 59 || second > 59) return null;
  const utcMillis = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(utcMillis);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return utcMillis / 1000 - DHAKA_OFFSET_SECONDS;
}

/** The one format that reads `raw`, for a tester that has not been told the format; null when none or several do. */
export function detectTimeFormat(raw: string): SmsTimeFormat | null {
  const readable = SMS_TIME_FORMATS.filter((format) => parseSmsTime(raw, format) !== null);
  return readable.length === 1 ? readable[0] : null;
}
