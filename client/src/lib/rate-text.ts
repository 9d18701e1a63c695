// A method's rate as a customer reads it: "1 USD = 125 BDT", "Fee 2 % (60.00 BDT)", never "Rate 0.98".
// The fee in taka comes from the caller (the checkout, which has the decimal helpers): the home page's cards use this
// too and must not load decimal.js (bundle budget).
import { useTranslation } from 'react-i18next';
import { rateTerms } from '#shared/rates';
import { useFormat, type Currency } from './format';

/** `fee` (the fee in taka on the amount being typed, from `feeAmount`), when given, is shown beside the percent. */
export function useRateText(): (currency: Currency, rate: number | string, fee?: string | null) => string {
  const { t } = useTranslation('common');
  const format = useFormat();
  return (currency, rate, fee) => {
    const terms = rateTerms(currency, rate);
    if (terms.kind === 'exchange') return t('rates.exchange', { rate: format.number(terms.rate) });
    if (terms.kind === 'none') return t('rates.none');
    const percent = format.number(terms.percent);
    return fee ? t('rates.feeOf', { percent, fee: format.money(fee, 'BDT') }) : t('rates.fee', { percent });
  };
}
