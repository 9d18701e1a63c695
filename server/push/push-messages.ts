// What is pushed when (decision 276), in the order's language: the texts are server/push/locales/{en,bn}/push.json
// (same keys, checked with the client's locales by client/src/i18n/locales.test.ts and glossary.test.ts), with
// Bengali digits in BN for amounts and times. An order's change is read by its statuses as strings, so a status
// another domain adds later maps without a change here.
import { productCurrency, productKind } from '#shared/constants';
import { dhakaDateTime } from '#shared/dhaka';
import { formatAmount, localizeDigits } from '#shared/number-format';
import type { OrderLanguage } from '#shared/order-status';
import type { PushMessage } from '#shared/push';
import en from './locales/en/push.json' with { type: 'json' };
import bn from './locales/bn/push.json' with { type: 'json' };

type Texts = typeof en;
// A missing Bengali key fails the typecheck here.
const TEXTS: Record<OrderLanguage, Texts> = { en, bn };

export type PushKind = Exclude<keyof Texts, 'currency'>;

/** The order as a push reads it (a subset of the orders domain's record). */
export interface PushedOrder {
  id: string;
  productId: string;
  status: string;
  verification: string;
  lang: OrderLanguage;
  amount: string;
  pmAmount: string;
  lastTime: Date;
}

const CANCELLED_BY_SHOP = new Set(['admin_cancelled', 'cancelled']);

/**
 * The pushes of one order change (`before` null: a new order, which pushes nothing: its customer is on its page).
 * A customer's own cancel pushes nothing either: they did it, on the page.
 */
export function orderPushKinds(
  order: { productId: string; status: string; verification: string },
  before: { status: string; verification: string } | null,
): PushKind[] {
  if (before === null) return [];
  const kinds: PushKind[] = [];
  const became = (verification: string) => order.verification === verification && before.verification !== verification;
  if (became('verified')) kinds.push('verified');
  if (became('held')) kinds.push('held');
  if (order.status !== before.status) {
    // A completed top-up is money delivered to the 1xBet account; a completed withdrawal, money paid to the wallet.
    if (order.status === 'complete')
      kinds.push(productKind(order.productId) === 'withdraw' ? 'withdrawalPaid' : 'delivered');
    else if (CANCELLED_BY_SHOP.has(order.status)) kinds.push('cancelled');
    // Only the cash desk's refusal of a withdrawal code sends a pending order back to waiting (codeRefused).
    else if (order.status === 'waiting' && before.status === 'pending' && productKind(order.productId) === 'withdraw')
      kinds.push('codeRefused');
  }
  return kinds;
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);
}

/** The push of `kind` about `order`, in the order's language; its tag folds the order's pushes into one on the phone. */
export function orderPushMessage(kind: PushKind, order: PushedOrder): PushMessage {
  const lang = order.lang === 'bn' ? 'bn' : 'en';
  const texts = TEXTS[lang];
  const digits = lang === 'bn' ? 'BN' : 'EN';
  const money = (amount: string, currency: 'BDT' | 'USD') =>
    `${formatAmount(amount, digits)} ${texts.currency[currency]}`;
  // A top-up delivered is the product's amount (its currency) in the 1xBet account; the wallet's side of an order
  // (what was paid, what was paid out) is its pay amount in BDT.
  const amount =
    kind === 'delivered' ? money(order.amount, productCurrency(order.productId)) : money(order.pmAmount, 'BDT');
  const time = localizeDigits(dhakaDateTime(order.lastTime).slice(11, 16), digits);
  const values = { id: order.id, amount, time };
  return {
    title: fill(texts[kind].title, values),
    body: fill(texts[kind].body, values),
    url: `/orders/${order.id}`,
    tag: order.id,
    lang,
  };
}

/** The warning before a waiting order times out: a top-up waits for its payment, a withdrawal for its code. */
export const timeoutWarningKind = (productId: string): PushKind =>
  productKind(productId) === 'withdraw' ? 'timeoutSoonWithdraw' : 'timeoutSoonTopup';
