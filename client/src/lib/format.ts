// Numbers, money, dates and countdowns in the UI language (Bengali digits in BN). One place for all of it.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { productCurrency } from '#shared/constants';
import { formatAmount, formatNumber, localizeDigits } from '#shared/number-format';
import type { Language } from '../i18n';
import { useLanguage } from './session';

export { formatAmount, formatNumber, localizeDigits };

const MONTH_KEYS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'] as const;

export type Currency = 'BDT' | 'USD';

export function formatMoney(value: number | string, currency: Currency, language: Language, t: TFunction): string {
  return `${formatAmount(value, language)} ${t(`currency.${currency}`, { ns: 'common' })}`;
}

/** Unix seconds → 'DD Mon, HH:MM' in UTC (product.md §1.6). */
export function formatDate(unixSeconds: number, language: Language, t: TFunction): string {
  const date = new Date(unixSeconds * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const month = t(`months.${MONTH_KEYS[date.getUTCMonth()]}`, { ns: 'common' });
  return localizeDigits(
    `${pad(date.getUTCDate())} ${month}, ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`,
    language,
  );
}

/** Seconds left → 'mm:ss' (minutes may exceed 59); never negative. */
export function formatCountdown(secondsLeft: number, language: Language): string {
  const total = Math.max(0, Math.floor(secondsLeft));
  const minutes = String(Math.floor(total / 60)).padStart(2, '0');
  const seconds = String(total % 60).padStart(2, '0');
  return localizeDigits(`${minutes}:${seconds}`, language);
}

/**
 * A wallet (phone) number grouped for reading: a Bangladeshi mobile number as 5 + 6 digits (01800-000002,
 * ০১৮০০-০০০০০২ in BN), with its country code apart (+880 1800-000002). Anything else (a masked or foreign number) is
 * shown as it is, in the language's digits. Copy buttons copy the stored number, never this.
 */
export function formatWalletNumber(value: string, language: Language): string {
  const text = value.trim();
  const local = /^0?1\d{9}$/.exec(text.replace(/[\s-]/g, ''));
  const international = /^\+?880(1\d{9})$/.exec(text.replace(/[\s-]/g, ''));
  let grouped = text;
  if (local) {
    const digits = local[0].padStart(11, '0');
    grouped = `${digits.slice(0, 5)}-${digits.slice(5)}`;
  } else if (international) {
    const digits = international[1];
    grouped = `+880 ${digits.slice(0, 4)}-${digits.slice(4)}`;
  }
  return localizeDigits(grouped, language);
}

/** A Dhaka day `YYYY-MM-DD` → `DD/MM/YYYY` in the language's digits (the shop's one way to write a day). */
export function formatDay(day: string, language: Language): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? localizeDigits(`${match[3]}/${match[2]}/${match[1]}`, language) : day;
}

/**
 * What someone typed as a day (`DD/MM/YYYY`, Bengali or Latin digits, `/`, `-` or `.` between, one-digit day and
 * month allowed) → `YYYY-MM-DD`; '' for nothing typed; null for a day that does not exist.
 */
export function parseDay(text: string): string | null {
  const latin = text.trim().replace(/[০-৯]/g, (d) => String(d.charCodeAt(0) - 0x09e6));
  if (latin === '') return '';
  const match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(latin);
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Page picker numbers are zero-padded below 10 (product.md §3.5). */
export function formatPageNumber(page: number, language: Language): string {
  return localizeDigits(String(page).padStart(2, '0'), language);
}

export interface Formatter {
  language: Language;
  number: (value: number | string) => string;
  amount: (value: number | string) => string;
  money: (value: number | string, currency: Currency) => string;
  /** Money for a product or pay-method id: USD when the id contains 'usd', else BDT. */
  productMoney: (value: number | string, productId: string) => string;
  date: (unixSeconds: number) => string;
  countdown: (secondsLeft: number) => string;
  page: (page: number) => string;
  digits: (text: string) => string;
  /** A wallet (phone) number grouped for reading: 01800-000002. */
  wallet: (number: string) => string;
  /** A day `YYYY-MM-DD` as DD/MM/YYYY. */
  day: (day: string) => string;
}

/** All formatters bound to the current language; re-renders when the language changes. */
export function useFormat(): Formatter {
  const language = useLanguage();
  const { t } = useTranslation('common');
  return useMemo(
    () => ({
      language,
      number: (value) => formatNumber(value, language),
      amount: (value) => formatAmount(value, language),
      money: (value, currency) => formatMoney(value, currency, language, t),
      productMoney: (value, productId) => formatMoney(value, productCurrency(productId), language, t),
      date: (unixSeconds) => formatDate(unixSeconds, language, t),
      countdown: (secondsLeft) => formatCountdown(secondsLeft, language),
      page: (page) => formatPageNumber(page, language),
      digits: (text) => localizeDigits(text, language),
      wallet: (number) => formatWalletNumber(number, language),
      day: (day) => formatDay(day, language),
    }),
    [language, t],
  );
}
