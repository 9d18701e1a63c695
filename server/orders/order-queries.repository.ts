// Reading orders: one order, the customer's list, the admin's queue and history with their filters, the CSV export,
// the home page's recent orders and the day's usage of each method. Reads never write (the commands repository does).
import { toAsciiDigits } from '#shared/digits';
import { productsOfKind } from '#shared/constants';
import { orderRefOf, type OrderFilter } from '#shared/order-filters';
import type { OrderStatus } from '#shared/order-status';
import { VERIFICATION_STATUSES } from '#shared/sms/sms-api';
import { queryerOf, type Prisma, type SqlRunner } from '../db/database.js';
import { sqlTime, sqlTimeText } from '../db/sql-time.js';
import { Prisma as P } from '../generated/prisma/client.js';
import type { MethodUsage } from './order-caps.js';
import { toOrderRecord, WITH_TIMELINE, type OrderRecord } from './order-row.js';

export interface RecentOrderRecord {
  id: string;
  productId: string;
  createdAt: Date;
  amount: string;
  pmAmount: string;
  status: OrderStatus;
  userName: string | null;
  userLogo: string | null;
}

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

export interface OrderPage {
  orders: OrderRecord[];
  total: number;
}

const TOPUP_PRODUCTS = productsOfKind('topup');
const UNVERIFIED = VERIFICATION_STATUSES.filter((status) => status !== 'verified');
const NEWEST_FIRST = [{ createdAt: 'desc' as const }, { id: 'asc' as const }];

/** The admin's queue: the statuses, and timed-out orders with a recent "paid late" claim (decision 103). */
function queueWhere(statuses: readonly OrderStatus[], lateClaimsSince?: Date): P.OrderWhereInput {
  return lateClaimsSince
    ? { OR: [{ status: { in: [...statuses] } }, { status: 'timedout', lateClaimAt: { gte: lateClaimsSince } }] }
    : { status: { in: [...statuses] } };
}

/** The Prisma `where` of the admin's history filters; every column it compares is indexed. */
function filterWhere(f: OrderFilter): P.OrderWhereInput {
  const and: P.OrderWhereInput[] = [];
  if (f.status && f.status !== 'all') and.push({ status: f.status });
  if (f.product) and.push({ productId: f.product });
  if (f.method) and.push({ pmMethod: f.method });
  if (f.from !== undefined) and.push({ createdAt: { gte: new Date(f.from * 1000) } });
  // `to` is inclusive of its whole second.
  if (f.to !== undefined) and.push({ createdAt: { lt: new Date((f.to + 1) * 1000) } });
  // Listed values rather than `<>`, so the (verification, created_at) index serves both answers (decision 012).
  if (f.verified === true) and.push({ verification: 'verified', acceptedById: null });
  if (f.verified === 'hand') and.push({ acceptedById: { not: null } });
  if (f.verified === false) and.push({ verification: { in: UNVERIFIED }, productId: { in: TOPUP_PRODUCTS } });
  if (f.q) {
    const q = f.q;
    const digits = toAsciiDigits(q);
    const exact = [...new Set([q, digits])];
    // A short reference ("A7K-392", decision 284) may name more than one order: every one is listed.
    const ref = orderRefOf(q);
    and.push({
      OR: [
        { id: { startsWith: q } },
        ...(ref ? [{ ref }] : []),
        // A transaction id as staff type it: any letter case, and its first characters are enough.
        ...exact.map((value) => ({ pmId: { startsWith: value, mode: 'insensitive' as const } })),
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

/** An order an SMS could be linked to (times as ISO text). */
export interface LinkCandidateRecord {
  id: string;
  pmAmount: string;
  pmId: string | null;
  onexId: string | null;
  createdAt: string;
  status: OrderStatus;
  verification: string;
}

/** `sql`: plain statements on the driver for the home's recent orders, read after every order (decision 222). */
export function createOrderQueriesRepository(prisma: Prisma, sql?: Pick<SqlRunner, 'query'>) {
  const plain = sql ?? queryerOf(prisma);
  /** A page of orders matching `where` in `orderBy`, with the total the page count needs. */
  async function page(
    where: P.OrderWhereInput,
    orderBy: P.OrderOrderByWithRelationInput[],
    pageNumber: number,
    pageSize: number,
    total: Promise<number>,
  ): Promise<OrderPage> {
    // Two steps (decision 080): the page's ids from the orders table alone (sorted and cut by its indexes), then
    // those rows with their timelines. In one query the timeline joins ran for every row the filter matched before
    // the sort cut the page: 535 queued orders at 1M cost ×2 of the small shop's page.
    const [ids, count] = await Promise.all([
      prisma.order.findMany({
        where,
        orderBy,
        skip: (pageNumber - 1) * pageSize,
        take: pageSize,
        select: { id: true },
      }),
      total,
    ]);
    if (ids.length === 0) return { orders: [], total: count };
    const rows = await prisma.order.findMany({ where: { id: { in: ids.map((r) => r.id) } }, include: WITH_TIMELINE });
    const byId = new Map(rows.map((row) => [row.id, row]));
    const orders = ids.flatMap(({ id }) => {
      const row = byId.get(id);
      return row ? [toOrderRecord(row)] : [];
    });
    return { orders, total: count };
  }

  return {
    async findById(id: string): Promise<OrderRecord | null> {
      const row = await prisma.order.findUnique({ where: { id }, include: WITH_TIMELINE });
      return row ? toOrderRecord(row) : null;
    },

    /** Waiting orders whose time runs out after `from` and no later than `to` (the warning before a timeout). */
    async waitingEndingBetween(from: Date, to: Date): Promise<OrderRecord[]> {
      const rows = await prisma.order.findMany({
        where: { status: 'waiting', lastTime: { gt: from, lte: to } },
        include: WITH_TIMELINE,
        orderBy: { lastTime: 'asc' },
        take: 1000,
      });
      return rows.map((row) => toOrderRecord(row));
    },

    async exists(id: string): Promise<boolean> {
      return (await prisma.order.count({ where: { id } })) === 1;
    },

    async listForUser(userId: string, pageNumber: number, pageSize: number): Promise<OrderPage> {
      // The owner's order count, kept by triggers (decision 080): a customer with 20k orders costs no count.
      const total = prisma.user
        .findUnique({ where: { id: userId }, select: { orderCount: true } })
        .then((u) => u?.orderCount ?? 0);
      return page({ userId }, NEWEST_FIRST, pageNumber, pageSize, total);
    },

    /** The admin's queue: pending first (they need action now), then waiting; oldest first within each. */
    async listQueue(
      statuses: readonly OrderStatus[],
      pageNumber: number,
      pageSize: number,
      lateClaimsSince?: Date,
    ): Promise<OrderPage> {
      const where = queueWhere(statuses, lateClaimsSince);
      // 'pending' sorts before 'waiting'; within each, verified orders first ('verified' is the last
      // of the four verification words, so descending puts it first).
      const orderBy = [
        { status: 'asc' as const },
        { verification: 'desc' as const },
        { createdAt: 'asc' as const },
        { id: 'asc' as const },
      ];
      return page(where, orderBy, pageNumber, pageSize, prisma.order.count({ where }));
    },

    /** How many orders the admin's queue holds (its first page's `pages` is too coarse for the tab title). */
    async countQueue(statuses: readonly OrderStatus[], lateClaimsSince?: Date): Promise<number> {
      return prisma.order.count({ where: queueWhere(statuses, lateClaimsSince) });
    },

    /** Open orders (of `statuses`) whose payment is held for the shop's review (the bell's list). */
    async countHeld(statuses: readonly OrderStatus[]): Promise<number> {
      return prisma.order.count({ where: { status: { in: [...statuses] }, verification: 'held' } });
    },

    /** The admin's history: every order matching the filters, newest first. */
    async listFiltered(filter: OrderFilter, pageNumber: number, pageSize: number): Promise<OrderPage> {
      const where = filterWhere(filter);
      return page(where, NEWEST_FIRST, pageNumber, pageSize, prisma.order.count({ where }));
    },

    /** Every order matching the filters, newest first, fetched in batches (the CSV export streams them). */
    async *eachFiltered(filter: OrderFilter, batch = 500): AsyncGenerator<OrderRecord> {
      const where = filterWhere(filter);
      let cursor: string | undefined;
      for (;;) {
        const rows = await prisma.order.findMany({
          where,
          orderBy: NEWEST_FIRST,
          take: batch,
          ...(cursor === undefined ? {} : { cursor: { id: cursor }, skip: 1 }),
          include: WITH_TIMELINE,
        });
        for (const row of rows) yield toOrderRecord(row);
        if (rows.length < batch) return;
        cursor = rows[rows.length - 1].id;
      }
    },

    /** The customers of these user ids with their order counts, the counts kept by triggers (decision 080). */
    async customers(userIds: string[]): Promise<OrderCustomerRecord[]> {
      const ids = [...new Set(userIds)];
      if (ids.length === 0) return [];
      return prisma.user.findMany({
        where: { id: { in: ids } },
        select: { id: true, num: true, name: true, email: true, orderCount: true },
      });
    },

    /** Names of the users who acted (the CSV's "completed by"). */
    async userNames(userIds: string[]): Promise<Map<string, string>> {
      const ids = [...new Set(userIds)];
      if (ids.length === 0) return new Map();
      const rows = await prisma.user.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } });
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    /** Today's top-ups per method (waiting, pending, complete since `dayStart`): count and exact pm_amount sum. */
    async topupUsageSince(dayStart: Date): Promise<Map<string, MethodUsage>> {
      const rows = await prisma.$queryRaw<(MethodUsage & { pm_method: string })[]>`
        SELECT pm_method, count(*)::int AS count, COALESCE(sum(pm_amount), 0)::text AS amount
        FROM orders
        WHERE product_id IN (${P.join(TOPUP_PRODUCTS)}) AND status IN ('waiting', 'pending', 'complete') AND created_at >= ${sqlTime(dayStart)}
        GROUP BY pm_method`;
      return new Map(rows.map((r) => [r.pm_method, { count: r.count, amount: r.amount }]));
    },

    /** The counters of these fleet numbers for these periods (decision 194): number id → period → usage. */
    async numberUsage(ids: number[], periods: string[]): Promise<Map<number, Map<string, MethodUsage>>> {
      const found = new Map<number, Map<string, MethodUsage>>();
      if (ids.length === 0) return found;
      const rows = await prisma.$queryRaw<(MethodUsage & { number_id: number; period: string })[]>`
        SELECT number_id, period, count, amount::text AS amount FROM payment_number_usage
        WHERE number_id IN (${P.join(ids)}) AND period IN (${P.join(periods)})`;
      for (const r of rows) {
        const of = found.get(r.number_id) ?? new Map<string, MethodUsage>();
        of.set(r.period, { count: r.count, amount: r.amount });
        found.set(r.number_id, of);
      }
      return found;
    },

    /** Wallets with top-ups that wait for money or its SMS (waiting, or pending and not yet verified). */
    async walletsAwaitingPayment(): Promise<Set<string>> {
      const rows = await prisma.order.groupBy({
        by: ['pmMethod'],
        where: {
          OR: [{ status: 'waiting' }, { status: 'pending', verification: { not: 'verified' } }],
          productId: { in: TOPUP_PRODUCTS },
        },
      });
      return new Set(rows.map((r) => r.pmMethod));
    },

    /** Ids starting with `prefix`, at most two (one is the answer, two say it is ambiguous). */
    async idsStartingWith(prefix: string): Promise<string[]> {
      const rows = await prisma.order.findMany({
        where: { id: { startsWith: prefix } },
        select: { id: true },
        take: 2,
      });
      return rows.map((r) => r.id);
    },

    /**
     * Top-ups of `wallet` placed since `since` whose payment has no proof yet (waiting, or pending and not verified):
     * the nearest amount to `amount` first (the same amount at the top), then the newest (decision 197).
     */
    async linkCandidates(
      wallet: string,
      amount: string | null,
      since: Date,
      limit: number,
    ): Promise<LinkCandidateRecord[]> {
      const byAmount = amount === null ? P.sql`` : P.sql`abs(pm_amount - ${amount}::numeric) ASC,`;
      return prisma.$queryRaw<LinkCandidateRecord[]>`
        SELECT id, pm_amount::text AS "pmAmount", pm_id AS "pmId", onex_id AS "onexId", ${sqlTimeText('created_at')} AS "createdAt", status, verification
        FROM orders
        WHERE pm_method = ${wallet} AND product_id IN (${P.join(TOPUP_PRODUCTS)}) AND status IN ('waiting', 'pending')
          AND verification <> 'verified' AND created_at >= ${sqlTime(since)}
        ORDER BY ${byAmount} created_at DESC, id
        LIMIT ${limit}`;
    },

    /** A user's latest orders, newest first, as summaries. */
    async latestOfUser(userId: string, limit: number): Promise<UserOrderSummaryRecord[]> {
      const rows = await prisma.order.findMany({
        where: { userId },
        orderBy: { createdAt: 'desc' },
        take: limit,
        select: { id: true, createdAt: true, productId: true, status: true, pmAmount: true, amount: true },
      });
      return rows.map((r) => ({
        ...r,
        status: r.status as OrderStatus,
        pmAmount: r.pmAmount.toString(),
        amount: r.amount.toString(),
      }));
    },

    async recent(limit: number): Promise<RecentOrderRecord[]> {
      // Newest first as the lists sort (created_at desc, id asc); one plain statement. A timed-out order is nobody's
      // business in the public feed (nothing happened): left out.
      const rows = await plain.query<Omit<RecentOrderRecord, 'createdAt'> & { createdAt: string }>(P.sql`
        SELECT o.id, o.product_id AS "productId", ${sqlTimeText('o.created_at')} AS "createdAt", o.amount::text AS amount,
          o.pm_amount::text AS "pmAmount", o.status, u.name AS "userName", u.logo AS "userLogo"
        FROM orders o LEFT JOIN users u ON u.id = o.user_id
        WHERE o.status <> 'timedout'
        ORDER BY o.created_at DESC, o.id ASC LIMIT ${limit}::int`);
      return rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt) }));
    },
  };
}
export type OrderQueriesRepository = ReturnType<typeof createOrderQueriesRepository>;
