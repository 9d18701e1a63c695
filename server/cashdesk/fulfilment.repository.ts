// The fulfilment engine's tables (decision 265): one delivery per order (`fulfilments`), every operation made on a
// desk and every drift of its Limit (`cashdesk_operations`), and the lease that lets one operation at a time run on a
// desk on every instance (`cashdesk_leases`). The only SQL of the engine; plain statements on the driver.
import { LIMITS } from '#shared/constants';
import type { FulfilmentStatus } from '#shared/api-types';
import { Prisma as P } from '../generated/prisma/client.js';
import type { Clock } from '../clock.js';
import { queryerOf, type AnyTransaction, type SqlRunner } from '../db/database.js';
import { sqlTime, sqlTimeText } from '../db/sql-time.js';
import type { FulfilmentRecord } from '../orders/index.js';
import type { DeskCurrency } from './desks.repository.js';

export type FulfilmentKind = 'deposit' | 'payout';
/**
 * An operation's state: `sending` (committed before the call), `done`, `refused`, `unknown` (its outcome is not
 * known: the desk's Limit settles it), `staff` (the Limit moved otherwise: a person decides); a drift is `recorded`.
 */
export type OperationStatus = 'sending' | 'done' | 'refused' | 'unknown' | 'staff' | 'recorded';

/** A delivery as the engine reads it: the orders domain's view of it, with its order and desk. */
export interface FulfilmentRow extends FulfilmentRecord {
  orderId: string;
  kind: FulfilmentKind;
  currency: DeskCurrency;
}

export interface OperationRow {
  id: number;
  currency: DeskCurrency;
  kind: FulfilmentKind | 'drift';
  orderId: string | null;
  amount: string | null;
  limitBefore: string | null;
  limitAfter: string | null;
  status: OperationStatus;
  message: string | null;
  at: Date;
}

const FULFILMENT_COLUMNS = P.sql`order_id AS "orderId", kind, currency, status, amount::text AS amount, operation_id AS "operationId", message,
  ${sqlTimeText('at')} AS at, attempts, refusals`;
const OPERATION_COLUMNS = P.sql`id, currency, kind, order_id AS "orderId", amount::text AS amount, limit_before::text AS "limitBefore",
  limit_after::text AS "limitAfter", status, message, ${sqlTimeText('at')} AS at`;

const toFulfilment = (r: Record<string, unknown>): FulfilmentRow => ({
  ...(r as unknown as FulfilmentRow),
  at: new Date(r.at as string),
  attempts: Number(r.attempts),
  refusals: Number(r.refusals),
});
const toOperation = (r: Record<string, unknown>): OperationRow => ({
  ...(r as unknown as OperationRow),
  id: Number(r.id),
  at: new Date(r.at as string),
});

export function createFulfilmentRepository(sql: SqlRunner, clock: Clock) {
  const now = () => sqlTime(clock.now());

  return {
    /**
     * Queues an order's delivery (a new row, or a refused payout whose customer sent another code) in the caller's
     * transaction; false when it is already queued, in flight or settled.
     */
    async queue(
      tx: AnyTransaction,
      f: { orderId: string; kind: FulfilmentKind; currency: DeskCurrency; amount: string | null },
    ): Promise<boolean> {
      const rows = await queryerOf(tx).query(P.sql`
        INSERT INTO fulfilments (order_id, kind, currency, status, amount, at)
        VALUES (${f.orderId}, ${f.kind}, ${f.currency}, 'queued', ${f.amount}::numeric, ${now()})
        ON CONFLICT (order_id) DO UPDATE SET status = 'queued', message = NULL, at = excluded.at
          WHERE fulfilments.kind = 'payout' AND fulfilments.status = 'refused'
        RETURNING order_id`);
      return rows.length === 1;
    },

    /** Staff send a refused delivery again: back to `queued` (the engine sends it once more, once). */
    async requeue(tx: AnyTransaction, orderId: string): Promise<boolean> {
      const rows = await queryerOf(tx).query(P.sql`
        UPDATE fulfilments SET status = 'queued', message = NULL, at = ${now()} WHERE order_id = ${orderId} AND status = 'refused' RETURNING order_id`);
      return rows.length === 1;
    },

    async find(orderId: string): Promise<FulfilmentRow | null> {
      const [row] = await sql.query(P.sql`SELECT ${FULFILMENT_COLUMNS} FROM fulfilments WHERE order_id = ${orderId}`);
      return row ? toFulfilment(row) : null;
    },

    /** A queued delivery that will not be sent (the order moved on, the desk stopped): the order is the staff's. */
    async withdrawQueued(orderId: string): Promise<boolean> {
      const rows = await sql.query(
        P.sql`DELETE FROM fulfilments WHERE order_id = ${orderId} AND status = 'queued' AND attempts = 0 RETURNING order_id`,
      );
      if (rows.length === 1) return true;
      // A payout queued again after a refused code keeps its row (its refusals count), back to refused.
      const back = await sql.query(
        P.sql`UPDATE fulfilments SET status = 'refused', at = ${now()} WHERE order_id = ${orderId} AND status = 'queued' RETURNING order_id`,
      );
      return back.length === 1;
    },

    /**
     * Refuses a queued delivery before anything was sent (no player, not enough Limit), saying why, in the caller's
     * transaction (its timeline entry commits with it).
     */
    async refuseQueued(tx: AnyTransaction, orderId: string, message: string): Promise<boolean> {
      const rows = await queryerOf(tx).query(P.sql`
        UPDATE fulfilments SET status = 'refused', message = ${message}, at = ${now()} WHERE order_id = ${orderId} AND status = 'queued' RETURNING order_id`);
      return rows.length === 1;
    },

    /**
     * The one step before a call that moves money (decision 265): the delivery goes `queued → sending` and its
     * operation row is written, committed before the call. Under the order's row lock, and only while the order is
     * still pending, unclaimed and (a deposit) verified: a staff member's Complete takes the same lock and refuses a
     * `sending` delivery, so the two never both deliver. Null when it was not sent (nothing is).
     */
    async markSending(
      orderId: string,
      op: { currency: DeskCurrency; kind: FulfilmentKind; amount: string | null; limitBefore: string },
    ): Promise<{ id: number; deskFailures: number } | null> {
      // One statement (it runs under the desk's lease, where every round trip delays the next delivery). The desk
      // still delivers this kind by itself (the desk's side of `depositsByItself` / `redeemsByItself`, as it stands
      // now: paused or failing while the delivery waited its turn, nothing is sent); the order's row is locked first,
      // as a Complete or Cancel locks it, and its conditions are checked on the row as locked.
      const at = now();
      const deskDelivers =
        op.kind === 'deposit'
          ? P.sql`topup_auto AND (auto_max IS NULL OR auto_max >= ${op.amount}::numeric)`
          : P.sql`withdraw_auto`;
      const [row] = await sql.query<{ id: number; failures: number }>(P.sql`
        WITH d AS (
          SELECT failures FROM cashdesks WHERE currency = ${op.currency} AND NOT paused AND state = 'ok' AND ${deskDelivers}),
        o AS (
          SELECT id FROM orders WHERE id = ${orderId} AND status = 'pending' AND assignee_id IS NULL
            ${op.kind === 'deposit' ? P.sql`AND verification = 'verified'` : P.empty} AND EXISTS (SELECT 1 FROM d)
          FOR UPDATE),
        f AS (
          UPDATE fulfilments SET status = 'sending', attempts = attempts + 1, message = NULL, at = ${at}
          WHERE order_id IN (SELECT id FROM o) AND status = 'queued' RETURNING order_id)
        INSERT INTO cashdesk_operations (currency, kind, order_id, amount, limit_before, status, at)
        SELECT ${op.currency}, ${op.kind}, f.order_id, ${op.amount}::numeric, ${op.limitBefore}::numeric, 'sending', ${at} FROM f
        RETURNING id, (SELECT failures FROM d) AS failures`);
      return row ? { id: Number(row.id), deskFailures: Number(row.failures) } : null;
    },

    /**
     * The desk's answer (or the Limit's verdict) on an operation, written to the operation and its delivery together;
     * only from the states given, so two settlements never both land. True when it landed. In the caller's
     * transaction when given one (the order's move or a staff member's audit entry commits with it).
     */
    async settle(
      operationId: number,
      from: readonly OperationStatus[],
      to: {
        status: OperationStatus;
        fulfilment: FulfilmentStatus;
        amount?: string | null;
        limitAfter?: string | null;
        deskOperationId?: string | null;
        message: string | null;
        refused?: boolean;
      },
      tx?: AnyTransaction,
    ): Promise<boolean> {
      // One statement, so that outside a caller's transaction it is atomic without one (under the desk's lease).
      const rows = await (tx ? queryerOf(tx) : sql).query<{ orderId: string }>(P.sql`
        WITH op AS (
          UPDATE cashdesk_operations SET status = ${to.status}, message = ${to.message},
            amount = COALESCE(${to.amount ?? null}::numeric, amount), limit_after = COALESCE(${to.limitAfter ?? null}::numeric, limit_after)
          WHERE id = ${operationId} AND status IN (${P.join([...from])}) RETURNING order_id),
        f AS (
          UPDATE fulfilments SET status = ${to.fulfilment}, message = ${to.message}, at = ${now()},
            amount = COALESCE(${to.amount ?? null}::numeric, amount), operation_id = COALESCE(${to.deskOperationId ?? null}, operation_id),
            refusals = refusals + ${to.refused ? 1 : 0}
          WHERE order_id IN (SELECT order_id FROM op) RETURNING order_id)
        SELECT order_id AS "orderId" FROM op`);
      return rows.length === 1;
    },

    async operation(id: number): Promise<OperationRow | null> {
      const [row] = await sql.query(P.sql`SELECT ${OPERATION_COLUMNS} FROM cashdesk_operations WHERE id = ${id}`);
      return row ? toOperation(row) : null;
    },

    /** The operation of an order's delivery made last (the one its status speaks of). */
    async lastOperationOf(orderId: string): Promise<OperationRow | null> {
      const [row] = await sql.query(
        P.sql`SELECT ${OPERATION_COLUMNS} FROM cashdesk_operations WHERE order_id = ${orderId} ORDER BY id DESC LIMIT 1`,
      );
      return row ? toOperation(row) : null;
    },

    /**
     * Operations of a desk whose outcome the Limit still has to settle: `unknown` ones, and `sending` ones left by
     * an instance that stopped mid-call (their lease is gone, so no call is in flight).
     */
    async unsettled(currency: DeskCurrency): Promise<OperationRow[]> {
      const rows = await sql.query(P.sql`
        SELECT ${OPERATION_COLUMNS} FROM cashdesk_operations WHERE currency = ${currency} AND status IN ('unknown', 'sending') ORDER BY id`);
      return rows.map(toOperation);
    },

    /** A difference between the Limit the shop expected and the one the desk reports. */
    async recordDrift(currency: DeskCurrency, expected: string, read: string, message: string): Promise<OperationRow> {
      const [row] = await sql.query(P.sql`
        INSERT INTO cashdesk_operations (currency, kind, amount, limit_before, limit_after, status, message, at)
        VALUES (${currency}, 'drift', (${read}::numeric - ${expected}::numeric), ${expected}::numeric, ${read}::numeric, 'recorded', ${message}, ${now()})
        RETURNING ${OPERATION_COLUMNS}`);
      return toOperation(row);
    },

    /**
     * The Limit the desk should show after the shop's last finished operation (or the read of its last drift), with
     * when that operation was made; null when there is none.
     */
    async lastExpectedLimit(currency: DeskCurrency): Promise<{ limit: string; at: Date } | null> {
      const [row] = await sql.query<{ limit: string; at: string }>(P.sql`
        SELECT limit_after::text AS limit, ${sqlTimeText('at')} AS at FROM cashdesk_operations
        WHERE currency = ${currency} AND limit_after IS NOT NULL ORDER BY id DESC LIMIT 1`);
      return row ? { limit: row.limit, at: new Date(row.at) } : null;
    },

    /** A page of a desk's operations, newest first. */
    async listOperations(currency: DeskCurrency, page: number): Promise<{ operations: OperationRow[]; total: number }> {
      const size = LIMITS.pageSize;
      const [rows, [count]] = await Promise.all([
        sql.query(
          P.sql`SELECT ${OPERATION_COLUMNS} FROM cashdesk_operations WHERE currency = ${currency} ORDER BY id DESC LIMIT ${size} OFFSET ${(page - 1) * size}`,
        ),
        sql.query<{ n: number }>(
          P.sql`SELECT count(*)::int AS n FROM cashdesk_operations WHERE currency = ${currency}`,
        ),
      ]);
      return { operations: rows.map(toOperation), total: Number(count.n) };
    },

    /** Deposits queued or in flight on a desk: the part of its Limit already promised. */
    async promisedDeposits(currency: DeskCurrency): Promise<string> {
      const [row] = await sql.query<{ sum: string }>(P.sql`
        SELECT COALESCE(sum(amount), 0)::text AS sum FROM fulfilments WHERE currency = ${currency} AND kind = 'deposit' AND status IN ('queued', 'sending')`);
      return row.sum;
    },

    /**
     * Orders of a desk's currency whose delivery a crash may have lost between their commit and the engine's next
     * step (decisions 300, 301), a few at a time (the next sweep takes the rest): `offer`, verified pending unclaimed
     * top-ups changed since `since` with no delivery row; `redeem`, pending unclaimed withdrawals whose customer sent a
     * code since `since` that was never queued (no delivery row, or one whose code the desk refused, at most
     * `maxRefusals` times, before the customer sent this one); `complete`, pending orders whose delivery the desk made
     * (a top-up's deposit, a withdrawal's code whose payout SMS proved it) that were not completed.
     */
    async stranded(
      products: { topup: readonly string[]; withdraw: readonly string[] },
      since: Date,
      maxRefusals: number,
      limit = 50,
    ): Promise<{ offer: string[]; redeem: string[]; complete: string[] }> {
      const none = ['-'];
      const topups = P.join(products.topup.length ? [...products.topup] : none);
      const withdrawals = P.join(products.withdraw.length ? [...products.withdraw] : none);
      const [offer, redeem, complete] = await Promise.all([
        sql.query<{ id: string }>(P.sql`
          SELECT o.id FROM orders o
          WHERE o.product_id IN (${topups}) AND o.status = 'pending' AND o.verification = 'verified'
            AND o.assignee_id IS NULL AND o.updated_at >= ${sqlTime(since)}
            AND NOT EXISTS (SELECT 1 FROM fulfilments f WHERE f.order_id = o.id)
          ORDER BY o.updated_at LIMIT ${limit}`),
        sql.query<{ id: string }>(P.sql`
          SELECT o.id FROM orders o LEFT JOIN fulfilments f ON f.order_id = o.id
          WHERE o.product_id IN (${withdrawals}) AND o.status = 'pending' AND o.assignee_id IS NULL
            AND o.w_code IS NOT NULL AND o.onex_id IS NOT NULL AND o.updated_at >= ${sqlTime(since)}
            AND (f.order_id IS NULL OR (f.kind = 'payout' AND f.status = 'refused' AND f.refusals BETWEEN 1 AND ${maxRefusals}
              AND EXISTS (SELECT 1 FROM order_events e
                WHERE e.order_id = o.id AND e.from_status = 'waiting' AND e.to_status = 'pending' AND e.created_at > f.at)))
          ORDER BY o.updated_at LIMIT ${limit}`),
        sql.query<{ id: string }>(P.sql`
          SELECT o.id FROM orders o JOIN fulfilments f ON f.order_id = o.id
          WHERE o.status = 'pending' AND f.status = 'done'
            AND ((f.kind = 'deposit' AND o.product_id IN (${topups}))
              OR (f.kind = 'payout' AND o.product_id IN (${withdrawals}) AND o.payout_sms_trx_id IS NOT NULL))
          ORDER BY o.updated_at LIMIT ${limit}`),
      ]);
      const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
      return { offer: ids(offer), redeem: ids(redeem), complete: ids(complete) };
    },

    /** Takes the desk's lease for `ms` when nobody holds it (or the holder's ran out); true when taken. */
    async takeLease(currency: DeskCurrency, holder: string, ms: number): Promise<boolean> {
      const at = clock.now();
      const rows = await sql.query(P.sql`
        INSERT INTO cashdesk_leases (currency, holder, until) VALUES (${currency}, ${holder}, ${sqlTime(new Date(at.getTime() + ms))})
        ON CONFLICT (currency) DO UPDATE SET holder = excluded.holder, until = excluded.until WHERE cashdesk_leases.until <= ${sqlTime(at)}
        RETURNING holder`);
      return rows.length === 1;
    },

    /** Extends the desk's lease its holder still holds by `ms` from now; false when it is no longer theirs. */
    async renewLease(currency: DeskCurrency, holder: string, ms: number): Promise<boolean> {
      const rows = await sql.query(P.sql`
        UPDATE cashdesk_leases SET until = ${sqlTime(new Date(clock.now().getTime() + ms))}
        WHERE currency = ${currency} AND holder = ${holder} AND until > ${sqlTime(clock.now())} RETURNING holder`);
      return rows.length === 1;
    },

    async releaseLease(currency: DeskCurrency, holder: string): Promise<void> {
      await sql.query(
        P.sql`DELETE FROM cashdesk_leases WHERE currency = ${currency} AND holder = ${holder} RETURNING currency`,
      );
    },
  };
}
export type FulfilmentRepository = ReturnType<typeof createFulfilmentRepository>;
