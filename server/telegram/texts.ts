// What the bot writes, in the linked account's language (server/telegram/locales/{en,bn}/telegram.json: same keys,
// checked with the client's locales by client/src/i18n/locales.test.ts and glossary.test.ts), with Bengali digits
// in BN for every number it shows.
import { productCurrency } from '#shared/constants';
import { dhakaDate, dhakaDateTime } from '#shared/dhaka';
import { formatAmount, formatNumber, localizeDigits } from '#shared/number-format';
import en from './locales/en/telegram.json' with { type: 'json' };
import bn from './locales/bn/telegram.json' with { type: 'json' };
import type { BotLanguage } from './telegram.repository.js';

type Texts = typeof en;
// A missing Bengali key fails the typecheck here.
const TEXTS: Record<BotLanguage, Texts> = { en, bn };

/** `a.b.c` keys of the English file, as i18next types them. */
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
export type TextKey = Leaves<Texts>;

/** The text of `key` with `{{name}}` placeholders filled (values are used as given: format numbers first). */
export function botText(lang: BotLanguage, key: TextKey, values: Record<string, string | number> = {}): string {
  const template = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], TEXTS[lang]);
  if (typeof template !== 'string') throw new Error(`No bot text ${key}`);
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

const digitLanguage = (lang: BotLanguage) => (lang === 'bn' ? 'BN' : 'EN');

/** A count or other plain number, in the language's digits. */
export const botNumber = (lang: BotLanguage, value: number | string): string =>
  formatNumber(value, digitLanguage(lang));

/** Digits of a wallet number or 1xBet account id in the language's digits (codes mixing letters stay as they are). */
export const botDigits = (lang: BotLanguage, text: string): string => localizeDigits(text, digitLanguage(lang));

/** `1,500.00 BDT` / `১,৫০০.০০ টাকা`. */
export function botMoney(lang: BotLanguage, amount: number | string, currency: 'BDT' | 'USD'): string {
  return `${formatAmount(amount, digitLanguage(lang))} ${botText(lang, `currency.${currency}`)}`;
}

/** Money in a product's own currency (USD when its id says so). */
export const botProductMoney = (lang: BotLanguage, amount: number | string, productId: string): string =>
  botMoney(lang, amount, productCurrency(productId));

/** `10:42` in Dhaka time; `25/11 10:42` when it was not today (Dhaka day). */
export function botTime(lang: BotLanguage, at: Date, now: Date): string {
  const text = dhakaDateTime(at);
  const clock = text.slice(11, 16);
  const sameDay = dhakaDate(at) === dhakaDate(now);
  return botDigits(lang, sameDay ? clock : `${text.slice(8, 10)}/${text.slice(5, 7)} ${clock}`);
}

/** `26/11/2026` of the Dhaka day holding `at`. */
export function botDate(lang: BotLanguage, at: Date): string {
  const [year, month, day] = dhakaDate(at).split('-');
  return botDigits(lang, `${day}/${month}/${year}`);
}

/** The language of a Telegram app (`language_code`), for chats that are not linked (yet). */
export const languageOfTelegram = (code: string | undefined): BotLanguage =>
  code?.toLowerCase().startsWith('bn') ? 'bn' : 'en';
