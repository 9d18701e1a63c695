// The four-eyes rule (decision 168), said once: a withdrawal whose amount in BDT is at least the shop's
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

/** Who may accept a held payment (shop setting `held_accept`): an admin only, or any staff member once another approved. */
export type HeldAccept = 'admin' | 'second_approval';

/** The shop's rules the staff's view of an order and its guards depend on. */
export interface StaffRules {
  fourEyesBdt: number | null;
  heldAccept: HeldAccept;
}
export const DEFAULT_STAFF_RULES: StaffRules = { fourEyesBdt: null, heldAccept: 'admin' };
export const staffRulesOf = (settings: { four_eyes_bdt: number | null; held_accept: HeldAccept }): StaffRules => ({
  fourEyesBdt: settings.four_eyes_bdt,
  heldAccept: settings.held_accept,
});

/**
 * Who may accept this order's held payment now, or null when it is not a held top-up. Admins always may; under
 * 'second_approval' an operator may once someone else approved (the same `approved` events as a withdrawal's).
 */
export function acceptRule(o: { productId: string; verification: string }, rules: StaffRules): HeldAccept | null {
  return productKind(o.productId) === 'topup' && o.verification === 'held' ? rules.heldAccept : null;
}

export function needsSecondApproval(
  o: { productId: string; amount: string; pmAmount: string },
  fourEyesBdt: number | null,
): boolean {
  return (
    fourEyesBdt !== null && productKind(o.productId) === 'withdraw' && amountInBdt(o).greaterThanOrEqualTo(fourEyesBdt)
  );
}
