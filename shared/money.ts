// Exact decimal money helpers; never JavaScript floats for money.
import Decimal from 'decimal.js';

export const AMOUNT_PATTERN = /^\d{1,10}(\.\d{1,2})?$/;

/** pay amount = amount × rate, rounded half-up to 2 places, as a string like "1234.50". */
export function computePayAmount(amount: string | number, rate: string | number): string {
  return new Decimal(amount).times(new Decimal(rate)).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}

export function compareAmounts(a: string | number, b: string | number): number {
  return new Decimal(a).comparedTo(new Decimal(b));
}

/** A decimal value as a JSON number rounded to 2 places. */
export function toMoneyNumber(value: string | number | { toString(): string }): number {
  return Number(new Decimal(value.toString()).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2));
}

/** The fee in taka on a taka amount: the difference between the amount and what is paid for it, 2 places. */
export function feeAmount(amount: string | number, rate: string | number): string {
  return new Decimal(computePayAmount(amount, rate)).minus(new Decimal(amount)).abs().toFixed(2);
}
