// The admin's KPIs (decision 113): `GET /stats?range=today|7d|30d` and its answer. A range is whole
// Asia/Dhaka days ending with today; it selects the orders *created* in it, and every figure is of those orders.
import { z } from 'zod';
import { VALIDATION_KEYS as V } from './error-keys.js';
import type { OrderStatus } from './order-status.js';

export const STATS_RANGES = ['today', '7d', '30d'] as const;
export type StatsRange = (typeof STATS_RANGES)[number];

/** How many Dhaka days each range covers (today included). */
export const STATS_RANGE_DAYS: Record<StatsRange, number> = { today: 1, '7d': 7, '30d': 30 };

/** `GET /stats?range=`: one of the ranges; left out (or empty) it is `today`. */
export const statsQuerySchema = z.object({
  range: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : typeof v === 'string' ? v.trim() : v),
    z.enum(STATS_RANGES, { error: V.invalid }).default('today'),
  ),
});
export type StatsQuery = z.infer<typeof statsQuerySchema>;

/** An exact decimal string per currency code, e.g. `{ BDT: "1500.50" }` (only the currencies that occur). */
export type AmountsByCurrency = Record<string, string>;

/** Completed orders and their money: `amount` is the sum of `pm_amount` (what went through the wallets). */
export interface VolumeDto {
  count: number;
  /** Exact decimal string with 2 places. */
  amount: string;
}

/** Completed orders paid or paid out with one wallet, in the currency of its `pm_amount`. */
export interface MethodVolumeDto extends VolumeDto {
  account: string;
  currency: string;
  /** Customers paid the shop (top-ups) … */
  topup: VolumeDto;
  /** … and the shop paid customers (withdrawals). */
  withdraw: VolumeDto;
}

/** Completed orders of one product: `amount` in the wallets' currency, `product_amount` in the product's own. */
export interface ProductVolumeDto extends VolumeDto {
  product_id: string;
  currency: string;
  product_currency: string;
  product_amount: string;
}

/** One Asia/Dhaka day of the range. */
export interface StatsDayDto {
  /** `YYYY-MM-DD` of the Dhaka day. */
  date: string;
  /** Unix seconds of its Dhaka midnight. */
  start: number;
  /** Orders created that day, in all. */
  orders: number;
  /** The same orders by their status now. */
  by_status: Record<OrderStatus, number>;
  /** Completed orders among them and their `pm_amount` per currency. */
  completed: number;
  volume: AmountsByCurrency;
}

export interface StatsDto {
  range: StatsRange;
  /** Unix seconds: the first Dhaka midnight of the range (inclusive) and the midnight after today (exclusive). */
  from: number;
  to: number;
  orders_by_status: Record<OrderStatus, number>;
  /** The `pm_amount` of all completed orders, per currency (`{}` when none). */
  volume_total: AmountsByCurrency;
  volume_by_method: MethodVolumeDto[];
  /**
   * Money in: the completed top-ups, what customers paid into the shop's wallets, per currency of
   * `pm_amount`; money out: the completed withdrawals, what the shop paid out of them. `{}` when none.
   */
  money_in: Record<string, VolumeDto>;
  money_out: Record<string, VolumeDto>;
  volume_by_product: ProductVolumeDto[];
  /** Seconds from an order's creation to its completion, median and 90th percentile (nearest rank); null: none completed. */
  completion_p50_s: number | null;
  completion_p90_s: number | null;
  /** Orders of the range that timed out, including those the admin reopened afterwards. */
  timeouts: number;
  /** One entry per Dhaka day of the range, oldest first. */
  series: StatsDayDto[];
  /**
   * Per staff member: the range's orders they completed and cancelled, and the median minutes from an
   * order's creation to their completing it (one decimal; null when they completed none). Most completions first.
   */
  by_staff: StaffStatsDto[];
}

export interface StaffStatsDto {
  id: string;
  name: string;
  completed: number;
  cancelled: number;
  median_minutes: number | null;
}

/** How many of the latest completed orders the typical wait is measured over, and how far back it looks (decision 113). */
export const TYPICAL_WAIT = { orders: 50, days: 30, minOrders: 5, cacheSeconds: 60 } as const;

/**
 * `GET /stats/typical-wait` (public): the median minutes from payment (the move to pending) to
 * completion over the latest completed orders; `minutes` is null while fewer than `TYPICAL_WAIT.minOrders` were measured.
 */
export interface TypicalWaitDto {
  minutes: number | null;
  /** Completed orders measured. */
  orders: number;
  /**
   * The median minutes staff took to answer a payment that needed a look (an amount that differed, a held payment,
   * a late claim) over the latest such orders, from when it needed them; null below `TYPICAL_WAIT.minOrders`.
   */
  review_minutes: number | null;
  /** Such orders measured. */
  review_orders: number;
  /** Unix seconds the figure was measured at (it is kept for `TYPICAL_WAIT.cacheSeconds`). */
  measured_at: number;
}
