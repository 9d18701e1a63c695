// A method's rate as a customer reads it (issue 35 §16): "1 USD = 125 BDT", "Fee 2 % (60.00 BDT)", never "Rate 0.98".
import { useTranslation } from 'react-i18next';
import { feeAmount, rateTerms } from '#shared/money';
import { useFormat, type Currency } from './format';

/** `amount` (a valid amount in the product's currency), when given, adds the fee in taka. */
export function useRateText(): (currency: Currency, rate: number | string, amount?: string | null) => string {
  const { t } = useTranslation('common');
  const format = useFormat();
  return (currency, rate, amount) => {
    const terms = rateTerms(currency, rate);
    if (terms.kind === 'exchange') return t('rates.exchange', { rate: format.number(terms.rate) });
    if (terms.kind === 'none') return t('rates.none');
    const percent = format.number(terms.percent);
    return amount
      ? t('rates.feeOf', { percent, fee: format.money(feeAmount(amount, rate), 'BDT') })
      : t('rates.fee', { percent });
  };
}
