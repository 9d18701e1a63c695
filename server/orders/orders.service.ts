// Order commands: place, the commands of PATCH /orders/{id} (one name each, the name of their rule in
// ORDER_TRANSITIONS), the late claim, the timeout on read and by sweep, and the payment's verification from the SMS
// domain's evidence. Each tells its story here, writes through the commands repository, and publishes one
// `order.changed` after the commit (decision 130).
import crypto from 'node:crypto';
import type { OrderView } from '#shared/api-types';
import { dhakaDayStart } from '#shared/dhaka';
import { productKind, type OrderKind, type ProductId } from '#shared/constants';
import { VALIDATION_KEYS } from '#shared/error-keys';
import { compareAmounts, computePayAmount } from '#shared/money';
import type { OrderCommandName } from '#shared/order-status';
import type { CancelReason, OrderPayment, PlaceOrderInput } from '#shared/schemas';
import type { AuditRecorder } from '../audit/index.js';
import type { PaymentMethodsRepository, ProductsRepository } from '../catalogue/index.js';
import type { Clock } from '../clock.js';
import type { Transaction } from '../db/database.js';
import type { Publisher } from '../event-bus.js';
import { errors } from '../http/app-error.js';
import { validationError } from '../http/validate.js';
import type { UserRecord } from '../security/user-record.js';
import { normaliseIp } from '#shared/money-controls';
import type { OrderAdmission } from './order-admission.js';
import type { OrderBefore, OrderCommandsRepository, TransitionData, TransitionOutcome } from './order-commands.repository.js';
import { toOrderView } from './order-dto.js';
import { orderErrors } from './order-errors.js';
import { orderChanged, type OrderEvents } from './order-events.js';
import type { OrderQueriesRepository } from './order-queries.repository.js';
import type { OrderRecord } from './order-row.js';

/** A payment of the other kind names the fields this order's kind needs (spec §7 payloads differ by product). */
function paymentFieldsMissing(kind: OrderKind) {
  const V = VALIDATION_KEYS;
  return validationError(kind === 'topup' ? { pm_id: V.required } : { onex_id: V.required, w_code: V.required });
}

/** At least 120 random bits (design §6): 16 bytes, 22 base64url characters. */
export function newOrderId(): string {
  return crypto.randomBytes(16).toString('base64url');
}

export function createOrdersService(deps: {
  commands: OrderCommandsRepository;
  queries: Pick<OrderQueriesRepository, 'findById'>;
  products: Pick<ProductsRepository, 'findById'>;
  paymentMethods: Pick<PaymentMethodsRepository, 'findByAccount'>;
  events: Publisher<OrderEvents>;
  /** Records a staff member's move in the move's own transaction (the audit domain's recorder). */
  audit: AuditRecorder;
  clock: Clock;
  orderWaitMinutes: number;
  /** Hours after timing out that a top-up still takes a "paid late" claim. */
  lateClaimHours: number;
  /** The money controls (issue 23): payer rule, blocklist, business hours, limits for strangers and per hour. */
  admission?: OrderAdmission;
}) {
  const { commands, queries, products, paymentMethods, events, clock } = deps;

  /** Tells the shop, after the commit; subscribers' failures are theirs (the event bus logs them). */
  const announce = (order: OrderRecord, before: OrderBefore | null) => events.publish('order.changed', orderChanged(order, before));

  /** The moved order, announced, as the actor may see it; 404/409 when the move cannot happen. */
  async function settle(outcome: TransitionOutcome, actor: UserRecord | null): Promise<OrderView> {
    switch (outcome.outcome) {
      case 'notFound':
        throw orderErrors.notFound();
      case 'pmIdUsed':
        throw orderErrors.transactionUsed();
      case 'conflict':
        throw orderErrors.stateConflict();
      case 'moved':
        await announce(outcome.order, outcome.before);
        return toOrderView(outcome.order, actor);
    }
  }

  /** Applies the command's rule of the shared table for the given actor. */
  async function run(name: OrderCommandName, id: string, actor: UserRecord | null, data?: TransitionData): Promise<OrderView> {
    return settle(await commands.applyTransition({ id, name, actorId: actor?.id ?? null, data }), actor);
  }

  /** A staff member's command: the move and its audit entry commit together, or neither does. */
  async function runAudited(
    name: OrderCommandName,
    action: string,
    id: string,
    staff: UserRecord,
    data?: TransitionData,
    note?: string,
  ): Promise<OrderView> {
    return settle(
      await commands.applyTransition({
        id,
        name,
        actorId: staff.id,
        data,
        note,
        alsoInTransaction: async (tx, moved) => {
          const last = moved.events[moved.events.length - 1];
          await deps.audit(tx, {
            actorId: staff.id,
            action,
            targetType: 'order',
            targetId: moved.id,
            before: { status: last?.fromStatus ?? null },
            after: {
              status: moved.status,
              ...(moved.cancelReason ? { reason: moved.cancelReason } : {}),
              ...(moved.cancelNote ? { note: moved.cancelNote } : {}),
              ...(data?.payoutTrxId ? { payout_trx_id: data.payoutTrxId } : {}),
              ...(note ? { reason: note } : {}),
            },
          });
        },
      }),
      staff,
    );
  }

  async function findOrThrow(id: string): Promise<OrderRecord> {
    const order = await queries.findById(id);
    if (!order) throw orderErrors.notFound();
    return order;
  }

  return {
    async placeOrder(productId: ProductId, input: PlaceOrderInput, customer: UserRecord | null, caller: { ip?: string | null } = {}): Promise<string> {
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
      const placedAt = clock.now();
      const pmAmount = computePayAmount(input.amount, terms.rate);
      const admit = await deps.admission?.admit({ kind, input, customer, ip: caller.ip ?? null, payAmount: pmAmount, hours: shopWallet.hours, at: placedAt });
      const created = await commands.create(
        {
          id: newOrderId(),
          productId,
          userId: customer?.id ?? null,
          createdAt: placedAt,
          lastTime: new Date(placedAt.getTime() + deps.orderWaitMinutes * 60_000),
          pmMethod: input.pm_method,
          pmWallet: shopWallet.wallet,
          pmCoin: 'BDT',
          amount: input.amount,
          rate: terms.rate,
          pmAmount,
          contactEmail: input.contact_email,
          onexId: 'onex_id' in input ? input.onex_id : null,
          wallet: 'wallet' in input ? input.wallet : null,
          payer: 'payer' in input ? (input.payer ?? null) : null,
          clientIp: caller.ip ? normaliseIp(caller.ip) : null,
        },
        customer?.id ?? null,
        // Top-ups count against the method's daily caps (issue 10), by the Asia/Dhaka day.
        kind === 'topup' ? dhakaDayStart(placedAt) : undefined,
        admit,
      );
      if (created === 'limitReached') throw orderErrors.methodLimitReached();
      await announce(created, null);
      return created.id;
    },

    /**
     * The order as it stands, timed out first when its waiting time has passed and no sweep has caught it yet
     * (decision 030): the one read that may write, and GET /orders/{id} says so by calling it. The viewer's
     * role picks the view (decision 070).
     */
    async expireIfDue(id: string, viewer: UserRecord | null): Promise<OrderView> {
      const order = await findOrThrow(id);
      if (order.status !== 'waiting' || order.lastTime >= clock.now()) return toOrderView(order, viewer);
      const outcome = await commands.applyTransition({ id, name: 'expireOrder', actorId: null });
      if (outcome.outcome === 'moved') {
        await announce(outcome.order, outcome.before);
        return toOrderView(outcome.order, viewer);
      }
      // Someone else moved it first (a sweep, the customer, the admin): show what is there now.
      return toOrderView(await findOrThrow(id), viewer);
    },

    /**
     * A customer pays: a top-up's transaction id (its SMS looked for in the same transaction, decision 100) or a
     * withdrawal's account id and code (waiting → pending).
     */
    async submitPayment(id: string, payment: OrderPayment, customer: UserRecord | null): Promise<OrderView> {
      const order = await findOrThrow(id);
      const kind = productKind(order.productId);
      if (payment.kind !== kind) throw paymentFieldsMissing(kind);
      const data: TransitionData =
        payment.kind === 'topup' ? { pmId: payment.pm_id, verification: 'awaiting_sms' } : { onexId: payment.onex_id, wCode: payment.w_code };
      return run('submitPayment', id, customer, data);
    },

    /**
     * "Already paid? Send your transaction id for review" (issue 9 rule 4): a timed-out top-up takes one claim
     * within lateClaimHours of timing out; it stays timed out and the admin may reopen it.
     */
    async claimLatePayment(id: string, pmId: string, customer: UserRecord | null): Promise<OrderView> {
      const order = await findOrThrow(id);
      if (productKind(order.productId) !== 'topup') throw orderErrors.lateClaimClosed();
      const notBefore = new Date(clock.now().getTime() - deps.lateClaimHours * 3_600_000);
      const outcome = await commands.recordLateClaim({ id, pmId, actorId: customer?.id ?? null, notBefore });
      if (outcome.outcome === 'conflict') throw orderErrors.lateClaimClosed();
      return settle(outcome, customer);
    },

    /** The customer gives up a waiting order (→ user_cancelled). Holding the id is the right (decision 011). */
    async cancelOrder(id: string, customer: UserRecord | null): Promise<OrderView> {
      return run('cancelOrder', id, customer);
    },

    /** Staff have paid out or credited a pending order (→ complete); a withdrawal's payout trx id may come along. */
    async completeOrder(id: string, staff: UserRecord, payoutTrxId?: string): Promise<OrderView> {
      if (payoutTrxId !== undefined && productKind((await findOrThrow(id)).productId) !== 'withdraw') {
        throw validationError({ payout_trx_id: VALIDATION_KEYS.invalid });
      }
      return runAudited('completeOrder', 'order.complete', id, staff, payoutTrxId === undefined ? undefined : { payoutTrxId });
    },

    /** Staff take back a timed-out order whose customer says they paid late (→ pending), saying why. */
    async reopenOrder(id: string, staff: UserRecord, reason: string): Promise<OrderView> {
      const order = await findOrThrow(id);
      if (order.status === 'timedout' && order.lateClaimAt === null) throw orderErrors.reopenNotAllowed();
      return runAudited('reopenOrder', 'order.reopen', id, staff, undefined, reason);
    },

    /** Staff refuse a pending or waiting order (→ admin_cancelled), with an optional reason and note. */
    async cancelOrderAsAdmin(id: string, staff: UserRecord, why: { reason?: CancelReason; note?: string } = {}): Promise<OrderView> {
      const data: TransitionData = { ...(why.reason ? { cancelReason: why.reason } : {}), ...(why.note ? { cancelNote: why.note } : {}) };
      return runAudited('cancelOrderAsAdmin', 'order.cancel', id, staff, data);
    },

    /** One sweep: every expired waiting order → timedout exactly once, each announced. */
    async expireDueOrders(): Promise<string[]> {
      const expired = await commands.expireDue();
      for (const order of expired) await announce(order, { status: 'waiting', verification: order.verification });
      return expired.map((o) => o.id);
    },

    /**
     * The SMS domain stores a payment message (its `record`, run under the payment's lock) and the order with that
     * transaction id weighs it as evidence (decision 130); announced when its verification changed.
     */
    async receivePayment<R>(
      key: { wallet: string; trxKey: string },
      record: (tx: Transaction) => Promise<{ value: R; isNewPayment: boolean }>,
    ): Promise<{ value: R; order: OrderRecord | null }> {
      const { value, changed } = await commands.verifyPayment(key.wallet, key.trxKey, record);
      if (changed) await announce(changed.order, changed.before);
      return { value, order: changed?.order ?? null };
    },

    /**
     * Staff link an SMS to a top-up of the same wallet by hand, saying why: the order is verified, the message taken,
     * the timeline and the audit log say who and why.
     */
    async verifyByHand(smsId: number, orderId: string, reason: string, staff: UserRecord): Promise<OrderRecord> {
      const outcome = await commands.verifyByHand({
        smsId,
        orderId,
        actorId: staff.id,
        reason,
        also: (tx) =>
          deps.audit(tx, { actorId: staff.id, action: 'sms.link', targetType: 'sms', targetId: String(smsId), before: { order_id: null }, after: { order_id: orderId, reason } }),
      });
      switch (outcome.outcome) {
        case 'orderNotFound':
          throw orderErrors.notFound();
        case 'smsNotFound': // the SMS domain looked it up first; messages are never deleted
        case 'notLinkable':
          throw orderErrors.smsNotLinkable();
        case 'orderVerified':
          throw orderErrors.orderAlreadyVerified();
        case 'trxUsed':
          throw orderErrors.transactionUsed();
        case 'verified':
          await announce(outcome.order, outcome.before);
          return outcome.order;
      }
    },
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;
