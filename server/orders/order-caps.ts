// The daily caps of a payment method (decision 112), as one rule: placing a top-up and the
// checkout's "limit reached" flag both ask it.
import Decimal from 'decimal.js';

export interface MethodCap {
  dailyCountLimit: number | null;
  dailyAmountLimit: string | null;
}

export interface MethodUsage {
  count: number;
  /** The day's pay amounts, exact. */
  amount: string;
}

export const NO_USAGE: MethodUsage = { count: 0, amount: '0' };

export const hasCap = (cap: MethodCap): boolean => cap.dailyCountLimit !== null || cap.dailyAmountLimit !== null;

/** Whether one more top-up paying `payAmount` fits in the day's caps after `used`. */
export function fitsCap(cap: MethodCap, used: MethodUsage, payAmount: string): boolean {
  if (cap.dailyCountLimit !== null && used.count + 1 > cap.dailyCountLimit) return false;
  return cap.dailyAmountLimit === null || !new Decimal(used.amount).plus(payAmount).greaterThan(cap.dailyAmountLimit);
}
