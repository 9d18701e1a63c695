// Order reads: the customer's list, the admin's queue and history with the customers beside them, the CSV export,
// the home page's recent orders, a user's latest orders, and the day's usage of each method's caps.
import type { HomeOrderDto, OrderView, ProductDto, UserOrderSummaryDto } from '#shared/api-types';
import { isStaffRole, LIMITS, productKind } from '#shared/constants';
import { dhakaDateTime, dhakaDayStart } from '#shared/dhaka';
import { dayPeriod, monthPeriod } from '#shared/wallet-fleet';
import { compareAmounts, computePayAmount, toMoneyNumber } from '#shared/money';
import { isQueueRequest, type OrderCustomerDto, type OrderFilter } from '#shared/order-filters';
import { ADMIN_QUEUE_STATUSES } from '#shared/order-status';
import { SMS_LIMITS, type LinkCandidateDto, type VerificationStatus } from '#shared/sms/sms-api';
import { unixSeconds } from '#shared/time';
import type { PaymentMethodsRepository } from '../catalogue/index.js';
import type { Clock } from '../clock.js';
import { serverId, userText, type CsvValue } from '../http/csv.js';
import { pageCount } from '../http/paging.js';
import type { UserRecord } from '../security/user-record.js';
import { fitsCap, hasCap, NO_USAGE, type MethodUsage } from './order-caps.js';
import { isLimited, rankNumbers, type FleetNumber, type FleetUsage } from './order-rotation.js';
import { toAdminOrderDto, toHomeOrderDto, toPublicOrderDto, toUserOrderSummaryDto } from './order-dto.js';
import { DEFAULT_STAFF_RULES, type StaffRules } from './four-eyes.js';
import type { OrderQueriesRepository } from './order-queries.repository.js';
import type { OrderRecord } from './order-row.js';

export const HOME_ORDERS_LIMIT = 10;
/** How far back, and how many, orders an SMS is offered to be linked to (decision 197). */
const LINK_CANDIDATE_DAYS = 3;
const LINK_CANDIDATES = 8;

export function createOrderListsService(deps: {
  queries: OrderQueriesRepository;
  paymentMethods: Pick<PaymentMethodsRepository, 'findAll'>;
  /** A method's fleet numbers: a method whose numbers are all paused or full is `limit_reached` too. */
  numbersOf?: (account: string) => Promise<FleetNumber[]>;
  clock: Clock;
  mediaBaseUrl: string;
  /** The shop's staff rules: staff views say which withdrawals need a second approval, and who accepts a held payment. */
  staffRules?: () => Promise<StaffRules>;
}) {
  const { queries, clock } = deps;

  /** Timed-out orders with a "paid late" claim since then stay in the admin's queue (decision 103). */
  const lateClaimsSince = () => new Date(clock.now().getTime() - SMS_LIMITS.lateClaimQueueHours * 3_600_000);

  const usageToday = () => queries.topupUsageSince(dhakaDayStart(clock.now()));
  async function numberUsageNow(ids: number[]): Promise<Map<number, FleetUsage>> {
    const now = clock.now();
    const [day, month] = [dayPeriod(now), monthPeriod(now)];
    const usage = await queries.numberUsage(ids, [day, month]);
    return new Map(
      ids.map((id) => [
        id,
        { today: usage.get(id)?.get(day) ?? NO_USAGE, month: usage.get(id)?.get(month) ?? NO_USAGE },
      ]),
    );
  }

  return {
    /** The home page's latest orders; names masked and no photos unless the shop shows them (decision 216). */
    async recentOrders(showNames = false): Promise<HomeOrderDto[]> {
      return (await queries.recent(HOME_ORDERS_LIMIT)).map((o) => toHomeOrderDto(o, deps.mediaBaseUrl, showNames));
    },

    /** Today's and this month's (Asia/Dhaka) counters of fleet numbers, for the admin's payment-method page. */
    numberUsageNow,

    /** Today's (Asia/Dhaka) top-ups per method, for the admin's payment-method page. */
    topupUsageToday: usageToday,

    /**
     * The public listing's `limit_reached` (decision 112): a top-up product's method whose daily cap leaves no room
     * today for even its smallest order (min × rate), so placing it would answer 409 `errors.methodLimitReached`.
     * Only the flag leaves the server, never the caps or the day's totals. Each method's business hours
     * come along, public: checkout shows a closed method with its opening time.
     */
    async markCappedMethods(given: ProductDto[]): Promise<{ products: ProductDto[]; followsOrders: boolean }> {
      const methods = await deps.paymentMethods.findAll();
      const byAccount = new Map(methods.map((pm) => [pm.account, pm]));
      // The method's note is the customer's too: checkout shows it under the method.
      const products = given.map((product) => ({
        ...product,
        pms: product.pms.map((pm) => ({
          ...pm,
          hours: byAccount.get(pm.account)?.hours ?? null,
          note: byAccount.get(pm.account)?.note ?? '',
          note_bn: byAccount.get(pm.account)?.noteBn ?? '',
        })),
      }));
      const caps = new Map(methods.filter(hasCap).map((pm) => [pm.account, pm]));
      const fleets = new Map(
        await Promise.all(methods.map(async (pm) => [pm.account, (await deps.numbersOf?.(pm.account)) ?? []] as const)),
      );
      const limitedFleet = [...fleets.values()].some((numbers) => numbers.some((n) => !n.active || isLimited(n)));
      // Without caps and limited or paused numbers no order can close a method: the listing does not follow orders.
      if (caps.size === 0 && !limitedFleet) return { products, followsOrders: false };
      const usage = caps.size > 0 ? await usageToday() : new Map<string, MethodUsage>();
      const fleetUsage = limitedFleet
        ? await numberUsageNow(
            [...fleets.values()]
              .flat()
              .filter(isLimited)
              .map((n) => n.id),
          )
        : new Map<number, FleetUsage>();
      const full = (account: string, smallestPay: string): boolean => {
        const cap = caps.get(account);
        if (cap !== undefined && !fitsCap(cap, usage.get(account) ?? NO_USAGE, smallestPay)) return true;
        const numbers = fleets.get(account) ?? [];
        return numbers.length > 0 && rankNumbers(numbers, fleetUsage, smallestPay).length === 0;
      };
      return {
        products: products.map((product) =>
          productKind(product.id) !== 'topup'
            ? product
            : {
                ...product,
                pms: product.pms.map((pm) => ({
                  ...pm,
                  limit_reached: full(pm.account, computePayAmount(pm.min, pm.rate)),
                })),
              },
        ),
        followsOrders: true,
      };
    },

    /**
     * A customer's own orders (newest first). For staff: the queue awaiting action when no filter is given, else the
     * history matching the filters (newest first), with the customers of the page beside the orders.
     */
    async listOrders(
      viewer: UserRecord,
      page: number,
      filter: OrderFilter = {},
    ): Promise<{ orders: OrderView[]; pages: number; customers?: Record<string, OrderCustomerDto> }> {
      const size = LIMITS.pageSize;
      if (!isStaffRole(viewer.role)) {
        const { orders, total } = await queries.listForUser(viewer.id, page, size);
        return { orders: orders.map(toPublicOrderDto), pages: pageCount(total, size) };
      }
      const { orders, total } = isQueueRequest(filter)
        ? await queries.listQueue(ADMIN_QUEUE_STATUSES, page, size, lateClaimsSince())
        : await queries.listFiltered(filter, page, size);
      const customers: Record<string, OrderCustomerDto> = {};
      for (const c of await queries.customers(orders.flatMap((o) => (o.userId ? [o.userId] : [])))) {
        customers[c.id] = { id: c.id, num: c.num, name: c.name, email: c.email, orders: c.orderCount };
      }
      const rules = (await deps.staffRules?.()) ?? DEFAULT_STAFF_RULES;
      return { orders: orders.map((o) => toAdminOrderDto(o, rules)), pages: pageCount(total, size), customers };
    },

    /** How many orders the admin's queue holds, as `listOrders` without filters lists them (decision 119). */
    countQueue: (): Promise<number> => queries.countQueue(ADMIN_QUEUE_STATUSES, lateClaimsSince()),
    /** How many of the queue's orders have a payment held for review (decision 145). */
    countHeld: (): Promise<number> => queries.countHeld(ADMIN_QUEUE_STATUSES),

    /**
     * Orders an SMS of `wallet` for `amount` could be linked to by hand (decision 197): top-ups of the last 3 days
     * without proof of payment, the same amount first, then the nearest.
     */
    async linkCandidates(wallet: string, amount: string | null): Promise<LinkCandidateDto[]> {
      const since = new Date(clock.now().getTime() - LINK_CANDIDATE_DAYS * 86_400_000);
      const rows = await queries.linkCandidates(wallet, amount, since, LINK_CANDIDATES);
      return rows.map((o) => ({
        id: o.id,
        created_at: unixSeconds(new Date(o.createdAt)),
        status: o.status,
        verification: o.verification as VerificationStatus,
        pm_amount: toMoneyNumber(o.pmAmount),
        pm_id: o.pmId,
        onex_id: o.onexId,
        exact: amount !== null && compareAmounts(o.pmAmount, amount) === 0,
      }));
    },

    /** Wallets with top-ups that wait for money or its SMS (the silent-phone watch). */
    walletsAwaitingPayment: () => queries.walletsAwaitingPayment(),

    /** The CSV rows of every order matching the filters (the columns), newest first, read in batches. */
    async *exportRows(filter: OrderFilter): AsyncGenerator<CsvValue[]> {
      const batch: OrderRecord[] = [];
      const flush = async function* () {
        const customers = new Map(
          (await queries.customers(batch.flatMap((o) => (o.userId ? [o.userId] : [])))).map((c) => [c.id, c]),
        );
        const completions = batch.map((o) => o.events.find((e) => e.toStatus === 'complete'));
        const names = await queries.userNames(completions.flatMap((e) => (e?.actorId ? [e.actorId] : [])));
        for (const [i, o] of batch.entries()) {
          const done = completions[i];
          const customer = o.userId ? customers.get(o.userId) : undefined;
          yield [
            serverId(o.id),
            dhakaDateTime(o.createdAt),
            o.status,
            o.productId,
            o.pmMethod,
            o.amount,
            o.pmAmount,
            o.pmId,
            userText(customer?.name),
            userText(o.contactEmail),
            done ? dhakaDateTime(done.createdAt) : '',
            done?.actorId ? userText(names.get(done.actorId) ?? done.actorId) : '',
          ];
        }
        batch.length = 0;
      };
      for await (const order of queries.eachFiltered(filter)) {
        batch.push(order);
        if (batch.length >= 200) yield* flush();
      }
      if (batch.length > 0) yield* flush();
    },

    /** A user's latest orders for the admin's user page. */
    async userOrderSummaries(userId: string, limit: number): Promise<UserOrderSummaryDto[]> {
      return (await queries.latestOfUser(userId, limit)).map(toUserOrderSummaryDto);
    },
  };
}
export type OrderListsService = ReturnType<typeof createOrderListsService>;
