// Order use cases: place, the four commands of PATCH /orders/{id} (one name each, the name of their rule in
// ORDER_TRANSITIONS), the timeout on read and by sweep, and the lists. Every status change goes through the
// repository's applyTransition; realtime pushes happen only after the database commit.
import crypto from 'node:crypto';
import Decimal from 'decimal.js';
import type { HomeOrderDto, OrderView, ProductDto, UserOrderSummaryDto } from '#shared/api-types';
import { dhakaDateTime, dhakaDayStart } from '#shared/dhaka';
import { isQueueRequest, type OrderCustomerDto, type OrderFilter } from '#shared/order-filters';
import { isStaffRole, LIMITS, productKind, type OrderKind, type ProductId } from '#shared/constants';
import { VALIDATION_KEYS } from '#shared/error-keys';
import { compareAmounts, computePayAmount } from '#shared/money';
import { ADMIN_QUEUE_STATUSES, type OrderCommandName } from '#shared/order-status';
import type { CancelReason, OrderPayment, PlaceOrderInput } from '#shared/schemas';
import type { AuditRecorder } from '../audit/index.js';
import type { PaymentMethodsRepository, ProductsRepository } from '../catalogue/index.js';
import { errors } from '../http/app-error.js';
import { userText, type CsvValue } from '../http/csv.js';
import { pageCount } from '../http/paging.js';
import { validationError } from '../http/validate.js';
import type { Logger } from '../logger.js';
import type { Realtime } from '../realtime/index.js';
import type { UserRecord } from '../security/user-record.js';
import { SMS_LIMITS } from '#shared/sms/sms-api';
import { toAdminOrderDto, toHomeOrderDto, toOrderView, toPublicOrderDto, toUserOrderSummaryDto } from './order-dto.js';
import type { OrderRecord, OrdersRepository, TransitionData, TransitionOutcome } from './orders.repository.js';

export const HOME_ORDERS_LIMIT = 10;

/** The pushes orders make (design §7). */
export type OrderPushes = Pick<Realtime, 'orderCreated' | 'orderUpdated' | 'homeOrders'>;

const notFound = () => errors.notFound('errors.orderNotFound', 'Can not get order data from server');
const stateConflict = () => errors.conflict('errors.orderStateConflict', 'This order can no longer be changed this way');
const transactionUsed = () => errors.conflict('errors.transactionUsed', 'This transaction ID has already been used');
const lateClaimClosed = () =>
  errors.conflict('errors.lateClaimClosed', 'A late payment can be reported only within 24 hours of a top-up timing out, once');
const reopenNotAllowed = () => errors.conflict('errors.reopenNotAllowed', 'Only a timed-out order with a late payment claim can be reopened');

/**
 * The SMS inbox's side of a payment (server/sms, wired in the composition root): after a transaction id is
 * committed on an order, look for its SMS. True when the order's verification changed.
 */
export interface PaymentVerifier {
  reconcileOrder(orderId: string): Promise<boolean>;
}

/** A payment of the other kind names the fields this order's kind needs (spec §7 payloads differ by product). */
function paymentFieldsMissing(kind: OrderKind) {
  const V = VALIDATION_KEYS;
  return validationError(kind === 'topup' ? { pm_id: V.required } : { onex_id: V.required, w_code: V.required });
}

/** At least 120 random bits (design §6): 16 bytes, 22 base64url characters. */
export function newOrderId(): string {
  return crypto.randomBytes(16).toString('base64url');
}

/** Timed-out orders with a "paid late" claim since then stay in the admin's queue (decision 103). */
const lateClaimsSince = () => new Date(Date.now() - SMS_LIMITS.lateClaimQueueHours * 3_600_000);

const isDue = (order: OrderRecord, now: Date) => order.status === 'waiting' && order.lastTime < now;

export function createOrdersService(deps: {
  orders: OrdersRepository;
  products: Pick<ProductsRepository, 'findById'>;
  paymentMethods: Pick<PaymentMethodsRepository, 'findByAccount' | 'findAll'>;
  pushes: OrderPushes;
  /** Records an admin's move in the move's own transaction (the audit domain's recorder). */
  audit: AuditRecorder;
  logger: Logger;
  mediaBaseUrl: string;
  orderWaitMinutes: number;
  /** Public data changed (the home page's recent orders): awaited after the commit, before pushes and answers. */
  publicDataChanged?: () => Promise<void>;
  /** Hours after timing out that a top-up still takes a "paid late" claim. */
  lateClaimHours: number;
}) {
  const { orders, products, paymentMethods, pushes, logger } = deps;
  let verifier: PaymentVerifier | null = null;

  /** What dates new orders; tests inject another (useClock). */
  let clock: () => Date = () => new Date();

  async function recentOrders(): Promise<HomeOrderDto[]> {
    return (await orders.recent(HOME_ORDERS_LIMIT)).map((o) => toHomeOrderDto(o, deps.mediaBaseUrl));
  }

  /** Pushes after a commit; a failed push must not turn a committed change into an error answer. */
  async function announce(changed: OrderRecord[], kind: 'created' | 'updated'): Promise<void> {
    try {
      if (changed.length > 0) await deps.publicDataChanged?.();
      for (const order of changed) {
        const views = { full: toAdminOrderDto(order), public: toPublicOrderDto(order) };
        if (kind === 'created') pushes.orderCreated(views);
        else pushes.orderUpdated(views);
      }
      if (changed.length > 0) pushes.homeOrders(await recentOrders());
    } catch (error) {
      logger.error('realtime push failed', error);
    }
  }

  /** The moved order, announced, as the actor may see it; 404/409 when the move cannot happen. */
  async function settle(outcome: TransitionOutcome, actor: UserRecord | null): Promise<OrderView> {
    switch (outcome.outcome) {
      case 'notFound':
        throw notFound();
      case 'pmIdUsed':
        throw transactionUsed();
      case 'conflict':
        throw stateConflict();
      case 'moved':
        await announce([outcome.order], 'updated');
        return toOrderView(outcome.order, actor);
    }
  }

  /** Applies the command's rule of the shared table for the given actor. */
  async function run(name: OrderCommandName, id: string, actor: UserRecord | null, data?: TransitionData, note?: string): Promise<OrderView> {
    return settle(await orders.applyTransition({ id, name, actorId: actor?.id ?? null, data, note }), actor);
  }

  /**
   * After a transaction id is committed: the SMS may already be in the inbox (whichever comes second makes the
   * match, decision 100). A failure here leaves the order awaiting its SMS, never the payment undone.
   */
  async function verifyAfterCommit(order: OrderView, viewer: UserRecord | null): Promise<OrderView> {
    if (!verifier || order.pm_id === null) return order;
    try {
      if (!(await verifier.reconcileOrder(order.id))) return order;
      const fresh = await orders.findById(order.id);
      if (!fresh) return order;
      await announce([fresh], 'updated');
      return toOrderView(fresh, viewer);
    } catch (error) {
      logger.error('payment verification failed', error);
      return order;
    }
  }

  /** An admin's command: the move and its audit entry commit together, or neither does. */
  async function runAudited(name: OrderCommandName, action: string, id: string, admin: UserRecord, data?: TransitionData, note?: string): Promise<OrderView> {
    return settle(
      await orders.applyTransition({
        id,
        name,
        actorId: admin.id,
        data,
        note,
        alsoInTransaction: async (tx, moved) => {
          const last = moved.events[moved.events.length - 1];
          await deps.audit(tx, {
            actorId: admin.id,
            action,
            targetType: 'order',
            targetId: moved.id,
            before: { status: last?.fromStatus ?? null },
            after: {
              status: moved.status,
              ...(moved.cancelReason ? { reason: moved.cancelReason } : {}),
              ...(moved.cancelNote ? { note: moved.cancelNote } : {}),
            },
          });
        },
      }),
      admin,
    );
  }

  return {
    recentOrders,

    /** Tests move the clock that dates new orders and their daily caps (issue 10). */
    useClock(next: () => Date): void {
      clock = next;
    },

    /** The clock that dates orders and their Dhaka day (the public snapshot expires at its midnight). */
    now: (): Date => clock(),

    /** Today's (Asia/Dhaka) top-ups per method, for the admin's payment-method page. */
    topupUsageToday: () => orders.topupUsageSince(dhakaDayStart(clock())),

    /**
     * The public listing's `limit_reached` (decision 124): a top-up product's method whose daily cap leaves no room
     * today for even its smallest order (the count is full, or the amount left is below min × rate, the smallest
     * pay amount), so placing it would answer 409 `errors.methodLimitReached`. Only the flag leaves the server,
     * never the caps or the day's totals.
     */
    async markCappedMethods(products: ProductDto[]): Promise<ProductDto[]> {
      const capped = (await paymentMethods.findAll()).filter((pm) => pm.dailyCountLimit !== null || pm.dailyAmountLimit !== null);
      if (capped.length === 0) return products;
      const usage = await orders.topupUsageSince(dhakaDayStart(clock()));
      const caps = new Map(capped.map((pm) => [pm.account, pm]));
      const full = (account: string, smallestPay: string): boolean => {
        const cap = caps.get(account);
        if (!cap) return false;
        const used = usage.get(account) ?? { count: 0, amount: '0' };
        if (cap.dailyCountLimit !== null && used.count >= cap.dailyCountLimit) return true;
        // The same test as placing an order (orders.repository create): today's sum plus this pay amount over the cap.
        return cap.dailyAmountLimit !== null && new Decimal(used.amount).plus(smallestPay).greaterThan(cap.dailyAmountLimit);
      };
      return products.map((product) =>
        productKind(product.id) !== 'topup'
          ? product
          : { ...product, pms: product.pms.map((pm) => ({ ...pm, limit_reached: full(pm.account, computePayAmount(pm.min, pm.rate)) })) },
      );
    },

    /** The composition root hands the SMS inbox in once both exist (they call each other). */
    useVerifier(v: PaymentVerifier): void {
      verifier = v;
    },

    /** Pushes the orders as they now stand (the SMS inbox changed their verification). */
    async announceOrders(ids: string[]): Promise<void> {
      if (ids.length > 0) await announce(await orders.findByIds(ids), 'updated');
    },

    async placeOrder(productId: ProductId, input: PlaceOrderInput, customer: UserRecord | null): Promise<string> {
      const kind = productKind(productId);
      const amountKey = kind === 'topup' ? VALIDATION_KEYS.amountInvalid : VALIDATION_KEYS.withdrawAmountInvalid;
      const product = await products.findById(productId);
      if (!product) throw errors.validation('Unknown product', { product_id: VALIDATION_KEYS.invalid });
      if (!product.available) throw errors.validation('This product is not available now', { product_id: 'errors.productUnavailable' });
      const terms = product.pms.find((pm) => pm.account === input.pm_method);
      const shopWallet = await paymentMethods.findByAccount(input.pm_method);
      if (!terms || !terms.available || !shopWallet || !shopWallet.available) {
        throw errors.validation('This payment method is not available now', { pm_method: 'errors.methodUnavailable' });
      }
      if (compareAmounts(input.amount, terms.min) < 0 || compareAmounts(input.amount, terms.max) > 0) {
        throw errors.validation(`amount: must be between ${terms.min} and ${terms.max}`, { amount: amountKey });
      }
      const placedAt = clock();
      const created = await orders.create(
        {
          id: newOrderId(),
          productId,
          userId: customer?.id ?? null,
          lastTime: new Date(placedAt.getTime() + deps.orderWaitMinutes * 60_000),
          pmMethod: input.pm_method,
          pmWallet: shopWallet.wallet,
          pmCoin: 'BDT',
          amount: input.amount,
          rate: terms.rate,
          pmAmount: computePayAmount(input.amount, terms.rate),
          contactEmail: input.contact_email,
          onexId: 'onex_id' in input ? input.onex_id : null,
          wallet: 'wallet' in input ? input.wallet : null,
        },
        customer?.id ?? null,
        // Top-ups count against the method's daily caps (issue 10), by the Asia/Dhaka day.
        kind === 'topup' ? { dayStart: dhakaDayStart(placedAt), createdAt: placedAt } : undefined,
      );
      if (created === 'limitReached') {
        throw errors.conflict('errors.methodLimitReached', 'This payment method has reached its limit for today; try another or after midnight (Dhaka time)');
      }
      await announce([created], 'created');
      return created.id;
    },

    /**
     * The order as it stands, timed out first when its waiting time has passed and no sweep has caught it yet
     * (decision 030): the one read that may write, and GET /orders/{id} says so by calling it. The viewer's
     * role picks the view (decision 070).
     */
    async expireIfDue(id: string, viewer: UserRecord | null): Promise<OrderView> {
      const order = await orders.findById(id);
      if (!order) throw notFound();
      if (!isDue(order, new Date())) return toOrderView(order, viewer);
      const outcome = await orders.applyTransition({ id, name: 'expireOrder', actorId: null });
      if (outcome.outcome === 'moved') {
        await announce([outcome.order], 'updated');
        return toOrderView(outcome.order, viewer);
      }
      // Someone else moved it first (a sweep, the customer, the admin): show what is there now.
      const current = await orders.findById(id);
      if (!current) throw notFound();
      return toOrderView(current, viewer);
    },

    /** A customer pays: a top-up's transaction id or a withdrawal's account id and code (waiting → pending). */
    async submitPayment(id: string, payment: OrderPayment, customer: UserRecord | null): Promise<OrderView> {
      const order = await orders.findById(id);
      if (!order) throw notFound();
      const kind = productKind(order.productId);
      if (payment.kind !== kind) throw paymentFieldsMissing(kind);
      const data: TransitionData =
        payment.kind === 'topup' ? { pmId: payment.pm_id, verification: 'awaiting_sms' } : { onexId: payment.onex_id, wCode: payment.w_code };
      const paid = await run('submitPayment', id, customer, data);
      return payment.kind === 'topup' ? verifyAfterCommit(paid, customer) : paid;
    },

    /**
     * "Already paid? Send your transaction id for review" (issue 9 rule 4): a timed-out top-up takes one claim
     * within lateClaimHours of timing out; it stays timed out and the admin may reopen it.
     */
    async claimLatePayment(id: string, pmId: string, customer: UserRecord | null): Promise<OrderView> {
      const order = await orders.findById(id);
      if (!order) throw notFound();
      if (productKind(order.productId) !== 'topup') throw lateClaimClosed();
      const notBefore = new Date(Date.now() - deps.lateClaimHours * 3_600_000);
      const outcome = await orders.recordLateClaim({ id, pmId, actorId: customer?.id ?? null, notBefore });
      if (outcome.outcome === 'conflict') throw lateClaimClosed();
      return verifyAfterCommit(await settle(outcome, customer), customer);
    },

    /** The customer gives up a waiting order (→ user_cancelled). Holding the id is the right (decision 011). */
    async cancelOrder(id: string, customer: UserRecord | null): Promise<OrderView> {
      return run('cancelOrder', id, customer);
    },

    /** The admin has paid out or credited a pending order (→ complete); a withdrawal's payout trx id may come along. */
    async completeOrder(id: string, admin: UserRecord, payoutTrxId?: string): Promise<OrderView> {
      if (payoutTrxId !== undefined) {
        const order = await orders.findById(id);
        if (!order) throw notFound();
        if (productKind(order.productId) !== 'withdraw') throw validationError({ payout_trx_id: VALIDATION_KEYS.invalid });
      }
      return runAudited('completeOrder', 'order.complete', id, admin, payoutTrxId === undefined ? undefined : { payoutTrxId });
    },

    /** The admin takes back a timed-out order whose customer says they paid late (→ pending), saying why. */
    async reopenOrder(id: string, admin: UserRecord, reason: string): Promise<OrderView> {
      const order = await orders.findById(id);
      if (!order) throw notFound();
      if (order.status === 'timedout' && order.lateClaimAt === null) throw reopenNotAllowed();
      return runAudited('reopenOrder', 'order.reopen', id, admin, undefined, reason);
    },

    /** The admin refuses a pending or waiting order (→ admin_cancelled), with an optional reason and note. */
    async cancelOrderAsAdmin(id: string, admin: UserRecord, why: { reason?: CancelReason; note?: string } = {}): Promise<OrderView> {
      const data: TransitionData = { ...(why.reason ? { cancelReason: why.reason } : {}), ...(why.note ? { cancelNote: why.note } : {}) };
      return runAudited('cancelOrderAsAdmin', 'order.cancel', id, admin, data);
    },

    /**
     * A customer's own orders (newest first). For an admin: the queue awaiting action when no filter is given,
     * else the history matching the filters (newest first), with the customers of the page beside the orders.
     */
    async listOrders(
      viewer: UserRecord,
      page: number,
      filter: OrderFilter = {},
    ): Promise<{ orders: OrderView[]; pages: number; customers?: Record<string, OrderCustomerDto> }> {
      const size = LIMITS.pageSize;
      if (!isStaffRole(viewer.role)) {
        const { orders: rows, total } = await orders.listForUser(viewer.id, page, size);
        return { orders: rows.map(toPublicOrderDto), pages: pageCount(total, size) };
      }
      const { orders: rows, total } = isQueueRequest(filter)
        ? await orders.listQueue(ADMIN_QUEUE_STATUSES, page, size, lateClaimsSince())
        : await orders.listFiltered(filter, page, size);
      const customers: Record<string, OrderCustomerDto> = {};
      for (const c of await orders.customers(rows.flatMap((o) => (o.userId ? [o.userId] : [])))) {
        customers[c.id] = { id: c.id, num: c.num, name: c.name, email: c.email, orders: c.orderCount };
      }
      return { orders: rows.map(toAdminOrderDto), pages: pageCount(total, size), customers };
    },

    /** How many orders the admin's queue holds, as `listOrders` without filters lists them (decision 119). */
    countQueue: (): Promise<number> => orders.countQueue(ADMIN_QUEUE_STATUSES, lateClaimsSince()),

    /** The CSV rows of every order matching the filters (issue 10's columns), newest first, read in batches. */
    async *exportRows(filter: OrderFilter): AsyncGenerator<CsvValue[]> {
      const batch: OrderRecord[] = [];
      const flush = async function* () {
        const customers = new Map((await orders.customers(batch.flatMap((o) => (o.userId ? [o.userId] : [])))).map((c) => [c.id, c]));
        const completions = batch.map((o) => o.events.find((e) => e.toStatus === 'complete'));
        const names = await orders.userNames(completions.flatMap((e) => (e?.actorId ? [e.actorId] : [])));
        for (const [i, o] of batch.entries()) {
          const done = completions[i];
          const customer = o.userId ? customers.get(o.userId) : undefined;
          yield [
            o.id,
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
      for await (const order of orders.eachFiltered(filter)) {
        batch.push(order);
        if (batch.length >= 200) yield* flush();
      }
      if (batch.length > 0) yield* flush();
    },

    /** A user's latest orders for the admin's user page. */
    async userOrderSummaries(userId: string, limit: number): Promise<UserOrderSummaryDto[]> {
      return (await orders.latestOfUser(userId, limit)).map(toUserOrderSummaryDto);
    },

    /** One sweep: every expired waiting order → timedout exactly once, then their pushes. */
    async expireDueOrders(): Promise<string[]> {
      const ids = await orders.expireDue();
      if (ids.length > 0) await announce(await orders.findByIds(ids), 'updated');
      return ids;
    },
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;
