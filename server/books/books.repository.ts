// The books' reads (decision 290): one Dhaka day out of the orders, the wallet phones' ledgers and the cash desks,
// as SQL aggregates over narrow partial indexes (migration 20261201500000) in one read-only REPEATABLE READ
// transaction, so every figure of an answer is of the same moment and no row of the day is loaded whole. Items
// behind a difference are read with a bound (BOOK_ITEMS_MAX) and counted in full. A day that has ended keeps what
// was read out of its own rows in `book_day_cache` until a write of that day bumps its generation (decision 310,
// triggers in migration 20261202200000); what comes from other days or from the phones themselves is read live.
// The books write only book_days and book_day_cache.
import { PRODUCT_IDS, productCurrency, productsOfKind } from '#shared/constants';
import { BOOK_ITEMS_MAX } from '#shared/books';
import Decimal from 'decimal.js';
import type { Prisma, SqlQueryer, SqlRunner, Transaction } from '../db/database.js';
import { sqlTime } from '../db/sql-time.js';
import { Prisma as P } from '../generated/prisma/client.js';
import { DESK_CURRENCIES, deliveredTo, readCashdesks, type CashdeskDay } from './cashdesk-figures.js';

/** A Dhaka day: [from, to). */
export interface BookWindow {
  from: Date;
  to: Date;
}

export interface CompletedRow {
  productId: string;
  count: number;
  byHand: number;
  pmAmount: string;
  amount: string;
}

export interface PhoneRow {
  id: string;
  name: string;
  account: string;
  number: string | null;
  anchorBalance: string | null;
  anchorAt: number | null;
  /** The anchor was stated inside the day: the day's ledger starts there. */
  anchorInDay: boolean;
  prevBalance: string | null;
  prevAt: number | null;
  creditCount: number;
  creditAmount: string;
  debitCount: number;
  debitAmount: string;
  fees: string;
  statedClosing: string | null;
  chainedClosing: string | null;
  gap: { from: number; to: number; sms_id: number; unexplained: string } | null;
  /** The day's messages that did not chain (a forged balance, a gap's first message, no anchor). */
  notChained: { id: number; amount: string; direction: string; ref: string | null }[];
  notChainedTotal: number;
}

export interface ItemRow {
  id: string;
  amount: string | null;
  /** An SMS's TrxID (the inbox finds it by that). */
  ref?: string | null;
}

/** One side of a check as the phones tell it: a sum, and the rows behind its difference. */
export interface MatchedSide {
  /** The orders' own figure (sum of pm_amount). */
  orders: string;
  ordersCount: number;
  /** The phones' figure: the matched messages' amounts plus those nobody claimed. */
  phones: string;
  /** Completed orders with no message behind them. */
  missing: ItemRow[];
  missingTotal: number;
  /** Messages behind no completed order of the day. */
  extra: ItemRow[];
  extraTotal: number;
}

export interface LateChangeRow {
  type: 'order' | 'sms';
  id: string;
  at: number;
  what: string;
}

export interface StoredBookDay {
  date: string;
  figures: unknown;
  note: string;
  closedBy: string | null;
  closedByName: string;
  closedAt: Date;
}

const TOPUPS = productsOfKind('topup');
const USD_PRODUCTS = PRODUCT_IDS.filter((id) => productCurrency(id) === 'USD');
const epoch = (column: string) => P.raw(`extract(epoch FROM ${column})::bigint::int`);

/** A phone's day as its own messages of the day tell it (what a day's answer keeps: nothing here reads another day). */
export type PhoneSteps = Pick<
  PhoneRow,
  | 'id'
  | 'creditCount'
  | 'creditAmount'
  | 'debitCount'
  | 'debitAmount'
  | 'fees'
  | 'statedClosing'
  | 'chainedClosing'
  | 'notChained'
  | 'notChainedTotal'
>;
type PhoneDevice = Omit<PhoneRow, keyof PhoneSteps> & { id: string };

const NO_STEPS: Omit<PhoneSteps, 'id'> = {
  creditCount: 0,
  creditAmount: '0',
  debitCount: 0,
  debitAmount: '0',
  fees: '0',
  statedClosing: null,
  chainedClosing: null,
  notChained: [],
  notChainedTotal: 0,
};

/** The day's ledger steps of every phone that has one: its messages of the day, after the anchor when it was stated that day. */
async function phoneSteps(q: SqlQueryer, w: BookWindow): Promise<PhoneSteps[]> {
  const from = sqlTime(w.from);
  const to = sqlTime(w.to);
  const stepsOf = P.sql`s.device_id = d.id AND s.ledger_direction IS NOT NULL AND s.received_at >= ${from} AND s.received_at < ${to}
    AND NOT (d.anchor_at >= ${from} AND d.anchor_at < ${to} AND s.id <= d.anchor_after_sms_id)`;
  const rows = await q.query<Omit<PhoneSteps, 'notChained'> & { notChained: PhoneRow['notChained'] | null }>(P.sql`
    SELECT d.id, steps.credit_count AS "creditCount", steps.credit_amount AS "creditAmount", steps.debit_count AS "debitCount",
      steps.debit_amount AS "debitAmount", steps.fees, last.balance::text AS "statedClosing", lastc.balance::text AS "chainedClosing",
      steps.odd AS "notChainedTotal",
      -- Read only where something did not chain: a day that balances scans its messages once.
      CASE WHEN steps.odd > 0 THEN (SELECT json_agg(json_build_object('id', x.id, 'amount', x.ledger_amount::text, 'direction', x.ledger_direction, 'ref', x.trx_id) ORDER BY x.received_at, x.id)
         FROM (SELECT s.id, s.ledger_amount, s.ledger_direction, s.received_at, s.trx_id FROM sms_messages s
               WHERE ${stepsOf} AND s.ledger_state IS DISTINCT FROM 'chained' ORDER BY s.received_at, s.id LIMIT ${BOOK_ITEMS_MAX}) x) END AS "notChained"
    FROM devices d
    JOIN LATERAL (
      SELECT (count(*) FILTER (WHERE s.ledger_direction = 'credit'))::int AS credit_count,
        coalesce(sum(s.ledger_amount) FILTER (WHERE s.ledger_direction = 'credit'), 0)::text AS credit_amount,
        (count(*) FILTER (WHERE s.ledger_direction = 'debit'))::int AS debit_count,
        coalesce(sum(s.ledger_amount) FILTER (WHERE s.ledger_direction = 'debit'), 0)::text AS debit_amount,
        coalesce(sum(s.ledger_fee), 0)::text AS fees,
        (count(*) FILTER (WHERE s.ledger_state IS DISTINCT FROM 'chained'))::int AS odd,
        count(*) AS n
      FROM sms_messages s WHERE ${stepsOf}) steps ON steps.n > 0
    LEFT JOIN LATERAL (
      SELECT s.balance FROM sms_messages s WHERE ${stepsOf} AND s.balance IS NOT NULL ORDER BY s.received_at DESC, s.id DESC LIMIT 1) last ON true
    LEFT JOIN LATERAL (
      SELECT s.balance FROM sms_messages s WHERE ${stepsOf} AND s.ledger_state = 'chained' ORDER BY s.received_at DESC, s.id DESC LIMIT 1) lastc ON true`);
  return rows.map((r) => ({ ...r, notChained: r.notChained ?? [] }));
}

/**
 * The phones of a day as they stand now: who they are, their anchor, the last chained balance before the day (an
 * earlier day's message: read live, never kept with the day) and their open gap.
 */
async function phoneDevices(q: SqlQueryer, w: BookWindow): Promise<PhoneDevice[]> {
  const from = sqlTime(w.from);
  const to = sqlTime(w.to);
  return q.query<PhoneDevice>(P.sql`
    SELECT d.id, d.name, d.account, pn.wallet AS number, d.anchor_balance::text AS "anchorBalance",
      ${epoch('d.anchor_at')} AS "anchorAt", coalesce(d.anchor_at >= ${from} AND d.anchor_at < ${to}, false) AS "anchorInDay",
      prev.balance::text AS "prevBalance", ${epoch('prev.received_at')} AS "prevAt", d.ledger_gap AS gap
    FROM devices d
    LEFT JOIN payment_numbers pn ON pn.id = d.number_id
    LEFT JOIN LATERAL (
      SELECT s.balance, s.received_at FROM sms_messages s
      WHERE s.device_id = d.id AND s.ledger_direction IS NOT NULL AND s.ledger_state = 'chained' AND s.received_at < ${from}
      ORDER BY s.received_at DESC, s.id DESC LIMIT 1) prev ON true
    WHERE d.created_at < ${to} AND (d.revoked_at IS NULL OR d.revoked_at >= ${from})
    ORDER BY d.account, d.name, d.id`);
}

/** Delivered orders of a currency against the desk's done operations of that kind. */
export interface DeskMatch {
  currency: string;
  /** Sum of the orders' `amount` (the product's currency). */
  orders: string;
  /** Sum of the desk's operations' |amount| behind those orders, plus the day's operations behind none. */
  desk: string;
  /** Orders with no done operation, or whose operation moved another amount: `amount` is desk − order. */
  orphanOrders: ItemRow[];
  orphanOrdersTotal: number;
  /** Done operations behind no order completed that day. */
  orphanOperations: ItemRow[];
  orphanOperationsTotal: number;
}

interface OrdersSideRow {
  groups:
    | {
        productId: string;
        count: number;
        byHand: number;
        pmAmount: string;
        amount: string;
        proven: string;
        desk: string;
      }[]
    | null;
  noProof: { topup: boolean; id: string; amount: string }[] | null;
  noProofTotal: { topup: boolean; n: number }[] | null;
  noDesk: { topup: boolean; currency: string; id: string; amount: string }[] | null;
  noDeskTotal: { topup: boolean; currency: string; n: number }[] | null;
}

/**
 * The day's completed orders in one pass: each with its proving message (a top-up's verifying credit, a withdrawal's
 * Send Money debit) and its desk operations, summed per product; the orders behind a difference, bounded per kind.
 */
async function ordersSide(q: SqlQueryer, w: BookWindow): Promise<OrdersSideRow> {
  const completedIn = P.sql`FROM order_events e
    WHERE e.kind = 'status' AND e.to_status = 'complete' AND e.created_at >= ${sqlTime(w.from)} AND e.created_at < ${sqlTime(w.to)}`;
  const rows = await q.query<OrdersSideRow>(P.sql`
    WITH completed AS MATERIALIZED (SELECT e.order_id, e.actor ${completedIn}),
      -- The completions read again rather than from the CTE: a CTE has no statistics, so the planner took it for 200
      -- orders and looked each one's operations up by index (100,000 lookups); read from the table it hashes them.
      done AS (${deliveredTo(P.sql`SELECT e.order_id ${completedIn}`)}),
      c AS MATERIALIZED (
        SELECT o.id, o.product_id, o.amount, o.pm_amount, e.actor, o.product_id IN (${P.join(TOPUPS)}) AS topup,
          CASE WHEN o.product_id IN (${P.join(USD_PRODUCTS)}) THEN 'USD' ELSE 'BDT' END AS currency,
          s.id AS sms_id, coalesce(s.ledger_amount, s.amount) AS sms_amount, d.desk
        FROM completed e
        JOIN orders o ON o.id = e.order_id
        LEFT JOIN sms_messages s ON s.id = CASE WHEN o.product_id IN (${P.join(TOPUPS)}) THEN o.verification_sms_id ELSE o.payout_sms_id END
        LEFT JOIN done d ON d.order_id = o.id AND d.kind = CASE WHEN o.product_id IN (${P.join(TOPUPS)}) THEN 'deposit' ELSE 'payout' END
        ),
      bad AS MATERIALIZED (
        SELECT id, topup, currency, sms_id IS NULL OR sms_amount <> pm_amount AS no_proof, (coalesce(sms_amount, 0) - pm_amount)::text AS proof_gap,
          desk IS NULL OR desk <> amount AS no_desk, (coalesce(desk, 0) - amount)::text AS desk_gap
        FROM c WHERE sms_id IS NULL OR sms_amount <> pm_amount OR desk IS NULL OR desk <> amount)
    SELECT
      (SELECT json_agg(json_build_object('productId', product_id, 'count', n, 'byHand', by_hand, 'pmAmount', pm::text, 'amount', amt::text, 'proven', proven::text, 'desk', desk::text) ORDER BY product_id)
       FROM (SELECT product_id, count(*) AS n, count(*) FILTER (WHERE actor <> 'system') AS by_hand, sum(pm_amount) AS pm, sum(amount) AS amt,
               coalesce(sum(sms_amount), 0) AS proven, coalesce(sum(desk), 0) AS desk FROM c GROUP BY product_id) g) AS groups,
      -- The first orders of each kind (and currency) by id: a top-N per part, not a sort of every order behind a difference.
      (SELECT json_agg(x ORDER BY x.topup, x.id) FROM (VALUES (true), (false)) k(topup)
        CROSS JOIN LATERAL (SELECT b.topup, b.id, b.proof_gap AS amount FROM bad b WHERE b.no_proof AND b.topup = k.topup ORDER BY b.id LIMIT ${BOOK_ITEMS_MAX}) x) AS "noProof",
      (SELECT json_agg(json_build_object('topup', topup, 'n', n)) FROM (SELECT topup, count(*) AS n FROM bad WHERE no_proof GROUP BY topup) x) AS "noProofTotal",
      (SELECT json_agg(x ORDER BY x.topup, x.currency, x.id) FROM (VALUES (true), (false)) k(topup) CROSS JOIN (VALUES ${P.join(DESK_CURRENCIES.map((c) => P.sql`(${c})`))}) m(currency)
        CROSS JOIN LATERAL (SELECT b.topup, b.currency, b.id, b.desk_gap AS amount FROM bad b WHERE b.no_desk AND b.topup = k.topup AND b.currency = m.currency
                            ORDER BY b.id LIMIT ${BOOK_ITEMS_MAX}) x) AS "noDesk",
      (SELECT json_agg(json_build_object('topup', topup, 'currency', currency, 'n', n)) FROM (SELECT topup, currency, count(*) AS n FROM bad WHERE no_desk GROUP BY topup, currency) x) AS "noDeskTotal"`);
  return rows[0];
}

interface OrphanMessagesRow {
  unclaimedSum: string;
  unclaimed: ItemRow[] | null;
  unclaimedTotal: number;
  unprovenSum: string;
  unproven: ItemRow[] | null;
  unprovenTotal: number;
}

/** The day's payment SMS no order took, and its Send Money debits that proved no payout. */
async function orphanMessages(q: SqlQueryer, w: BookWindow): Promise<OrphanMessagesRow> {
  const from = sqlTime(w.from);
  const to = sqlTime(w.to);
  const rows = await q.query<OrphanMessagesRow>(P.sql`
    WITH u AS MATERIALIZED (SELECT s.id, s.amount, s.trx_id FROM sms_messages s WHERE s.parse_kind = 'payment' AND s.order_id IS NULL
          AND s.received_at >= ${from} AND s.received_at < ${to}),
      p AS MATERIALIZED (SELECT s.id, coalesce(s.ledger_amount, s.amount) AS amount, s.trx_id FROM sms_messages s WHERE s.debit_type = 'send_money'
          AND s.received_at >= ${from} AND s.received_at < ${to} AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.payout_sms_id = s.id))
    SELECT (SELECT coalesce(sum(amount), 0)::text FROM u) AS "unclaimedSum", (SELECT count(*)::int FROM u) AS "unclaimedTotal",
      (SELECT json_agg(json_build_object('id', y.id::text, 'amount', y.amount::text, 'ref', y.trx_id)) FROM (SELECT * FROM u ORDER BY id LIMIT ${BOOK_ITEMS_MAX}) y) AS unclaimed,
      (SELECT coalesce(sum(amount), 0)::text FROM p) AS "unprovenSum", (SELECT count(*)::int FROM p) AS "unprovenTotal",
      (SELECT json_agg(json_build_object('id', y.id::text, 'amount', y.amount::text, 'ref', y.trx_id)) FROM (SELECT * FROM p ORDER BY id LIMIT ${BOOK_ITEMS_MAX}) y) AS unproven`);
  return rows[0];
}

/** Orders placed or completed in the day whose timeline moved after `since`, and messages of the day that arrived after it. */
async function lateChanges(q: SqlQueryer, w: BookWindow, since: Date): Promise<LateChangeRow[]> {
  const from = sqlTime(w.from);
  const to = sqlTime(w.to);
  return q.query<LateChangeRow>(P.sql`
    (SELECT 'order' AS type, e.order_id AS id, ${epoch('e.created_at')} AS at, 'order_event:' || e.kind || ':' || e.to_status AS what
     FROM order_events e JOIN orders o ON o.id = e.order_id
     WHERE e.created_at > ${sqlTime(since)} AND ((o.created_at >= ${from} AND o.created_at < ${to})
       OR EXISTS (SELECT 1 FROM order_events c WHERE c.order_id = o.id AND c.kind = 'status' AND c.to_status = 'complete' AND c.created_at >= ${from} AND c.created_at < ${to}))
     ORDER BY e.id LIMIT ${BOOK_ITEMS_MAX})
    UNION ALL
    (SELECT 'sms' AS type, s.id::text AS id, ${epoch('s.created_at')} AS at, 'late_sms' AS what FROM sms_messages s
     WHERE s.created_at > ${sqlTime(since)} AND s.received_at >= ${from} AND s.received_at < ${to} AND s.parse_kind IN ('payment', 'debit')
     ORDER BY s.id LIMIT ${BOOK_ITEMS_MAX})`);
}

export interface BookDayFigures {
  completed: CompletedRow[];
  phones: PhoneRow[];
  topups: MatchedSide;
  withdrawals: MatchedSide;
  deposits: DeskMatch[];
  payouts: DeskMatch[];
  cashdesks: CashdeskDay;
}

/** The statements' parts arranged as the rule reads them. */
function arrange(o: OrdersSideRow, m: OrphanMessagesRow, desk: CashdeskDay): Omit<BookDayFigures, 'phones'> {
  const groups = o.groups ?? [];
  const sum = (rows: typeof groups, pick: (g: (typeof groups)[number]) => string) =>
    rows.reduce((t, g) => t.plus(pick(g)), new Decimal(0));
  const ofKind = (topup: boolean) =>
    groups.filter((g) => TOPUPS.includes(g.productId as (typeof TOPUPS)[number]) === topup);
  const side = (topup: boolean, extraSum: string, extra: ItemRow[] | null, extraTotal: number): MatchedSide => ({
    orders: sum(ofKind(topup), (g) => g.pmAmount).toFixed(2),
    ordersCount: ofKind(topup).reduce((n, g) => n + g.count, 0),
    phones: sum(ofKind(topup), (g) => g.proven)
      .plus(extraSum)
      .toFixed(2),
    missing: (o.noProof ?? []).filter((r) => r.topup === topup).map((r) => ({ id: r.id, amount: r.amount })),
    missingTotal: (o.noProofTotal ?? []).find((r) => r.topup === topup)?.n ?? 0,
    extra: extra ?? [],
    extraTotal,
  });
  const match = (topup: boolean, orphans: CashdeskDay['orphanDeposits']): DeskMatch[] =>
    DESK_CURRENCIES.map((currency) => {
      const rows = ofKind(topup).filter(
        (g) => (USD_PRODUCTS.includes(g.productId as (typeof USD_PRODUCTS)[number]) ? 'USD' : 'BDT') === currency,
      );
      const orphan = orphans.find((x) => x.currency === currency);
      return {
        currency,
        orders: sum(rows, (g) => g.amount).toFixed(2),
        desk: sum(rows, (g) => g.desk)
          .plus(orphan?.amount ?? 0)
          .toFixed(2),
        orphanOrders: (o.noDesk ?? [])
          .filter((r) => r.topup === topup && r.currency === currency)
          .map((r) => ({ id: r.id, amount: r.amount })),
        orphanOrdersTotal: (o.noDeskTotal ?? []).find((r) => r.topup === topup && r.currency === currency)?.n ?? 0,
        orphanOperations: orphan?.operations ?? [],
        orphanOperationsTotal: orphan?.total ?? 0,
      };
    });
  return {
    completed: groups.map((g) => ({
      productId: g.productId,
      count: g.count,
      byHand: g.byHand,
      pmAmount: g.pmAmount,
      amount: g.amount,
    })),
    topups: side(true, m.unclaimedSum, m.unclaimed, m.unclaimedTotal),
    withdrawals: side(false, m.unprovenSum, m.unproven, m.unprovenTotal),
    deposits: match(true, desk.orphanDeposits),
    payouts: match(false, desk.orphanPayouts),
    cashdesks: desk,
  };
}

/** What a day's answer keeps (decision 310): everything read out of that day's own rows. */
export interface DayAggregates {
  orders: OrdersSideRow;
  messages: OrphanMessagesRow;
  desk: CashdeskDay;
  steps: PhoneSteps[];
}

async function aggregates(q: SqlQueryer, w: BookWindow): Promise<DayAggregates> {
  // One after the other: a transaction is one connection.
  const orders = await ordersSide(q, w);
  const messages = await orphanMessages(q, w);
  const desk = await readCashdesks(q, w);
  return { orders, messages, desk, steps: await phoneSteps(q, w) };
}

function figuresOf(a: DayAggregates, devices: PhoneDevice[]): BookDayFigures {
  const steps = new Map(a.steps.map((s) => [s.id, s]));
  return {
    ...arrange(a.orders, a.messages, a.desk),
    phones: devices.map((d) => ({ ...NO_STEPS, ...d, ...steps.get(d.id), id: d.id })),
  };
}

/** A kept answer of a day that has ended, and whether it is still the day's (nothing of the day written since). */
interface CacheRow {
  generation: string;
  computed: string | null;
  aggregates: DayAggregates | null;
}

/**
 * Days kept once they ended more than this long ago: a writer whose transaction began before midnight and commits
 * after it did not mark the day (it was today when its trigger ran); a transaction lasting this long is refused long
 * before (statement timeouts), so a kept day can never miss one.
 */
const KEEP_AFTER = '10 minutes';

export function createBooksRepository(prisma: Prisma, sql: SqlRunner) {
  /** Every figure of a day in one snapshot: the kept aggregates where they are still the day's, else read and kept. */
  async function readDay(w: BookWindow, date: string, keep: boolean): Promise<BookDayFigures> {
    // The row exists before the snapshot is taken: a writer committing after the snapshot bumps its generation (a
    // writer inserting it first makes this wait for its commit, so the snapshot holds that write).
    const [{ kept }] = keep
      ? await sql.query<{ kept: boolean }>(P.sql`
          WITH ended AS (SELECT ${date}::text AS date WHERE ${sqlTime(w.to)} + interval '${P.raw(KEEP_AFTER)}' <= (clock_timestamp() AT TIME ZONE 'UTC')::timestamp),
            ins AS (INSERT INTO book_day_cache (date) SELECT date FROM ended ON CONFLICT (date) DO NOTHING)
          SELECT EXISTS (SELECT 1 FROM ended) AS kept`)
      : [{ kept: false }];
    const { figures, store } = await sql.transaction(async (q) => {
      await q.query(P.sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY`);
      // A day's aggregates are few statements over many rows: PostgreSQL's JIT compiled the desks' statement for
      // longer than it ran (0.55 of its 0.75 s at 100,000 operations), and the default work_mem sent the orders'
      // hash aggregates to disk. And the statements are prepared per connection (decision 203): after five reads
      // PostgreSQL may plan them once for any day, without the day's row counts (the deliveries looked up one by one
      // again). All three only for this transaction.
      await q.query(P.sql`SET LOCAL jit = off`);
      await q.query(P.sql`SET LOCAL work_mem = '32MB'`);
      await q.query(P.sql`SET LOCAL plan_cache_mode = force_custom_plan`);
      const [row] = kept
        ? await q.query<CacheRow>(
            P.sql`SELECT generation::text, computed_generation::text AS computed, figures AS aggregates FROM book_day_cache WHERE date = ${date}`,
          )
        : [];
      const fresh = row?.computed === row?.generation && row?.aggregates ? null : await aggregates(q, w);
      const devices = await phoneDevices(q, w);
      return {
        figures: figuresOf(fresh ?? row!.aggregates!, devices),
        store: fresh && row ? { aggregates: fresh, generation: row.generation } : null,
      };
    });
    if (store) {
      // Kept only if no write of the day came after the snapshot (it would have moved the generation).
      await sql.query(P.sql`UPDATE book_day_cache SET figures = ${JSON.stringify(store.aggregates)}::jsonb, computed_generation = generation
        WHERE date = ${date} AND generation = ${store.generation}::bigint`);
    }
    return figures;
  }

  /** Per day: the read that has not begun yet (every caller that arrives before it begins shares it), and the one under way. */
  const waiting = new Map<string, Promise<BookDayFigures>>();
  const running = new Map<string, Promise<BookDayFigures>>();

  /**
   * Concurrent reads of one day share one read (decision 312): a caller joins the read that has not begun yet, which
   * begins once the one under way ends. Every answer is still a read whose snapshot was taken after its caller
   * arrived, so none misses a write committed before it asked; a day that cannot be kept (today) is computed once
   * per turn instead of once per caller.
   */
  function sharedReadDay(w: BookWindow, date: string): Promise<BookDayFigures> {
    const queued = waiting.get(date);
    if (queued) return queued;
    const before = running.get(date) ?? Promise.resolve();
    const next = before
      .catch(() => undefined)
      .then(() => {
        waiting.delete(date);
        const read = readDay(w, date, true).finally(() => {
          if (running.get(date) === read) running.delete(date);
        });
        running.set(date, read);
        return read;
      });
    waiting.set(date, next);
    return next;
  }

  return {
    /** Every figure of one day, read in one snapshot; a day that has ended is read once and kept until it changes. */
    readDay: sharedReadDay,

    /** The same figures recomputed from the rows, never kept: what the kept answer must always equal. */
    recomputeDay: (w: BookWindow, date: string) => readDay(w, date, false),

    lateChanges(w: BookWindow, since: Date): Promise<LateChangeRow[]> {
      return sql.transaction((q) => lateChanges(q, w, since));
    },

    async find(date: string): Promise<StoredBookDay | null> {
      return prisma.bookDay.findUnique({ where: { date } });
    },

    async findRange(from: string, to: string): Promise<StoredBookDay[]> {
      return prisma.bookDay.findMany({ where: { date: { gte: from, lte: to } }, orderBy: { date: 'asc' } });
    },

    /**
     * Stores a closed day once, with its audit entry in the same transaction; 'closed' when it was closed already
     * (two admins closing at once: one wins).
     */
    async close(day: StoredBookDay, audit: (tx: Transaction) => Promise<void>): Promise<'closed' | StoredBookDay> {
      return prisma.$transaction(async (tx) => {
        const inserted = await tx.$executeRaw`
          INSERT INTO book_days (date, figures, note, closed_by, closed_by_name, closed_at)
          VALUES (${day.date}, ${JSON.stringify(day.figures)}::jsonb, ${day.note}, ${day.closedBy}, ${day.closedByName}, ${sqlTime(day.closedAt)})
          ON CONFLICT (date) DO NOTHING`;
        if (inserted === 0) return 'closed' as const;
        await audit(tx);
        return day;
      });
    },
  };
}
export type BooksRepository = ReturnType<typeof createBooksRepository>;
