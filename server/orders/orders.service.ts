// Order use cases: place, read (timing out on read), customer and admin transitions, lists, the timeout sweep.
// Every status change goes through `transition`, guarded by the shared ORDER_TRANSITIONS table; realtime
// pushes happen only after the database commit.
import crypto from 'node:crypto';
import type { HomeOrderDto, OrderDto } from '#shared/api-types';
import { LIMITS, productKind, type OrderKind } from '#shared/constants';
import { compareAmounts, computePayAmount } from '#shared/money';
import { ADMIN_QUEUE_STATUSES, ORDER_TRANSITIONS, type OrderTransition } from '#shared/order-status';
import { VALIDATION_KEYS } from '#shared/schemas';
import type { AppContext } from '../context.js';
import { errors } from '../http/app-error.js';
import type { UserRecord } from '../users/users.repository.js';
import type { ProductsRepository } from '../products/products.repository.js';
import type { PaymentMethodsRepository } from '../payment-methods/payment-methods.repository.js';
import { toHomeOrderDto, toOrderDto } from './order-dto.js';
import type { OrderRecord, OrdersRepository, TransitionData } from './orders.repository.js';

export const HOME_ORDERS_LIMIT = 10;

export interface PlaceOrderInput {
  pm_method: string;
  amount: string;
  contact_email: string;
  onex_id?: string;
  wallet?: string;
}

export type CustomerAction =
  | { kind: 'submitTopup'; pmId: string }
  | { kind: 'submitWithdraw'; onexId: string; wCode: string }
  | { kind: 'cancel' };

const notFound = () => errors.notFound('errors.orderNotFound', 'Can not get order data from server');
const stateConflict = () => errors.conflict('errors.orderStateConflict', 'This order can no longer be changed this way');
const transactionUsed = () => errors.conflict('errors.transactionUsed', 'This transaction ID has already been used');

/** At least 120 random bits (design §6): 16 bytes, 22 base64url characters. */
export function newOrderId(): string {
  return crypto.randomBytes(16).toString('base64url');
}

export function createOrdersService(
  ctx: AppContext,
  deps: { orders: OrdersRepository; products: ProductsRepository; pms: PaymentMethodsRepository },
) {
  const { orders, products, pms } = deps;

  async function recentOrders(): Promise<HomeOrderDto[]> {
    return (await orders.recent(HOME_ORDERS_LIMIT)).map((o) => toHomeOrderDto(o, ctx.config.mediaBaseUrl));
  }

  /** Pushes after a commit; a failed push must not turn a committed change into an error answer. */
  async function announce(changed: OrderRecord[], kind: 'created' | 'updated'): Promise<void> {
    try {
      for (const order of changed) {
        const dto = toOrderDto(order);
        if (kind === 'created') ctx.realtime.orderCreated(dto);
        else ctx.realtime.orderUpdated(dto);
      }
      if (changed.length > 0) ctx.realtime.homeOrders(await recentOrders());
    } catch (error) {
      ctx.logger.error('realtime push failed', error);
    }
  }

  /** Applies one named transition of the shared table; 404/409 when it cannot happen. */
  async function transition(
    id: string,
    name: OrderTransition,
    actorId: string | null,
    data?: TransitionData,
    expiredBefore?: Date,
  ): Promise<OrderRecord> {
    const rule = ORDER_TRANSITIONS[name];
    const result = await orders.applyTransition({ id, from: rule.from, to: rule.to, actor: rule.by, actorId, data, expiredBefore });
    if (result === 'notFound') throw notFound();
    if (result === 'pmIdUsed') throw transactionUsed();
    if (result === 'conflict') throw stateConflict();
    const order = (await orders.findById(id))!;
    await announce([order], 'updated');
    return order;
  }

  /** Reads an order, timing it out first when its waiting time has passed and no sweep has caught it yet. */
  async function loadCurrent(id: string): Promise<OrderRecord> {
    const order = await orders.findById(id);
    if (!order) throw notFound();
    const now = new Date();
    if (order.status === 'waiting' && order.lastTime < now) {
      try {
        return await transition(id, 'timeout', null, undefined, now);
      } catch {
        // Someone else moved it first (a sweep, the customer, the admin): read what is there now.
        return (await orders.findById(id))!;
      }
    }
    return order;
  }

  return {
    recentOrders,

    async placeOrder(productId: string, input: PlaceOrderInput, user: UserRecord | null): Promise<string> {
      const kind: OrderKind = productKind(productId);
      const amountKey = kind === 'topup' ? VALIDATION_KEYS.amountInvalid : VALIDATION_KEYS.withdrawAmountInvalid;
      const product = await products.findById(productId);
      if (!product) throw errors.validation('Unknown product', { product_id: VALIDATION_KEYS.invalid });
      if (!product.available) throw errors.validation('This product is not available now', { product_id: 'errors.productUnavailable' });
      const terms = product.pms.find((pm) => pm.account === input.pm_method);
      const shopWallet = await pms.findByAccount(input.pm_method);
      if (!terms || !terms.available || !shopWallet || !shopWallet.available) {
        throw errors.validation('This payment method is not available now', { pm_method: 'errors.methodUnavailable' });
      }
      if (compareAmounts(input.amount, terms.min) < 0 || compareAmounts(input.amount, terms.max) > 0) {
        throw errors.validation(`amount: must be between ${terms.min} and ${terms.max}`, { amount: amountKey });
      }
      const id = newOrderId();
      await orders.create(
        {
          id,
          productId,
          userId: user?.id ?? null,
          lastTime: new Date(Date.now() + ctx.config.orderWaitMinutes * 60_000),
          pmMethod: input.pm_method,
          pmWallet: shopWallet.wallet,
          pmCoin: 'BDT',
          amount: input.amount,
          rate: terms.rate,
          pmAmount: computePayAmount(input.amount, terms.rate),
          contactEmail: input.contact_email,
          onexId: kind === 'topup' ? (input.onex_id ?? null) : null,
          wallet: kind === 'withdraw' ? (input.wallet ?? null) : null,
        },
        user?.id ?? null,
      );
      const created = (await orders.findById(id))!;
      await announce([created], 'created');
      return id;
    },

    async getOrder(id: string): Promise<OrderDto> {
      return toOrderDto(await loadCurrent(id));
    },

    /** The product kind of an order, to pick the right payload schema (after a timeout-on-read). */
    async orderKind(id: string): Promise<OrderKind> {
      return productKind((await loadCurrent(id)).productId);
    },

    async actAsCustomer(id: string, action: CustomerAction, user: UserRecord | null): Promise<OrderDto> {
      const actorId = user?.id ?? null;
      switch (action.kind) {
        case 'submitTopup':
          return toOrderDto(await transition(id, 'submitPayment', actorId, { pmId: action.pmId }));
        case 'submitWithdraw':
          return toOrderDto(await transition(id, 'submitPayment', actorId, { onexId: action.onexId, wCode: action.wCode }));
        case 'cancel':
          return toOrderDto(await transition(id, 'cancelByCustomer', actorId));
      }
    },

    async actAsAdmin(id: string, status: 'complete' | 'cancelled', admin: UserRecord): Promise<OrderDto> {
      await loadCurrent(id);
      return toOrderDto(await transition(id, status === 'complete' ? 'complete' : 'cancelByAdmin', admin.id));
    },

    /** A customer's own orders (newest first), or for an admin the queue awaiting action. */
    async listOrders(user: UserRecord, page: number): Promise<{ orders: OrderDto[]; pages: number }> {
      const size = LIMITS.pageSize;
      const { orders: rows, total } =
        user.role === 'admin' ? await orders.listQueue(ADMIN_QUEUE_STATUSES, page, size) : await orders.listForUser(user.id, page, size);
      return { orders: rows.map(toOrderDto), pages: Math.max(1, Math.ceil(total / size)) };
    },

    /** One sweep: every expired waiting order → timedout exactly once, then their pushes. */
    async timeoutExpired(): Promise<string[]> {
      const ids = await orders.timeoutExpired();
      if (ids.length > 0) await announce(await orders.findByIds(ids), 'updated');
      return ids;
    },
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;
