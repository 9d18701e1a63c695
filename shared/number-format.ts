// Numbers and money as people read them in each language: thousands grouped, 2 decimals for money, Bengali digits
// in BN. The client's formatter (client/src/lib/format.ts) and the server's Telegram texts both use these.

const BENGALI_DIGITS = ['০', '১', '২', '৩', '৪', '৫', '৬', '৭', '৮', '৯'];

export type DigitLanguage = 'EN' | 'BN';

export function localizeDigits(text: string, language: DigitLanguage): string {
  return language === 'BN' ? text.replace(/\d/g, (d) => BENGALI_DIGITS[Number(d)]) : text;
}

function groupThousands(integerPart: string): string {
  return integerPart.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

export function formatNumber(value: number | string, language: DigitLanguage): string {
  const text = typeof value === 'number' ? String(value) : value.trim();
  const [integer, fraction] = text.split('.');
  const sign = integer.startsWith('-') ? '-' : '';
  const grouped = groupThousands(integer.replace('-', ''));
  return localizeDigits(`${sign}${grouped}${fraction ? `.${fraction}` : ''}`, language);
}

/**
 * Always 2 decimals, thousands grouped. Strings (exact decimals from the server or `computePayAmount`)
 * are padded textually rather than through a float.
 */
export function formatAmount(value: number | string, language: DigitLanguage): string {
  let text = typeof value === 'number' ? value.toFixed(2) : value.trim();
  if (!/^-?\d+(\.\d+)?$/.test(text)) text = Number(text).toFixed(2);
  const [integer, fraction = ''] = text.split('.');
  return formatNumber(`${integer}.${fraction.padEnd(2, '0').slice(0, 2)}`, language);
}
