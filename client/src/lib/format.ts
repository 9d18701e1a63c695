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

/** Unix seconds → 'DD Mon, HH:MM' in UTC (spec §3). */
export function formatDate(unixSeconds: number, language: Language, t: TFunction): string {
  const date = new Date(unixSeconds * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const month = t(`months.${MONTH_KEYS[date.getUTCMonth()]}`, { ns: 'common' });
  return localizeDigits(`${pad(date.getUTCDate())} ${month}, ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`, language);
}

/** Seconds left → 'mm:ss' (minutes may exceed 59); never negative. */
export function formatCountdown(secondsLeft: number, language: Language): string {
  const total = Math.max(0, Math.floor(secondsLeft));
  const minutes = String(Math.floor(total / 60)).padStart(2, '0');
  const seconds = String(total % 60).padStart(2, '0');
  return localizeDigits(`${minutes}:${seconds}`, language);
}

/** Page picker numbers are zero-padded below 10 (spec §2). */
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
    }),
    [language, t],
  );
}
