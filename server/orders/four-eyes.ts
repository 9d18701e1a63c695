// The four-eyes rule (issue 20, decision 168), said once: a withdrawal whose amount in BDT is at least the shop's
// `four_eyes_bdt` completes only after someone other than the completer approved it.
import Decimal from 'decimal.js';
import { productCurrency, productKind } from '#shared/constants';

/**
 * The withdrawal's amount in BDT: a BDT product's amount as the customer asked for it; a USD product's amount
 * converted at the order's rate (its pm_amount, amount × rate).
 */
export function amountInBdt(o: { productId: string; amount: string; pmAmount: string }): Decimal {
  return new Decimal(productCurrency(o.productId) === 'USD' ? o.pmAmount : o.amount);
}

export function needsSecondApproval(o: { productId: string; amount: string; pmAmount: string }, fourEyesBdt: number | null): boolean {
  return fourEyesBdt !== null && productKind(o.productId) === 'withdraw' && amountInBdt(o).greaterThanOrEqualTo(fourEyesBdt);
}
