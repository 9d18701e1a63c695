// What the books read of the 1xBet cash desks (decision 290): the desks' operations (deposits, payouts, drift: the
// table `cashdesk_operations` the cash-desk domain writes). The books read it here only, so the day the desk's table
// changes shape this file is the one to follow.
//
// Two days matter for an operation (decision 311): its own day moves the desk's Limit (`cashdesk:<currency>`), and
// its order's completion day counts it against the order (`topups_delivered`, `withdrawals_redeemed`): a code
// redeemed at 23:50 and paid after midnight is one withdrawal of the day it was completed. An operation whose order
// was never completed is a difference on its own day (`no_order`).
import { BOOK_ITEMS_MAX } from '#shared/books';
import type { SqlQueryer } from '../db/database.js';
import { sqlTime } from '../db/sql-time.js';
import { Prisma as P } from '../generated/prisma/client.js';

export interface DeskRow {
  currency: string;
  openingLimit: string | null;
  readLimit: string | null;
  depositCount: number;
  depositAmount: string;
  payoutCount: number;
  payoutAmount: string;
  driftCount: number;
  /** The Limit's moves no operation explains (read − expected), summed. */
  driftAmount: string;
  drift: { id: string; amount: string }[];
}

/** Done operations of one currency and kind of the day whose order was never completed. */
export interface OrphanOperations {
  currency: string;
  total: number;
  /** Their |amount| summed, exact. */
  amount: string;
  operations: { id: string; amount: string }[];
}

export interface CashdeskDay {
  desks: DeskRow[];
  orphanDeposits: OrphanOperations[];
  orphanPayouts: OrphanOperations[];
}

export const DESK_CURRENCIES = ['BDT', 'USD'] as const;

/** The one rule of what the desk did for an order: a deposit or payout it reports done. */
const DELIVERED = P.sql`status = 'done' AND kind IN ('deposit', 'payout')`;

/**
 * The desk's delivered amount per order and kind (`order_id, kind, desk`) for the orders `orderIds` (a subquery of
 * order ids), whatever day the desk did it.
 */
export function deliveredTo(orderIds: P.Sql): P.Sql {
  return P.sql`SELECT order_id, kind, sum(abs(amount)) AS desk FROM cashdesk_operations
    WHERE ${DELIVERED} AND order_id IN (${orderIds}) GROUP BY order_id, kind`;
}

/** The day's operations behind no order ever completed, per currency and kind. */
async function orphans(q: SqlQueryer, w: { from: Date; to: Date }): Promise<(OrphanOperations & { kind: string })[]> {
  const rows = await q.query<
    OrphanOperations & { kind: string; operations: OrphanOperations['operations'] | null }
  >(P.sql`
    WITH o AS MATERIALIZED (SELECT d.id, d.currency, d.kind, abs(d.amount) AS amount, d.at FROM cashdesk_operations d
      WHERE ${DELIVERED} AND d.at >= ${sqlTime(w.from)} AND d.at < ${sqlTime(w.to)}
        AND NOT EXISTS (SELECT 1 FROM order_events e WHERE e.order_id = d.order_id AND e.kind = 'status' AND e.to_status = 'complete'))
    SELECT o.currency, o.kind, count(*)::int AS total, sum(o.amount)::text AS amount,
      (SELECT json_agg(json_build_object('id', y.id, 'amount', y.amount::text)) FROM (SELECT x.id::text AS id, x.amount FROM o x
         WHERE x.currency = o.currency AND x.kind = o.kind ORDER BY x.at, x.id LIMIT ${BOOK_ITEMS_MAX}) y) AS operations
    FROM o GROUP BY o.currency, o.kind`);
  return rows.map((r) => ({ ...r, operations: r.operations ?? [] }));
}

/** The desks of a day (those with an operation that day) and the day's operations behind no completed order. */
export async function readCashdesks(q: SqlQueryer, w: { from: Date; to: Date }): Promise<CashdeskDay> {
  const desks = await q.query<DeskRow & { drift: DeskRow['drift'] | null }>(P.sql`
    WITH ops AS (SELECT id, currency, kind, amount, limit_before, limit_after, status, at FROM cashdesk_operations
      WHERE at >= ${sqlTime(w.from)} AND at < ${sqlTime(w.to)})
    SELECT ops.currency,
      (SELECT f.limit_before::text FROM ops f WHERE f.currency = ops.currency AND f.limit_before IS NOT NULL ORDER BY f.at, f.id LIMIT 1) AS "openingLimit",
      (SELECT l.limit_after::text FROM ops l WHERE l.currency = ops.currency AND l.limit_after IS NOT NULL ORDER BY l.at DESC, l.id DESC LIMIT 1) AS "readLimit",
      (count(*) FILTER (WHERE kind = 'deposit' AND ${DELIVERED}))::int AS "depositCount",
      coalesce(sum(abs(amount)) FILTER (WHERE kind = 'deposit' AND ${DELIVERED}), 0)::text AS "depositAmount",
      (count(*) FILTER (WHERE kind = 'payout' AND ${DELIVERED}))::int AS "payoutCount",
      coalesce(sum(abs(amount)) FILTER (WHERE kind = 'payout' AND ${DELIVERED}), 0)::text AS "payoutAmount",
      (count(*) FILTER (WHERE kind = 'drift'))::int AS "driftCount",
      coalesce(sum(limit_after - limit_before) FILTER (WHERE kind = 'drift'), 0)::text AS "driftAmount",
      (SELECT json_agg(json_build_object('id', y.id, 'amount', y.amount)) FROM (SELECT d.id::text AS id, (d.limit_after - d.limit_before)::text AS amount FROM ops d
         WHERE d.currency = ops.currency AND d.kind = 'drift' ORDER BY d.at, d.id LIMIT ${BOOK_ITEMS_MAX}) y) AS drift
    FROM ops GROUP BY ops.currency ORDER BY ops.currency`);
  const orphaned = await orphans(q, w);
  const of = (kind: string) => orphaned.filter((o) => o.kind === kind).map(({ kind: _kind, ...o }) => o);
  return {
    desks: desks.map((r) => ({ ...r, drift: r.drift ?? [] })),
    orphanDeposits: of('deposit'),
    orphanPayouts: of('payout'),
  };
}
