// Bengali digits (০-৯) in typed input become ASCII digits before any check, once, here: a phone keyboard set to
// Bengali types them, and the BN placeholders show them. Server and client parse with the same schemas, so both
// accept '৫০০', '5০0' and '500' alike (decision 090).

const BENGALI_ZERO = 0x09e6;
const BENGALI_DIGIT = /[\u09E6-\u09EF]/g;

/** '৫০0' → '500'; every other character is kept as it is. */
export function toAsciiDigits(text: string): string {
  return text.replace(BENGALI_DIGIT, (digit) => String(digit.charCodeAt(0) - BENGALI_ZERO));
}

/** For `z.preprocess`: strings get ASCII digits, other values pass through for the schema to judge. */
export function asciiDigitsOf(value: unknown): unknown {
  return typeof value === 'string' ? toAsciiDigits(value) : value;
}

/**
 * A Bangladeshi mobile number as people write it — '01712-345678', '01712 345 678', '+880 1712 345678',
 * '৮৮০১৭১২৩৪৫৬৭৮' — reduced to its 11 local digits ('01712345678'). Anything that is not such a number comes
 * back with only digits converted and separators removed, for the schema's pattern to refuse.
 */
export function toLocalMobileNumber(text: string): string {
  const compact = toAsciiDigits(text).trim().replace(/[\s-]/g, '');
  const international = /^(?:\+|00)?88(01\d{9,10})$/.exec(compact);
  return international ? international[1] : compact;
}
