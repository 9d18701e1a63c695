// Orders and their event timeline in the database. Every status change happens here, as one conditional update
// plus its event in one transaction, so that two concurrent actions can never both succeed (design §6).
import { PRODUCT_IDS, productKind } from '#shared/constants';
import { toAsciiDigits } from '#shared/digits';
import type { OrderFilter } from '#shared/order-filters';
import type { CancelReason } from '#shared/schemas';
import { VERIFICATION_STATUSES } from '#shared/sms/sms-api';
import { ORDER_TRANSITIONS, type OrderActor, type OrderStatus, type OrderTransition } from '#shared/order-status';
import type { Prisma, Transaction } from '../db/database.js';
import { sqlTime, sqlTimeText } from '../db/sql-time.js';
import { Prisma as P } from '../generated/prisma/client.js';

export interface OrderEventRecord {
  fromStatus: OrderStatus | null;
  toStatus: OrderStatus;
  actor: OrderActor;
  actorId: string | null;
  /** `status` for a move; `sms_linked`, `late_claim` for entries that change no status. */
  kind: string;
  note: string | null;
  createdAt: Date;
}

/** The SMS an order's verification points at (the verifying one, or the one whose amount differs). */
export interface VerificationSmsRecord {
  id: number;
  amount: string | null;
  sender: string | null;
  receivedAt: Date;
}

export interface OrderRecord {
  id: string;
  productId: string;
  userId: string | null;
  status: OrderStatus;
  createdAt: Date;
  lastTime: Date;
  pmMethod: string;
  pmWallet: string;
  pmCoin: string;
  amount: string;
  rate: string;
  pmAmount: string;
  pmId: string | null;
  contactEmail: string;
  onexId: string | null;
  wallet: string | null;
  wCode: string | null;
  note: string | null;
  verification: string;
  verificationSms: VerificationSmsRecord | null;
  lateClaimAt: Date | null;
  payoutTrxId: string | null;
  cancelReason: CancelReason | null;
  cancelNote: string | null;
  events: OrderEventRecord[];
}

export interface RecentOrderRecord {
  productId: string;
  createdAt: Date;
  amount: string;
  pmAmount: string;
  status: OrderStatus;
  userName: string | null;
  userLogo: string | null;
}

export interface NewOrder {
  id: string;
  productId: string;
  userId: string | null;
  lastTime: Date;
  pmMethod: string;
  pmWallet: string;
  pmCoin: string;
  amount: string;
  rate: string;
  pmAmount: string;
  contactEmail: string;
  onexId: string | null;
  wallet: string | null;
}

/** The fields a transition may set besides the status. */
export interface TransitionData {
  pmId?: string;
  onexId?: string;
  wCode?: string;
  payoutTrxId?: string;
  /** A top-up's id submitted: it now waits for its SMS (server/sms reconciles after the commit). */
  verification?: 'awaiting_sms';
  cancelReason?: CancelReason;
  cancelNote?: string;
}

export interface TransitionRequest {
  id: string;
  /** The rule of the shared table (ORDER_TRANSITIONS) to apply: its name is the command's name. */
  name: OrderTransition;
  actorId: string | null;
  data?: TransitionData;
  /** Why, recorded on the event (the admin's reason to reopen). */
  note?: string;
  /**
   * Another write that must commit or roll back with the move (e.g. an audit row); runs after the event row,
   * inside the same transaction.
   */
  alsoInTransaction?: (tx: Transaction, moved: OrderRecord) => Promise<void>;
}

export type TransitionOutcome =
  | { outcome: 'moved'; order: OrderRecord }
  | { outcome: 'conflict' | 'notFound' | 'pmIdUsed' };

/** One line of a user's history on the admin's user page; decimals as strings, exact. */
export interface UserOrderSummaryRecord {
  id: string;
  createdAt: Date;
  productId: string;
  status: OrderStatus;
  pmAmount: string;
  amount: string;
}

/** A customer as the admin's order list shows them. */
export interface OrderCustomerRecord {
  id: string;
  num: number;
  name: string;
  email: string;
  orderCount: number;
}

/** The admin's queue: the statuses, and timed-out orders with a recent "paid late" claim (issue 9 rule 4, decision 103). */
function queueWhere(statuses: readonly OrderStatus[], lateClaimsSince?: Date): P.OrderWhereInput {
  return lateClaimsSince
    ? { OR: [{ status: { in: [...statuses] } }, { status: 'timedout', lateClaimAt: { gte: lateClaimsSince } }] }
    : { status: { in: [...statuses] } };
}

const TOPUP_PRODUCTS = PRODUCT_IDS.filter((id) => productKind(id) === 'topup');
const UNVERIFIED = VERIFICATION_STATUSES.filter((status) => status !== 'verified');

/** The Prisma `where` of the admin's history filters (issue 10); every column it compares is indexed. */
function filterWhere(f: OrderFilter): P.OrderWhereInput {
  const and: P.OrderWhereInput[] = [];
  if (f.status && f.status !== 'all') and.push({ status: f.status });
  if (f.product) and.push({ productId: f.product });
  if (f.method) and.push({ pmMethod: f.method });
  if (f.from !== undefined) and.push({ createdAt: { gte: new Date(f.from * 1000) } });
  // `to` is inclusive of its whole second.
  if (f.to !== undefined) and.push({ createdAt: { lt: new Date((f.to + 1) * 1000) } });
  // Listed values rather than `<>`, so the (verification, created_at) index serves both answers (decision 123).
  if (f.verified === true) and.push({ verification: 'verified' });
  if (f.verified === false) and.push({ verification: { in: UNVERIFIED }, productId: { in: TOPUP_PRODUCTS } });
  if (f.q) {
    const q = f.q;
    const digits = toAsciiDigits(q);
    const exact = [...new Set([q, digits])];
    and.push({
      OR: [
        { id: { startsWith: q } },
        { pmId: { in: exact } },
        { onexId: { in: exact } },
        { wallet: { in: exact } },
        { contactEmail: { contains: q.toLowerCase() } },
        { user: { is: { name: { contains: q, mode: 'insensitive' } } } },
        { user: { is: { email: { contains: q.toLowerCase() } } } },
      ],
    });
  }
  return and.length > 0 ? { AND: and } : {};
}

class PmIdUsed extends Error {}

/** The SET items of a transition's extra fields, by column. */
const TRANSITION_COLUMNS: Record<keyof TransitionData, string> = {
  pmId: 'pm_id',
  onexId: 'onex_id',
  wCode: 'w_code',
  payoutTrxId: 'payout_trx_id',
  verification: 'verification',
  cancelReason: 'cancel_reason',
  cancelNote: 'cancel_note',
};
function transitionSets(data: TransitionData | undefined): P.Sql[] {
  if (!data) return [];
  return (Object.keys(data) as (keyof TransitionData)[])
    .filter((key) => data[key] !== undefined)
    .map((key) => P.sql`${P.raw(TRANSITION_COLUMNS[key])} = ${data[key]}`);
}

function isUniqueViolation(error: unknown): boolean {
  if (error instanceof P.PrismaClientKnownRequestError) {
    if (error.code === 'P2002') return true;
    // A raw statement's violation: P2010 with the driver's SQLSTATE underneath.
    const cause = (error.meta as { driverAdapterError?: { cause?: { code?: unknown; kind?: unknown } } } | undefined)?.driverAdapterError?.cause;
    return error.code === 'P2010' && (cause?.code === '23505' || cause?.kind === 'UniqueConstraintViolation');
  }
  const e = error as { code?: unknown; message?: unknown } | null;
  return e?.code === '23505' || (typeof e?.message === 'string' && /unique constraint/i.test(e.message));
}

type Dec = { toString(): string };
type OrderRow = Omit<OrderRecord, 'amount' | 'rate' | 'pmAmount' | 'status' | 'events' | 'verificationSms' | 'cancelReason'> & {
  status: string;
  cancelReason: string | null;
  amount: Dec;
  rate: Dec;
  pmAmount: Dec;
  verificationSms: { id: number; amount: Dec | null; sender: string | null; receivedAt: Date } | null;
  events: { fromStatus: string | null; toStatus: string; actor: string; actorId: string | null; kind: string; note: string | null; createdAt: Date }[];
};

const withEvents = {
  events: { orderBy: { id: 'asc' as const } },
  verificationSms: { select: { id: true, amount: true, sender: true, receivedAt: true } },
};

function toRecord(row: OrderRow): OrderRecord {
  return {
    id: row.id,
    productId: row.productId,
    userId: row.userId,
    status: row.status as OrderStatus,
    createdAt: row.createdAt,
    lastTime: row.lastTime,
    pmMethod: row.pmMethod,
    pmWallet: row.pmWallet,
    pmCoin: row.pmCoin,
    amount: row.amount.toString(),
    rate: row.rate.toString(),
    pmAmount: row.pmAmount.toString(),
    pmId: row.pmId,
    contactEmail: row.contactEmail,
    onexId: row.onexId,
    wallet: row.wallet,
    wCode: row.wCode,
    note: row.note,
    verification: row.verification,
    verificationSms: row.verificationSms
      ? {
          id: row.verificationSms.id,
          amount: row.verificationSms.amount?.toString() ?? null,
          sender: row.verificationSms.sender,
          receivedAt: row.verificationSms.receivedAt,
        }
      : null,
    lateClaimAt: row.lateClaimAt,
    payoutTrxId: row.payoutTrxId,
    cancelReason: row.cancelReason as CancelReason | null,
    cancelNote: row.cancelNote,
    events: row.events.map((e) => ({
      fromStatus: e.fromStatus as OrderStatus | null,
      toStatus: e.toStatus as OrderStatus,
      actor: e.actor as OrderActor,
      actorId: e.actorId,
      kind: e.kind,
      note: e.note,
      createdAt: e.createdAt,
    })),
  };
}

const TIME_COLUMNS = new Set(['created_at', 'last_time', 'late_claim_at']);

/** The order columns of applyTransition's statement, named as Prisma names them (toRecord reads them); times as text. */
const MOVED_COLUMNS = P.join(
  [
    ['id', 'id'],
    ['product_id', 'productId'],
    ['user_id', 'userId'],
    ['status', 'status'],
    ['created_at', 'createdAt'],
    ['last_time', 'lastTime'],
    ['pm_method', 'pmMethod'],
    ['pm_wallet', 'pmWallet'],
    ['pm_coin', 'pmCoin'],
    ['amount', 'amount'],
    ['rate', 'rate'],
    ['pm_amount', 'pmAmount'],
    ['pm_id', 'pmId'],
    ['contact_email', 'contactEmail'],
    ['onex_id', 'onexId'],
    ['wallet', 'wallet'],
    ['w_code', 'wCode'],
    ['note', 'note'],
    ['verification', 'verification'],
    ['late_claim_at', 'lateClaimAt'],
    ['payout_trx_id', 'payoutTrxId'],
    ['cancel_reason', 'cancelReason'],
    ['cancel_note', 'cancelNote'],
  ]
    .map(([column, name]) => P.sql`${TIME_COLUMNS.has(column) ? sqlTimeText(`m.${column}`) : P.raw(`m.${column}`)} AS ${P.raw(`"${name}"`)}`),
  ', ',
);

type Times<T, K extends keyof T> = Omit<T, K> & { [P in K]: T[P] extends Date ? string : string | null };
/** The row of applyTransition's statement: times as UTC text (sqlTimeText), the events as JSON. */
type MovedRow = Times<Omit<OrderRow, 'events' | 'verificationSms'>, 'createdAt' | 'lastTime' | 'lateClaimAt'> & {
  events: Times<OrderRow['events'][number], 'createdAt'>[];
  smsId: number | null;
  smsAmount: Dec | null;
  smsSender: string | null;
  smsReceivedAt: string | null;
};

function movedRecord(row: MovedRow): OrderRecord {
  const { events, smsId, smsAmount, smsSender, smsReceivedAt, createdAt, lastTime, lateClaimAt, ...order } = row;
  return toRecord({
    ...order,
    createdAt: new Date(createdAt),
    lastTime: new Date(lastTime),
    lateClaimAt: lateClaimAt === null ? null : new Date(lateClaimAt),
    events: events.map((e) => ({ ...e, createdAt: new Date(e.createdAt) })),
    verificationSms: smsId === null ? null : { id: smsId, amount: smsAmount, sender: smsSender, receivedAt: new Date(smsReceivedAt!) },
  });
}

export function createOrdersRepository(prisma: Prisma) {
  return {
    /**
     * Inserts a waiting order and its first event (null → waiting) together; returns it as stored.
     * With `cap` (a top-up), the payment method's row is locked first and the day's waiting, pending and complete
     * top-ups with it are counted in the same transaction: concurrent orders queue on the lock, so a cap is never
     * overshot ('limitReached' then, and nothing is written).
     */
    async create(order: NewOrder, actorId: string | null, cap?: { dayStart: Date; createdAt: Date }): Promise<OrderRecord | 'limitReached'> {
      return prisma.$transaction(async (tx) => {
        if (cap) {
          const limits = await tx.$queryRaw<{ count_limit: number | null; amount_limit: string | null }[]>`
            SELECT daily_count_limit AS count_limit, daily_amount_limit::text AS amount_limit
            FROM payment_methods WHERE account = ${order.pmMethod} FOR UPDATE`;
          const limit = limits[0];
          if (limit && (limit.count_limit !== null || limit.amount_limit !== null)) {
            const [used] = await tx.$queryRaw<{ over_count: boolean; over_amount: boolean }[]>`
              SELECT (${limit.count_limit}::int IS NOT NULL AND count(*) + 1 > ${limit.count_limit}::int) AS over_count,
                     (${limit.amount_limit}::numeric IS NOT NULL
                       AND COALESCE(sum(pm_amount), 0) + ${order.pmAmount}::numeric > ${limit.amount_limit}::numeric) AS over_amount
              FROM orders
              WHERE pm_method = ${order.pmMethod} AND product_id IN (${P.join(TOPUP_PRODUCTS)})
                AND status IN ('waiting', 'pending', 'complete')
                AND created_at >= ${sqlTime(cap.dayStart)}
                AND created_at <= ${sqlTime(cap.createdAt)}`;
            if (used.over_count || used.over_amount) return 'limitReached';
          }
        }
        await tx.order.create({ data: { ...order, status: 'waiting', ...(cap ? { createdAt: cap.createdAt } : {}) } });
        await tx.orderEvent.create({ data: { orderId: order.id, fromStatus: null, toStatus: 'waiting', actor: 'customer', actorId } });
        return toRecord(await tx.order.findUniqueOrThrow({ where: { id: order.id }, include: withEvents }));
      });
    },

    async findById(id: string): Promise<OrderRecord | null> {
      const row = await prisma.order.findUnique({ where: { id }, include: withEvents });
      return row ? toRecord(row) : null;
    },

    async findByIds(ids: string[]): Promise<OrderRecord[]> {
      if (ids.length === 0) return [];
      const rows = await prisma.order.findMany({ where: { id: { in: ids } }, include: withEvents });
      return rows.map(toRecord);
    },

    async exists(id: string): Promise<boolean> {
      return (await prisma.order.count({ where: { id } })) === 1;
    },

    /**
     * The one place a status changes: the named rule of ORDER_TRANSITIONS as `UPDATE … WHERE id AND status IN
     * (from)`, its event row, and the order as it now stands, in one transaction. A reused pm_id (unique per
     * method) rolls everything back. A waiting order whose time has run out is moved by the timeout alone.
     */
    async applyTransition(t: TransitionRequest): Promise<TransitionOutcome> {
      const rule = ORDER_TRANSITIONS[t.name];
      try {
        return await prisma.$transaction(async (tx): Promise<TransitionOutcome> => {
          // Lock the row so the event records the status it really left (a transition may start from several).
          // A statement of its own: the next one's snapshot then holds every change committed before the lock.
          const locked = await tx.$queryRaw<{ status: string }[]>`SELECT status FROM orders WHERE id = ${t.id} FOR UPDATE`;
          if (locked.length === 0) return { outcome: 'notFound' };
          const fromStatus = locked[0].status as OrderStatus;
          if (!(rule.from as readonly OrderStatus[]).includes(fromStatus)) return { outcome: 'conflict' };
          const now = new Date();
          const waitingTime =
            rule.by === 'system' ? P.sql`AND last_time < ${sqlTime(now)}` : fromStatus === 'waiting' ? P.sql`AND last_time >= ${sqlTime(now)}` : P.empty;
          let rows: MovedRow[];
          try {
            // The guarded update, its event row and the order as it now stands, in one statement (decision 127):
            // the conditional update stays the guard, it changes nothing unless the status is still allowed.
            rows = await tx.$queryRaw<MovedRow[]>`
              WITH moved AS (
                UPDATE orders SET ${P.join([P.sql`status = ${rule.to}`, P.sql`updated_at = ${sqlTime(now)}`, ...transitionSets(t.data)], ', ')}
                WHERE id = ${t.id} AND status IN (${P.join([...rule.from])}) ${waitingTime}
                RETURNING *
              ), event AS (
                INSERT INTO order_events (order_id, from_status, to_status, actor, actor_id, note, created_at)
                SELECT id, ${fromStatus}, ${rule.to}, ${rule.by}, ${t.actorId}, ${t.note ?? null}, ${sqlTime(now)} FROM moved
                RETURNING id, from_status, to_status, actor, actor_id, kind, note, created_at
              )
              SELECT ${MOVED_COLUMNS},
                (SELECT json_agg(json_build_object('fromStatus', e.from_status, 'toStatus', e.to_status, 'actor', e.actor,
                    'actorId', e.actor_id, 'kind', e.kind, 'note', e.note, 'createdAt', ${sqlTimeText('e.created_at')}) ORDER BY e.id)
                 FROM (SELECT id, from_status, to_status, actor, actor_id, kind, note, created_at FROM order_events WHERE order_id = m.id
                       UNION ALL SELECT * FROM event) e) AS events,
                s.id AS "smsId", s.amount AS "smsAmount", s.sender AS "smsSender", ${sqlTimeText('s.received_at')} AS "smsReceivedAt"
              FROM moved m LEFT JOIN sms_messages s ON s.id = m.verification_sms_id`;
          } catch (error) {
            if (t.data?.pmId !== undefined && isUniqueViolation(error)) throw new PmIdUsed();
            throw error;
          }
          if (rows.length === 0) return { outcome: 'conflict' };
          const order = movedRecord(rows[0]);
          await t.alsoInTransaction?.(tx, order);
          return { outcome: 'moved', order };
        });
      } catch (error) {
        if (error instanceof PmIdUsed) return { outcome: 'pmIdUsed' };
        throw error;
      }
    },

    /**
     * A timed-out top-up's "paid late" claim (issue 9 rule 4): its transaction id, once, within `claimHours` of
     * its time running out; the order stays timed out. A reused id (unique per method) is refused.
     */
    async recordLateClaim(c: { id: string; pmId: string; actorId: string | null; notBefore: Date }): Promise<TransitionOutcome> {
      try {
        return await prisma.$transaction(async (tx): Promise<TransitionOutcome> => {
          const now = new Date();
          let moved: number;
          try {
            const result = await tx.order.updateMany({
              where: { id: c.id, status: 'timedout', pmId: null, lateClaimAt: null, lastTime: { gte: c.notBefore } },
              data: { pmId: c.pmId, lateClaimAt: now, verification: 'awaiting_sms' },
            });
            moved = result.count;
          } catch (error) {
            if (isUniqueViolation(error)) throw new PmIdUsed();
            throw error;
          }
          if (moved === 0) return { outcome: (await tx.order.count({ where: { id: c.id } })) === 0 ? 'notFound' : 'conflict' };
          await tx.orderEvent.create({
            data: { orderId: c.id, fromStatus: 'timedout', toStatus: 'timedout', actor: 'customer', actorId: c.actorId, kind: 'late_claim', note: c.pmId },
          });
          return { outcome: 'moved', order: toRecord(await tx.order.findUniqueOrThrow({ where: { id: c.id }, include: withEvents })) };
        });
      } catch (error) {
        if (error instanceof PmIdUsed) return { outcome: 'pmIdUsed' };
        throw error;
      }
    },

    /**
     * One statement moves every expired waiting order to timedout and records its event, so that with several
     * instances sweeping at once each order times out exactly once (a row already moved no longer matches).
     */
    async expireDue(): Promise<string[]> {
      const rows = await prisma.$queryRaw<{ order_id: string }[]>`
        WITH moved AS (
          UPDATE orders SET status = 'timedout', updated_at = (now() AT TIME ZONE 'UTC')
          WHERE status = 'waiting' AND last_time < (now() AT TIME ZONE 'UTC')
          RETURNING id
        )
        INSERT INTO order_events (order_id, from_status, to_status, actor, actor_id, created_at)
        SELECT id, 'waiting', 'timedout', 'system', NULL, (now() AT TIME ZONE 'UTC') FROM moved
        RETURNING order_id`;
      return rows.map((r) => r.order_id);
    },

    async listForUser(userId: string, page: number, pageSize: number): Promise<{ orders: OrderRecord[]; total: number }> {
      const where = { userId };
      const [rows, total] = await Promise.all([
        prisma.order.findMany({
          where,
          orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
          skip: (page - 1) * pageSize,
          take: pageSize,
          include: withEvents,
        }),
        // The owner's order count, kept by triggers (decision 080): a customer with 20k orders costs no count.
        prisma.user.findUnique({ where: { id: userId }, select: { orderCount: true } }).then((u) => u?.orderCount ?? 0),
      ]);
      return { orders: rows.map(toRecord), total };
    },

    /** The admin's queue: pending first (they need action now), then waiting; oldest first within each. */
    async listQueue(
      statuses: readonly OrderStatus[],
      page: number,
      pageSize: number,
      lateClaimsSince?: Date,
    ): Promise<{ orders: OrderRecord[]; total: number }> {
      const where = queueWhere(statuses, lateClaimsSince);
      const [rows, total] = await Promise.all([
        prisma.order.findMany({
          where,
          // 'pending' sorts before 'waiting'; within each, verified orders first (issue 9 rule 3: 'verified' is
          // the last of the four verification words, so descending puts it first).
          orderBy: [{ status: 'asc' }, { verification: 'desc' }, { createdAt: 'asc' }, { id: 'asc' }],
          skip: (page - 1) * pageSize,
          take: pageSize,
          include: withEvents,
        }),
        prisma.order.count({ where }),
      ]);
      return { orders: rows.map(toRecord), total };
    },

    /** How many orders the admin's queue holds (its first page's `pages` is too coarse for the tab title). */
    async countQueue(statuses: readonly OrderStatus[], lateClaimsSince?: Date): Promise<number> {
      return prisma.order.count({ where: queueWhere(statuses, lateClaimsSince) });
    },

    /** The admin's history: every order matching the filters, newest first. */
    async listFiltered(filter: OrderFilter, page: number, pageSize: number): Promise<{ orders: OrderRecord[]; total: number }> {
      const where = filterWhere(filter);
      const [rows, total] = await Promise.all([
        prisma.order.findMany({
          where,
          orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
          skip: (page - 1) * pageSize,
          take: pageSize,
          include: withEvents,
        }),
        prisma.order.count({ where }),
      ]);
      return { orders: rows.map(toRecord), total };
    },

    /** Every order matching the filters, newest first, fetched in batches (the CSV export streams them). */
    async *eachFiltered(filter: OrderFilter, batch = 500): AsyncGenerator<OrderRecord> {
      const where = filterWhere(filter);
      let cursor: string | undefined;
      for (;;) {
        const rows = await prisma.order.findMany({
          where,
          orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
          take: batch,
          ...(cursor === undefined ? {} : { cursor: { id: cursor }, skip: 1 }),
          include: withEvents,
        });
        for (const row of rows) yield toRecord(row);
        if (rows.length < batch) return;
        cursor = rows[rows.length - 1].id;
      }
    },

    /** The customers of these user ids with their order counts (the admin's list and popup). */
    async customers(userIds: string[]): Promise<OrderCustomerRecord[]> {
      const ids = [...new Set(userIds)];
      if (ids.length === 0) return [];
      const rows = await prisma.user.findMany({
        where: { id: { in: ids } },
        select: { id: true, num: true, name: true, email: true, _count: { select: { orders: true } } },
      });
      return rows.map(({ _count, ...u }) => ({ ...u, orderCount: _count.orders }));
    },

    /** Names of the users who acted (the CSV's "completed by"). */
    async userNames(userIds: string[]): Promise<Map<string, string>> {
      const ids = [...new Set(userIds)];
      if (ids.length === 0) return new Map();
      const rows = await prisma.user.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } });
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    /** Today's top-ups per method (waiting, pending, complete since `dayStart`): count and exact pm_amount sum. */
    async topupUsageSince(dayStart: Date): Promise<Map<string, { count: number; amount: string }>> {
      const rows = await prisma.$queryRaw<{ pm_method: string; count: number; amount: string }[]>`
        SELECT pm_method, count(*)::int AS count, COALESCE(sum(pm_amount), 0)::text AS amount
        FROM orders
        WHERE product_id IN (${P.join(TOPUP_PRODUCTS)}) AND status IN ('waiting', 'pending', 'complete') AND created_at >= ${sqlTime(dayStart)}
        GROUP BY pm_method`;
      return new Map(rows.map((r) => [r.pm_method, { count: r.count, amount: r.amount }]));
    },

    /** A user's latest orders, newest first, as summaries. */
    async latestOfUser(userId: string, limit: number): Promise<UserOrderSummaryRecord[]> {
      const rows = await prisma.order.findMany({
        where: { userId },
        orderBy: { createdAt: 'desc' },
        take: limit,
        select: { id: true, createdAt: true, productId: true, status: true, pmAmount: true, amount: true },
      });
      return rows.map((r) => ({ ...r, status: r.status as OrderStatus, pmAmount: r.pmAmount.toString(), amount: r.amount.toString() }));
    },

    async recent(limit: number): Promise<RecentOrderRecord[]> {
      const rows = await prisma.order.findMany({
        orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
        take: limit,
        select: {
          productId: true,
          createdAt: true,
          amount: true,
          pmAmount: true,
          status: true,
          user: { select: { name: true, logo: true } },
        },
      });
      return rows.map((r) => ({
        productId: r.productId,
        createdAt: r.createdAt,
        amount: r.amount.toString(),
        pmAmount: r.pmAmount.toString(),
        status: r.status as OrderStatus,
        userName: r.user?.name ?? null,
        userLogo: r.user?.logo ?? null,
      }));
    },
  };
}
export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
