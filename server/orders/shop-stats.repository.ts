// The admin's KPIs in SQL (decision 113): orders created in a window of whole Asia/Dhaka days, counted per day and
// status, their completed money per wallet, product and day (exact numeric sums), completion percentiles and
// timeouts. Four read-only queries over the created_at indexes; days are numbered as whole days since the epoch
// shifted to UTC+6 (Dhaka has no daylight saving), so no time zone database is involved on PGlite or PostgreSQL.
import { productsOfKind } from '#shared/constants';
import { DHAKA_OFFSET_SECONDS } from '#shared/dhaka';
import type { OrderStatus } from '#shared/order-status';
import type { Prisma } from '../db/database.js';
import { sqlTime } from '../db/sql-time.js';
import { Prisma as P } from '../generated/prisma/client.js';

export interface StatsWindow {
  /** Inclusive, a Dhaka midnight. */
  from: Date;
  /** Exclusive, a Dhaka midnight. */
  to: Date;
}

// Days are numbered `floor((unix seconds + 6 h) / 1 day)`: day n begins at n × 86400 − 21600 unix seconds.

export interface StatusCountRow {
  day: number;
  status: OrderStatus;
  count: number;
}

/** One grouping of completed orders; the fields that are not part of the grouping are null. */
export interface VolumeRow {
  grouping: 'total' | 'method' | 'methodKind' | 'product' | 'day';
  day: number | null;
  method: string | null;
  kind: 'topup' | 'withdraw' | null;
  productId: string | null;
  currency: string;
  count: number;
  /** Sum of pm_amount, exact, 2 places. */
  pmAmount: string;
  /** Sum of amount (the product's currency), exact, 2 places. */
  amount: string;
}

export interface CompletionRow {
  completed: number;
  p50: number | null;
  p90: number | null;
}

/** One staff member's moves in a window. */
export interface StaffRow {
  id: string;
  name: string;
  completed: number;
  cancelled: number;
  /** Median seconds from creation to completion; null when they completed none. */
  p50: number | null;
}

const dayOf = (column: P.Sql) => P.sql`floor((extract(epoch FROM ${column}) + ${DHAKA_OFFSET_SECONDS}) / 86400)::int`;
const KIND = P.sql`CASE WHEN o.product_id IN (${P.join(productsOfKind('withdraw'))}) THEN 'withdraw' ELSE 'topup' END`;

export function createShopStatsRepository(prisma: Prisma) {
  return {
    /** Orders created in the window, per Dhaka day and current status. */
    async countsByDayAndStatus(w: StatsWindow): Promise<StatusCountRow[]> {
      return prisma.$queryRaw<StatusCountRow[]>`
        SELECT ${dayOf(P.sql`o.created_at`)} AS day, o.status AS status, count(*)::int AS count
        FROM orders o
        WHERE o.created_at >= ${sqlTime(w.from)} AND o.created_at < ${sqlTime(w.to)}
        GROUP BY 1, 2`;
    },

    /** Completed orders of the window summed in all, per wallet, per wallet and kind, per product and per day, in one pass. */
    async completedVolumes(w: StatsWindow): Promise<VolumeRow[]> {
      const rows = await prisma.$queryRaw<
        {
          g_method: number;
          g_kind: number;
          g_product: number;
          g_day: number;
          day: number | null;
          method: string | null;
          kind: 'topup' | 'withdraw' | null;
          product_id: string | null;
          currency: string;
          count: number;
          pm_amount: string;
          amount: string;
        }[]
      >`
        SELECT GROUPING(v.pm_method)::int AS g_method, GROUPING(v.kind)::int AS g_kind,
               GROUPING(v.product_id)::int AS g_product, GROUPING(v.day)::int AS g_day,
               v.day, v.pm_method AS method, v.kind, v.product_id, v.pm_coin AS currency,
               count(*)::int AS count, sum(v.pm_amount)::text AS pm_amount, sum(v.amount)::text AS amount
        FROM (
          SELECT ${dayOf(P.sql`o.created_at`)} AS day, o.pm_method, ${KIND} AS kind, o.product_id, o.pm_coin, o.pm_amount, o.amount
          FROM orders o
          WHERE o.status = 'complete' AND o.created_at >= ${sqlTime(w.from)} AND o.created_at < ${sqlTime(w.to)}
        ) v
        GROUP BY GROUPING SETS ((v.pm_coin), (v.pm_method, v.pm_coin), (v.pm_method, v.kind, v.pm_coin), (v.product_id, v.pm_coin), (v.day, v.pm_coin))`;
      return rows.map((r) => ({
        grouping:
          r.g_day === 0
            ? 'day'
            : r.g_product === 0
              ? 'product'
              : r.g_kind === 0
                ? 'methodKind'
                : r.g_method === 0
                  ? 'method'
                  : 'total',
        day: r.day,
        method: r.method,
        kind: r.kind,
        productId: r.product_id,
        currency: r.currency,
        count: r.count,
        pmAmount: r.pm_amount,
        amount: r.amount,
      }));
    },

    /**
     * Seconds from creation to completion of the window's completed orders: the median and the 90th percentile by
     * nearest rank (`percentile_disc`: the smallest duration with at least that share of the orders at or below it).
     */
    async completionTimes(w: StatsWindow): Promise<CompletionRow> {
      const [row] = await prisma.$queryRaw<CompletionRow[]>`
        SELECT count(*)::int AS completed,
               percentile_disc(0.5) WITHIN GROUP (ORDER BY d.seconds) AS p50,
               percentile_disc(0.9) WITHIN GROUP (ORDER BY d.seconds) AS p90
        FROM (
          SELECT round(extract(epoch FROM (min(e.created_at) - o.created_at)))::int AS seconds
          FROM orders o
          JOIN order_events e ON e.order_id = o.id AND e.kind = 'status' AND e.to_status = 'complete'
          WHERE o.status = 'complete' AND o.created_at >= ${sqlTime(w.from)} AND o.created_at < ${sqlTime(w.to)}
          GROUP BY o.id, o.created_at
        ) d`;
      return row;
    },

    /**
     * Per staff member: the window's orders they completed and cancelled (the status move's actor), and
     * the median seconds from creation to their completions (nearest rank, as `completionTimes`).
     */
    async byStaff(w: StatsWindow): Promise<StaffRow[]> {
      return prisma.$queryRaw<StaffRow[]>`
        SELECT e.actor_id AS id, u.name AS name,
               count(*) FILTER (WHERE e.to_status = 'complete')::int AS completed,
               count(*) FILTER (WHERE e.to_status = 'admin_cancelled')::int AS cancelled,
               percentile_disc(0.5) WITHIN GROUP (ORDER BY round(extract(epoch FROM (e.created_at - o.created_at)))::int)
                 FILTER (WHERE e.to_status = 'complete') AS p50
        FROM orders o
        JOIN order_events e ON e.order_id = o.id AND e.kind = 'status' AND e.actor = 'admin' AND e.to_status IN ('complete', 'admin_cancelled')
        JOIN users u ON u.id = e.actor_id
        WHERE o.created_at >= ${sqlTime(w.from)} AND o.created_at < ${sqlTime(w.to)}
        GROUP BY e.actor_id, u.name`;
    },

    /**
     * Seconds from payment to completion of the latest completed orders created since `since`:
     * per order, from its last move to pending before the completion (paid, or reopened) to the completion; the
     * median by nearest rank, as `completionTimes`. Reads at most `limit` orders through the (status, created_at) index.
     */
    async paymentToCompletion(since: Date, limit: number): Promise<{ orders: number; p50: number | null }> {
      const [row] = await prisma.$queryRaw<{ orders: number; p50: number | null }[]>`
        SELECT count(*)::int AS orders, percentile_disc(0.5) WITHIN GROUP (ORDER BY d.seconds) AS p50
        FROM (
          SELECT greatest(0, round(extract(epoch FROM (c.done_at - max(p.created_at)))))::int AS seconds
          FROM (
            SELECT o.id, (SELECT min(e.created_at) FROM order_events e
                          WHERE e.order_id = o.id AND e.kind = 'status' AND e.to_status = 'complete') AS done_at
            FROM orders o
            WHERE o.status = 'complete' AND o.created_at >= ${sqlTime(since)}
            ORDER BY o.created_at DESC
            LIMIT ${limit}
          ) c
          JOIN order_events p ON p.order_id = c.id AND p.kind = 'status' AND p.to_status = 'pending' AND p.created_at <= c.done_at
          GROUP BY c.id, c.done_at
        ) d`;
      return { orders: row?.orders ?? 0, p50: row?.p50 == null ? null : Number(row.p50) };
    },

    /**
     * How long staff take to answer a payment that needs a look: over the latest such orders (an amount
     * that differed, a held payment settled by hand, a late claim), the median seconds from the moment it needed
     * them (the late claim, else the payment) to staff's first step after it (a move or a settled verification).
     */
    async paymentToReview(since: Date, limit: number): Promise<{ orders: number; p50: number | null }> {
      // GREATEST ignores NULL: an order nobody answered yet is left out before it, not counted as 0 s.
      const [row] = await prisma.$queryRaw<{ orders: number; p50: number | null }[]>`
        SELECT count(*)::int AS orders,
               percentile_disc(0.5) WITHIN GROUP (ORDER BY greatest(0, round(extract(epoch FROM (a.answered_at - a.asked_at))))::int) AS p50
        FROM (
          SELECT r.asked_at,
                 (SELECT min(e.created_at) FROM order_events e
                  WHERE e.order_id = r.id AND e.actor = 'admin' AND e.created_at > r.asked_at
                    AND e.kind IN ('status', 'verification_settled')) AS answered_at
          FROM (
            SELECT o.id, coalesce(
                     (SELECT min(e.created_at) FROM order_events e WHERE e.order_id = o.id AND e.kind = 'late_claim'),
                     (SELECT min(e.created_at) FROM order_events e
                      WHERE e.order_id = o.id AND e.kind = 'status' AND e.to_status = 'pending')) AS asked_at
            FROM orders o
            WHERE o.created_at >= ${sqlTime(since)}
              AND (o.verification = 'amount_mismatch'
                   OR EXISTS (SELECT 1 FROM order_events e
                              WHERE e.order_id = o.id AND e.kind IN ('late_claim', 'verification_settled')))
            ORDER BY o.created_at DESC
            LIMIT ${limit}
          ) r
          WHERE r.asked_at IS NOT NULL
        ) a
        WHERE a.answered_at IS NOT NULL`;
      return { orders: row?.orders ?? 0, p50: row?.p50 == null ? null : Number(row.p50) };
    },

    /** Orders of the window that timed out at some point (also those reopened since). */
    async timedOutCount(w: StatsWindow): Promise<number> {
      const [row] = await prisma.$queryRaw<{ count: number }[]>`
        SELECT count(*)::int AS count
        FROM orders o
        WHERE o.created_at >= ${sqlTime(w.from)} AND o.created_at < ${sqlTime(w.to)}
          AND (o.status = 'timedout'
               OR EXISTS (SELECT 1 FROM order_events e WHERE e.order_id = o.id AND e.kind = 'status' AND e.to_status = 'timedout'))`;
      return row.count;
    },
  };
}
export type ShopStatsRepository = ReturnType<typeof createShopStatsRepository>;
