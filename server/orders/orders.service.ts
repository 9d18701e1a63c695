// Order use cases: place, the four commands of PATCH /orders/{id} (one name each, the name of their rule in
// ORDER_TRANSITIONS), the timeout on read and by sweep, and the lists. Every status change goes through the
// repository's applyTransition; realtime pushes happen only after the database commit.
import crypto from 'node:crypto';
import type { HomeOrderDto, OrderView, UserOrderSummaryDto } from '#shared/api-types';
import { LIMITS, productKind, type OrderKind, type ProductId } from '#shared/constants';
import { VALIDATION_KEYS } from '#shared/error-keys';
import { compareAmounts, computePayAmount } from '#shared/money';
import { ADMIN_QUEUE_STATUSES, type OrderCommandName } from '#shared/order-status';
import type { OrderPayment, PlaceOrderInput } from '#shared/schemas';
import type { PaymentMethodsRepository, ProductsRepository } from '../catalogue/index.js';
import { errors } from '../http/app-error.js';
import { pageCount } from '../http/paging.js';
import { validationError } from '../http/validate.js';
import type { Logger } from '../logger.js';
import type { Realtime } from '../realtime/index.js';
import type { UserRecord } from '../security/user-record.js';
import { toAdminOrderDto, toHomeOrderDto, toOrderView, toPublicOrderDto, toUserOrderSummaryDto } from './order-dto.js';
import type { OrderRecord, OrdersRepository, TransitionData, TransitionOutcome } from './orders.repository.js';

export const HOME_ORDERS_LIMIT = 10;

/** The pushes orders make (design §7). */
export type OrderPushes = Pick<Realtime, 'orderCreated' | 'orderUpdated' | 'homeOrders'>;

const notFound = () => errors.notFound('errors.orderNotFound', 'Can not get order data from server');
const stateConflict = () => errors.conflict('errors.orderStateConflict', 'This order can no longer be changed this way');
const transactionUsed = () => errors.conflict('errors.transactionUsed', 'This transaction ID has already been used');

/** A payment of the other kind names the fields this order's kind needs (spec §7 payloads differ by product). */
function paymentFieldsMissing(kind: OrderKind) {
  const V = VALIDATION_KEYS;
  return validationError(kind === 'topup' ? { pm_id: V.required } : { onex_id: V.required, w_code: V.required });
}

/** At least 120 random bits (design §6): 16 bytes, 22 base64url characters. */
export function newOrderId(): string {
  return crypto.randomBytes(16).toString('base64url');
}

const isDue = (order: OrderRecord, now: Date) => order.status === 'waiting' && order.lastTime < now;

export function createOrdersService(deps: {
  orders: OrdersRepository;
  products: Pick<ProductsRepository, 'findById'>;
  paymentMethods: Pick<PaymentMethodsRepository, 'findByAccount'>;
  pushes: OrderPushes;
  logger: Logger;
  mediaBaseUrl: string;
  orderWaitMinutes: number;
}) {
  const { orders, products, paymentMethods, pushes, logger } = deps;

  async function recentOrders(): Promise<HomeOrderDto[]> {
    return (await orders.recent(HOME_ORDERS_LIMIT)).map((o) => toHomeOrderDto(o, deps.mediaBaseUrl));
  }

  /** Pushes after a commit; a failed push must not turn a committed change into an error answer. */
  async function announce(changed: OrderRecord[], kind: 'created' | 'updated'): Promise<void> {
    try {
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
  async function run(name: OrderCommandName, id: string, actor: UserRecord | null, data?: TransitionData): Promise<OrderView> {
    return settle(await orders.applyTransition({ id, name, actorId: actor?.id ?? null, data }), actor);
  }

  return {
    recentOrders,

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
      const created = await orders.create(
        {
          id: newOrderId(),
          productId,
          userId: customer?.id ?? null,
          lastTime: new Date(Date.now() + deps.orderWaitMinutes * 60_000),
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
      );
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
      const data = payment.kind === 'topup' ? { pmId: payment.pm_id } : { onexId: payment.onex_id, wCode: payment.w_code };
      return run('submitPayment', id, customer, data);
    },

    /** The customer gives up a waiting order (→ user_cancelled). Holding the id is the right (decision 011). */
    async cancelOrder(id: string, customer: UserRecord | null): Promise<OrderView> {
      return run('cancelOrder', id, customer);
    },

    /** The admin has paid out or credited a pending order (→ complete). */
    async completeOrder(id: string, admin: UserRecord): Promise<OrderView> {
      return run('completeOrder', id, admin);
    },

    /** The admin refuses a pending or waiting order (→ admin_cancelled). */
    async cancelOrderAsAdmin(id: string, admin: UserRecord): Promise<OrderView> {
      return run('cancelOrderAsAdmin', id, admin);
    },

    /** A customer's own orders (newest first), or for an admin the queue awaiting action. */
    async listOrders(viewer: UserRecord, page: number): Promise<{ orders: OrderView[]; pages: number }> {
      const size = LIMITS.pageSize;
      const { orders: rows, total } =
        viewer.role === 'admin' ? await orders.listQueue(ADMIN_QUEUE_STATUSES, page, size) : await orders.listForUser(viewer.id, page, size);
      return { orders: rows.map((row) => toOrderView(row, viewer)), pages: pageCount(total, size) };
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
