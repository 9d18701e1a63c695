// The wallet fleet's rotation (decision 194): which of a method's numbers a new top-up is given. The
// active number with the most room left today goes first; a number whose limits leave no room for this payment is
// not offered at all. Placing the order then takes the room for real, under the number's own counter rows.
import Decimal from 'decimal.js';
import type { MethodUsage } from './order-caps.js';

export interface FleetNumber {
  id: number;
  wallet: string;
  active: boolean;
  dailyCountLimit: number | null;
  dailyAmountLimit: string | null;
  monthlyAmountLimit: string | null;
}

export interface FleetUsage {
  today: MethodUsage;
  month: MethodUsage;
}

export const isLimited = (n: FleetNumber): boolean =>
  n.dailyCountLimit !== null || n.dailyAmountLimit !== null || n.monthlyAmountLimit !== null;

const NONE: FleetUsage = { today: { count: 0, amount: '0' }, month: { count: 0, amount: '0' } };

/** Taka left before the first amount limit, and orders left today; null: unlimited. */
function roomOf(n: FleetNumber, u: FleetUsage): { amount: Decimal | null; count: number | null } {
  const left = [
    n.dailyAmountLimit === null ? null : new Decimal(n.dailyAmountLimit).minus(u.today.amount),
    n.monthlyAmountLimit === null ? null : new Decimal(n.monthlyAmountLimit).minus(u.month.amount),
  ].filter((d): d is Decimal => d !== null);
  return {
    amount: left.length === 0 ? null : Decimal.min(...left),
    count: n.dailyCountLimit === null ? null : n.dailyCountLimit - u.today.count,
  };
}

/** null (unlimited) is more room than any figure. */
const moreRoom = (a: Decimal | number | null, b: Decimal | number | null): number => {
  if (a === null || b === null) return a === b ? 0 : a === null ? -1 : 1;
  return new Decimal(b).comparedTo(a);
};

/**
 * The active numbers a top-up paying `pay` fits in, most room first: taka left (today's and this month's, the
 * tighter), then orders left today, then the admin's order (the first number first). Unlimited numbers have the
 * most room of all.
 */
export function rankNumbers(numbers: FleetNumber[], usage: Map<number, FleetUsage>, pay: string): FleetNumber[] {
  return numbers
    .filter((n) => n.active)
    .map((n) => ({ n, room: roomOf(n, usage.get(n.id) ?? NONE) }))
    .filter(
      ({ room }) =>
        (room.count === null || room.count >= 1) && (room.amount === null || room.amount.greaterThanOrEqualTo(pay)),
    )
    .sort((a, b) => moreRoom(a.room.amount, b.room.amount) || moreRoom(a.room.count, b.room.count) || a.n.id - b.n.id)
    .map(({ n }) => n);
}
