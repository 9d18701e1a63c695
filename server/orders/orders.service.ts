// Order commands: place, the commands of PATCH /orders/{id} (one name each, the name of their rule in
// ORDER_TRANSITIONS), the late claim, the timeout on read and by sweep, and the payment's verification from the SMS
// domain's evidence. Each tells its story here, writes through the commands repository, and publishes one
// `order.changed` after the commit (decision 130).
import crypto from 'node:crypto';
import type { OrderView } from '#shared/api-types';
import { dhakaDayStart } from '#shared/dhaka';
import { isStaffRole, productCurrency, productKind, type OrderKind, type ProductId } from '#shared/constants';
import { VALIDATION_KEYS } from '#shared/error-keys';
import { compareAmounts, computePayAmount } from '#shared/money';
import type { OrderCommandName, OrderLanguage } from '#shared/order-status';
import type { CancelReason, OrderPayment, PlaceOrderInput } from '#shared/schemas';
import { dayPeriod, monthPeriod } from '#shared/wallet-fleet';
import type { AuditRecorder } from '../audit/index.js';
import type { AuditJson } from '#shared/audit';
import type { PaymentMethodsRepository, ProductsRepository } from '../catalogue/index.js';
import type { Clock } from '../clock.js';
import type { AnyTransaction, Transaction } from '../db/database.js';
import type { Publisher } from '../event-bus.js';
import { errors } from '../http/app-error.js';
import { jsonBody, weakEtagOf, type JsonBody } from '../http/etag.js';
import { validationError } from '../http/validate.js';
import type { UserRecord } from '../security/user-record.js';
import { normaliseIp } from '#shared/money-controls';
import { admissionErrors, type OrderAdmission } from './order-admission.js';
import { NO_USAGE } from './order-caps.js';
import { isLimited, rankNumbers, type FleetNumber } from './order-rotation.js';
import type {
  HolderOutcome,
  OrderBefore,
  PaymentLockOptions,
  OrderCommandsRepository,
  PayoutEvidence,
  StaffStep,
  TransitionData,
  TransitionGuard,
  TransitionOutcome,
} from './order-commands.repository.js';
import { toOrderView } from './order-dto.js';
import { DEFAULT_STAFF_RULES, type StaffRules } from './four-eyes.js';
import { orderErrors } from './order-errors.js';
import { orderChanged, type OrderEvents } from './order-events.js';
import type { OrderQueriesRepository } from './order-queries.repository.js';
import type { OrderRecord } from './order-row.js';
import { orderAnswer, type OrderViewCache } from './order-view-cache.js';
import { fulfilmentNote } from '#shared/fulfilment-notes';

/** A payment of the other kind names the fields this order's kind needs (product.md §7.4 payloads differ by product). */
function paymentFieldsMissing(kind: OrderKind) {
  const V = VALIDATION_KEYS;
  return validationError(kind === 'topup' ? { pm_id: V.required } : { onex_id: V.required, w_code: V.required });
}

/** At least 120 random bits (product.md §7.1): 16 bytes, 22 base64url characters. */
/** An order id is 16 random bytes in base64url: 22 characters. Staff may type its first 6 or more (decision 197). */
const ORDER_ID_LENGTH = 22;
const SHORT_ID_MIN = 6;

export function newOrderId(): string {
  return crypto.randomBytes(16).toString('base64url');
}

export function createOrdersService(deps: {
  commands: OrderCommandsRepository;
  queries: Pick<OrderQueriesRepository, 'findById' | 'idsStartingWith' | 'numberUsage'>;
  products: Pick<ProductsRepository, 'findById'>;
  /** `numbersOf`: the method's fleet numbers, first first; none: the method's one wallet. */
  paymentMethods: Pick<PaymentMethodsRepository, 'findByAccount'> & {
    numbersOf?: (account: string) => Promise<FleetNumber[]>;
  };
  events: Publisher<OrderEvents>;
  /** The order page's kept views (decision 081), dropped by `order.changed` (subscriptions.ts). */
  views: OrderViewCache;
  /** Records a staff member's move in the move's own transaction (the audit domain's recorder). */
  audit: AuditRecorder;
  clock: Clock;
  orderWaitMinutes: number;
  /** Hours after timing out that a top-up still takes a "paid late" claim. */
  lateClaimHours: number;
  /** The money controls: payer rule, blocklist, business hours, limits for strangers and per hour. */
  admission?: OrderAdmission;
  /** The shop's staff rules (the settings domain's cached `four_eyes_bdt` and `held_accept`). */
  staffRules?: () => Promise<StaffRules>;
  /**
   * The betting cash desk's word on an order's 1xBet id: throws the refusal on `field` when the desk
   * says the player does not exist (or is of another currency); says nothing when no desk answers.
   */
  playerCheck?: (productId: string, onexId: string, field: string) => Promise<void>;
  /** Whether the betting cash desk can still cover a top-up (decision 265): its Limit less the deposits queued. */
  deskRoom?: (currency: 'BDT' | 'USD', amount: string) => Promise<boolean>;
}) {
  const { commands, queries, products, paymentMethods, events, clock } = deps;
  const staffRules = deps.staffRules ?? (async () => DEFAULT_STAFF_RULES);
  const fourEyesBdt = async () => (await staffRules()).fourEyesBdt;

  /** The order as the viewer may see it; staff see the four-eyes flag under the current threshold. */
  const viewOf = async (order: OrderRecord, viewer: UserRecord | null): Promise<OrderView> =>
    toOrderView(order, viewer, viewer && isStaffRole(viewer.role) ? await staffRules() : DEFAULT_STAFF_RULES);

  /**
   * The staff rules a completion or cancel is held to: an order another staff member claimed is theirs
   * (admins excepted); a completion of a large withdrawal needs someone else's approval.
   */
  async function staffGuard(staff: UserRecord, completing: boolean): Promise<TransitionGuard> {
    const minBdt = completing ? await fourEyesBdt() : null;
    return {
      ...(staff.role === 'admin' ? {} : { holder: staff.id }),
      ...(minBdt === null ? {} : { secondApproval: { minBdt, actorId: staff.id } }),
    };
  }

  /** Tells the shop, after the commit; subscribers' failures are theirs (the event bus logs them). */
  const announce = (order: OrderRecord, before: OrderBefore | null) =>
    events.publish('order.changed', orderChanged(order, before));

  /** The moved order, announced, as the actor may see it; 404/409 when the move cannot happen. */
  async function settle(outcome: TransitionOutcome, actor: UserRecord | null): Promise<OrderView> {
    switch (outcome.outcome) {
      case 'notFound':
        throw orderErrors.notFound();
      case 'pmIdUsed':
        throw orderErrors.transactionUsed();
      case 'conflict':
        throw orderErrors.stateConflict();
      case 'claimed':
        throw orderErrors.orderClaimed();
      case 'approvalRequired':
        throw orderErrors.secondApprovalRequired();
      case 'paymentNotVerified':
        throw orderErrors.paymentNotVerified();
      case 'deliveryUnsettled':
        throw orderErrors.deliveryUnsettled();
      case 'payoutTrxIdRequired':
        throw orderErrors.payoutTrxIdRequired();
      case 'moved':
        await announce(outcome.order, outcome.before);
        return viewOf(outcome.order, actor);
    }
  }

  /** Applies the command's rule of the shared table for the given actor. */
  async function run(
    name: OrderCommandName,
    id: string,
    actor: UserRecord | null,
    data?: TransitionData,
  ): Promise<OrderView> {
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
    guard?: TransitionGuard,
    auditAlso: Record<string, unknown> = {},
  ): Promise<OrderView> {
    return settle(
      await commands.applyTransition({
        id,
        name,
        actorId: staff.id,
        data,
        note,
        guard,
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
              ...(moved.status === 'complete' && moved.payoutTrxId ? { payout_trx_id: moved.payoutTrxId } : {}),
              ...(note ? { reason: note } : {}),
              ...auditAlso,
            },
          });
        },
      }),
      staff,
    );
  }

  /** A claim, release or approval: audited in its transaction, announced like any other change of the order. */
  async function staffStep(step: StaffStep, action: string, id: string, staff: UserRecord): Promise<OrderView> {
    const outcome: HolderOutcome = await commands.staffStep({
      id,
      step,
      actor: { id: staff.id, name: staff.name },
      releaseAny: staff.role === 'admin',
      alsoInTransaction: (tx, changed, previousHolder) =>
        deps.audit(tx, {
          actorId: staff.id,
          action,
          targetType: 'order',
          targetId: changed.id,
          before: step === 'approve' ? { status: changed.status } : { assignee_id: previousHolder },
          after:
            step === 'approve'
              ? { status: changed.status, approved_by: staff.id }
              : { assignee_id: changed.assigneeId },
        }),
    });
    switch (outcome.outcome) {
      case 'notFound':
        throw orderErrors.notFound();
      case 'conflict':
        throw orderErrors.stateConflict();
      case 'claimed':
        throw orderErrors.orderClaimed();
      case 'unchanged':
        return viewOf(await findOrThrow(id), staff);
      case 'changed':
        await announce(outcome.order, outcome.before);
        return viewOf(outcome.order, staff);
    }
  }

  /** An order id as staff type it: whole, or its first characters when they name exactly one order. */
  async function resolveOrderRef(ref: string): Promise<string> {
    if (ref.length >= ORDER_ID_LENGTH) return ref;
    if (ref.length < SHORT_ID_MIN) throw orderErrors.idShort();
    const ids = await queries.idsStartingWith(ref);
    if (ids.length === 0) throw orderErrors.notFound();
    if (ids.length > 1) throw orderErrors.idAmbiguous();
    return ids[0];
  }

  async function findOrThrow(id: string): Promise<OrderRecord> {
    const order = await queries.findById(id);
    if (!order) throw orderErrors.notFound();
    return order;
  }

  /**
   * The order as it stands, timed out first when its waiting time has passed and no sweep has caught it yet
   * (decision 030): the one read that may write, and GET /orders/{id} says so by calling it. The viewer's
   * role picks the view (decision 070).
   */
  async function expireIfDue(id: string, viewer: UserRecord | null): Promise<OrderView> {
    const order = (await deps.views.get(id, () => queries.findById(id)))?.order;
    if (!order) throw orderErrors.notFound();
    if (order.status !== 'waiting' || order.lastTime >= clock.now()) return viewOf(order, viewer);
    const outcome = await commands.applyTransition({ id, name: 'expireOrder', actorId: null });
    if (outcome.outcome === 'moved') {
      await announce(outcome.order, outcome.before);
      return viewOf(outcome.order, viewer);
    }
    // Someone else moved it first (a sweep, the customer, the admin): show what is there now.
    return viewOf(await findOrThrow(id), viewer);
  }

  /**
   * The method's numbers a top-up paying `pay` may go to, most room first ('full': none active with room). Today's
   * and this month's counters are read only when one of them has limits; a method without numbers (older data)
   * keeps its one wallet.
   */
  async function rankedNumbers(account: string, pay: string, at: Date): Promise<FleetNumber[] | 'full'> {
    const all = (await paymentMethods.numbersOf?.(account)) ?? [];
    if (all.length === 0) return [];
    const numbers = all.filter((n) => n.active);
    if (numbers.length === 0) return 'full';
    const limited = numbers.filter(isLimited).map((n) => n.id);
    const [day, month] = [dayPeriod(at), monthPeriod(at)];
    const counters = await queries.numberUsage(limited, [day, month]);
    const usage = new Map(
      limited.map((id) => [
        id,
        { today: counters.get(id)?.get(day) ?? NO_USAGE, month: counters.get(id)?.get(month) ?? NO_USAGE },
      ]),
    );
    const ranked = rankNumbers(numbers, usage, pay);
    return ranked.length === 0 ? 'full' : ranked;
  }

  return {
    /** `caller.lang` is the language the customer placed it in (the order's mails are written in it); `caller.ip` their address. */
    async placeOrder(
      productId: ProductId,
      input: PlaceOrderInput,
      customer: UserRecord | null,
      caller: { ip?: string | null; lang?: OrderLanguage } = {},
    ): Promise<string> {
      const kind = productKind(productId);
      const amountKey = kind === 'topup' ? VALIDATION_KEYS.amountInvalid : VALIDATION_KEYS.withdrawAmountInvalid;
      const product = await products.findById(productId);
      if (!product) throw errors.validation('Unknown product', { product_id: VALIDATION_KEYS.invalid });
      if (!product.available)
        throw errors.validation('This product is not available now', { product_id: 'errors.productUnavailable' });
      const terms = product.pms.find((pm) => pm.account === input.pm_method);
      const shopWallet = await paymentMethods.findByAccount(input.pm_method);
      if (!terms || !terms.available || !shopWallet || !shopWallet.available) {
        throw errors.validation('This payment method is not available now', { pm_method: 'errors.methodUnavailable' });
      }
      if (compareAmounts(input.amount, terms.min) < 0 || compareAmounts(input.amount, terms.max) > 0) {
        throw errors.validation(`amount: must be between ${terms.min} and ${terms.max}`, { amount: amountKey });
      }
      if ('onex_id' in input && input.onex_id) await deps.playerCheck?.(productId, input.onex_id, 'onex_id');
      // Nobody pays for a top-up the cash desk cannot deliver (decision 265).
      if (kind === 'topup' && deps.deskRoom && !(await deps.deskRoom(productCurrency(productId), input.amount)))
        throw orderErrors.cashdeskLimit();
      const placedAt = clock.now();
      const pmAmount = computePayAmount(input.amount, terms.rate);
      // The wallet fleet (decision 194): a top-up goes to the active number with the most room left.
      const fleet = kind === 'topup' ? await rankedNumbers(input.pm_method, pmAmount, placedAt) : [];
      if (fleet === 'full') {
        await events.publish('method.limitReached', { wallet: input.pm_method });
        throw orderErrors.methodLimitReached();
      }
      const admission = await deps.admission?.admit({
        kind,
        input,
        customer,
        ip: caller.ip ?? null,
        payAmount: pmAmount,
        hours: shopWallet.hours,
        at: placedAt,
      });
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
          lang: caller.lang ?? 'en',
          payer: 'payer' in input ? (input.payer ?? null) : null,
          clientIp: caller.ip ? normaliseIp(caller.ip) : null,
        },
        customer?.id ?? null,
        // Top-ups count against the method's daily caps, by the Asia/Dhaka day.
        kind === 'topup' ? dhakaDayStart(placedAt) : undefined,
        admission,
        fleet,
      );
      // One neutral answer for every blocked value (never which), checked by the insert itself (decision 222).
      if (created === 'blocked') throw admissionErrors.blocked();
      if (created === 'limitReached') {
        await events.publish('method.limitReached', { wallet: input.pm_method });
        throw orderErrors.methodLimitReached();
      }
      if ('excludedUntil' in created) throw admissionErrors.selfExcluded(created.excludedUntil);
      await announce(created, null);
      return created.id;
    },

    expireIfDue,

    /**
     * GET /orders/{id}'s answer (decision 081): the kept view of the viewer's audience, ready JSON with its ETag; an
     * order whose time ran out is timed out first, as `expireIfDue` says, and answered fresh.
     */
    async orderPage(id: string, viewer: UserRecord | null): Promise<JsonBody> {
      const entry = await deps.views.get(id, () => queries.findById(id));
      if (!entry) throw orderErrors.notFound();
      const audience = isStaffRole(viewer?.role) ? 'full' : 'public';
      // The staff's view names whether a withdrawal needs a second approval: the shop's threshold is part of it.
      if (entry.order.status !== 'waiting' || entry.order.lastTime >= clock.now())
        return orderAnswer(entry, audience, audience === 'full' ? await staffRules() : DEFAULT_STAFF_RULES);
      const body = JSON.stringify({ ok: true, text: 'Success', order: await expireIfDue(id, viewer) });
      return jsonBody(body, weakEtagOf(`${audience}:${body}`));
    },

    /**
     * A customer pays: a top-up's transaction id (its SMS looked for in the same transaction, decision 100) or a
     * withdrawal's account id and code (waiting → pending).
     */
    async submitPayment(
      id: string,
      payment: OrderPayment,
      customer: UserRecord | null,
      caller: { ip?: string | null } = {},
    ): Promise<OrderView> {
      const order = await findOrThrow(id);
      const kind = productKind(order.productId);
      if (payment.kind !== kind) throw paymentFieldsMissing(kind);
      if (payment.kind === 'withdraw' && order.status === 'waiting')
        await deps.playerCheck?.(order.productId, payment.onex_id, 'onex_id');
      const data: TransitionData =
        payment.kind === 'topup'
          ? { pmId: payment.pm_id, verification: 'awaiting_sms' }
          : { onexId: payment.onex_id, wCode: payment.w_code };
      // A withdrawal's 1xBet id arrives only now: admission asks its rules again, in the move's transaction (decision 270).
      const admission =
        payment.kind === 'withdraw' && deps.admission
          ? await deps.admission.admitStep({
              kind,
              order,
              brings: { onexId: payment.onex_id },
              customer,
              ip: caller.ip ?? null,
              at: clock.now(),
            })
          : undefined;
      return settle(
        await commands.applyTransition({ id, name: 'submitPayment', actorId: customer?.id ?? null, data, admission }),
        customer,
      );
    },

    /**
     * "Already paid? Send your transaction id for review": a timed-out top-up takes one claim
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

    /**
     * The customer corrects a withdrawal's payout number, typed twice (decision 281), while it waits or is pending
     * and nothing has been paid out; holding the id is the right, as for paying. Audited with before and after.
     */
    async correctPayoutWallet(
      id: string,
      wallet: string,
      confirm: string,
      customer: UserRecord | null,
    ): Promise<OrderView> {
      if (confirm !== wallet) throw orderErrors.payoutWalletMismatch();
      const outcome = await commands.correctPayoutWallet({
        id,
        wallet,
        actorId: customer?.id ?? null,
        also: (tx, before) =>
          deps.audit(tx, {
            actorId: customer?.id ?? null,
            action: 'order.payout_wallet',
            targetType: 'order',
            targetId: id,
            before: { wallet: before },
            after: { wallet },
          }),
      });
      switch (outcome.outcome) {
        case 'notFound':
          throw orderErrors.notFound();
        case 'conflict':
          throw orderErrors.payoutWalletLocked();
        case 'unchanged':
          return viewOf(await findOrThrow(id), customer);
        case 'moved':
          await announce(outcome.order, outcome.before);
          return viewOf(outcome.order, customer);
      }
    },

    /** The customer gives up a waiting order (→ user_cancelled). Holding the id is the right (decision 011). */
    async cancelOrder(id: string, customer: UserRecord | null): Promise<OrderView> {
      return run('cancelOrder', id, customer);
    },

    /**
     * Staff have paid out or credited a pending order (→ complete); a withdrawal needs its payout trx id: typed, or
     * when it is not, the one of the Send Money SMS that proved the payout (decision 146); neither is a 400. A top-up
     * whose payment is not `verified` completes only when the staff member says they checked it themselves, and why
     * (`unverifiedReason`: on the timeline and in the audit, decision 241); the rule is asked under the row's lock.
     */
    async completeOrder(
      id: string,
      staff: UserRecord,
      payoutTrxId?: string,
      unverifiedReason?: string,
    ): Promise<OrderView> {
      const order = await findOrThrow(id);
      if (payoutTrxId !== undefined && productKind(order.productId) !== 'withdraw') {
        throw validationError({ payout_trx_id: VALIDATION_KEYS.invalid });
      }
      // Money left the shop: the record says by which transfer, typed or proved by its Send Money SMS (under the lock).
      const guard: TransitionGuard = {
        ...(await staffGuard(staff, true)),
        verifiedPayment: unverifiedReason === undefined,
        payoutTrxId: true,
        deliverySettled: true,
      };
      return runAudited(
        'completeOrder',
        'order.complete',
        id,
        staff,
        payoutTrxId === undefined ? undefined : { payoutTrxId },
        unverifiedReason,
        guard,
        unverifiedReason === undefined ? {} : { unverified: true },
      );
    },

    /** An outgoing Send Money SMS proves a pending withdrawal's payout (decision 146); announced. */
    async recordPayout(p: PayoutEvidence): Promise<OrderRecord | null> {
      const proved = await commands.recordPayout(p);
      if (!proved) return null;
      await announce(proved.order, proved.before);
      return proved.order;
    },

    /**
     * The cash desk delivered the order (decision 265): pending → complete by the shop, a withdrawal with the TrxID
     * its Send Money SMS proved; a withdrawal at or above the four-eyes threshold still waits for an approval. `note`
     * (what the desk did) is the move's timeline entry's, shown to staff only.
     */
    async completeByShop(id: string, payoutTrxId?: string, note?: string): Promise<boolean> {
      const minBdt = await fourEyesBdt();
      const outcome = await commands.applyTransition({
        id,
        name: 'completeByShop',
        actorId: null,
        data: payoutTrxId === undefined ? undefined : { payoutTrxId },
        ...(note === undefined ? {} : { note: note.slice(0, 500) }),
        // Nobody completes it, so any staff member's approval counts.
        guard: minBdt === null ? undefined : { secondApproval: { minBdt, actorId: '' } },
      });
      if (outcome.outcome !== 'moved') return false;
      await announce(outcome.order, outcome.before);
      return true;
    },

    /**
     * The cash desk refused a withdrawal's code: back to waiting (its time restarted), the desk's word on the timeline;
     * `recordRefusal` (the engine's record of it) commits with the move, or neither does.
     */
    async refuseCode(
      id: string,
      message: string,
      recordRefusal?: (tx: Transaction) => Promise<void>,
    ): Promise<boolean> {
      const lastTime = new Date(clock.now().getTime() + deps.orderWaitMinutes * 60_000);
      const outcome = await commands.applyTransition({
        id,
        name: 'codeRefused',
        actorId: null,
        data: { lastTime },
        note: message.slice(0, 500),
        alsoInTransaction: recordRefusal ? (tx) => recordRefusal(tx) : undefined,
      });
      if (outcome.outcome !== 'moved') return false;
      await announce(outcome.order, outcome.before);
      return true;
    },

    /** The cash desk redeemed a withdrawal's code: the order's amount is what it redeemed (decision 265). */
    async recordRedemption(id: string, amount: string): Promise<boolean> {
      const changed = await commands.recordRedemption({ id, amount, note: fulfilmentNote.codeRedeemed(amount) });
      if (!changed) return false;
      await announce(changed.order, changed.before);
      return true;
    },

    /**
     * A timeline entry on the order's delivery, announced. `change` (the engine's write the entry tells of) and, for a
     * staff member's entry, their audit entry commit with it: all land together, or none does.
     */
    async noteFulfilment(
      id: string,
      note: string,
      by?: {
        change?: (tx: Transaction) => Promise<void>;
        staff?: { user: UserRecord; action: string; after: { [key: string]: AuditJson } };
      },
    ): Promise<OrderRecord | null> {
      const staff = by?.staff;
      const changed = await commands.noteFulfilment({
        id,
        note,
        actorId: staff?.user.id,
        also:
          by?.change || staff
            ? async (tx) => {
                await by?.change?.(tx);
                if (staff)
                  await deps.audit(tx, {
                    actorId: staff.user.id,
                    action: staff.action,
                    targetType: 'order',
                    targetId: id,
                    before: {},
                    after: staff.after,
                  });
              }
            : undefined,
      });
      if (!changed) return null;
      await announce(changed.order, changed.before);
      return changed.order;
    },

    /** Staff take back a timed-out order whose customer says they paid late (→ pending), saying why. */
    async reopenOrder(id: string, staff: UserRecord, reason: string): Promise<OrderView> {
      const order = await findOrThrow(id);
      if (order.status === 'timedout' && order.lateClaimAt === null) throw orderErrors.reopenNotAllowed();
      return runAudited('reopenOrder', 'order.reopen', id, staff, undefined, reason);
    },

    /** Staff refuse a pending or waiting order (→ admin_cancelled), with an optional reason and note. */
    async cancelOrderAsAdmin(
      id: string,
      staff: UserRecord,
      why: { reason?: CancelReason; note?: string } = {},
    ): Promise<OrderView> {
      const data: TransitionData = {
        ...(why.reason ? { cancelReason: why.reason } : {}),
        ...(why.note ? { cancelNote: why.note } : {}),
      };
      return runAudited(
        'cancelOrderAsAdmin',
        'order.cancel',
        id,
        staff,
        data,
        undefined,
        // Cancelled while the desk's answer is not known, the money may have moved all the same (decision 301).
        { ...(await staffGuard(staff, false)), deliverySettled: true },
      );
    },

    /** A staff member takes the order: nobody else but an admin may complete or cancel it meanwhile. */
    async claimOrder(id: string, staff: UserRecord): Promise<OrderView> {
      return staffStep('claim', 'order.claim', id, staff);
    },

    /** The holder (or an admin, anyone's) gives the order back to the queue. */
    async releaseOrder(id: string, staff: UserRecord): Promise<OrderView> {
      return staffStep('release', 'order.release', id, staff);
    },

    /** A second person approves a pending withdrawal (the four-eyes rule) or a held payment's acceptance; one approval per person. */
    async approveOrder(id: string, staff: UserRecord): Promise<OrderView> {
      return staffStep('approve', 'order.approve', id, staff);
    },

    /** One sweep: every expired waiting order → timedout exactly once, each announced. */
    async expireDueOrders(): Promise<string[]> {
      const expired = await commands.expireDue();
      for (const order of expired) await announce(order, { status: 'waiting', verification: order.verification });
      return expired.map((o) => o.id);
    },

    /** Several payment messages of one phone weighed in one transaction (decision 203); each announced after it. */
    async receivePayments<R>(
      items: {
        key: { wallet: string; trxKey: string };
        record: (tx: AnyTransaction) => Promise<{ value: R; isNewPayment: boolean }>;
      }[],
      options?: PaymentLockOptions,
    ): Promise<{ value: R; order: OrderRecord | null }[]> {
      const results = await commands.verifyPayments(
        items.map((i) => ({ wallet: i.key.wallet, trxKey: i.key.trxKey, record: i.record })),
        options,
      );
      for (const { changed } of results) if (changed) await announce(changed.order, changed.before);
      return results.map(({ value, changed }) => ({ value, order: changed?.order ?? null }));
    },

    /**
     * The SMS ledger found that a held message now chains: the order holding it is verified by itself and announced
     * (decision 145). Null when no held order holds it.
     */
    async releaseHeld(smsId: number): Promise<OrderRecord | null> {
      const released = await commands.verifyHeldByLedger(smsId);
      if (!released) return null;
      await announce(released.order, released.before);
      return released.order;
    },

    /**
     * Staff settle a held verification by hand, saying why: accepted (verified) or rejected; audited. Accepting is an
     * admin's, or with `held_accept: second_approval` anyone's once another staff member approved it (decision 315);
     * rejecting moves no money and stays with any staff member.
     */
    async settleVerification(
      id: string,
      decision: 'accept' | 'reject',
      reason: string,
      staff: UserRecord,
    ): Promise<OrderView> {
      const rules = await staffRules();
      const byOperator = decision === 'accept' && staff.role !== 'admin';
      if (byOperator && rules.heldAccept === 'admin') throw orderErrors.heldAcceptAdminOnly();
      const outcome = await commands.settleHeld({
        orderId: id,
        accept: decision === 'accept',
        actorId: staff.id,
        reason,
        secondApproval: byOperator,
        also: (tx) =>
          deps.audit(tx, {
            actorId: staff.id,
            action: decision === 'accept' ? 'order.verify_accept' : 'order.verify_reject',
            targetType: 'order',
            targetId: id,
            before: { verification: 'held' },
            after: { verification: decision === 'accept' ? 'verified' : 'rejected', reason },
          }),
      });
      if (outcome.outcome === 'notFound') throw orderErrors.notFound();
      if (outcome.outcome === 'approvalRequired') throw orderErrors.heldAcceptNeedsApproval();
      if (outcome.outcome !== 'settled') throw orderErrors.verificationNotHeld();
      await announce(outcome.order, outcome.before);
      return toOrderView(outcome.order, staff, rules);
    },

    /**
     * Staff link an SMS to a top-up of the same wallet by hand, saying why: the order is verified, the message taken,
     * the timeline and the audit log say who and why.
     */
    /** `orderRef` is the order's id or its first characters (at least 6, naming one order: decision 197). */
    async verifyByHand(smsId: number, orderRef: string, reason: string, staff: UserRecord): Promise<OrderRecord> {
      const orderId = await resolveOrderRef(orderRef);
      const outcome = await commands.verifyByHand({
        smsId,
        orderId,
        actorId: staff.id,
        reason,
        also: (tx) =>
          deps.audit(tx, {
            actorId: staff.id,
            action: 'sms.link',
            targetType: 'sms',
            targetId: String(smsId),
            before: { order_id: null },
            after: { order_id: orderId, reason },
          }),
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
