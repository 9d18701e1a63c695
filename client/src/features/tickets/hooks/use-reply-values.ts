// The values of a canned reply's variables, from the order a ticket names, written in the ticket's language
// (decision 116): the amount with its currency and Bengali digits in BN, the wallet's name and number.
import { useEffect, useState } from 'react';
import type { TicketOrderDto } from '#shared/api-types';
import { productCurrency, productKind, type TicketLanguage } from '#shared/constants';
import type { ReplyVariable } from '#shared/replies';
import { i18n, loadLanguage, type Language } from '../../../i18n';
import { formatMoney, localizeDigits } from '../../../lib/format';

export type ReplyValues = Partial<Record<ReplyVariable, string>>;

export const uiLanguageOf = (lang: TicketLanguage): Language => (lang === 'bn' ? 'BN' : 'EN');

/** The values for one order in one language (whose words must be loaded: `useLanguageLoaded`). */
export function replyValuesOf(order: TicketOrderDto | null | undefined, lang: TicketLanguage): ReplyValues {
  if (!order) return {};
  const language = uiLanguageOf(lang);
  const t = i18n.getFixedT(lang, 'common');
  // A withdrawal pays out to the customer's number; a top-up is paid to the shop's.
  const number = productKind(order.product_id) === 'withdraw' && order.wallet ? order.wallet : order.pm_wallet;
  return {
    order_id: order.id,
    amount: formatMoney(order.amount, productCurrency(order.product_id), language, t),
    wallet: `${t(`wallets.${order.pm_method}`)} ${localizeDigits(number, language)}`,
  };
}

/** Whether a language's words are loaded (Bengali is a chunk fetched on first use): fetches them when not. */
export function useLanguageLoaded(lang: TicketLanguage): boolean {
  const [ready, setReady] = useState(() => i18n.hasResourceBundle(lang, 'common'));
  useEffect(() => {
    let live = true;
    if (i18n.hasResourceBundle(lang, 'common')) setReady(true);
    else {
      setReady(false);
      void loadLanguage(uiLanguageOf(lang))
        .catch(() => undefined)
        .then(() => {
          if (live) setReady(i18n.hasResourceBundle(lang, 'common'));
        });
    }
    return () => {
      live = false;
    };
  }, [lang]);
  return ready;
}
