// The only code that writes `orders` and `order_events` (decision 130). Every status change is the named rule of
// ORDER_TRANSITIONS as one conditional update plus its event in one transaction; every verification change is the
// named rule of VERIFICATION_TRANSITIONS, applied under the payment's lock to the evidence the SMS domain hands in.
// Two concurrent actions can never both succeed (product.md §7.2).
import Decimal from 'decimal.js';
import { productKind, productsOfKind } from '#shared/constants';
import { computePayAmount } from '#shared/money';
import { toLocalMobileNumber } from '#shared/digits';
import {
  ORDER_TRANSITIONS,
  VERIFICATION_TRANSITIONS,
  type OrderStatus,
  type OrderTransition,
  type VerificationTransition,
} from '#shared/order-status';
import type { CancelReason } from '#shared/schemas';
import { dayPeriod, monthPeriod } from '#shared/wallet-fleet';
import { SMS_LIMITS, type HeldReason, type VerificationStatus } from '#shared/sms/sms-api';
import type { Clock } from '../clock.js';
import {
  queryerOf,
  type AnyTransaction,
  type Prisma,
  type SqlQueryer,
  type SqlRunner,
  type Transaction,
} from '../db/database.js';
import { isDeadlock, isUniqueViolation } from '../db/errors.js';
import { sqlTime, sqlTimeText } from '../db/sql-time.js';
import { Prisma as P } from '../generated/prisma/client.js';
import { needsSecondApproval } from './four-eyes.js';
import { fitsCap, hasCap, type MethodCap, type MethodUsage } from './order-caps.js';
import { isLimited, type FleetNumber } from './order-rotation.js';
import {
  orderSelect,
  setColumns,
  toOrderRecord,
  WITH_TIMELINE,
  type OrderFields,
  type OrderRecord,
  type VerificationSmsRecord,
} from './order-row.js';
import type { PaymentEvidence, PaymentEvidenceSource } from './payment-evidence.js';

export type NewOrder = Pick<
  OrderFields,
  | 'id'
  | 'productId'
  | 'userId'
  | 'createdAt'
  | 'lastTime'
  | 'pmMethod'
  | 'pmWallet'
  | 'pmCoin'
  | 'amount'
  | 'rate'
  | 'pmAmount'
  | 'contactEmail'
  | 'onexId'
  | 'wallet'
  | 'lang'
  | 'payer'
  | 'clientIp'
>;

/** The fields a status transition may set besides the status. */
export interface TransitionData {
  pmId?: string;
  onexId?: string;
  wCode?: string;
  payoutTrxId?: string;
  /** A top-up's id submitted: it now waits for its SMS, looked for in the same transaction. */
  verification?: 'awaiting_sms';
  cancelReason?: CancelReason;
  cancelNote?: string;
  /** A withdrawal code the cash desk refused: the customer's waiting time starts again (decision 265). */
  lastTime?: Date;
  /** A withdrawal code the desk redeemed: the order's amount is what it redeemed, its pay amount that at the rate. */
  amount?: string;
  pmAmount?: string;
}

export interface TransitionRequest {
  id: string;
  /** The rule of the shared table (ORDER_TRANSITIONS) to apply: its name is the command's name. */
  name: OrderTransition;
  actorId: string | null;
  data?: TransitionData;
  /** Why, recorded on the event (the admin's reason to reopen). */
  note?: string;
  /** Another write that must commit or roll back with the move (an audit row), after the event row. */
  alsoInTransaction?: (tx: Transaction, moved: OrderRecord) => Promise<void>;
  /** Staff rules checked under the row lock: claims and the four-eyes rule. */
  guard?: TransitionGuard;
  /**
   * The admission's rules for the values this step brings (a withdrawal's 1xBet id), asked under the row lock when
   * the move may happen, before it is made; throws to refuse, and nothing is written.
   */
  admission?: (q: SqlQueryer) => Promise<void>;
}

export interface TransitionGuard {
  /** Refuse ('claimed') when another staff member holds the order (admins pass none). */
  holder?: string;
  /**
   * The four-eyes rule (decision 168): a withdrawal of at least this many BDT (its pm_amount) moves only once
   * someone other than `actorId` approved it ('approvalRequired' otherwise).
   */
  secondApproval?: { minBdt: number; actorId: string };
  /** A top-up moves only while its payment is `verified` ('paymentNotVerified' otherwise, decision 241). */
  verifiedPayment?: boolean;
  /**
   * Refuse ('deliveryUnsettled') while the cash desk's answer on the order's delivery is not known (`sending` or
   * `unknown`, decision 265): completing it by hand then could deliver it twice, cancelling it could keep money the
   * desk moved (decision 301).
   */
  deliverySettled?: boolean;
  /**
   * A withdrawal moves only with its payout TrxID: the one the request brings, else the one of the Send Money SMS
   * that proved the payout, filled in ('payoutTrxIdRequired' when neither).
   */
  payoutTrxId?: boolean;
}

/** Who holds an order, and why a claim, release or approval could not happen. */
export type HolderOutcome =
  | { outcome: 'changed'; order: OrderRecord; before: OrderBefore }
  | { outcome: 'unchanged' | 'notFound' | 'conflict' }
  | { outcome: 'claimed' };

export type StaffStep = 'claim' | 'release' | 'approve';

export interface StaffStepRequest {
  id: string;
  step: StaffStep;
  actor: { id: string; name: string };
  /** Release: an admin may release anyone's claim. */
  releaseAny?: boolean;
  alsoInTransaction?: (tx: Transaction, changed: OrderRecord, previousHolder: string | null) => Promise<void>;
}

/** The timeline kind each staff step writes (no status change). */
const STEP_KIND: Record<StaffStep, string> = { claim: 'claimed', release: 'released', approve: 'approved' };

interface LockedForStaff {
  status: OrderStatus;
  verification: VerificationStatus;
  assigneeId: string | null;
  lateClaimAt: Date | null;
  productId: string;
  pmAmount: string;
}

/** Orders staff can still act on, so may claim: the queue's (waiting, pending) and timed-out ones claimed paid late. */
const claimable = (o: LockedForStaff) =>
  o.status === 'waiting' || o.status === 'pending' || (o.status === 'timedout' && o.lateClaimAt !== null);

/** What the order was before a change (the event subscribers tell moves apart by it). */
export interface OrderBefore {
  status: OrderStatus;
  verification: VerificationStatus;
}

export type TransitionOutcome =
  | { outcome: 'moved'; order: OrderRecord; before: OrderBefore }
  | {
      outcome:
        | 'conflict'
        | 'notFound'
        | 'pmIdUsed'
        | 'claimed'
        | 'approvalRequired'
        | 'paymentNotVerified'
        | 'deliveryUnsettled'
        | 'payoutTrxIdRequired';
    };

export type SettleOutcome =
  | { outcome: 'settled'; order: OrderRecord; before: OrderBefore }
  | { outcome: 'notFound' | 'notHeld' | 'approvalRequired' };

export type HandVerificationOutcome =
  | { outcome: 'verified'; order: OrderRecord; before: OrderBefore }
  | { outcome: 'smsNotFound' | 'orderNotFound' | 'notLinkable' | 'orderVerified' | 'trxUsed' };

/** Long enough for a burst of SMS and ids contending for the same payment lock on a busy 2-core machine. */
const PAYMENT_TX = { maxWait: 20_000, timeout: 20_000 };

/** Namespace of the payments' advisory locks (the migration lock uses another number). */
const PAYMENT_LOCK = 9_009;
const paymentLockKey = (wallet: string, trxKey: string) => `${wallet}:${trxKey}`;

/**
 * The payment's lock: (wallet, transaction id in lower case). Taken before any order row lock, by every path that
 * verifies (an SMS arriving, an id submitted, a late claim, a link by hand), so the one that comes second sees the
 * other and no two wait on each other.
 */
async function lockPayment(tx: AnyTransaction, wallet: string, trxKey: string): Promise<void> {
  // pg_advisory_xact_lock returns void, which drivers cannot always decode: select a constant instead.
  await queryerOf(tx).query(
    P.sql`SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(${PAYMENT_LOCK}::int, hashtext(${paymentLockKey(wallet, trxKey)}))) AS l`,
  );
}

/** The same lock for an order's own wallet, read in the same statement (the wallet of an order never changes). */
async function lockPaymentOfOrder(tx: Transaction, orderId: string, pmId: string): Promise<void> {
  await tx.$queryRaw`
    SELECT 1 AS locked FROM orders o, LATERAL (SELECT pg_advisory_xact_lock(${PAYMENT_LOCK}::int, hashtext(o.pm_method || ':' || ${pmId.toLowerCase()}))) AS l
    WHERE o.id = ${orderId}`;
}

/** Locks a batch of payments takes after its payment locks, in the same statement (decision 203): a phone's ledger lock. */
export interface PaymentLockOptions {
  alsoLock?: { namespace: number; key: string }[];
}

class PmIdUsed extends Error {}
class LostTake extends Error {}

/** The order fields a verification rule reads. */
interface VerifiableOrder {
  id: string;
  /** The number the customer said they pay from, or null. */
  payer: string | null;
  createdAt: Date;
  pmAmount: string;
  verification: VerificationStatus;
  verificationSmsId: number | null;
}

interface VerificationChange {
  verification: VerificationStatus;
  verificationReason: PayerHeldReason | null;
  verificationSmsId: number | null;
  verificationSms: VerificationSmsRecord | null;
}

/** The held reasons the order itself keeps (`orders.verification_reason`); the ledger's live on its SMS. */
export type PayerHeldReason = Extract<HeldReason, 'payer_mismatch' | 'blocked_payer'>;

const TOPUP_PRODUCTS = productsOfKind('topup');

/** The statuses a fleet number's counters count (as the method's caps do): the order may still bring money. */
const COUNTED: readonly OrderStatus[] = ['waiting', 'pending', 'complete'];
const countDelta = (from: OrderStatus, to: OrderStatus): number =>
  COUNTED.includes(from) === COUNTED.includes(to) ? 0 : COUNTED.includes(to) ? 1 : -1;
const WITHDRAW_PRODUCTS = productsOfKind('withdraw');

/** An outgoing Send Money SMS of a shop wallet (decision 146). */
export interface PayoutEvidence {
  smsId: number;
  wallet: string;
  /** The wallet number the money went to (01XXXXXXXXX). */
  to: string;
  amount: string;
  trxId: string;
  /** The message's own time. */
  at: Date;
}

const smsRecordOf = (e: PaymentEvidence): VerificationSmsRecord => ({
  id: e.smsId,
  amount: e.amount,
  sender: e.sender,
  receivedAt: e.receivedAt,
  ledgerReason: e.ledgerReason,
  expectedBalance: e.expectedBalance,
  expectedSince: e.expectedSince,
  balance: e.balance,
});

export function createOrderCommandsRepository(
  prisma: Prisma,
  deps: {
    clock: Clock;
    evidence: PaymentEvidenceSource;
    /** Whether a wallet number is on the shop's blocklist, read in the verifying transaction. */
    isWalletBlocked?: (tx: AnyTransaction, wallet: string) => Promise<boolean>;
    /** The same as a condition of a statement (a forwarded payment's move reads it, decision 203). */
    walletBlockedSql?: (wallet: string) => P.Sql;
    /**
     * Plain statements on the driver: a forwarded payment's transaction (decision 203) and placing an order
     * (decision 222); without it (tests that build the repository by hand) Prisma's.
     */
    sql?: Pick<SqlRunner, 'transaction' | 'query'>;
  },
) {
  const { clock, evidence } = deps;

  /** Applies a verification rule if the order is still in one of its from-states; true when it did. */
  async function moveVerification(
    tx: AnyTransaction,
    orderId: string,
    name: VerificationTransition,
    smsId: number | null,
    reason: PayerHeldReason | null = null,
    /** Given: filled with the moved order as it now stands, read by the same statement (decision 203). */
    readBack?: { order: OrderRecord | null },
  ): Promise<boolean> {
    const rule = VERIFICATION_TRANSITIONS[name];
    const update = P.sql`
      UPDATE orders SET verification = ${rule.to}, verification_sms_id = ${smsId}, verification_reason = ${reason}, updated_at = ${sqlTime(clock.now())}
      WHERE id = ${orderId} AND verification IN (${P.join([...rule.from])})`;
    if (!readBack) return (await queryerOf(tx).query(P.sql`${update} RETURNING id`)).length === 1;
    // The timeline is not touched by a verification move, and the SMS it joins is as this transaction left it.
    const [moved] = await queryerOf(tx).query<Record<string, unknown>>(P.sql`
      WITH m AS (${update} RETURNING *) SELECT ${orderSelect('m')} FROM m LEFT JOIN sms_messages s ON s.id = m.verification_sms_id`);
    readBack.order = moved ? toOrderRecord(moved) : null;
    return moved !== undefined;
  }

  /**
   * Under the payment's lock: the order with this transaction id takes the first message that agrees in every point
   * (wallet, id, amount to the paisa, time inside its window) and is verified; else it shows a message whose amount
   * differs, or waits. Returns the change, or null when nothing changed.
   */
  async function verifyFromEvidence(
    tx: AnyTransaction,
    order: VerifiableOrder,
    wallet: string,
    trxKey: string,
    readBack?: { order: OrderRecord | null },
    /** The evidence, when the caller read it with the order (decision 203). */
    known?: PaymentEvidence[],
  ): Promise<VerificationChange | null> {
    // Verified, held (the ledger or an admin decides) and rejected orders are past weighing evidence.
    if (order.verification === 'verified' || order.verification === 'held' || order.verification === 'rejected')
      return null;
    const messages = (known ?? (await evidence.forTransaction(tx, wallet, trxKey))).filter(
      (m) => m.linkable && m.amount !== null,
    );
    // A transaction id verifies one order, ever: one already taken (by hand, by another order) blocks it.
    const usedElsewhere = messages.some((m) => m.taken);
    const now = clock.now().getTime();
    const earliest = order.createdAt.getTime() - SMS_LIMITS.matchWindowBeforeMinutes * 60_000;
    const latest = now + SMS_LIMITS.clockSkewSeconds * 1000;
    const sameAmount = (m: PaymentEvidence) => new Decimal(m.amount!).equals(order.pmAmount);
    const fit = usedElsewhere
      ? undefined
      : messages.find(
          (m) => !m.taken && sameAmount(m) && m.receivedAt.getTime() >= earliest && m.receivedAt.getTime() <= latest,
        );
    const mismatch = messages.find((m) => !sameAmount(m));
    // A fitting message is held, not verified, when it came from a blocked number or from another number than the
    // order's payer (decision 145), or when it does not chain on its phone's ledger (decision 145).
    if (fit && readBack && deps.walletBlockedSql) return verifyFit(tx, order, fit, readBack);
    const held = fit ? await heldReason(tx, order, fit) : null;
    const [name, shown]: [VerificationTransition, PaymentEvidence | undefined] = fit
      ? [held || fit.ledgerState !== 'chained' ? 'holdBySms' : 'verifyBySms', fit]
      : mismatch
        ? ['amountDiffers', mismatch]
        : ['awaitSms', undefined];
    const to = VERIFICATION_TRANSITIONS[name].to;
    const smsId = shown?.smsId ?? null;
    if (to === order.verification && smsId === order.verificationSmsId) return null;
    if (!(await moveVerification(tx, order.id, name, smsId, held, readBack))) return null;
    // A held message is this order's too: it verifies no other order, and an admin settles it by hand.
    if (fit && !(await evidence.take(tx, fit.smsId, order.id))) throw new LostTake();
    return {
      verification: to,
      verificationReason: held,
      verificationSmsId: smsId,
      verificationSms: shown ? smsRecordOf(shown) : null,
    };
  }

  /**
   * A fitting message verifies or holds the order, and is taken, in one statement that also reads the blocklist and
   * the order as it now stands (decision 203): the same rule as `heldReason` and the moves below, with the
   * blocklist's answer read by the statement itself. A message another order took meanwhile rolls everything back.
   */
  async function verifyFit(
    tx: AnyTransaction,
    order: VerifiableOrder,
    fit: PaymentEvidence,
    readBack: { order: OrderRecord | null },
  ): Promise<VerificationChange | null> {
    const sender = fit.sender ? toLocalMobileNumber(fit.sender) : null;
    const payerDiffers = Boolean(order.payer) && sender !== order.payer;
    const unblocked: VerificationTransition =
      payerDiffers || fit.ledgerState !== 'chained' ? 'holdBySms' : 'verifyBySms';
    const rule = VERIFICATION_TRANSITIONS[unblocked];
    const blocked = sender ? deps.walletBlockedSql!(sender) : P.sql`false`;
    const [moved] = await queryerOf(tx).query<Record<string, unknown> & { tookSms: number }>(P.sql`
      WITH b AS (SELECT ${blocked} AS blocked),
      m AS (
        UPDATE orders SET verification = CASE WHEN b.blocked THEN ${VERIFICATION_TRANSITIONS.holdBySms.to} ELSE ${rule.to} END,
          verification_sms_id = ${fit.smsId},
          verification_reason = CASE WHEN b.blocked THEN 'blocked_payer' ELSE ${payerDiffers ? 'payer_mismatch' : null} END,
          updated_at = ${sqlTime(clock.now())}
        FROM b WHERE orders.id = ${order.id} AND orders.verification IN (${P.join([...rule.from])}) RETURNING orders.*),
      t AS (${evidence.takeStatement(fit.smsId, order.id, P.sql`EXISTS (SELECT 1 FROM m)`)})
      SELECT ${orderSelect('m')}, (SELECT count(*) FROM t)::int AS "tookSms" FROM m LEFT JOIN sms_messages s ON s.id = m.verification_sms_id`);
    if (!moved) return null;
    if (moved.tookSms !== 1) throw new LostTake();
    readBack.order = toOrderRecord(moved);
    return {
      verification: readBack.order.verification,
      verificationReason: readBack.order.verificationReason,
      verificationSmsId: fit.smsId,
      verificationSms: smsRecordOf(fit),
    };
  }

  /**
   * `verifyHeldByLedger` in plain statements (decision 203): messages that arrive out of order are held and released
   * by the next run, so a busy phone releases often. The move reads the message's ledger state and the order as
   * it now stands in its own statement; the order was held, and its status does not move.
   */
  async function releaseHeldPlain(
    q: SqlQueryer,
    smsId: number,
  ): Promise<{ order: OrderRecord; before: OrderBefore } | null> {
    const sms = await evidence.byId(q, smsId);
    if (!sms || sms.trxKey === null) return null;
    await lockPayment(q, sms.wallet, sms.trxKey);
    const rule = VERIFICATION_TRANSITIONS.verifyByLedger;
    const [moved] = await q.query<Record<string, unknown>>(P.sql`
      WITH m AS (
        UPDATE orders SET verification = ${rule.to}, verification_sms_id = ${smsId}, verification_reason = NULL, updated_at = ${sqlTime(clock.now())}
        WHERE verification_sms_id = ${smsId} AND verification IN (${P.join([...rule.from])}) AND verification_reason IS NULL
          AND EXISTS (SELECT 1 FROM sms_messages WHERE id = ${smsId} AND ledger_state = 'chained')
        RETURNING *)
      SELECT ${orderSelect('m')} FROM m LEFT JOIN sms_messages s ON s.id = m.verification_sms_id`);
    if (!moved) return null;
    const order = toOrderRecord(moved);
    return { order, before: { status: order.status, verification: 'held' } };
  }

  /** Why a fitting payment may not verify its order by itself, or null. */
  async function heldReason(
    tx: AnyTransaction,
    order: VerifiableOrder,
    fit: PaymentEvidence,
  ): Promise<PayerHeldReason | null> {
    const sender = fit.sender ? toLocalMobileNumber(fit.sender) : null;
    if (sender && deps.isWalletBlocked && (await deps.isWalletBlocked(tx, sender))) return 'blocked_payer';
    if (order.payer && sender !== order.payer) return 'payer_mismatch';
    return null;
  }

  /** Claims, the four-eyes rule, a top-up's verified payment and a withdrawal's payout TrxID, under the row lock of the move they guard. */
  async function checkGuard(
    tx: Transaction,
    id: string,
    row: {
      assigneeId: string | null;
      productId: string;
      amount: string;
      pmAmount: string;
      verification: OrderBefore['verification'];
      payoutSmsTrxId: string | null;
    },
    guard: TransitionGuard | undefined,
    data: TransitionData | undefined,
  ): Promise<
    'claimed' | 'approvalRequired' | 'paymentNotVerified' | 'deliveryUnsettled' | 'payoutTrxIdRequired' | null
  > {
    if (!guard) return null;
    if (guard.holder !== undefined && row.assigneeId !== null && row.assigneeId !== guard.holder) return 'claimed';
    if (guard.verifiedPayment && productKind(row.productId) === 'topup' && row.verification !== 'verified')
      return 'paymentNotVerified';
    if (guard.deliverySettled) {
      // Under the order's lock: the engine takes the same lock before it marks a delivery `sending`.
      const open = await tx.$queryRaw<{ n: number }[]>`
        SELECT count(*)::int AS n FROM fulfilments WHERE order_id = ${id} AND status IN ('sending', 'unknown')`;
      if (open[0].n > 0) return 'deliveryUnsettled';
    }
    const four = guard.secondApproval;
    if (four && needsSecondApproval(row, four.minBdt)) {
      const approvals = await tx.$queryRaw<{ n: number }[]>`
        SELECT count(*)::int AS n FROM order_events WHERE order_id = ${id} AND kind = 'approved' AND actor_id <> ${four.actorId}`;
      if (approvals[0].n === 0) return 'approvalRequired';
    }
    if (
      guard.payoutTrxId &&
      productKind(row.productId) === 'withdraw' &&
      data?.payoutTrxId === undefined &&
      row.payoutSmsTrxId === null
    )
      return 'payoutTrxIdRequired';
    return null;
  }

  /**
   * Takes one top-up's room on a fleet number (decision 194): its day and month counter rows made if missing, then
   * each updated only while the number is active and the payment fits its limits, read live from its row. A
   * concurrent placement on the same number waits for this one's commit and then sees its count. False: no room
   * (nothing of this number changed).
   */
  async function takeRoom(q: SqlQueryer, numberId: number, pay: string, [day, month]: string[]): Promise<boolean> {
    await q.query(P.sql`
      INSERT INTO payment_number_usage (number_id, period) VALUES (${numberId}::int, ${day}), (${numberId}::int, ${month}) ON CONFLICT DO NOTHING`);
    const today = await q.query<{ n: number }>(P.sql`
      UPDATE payment_number_usage u SET count = u.count + 1, amount = u.amount + ${pay}::numeric
      FROM payment_numbers n
      WHERE u.number_id = n.id AND n.id = ${numberId} AND u.period = ${day} AND n.active
        AND (n.daily_count_limit IS NULL OR u.count + 1 <= n.daily_count_limit)
        AND (n.daily_amount_limit IS NULL OR u.amount + ${pay}::numeric <= n.daily_amount_limit)
      RETURNING 1 AS n`);
    if (today.length === 0) return false;
    const thisMonth = await q.query<{ n: number }>(P.sql`
      UPDATE payment_number_usage u SET count = u.count + 1, amount = u.amount + ${pay}::numeric
      FROM payment_numbers n
      WHERE u.number_id = n.id AND n.id = ${numberId} AND u.period = ${month}
        AND (n.monthly_amount_limit IS NULL OR u.amount + ${pay}::numeric <= n.monthly_amount_limit)
      RETURNING 1 AS n`);
    if (thisMonth.length > 0) return true;
    await q.query(P.sql`
      UPDATE payment_number_usage SET count = count - 1, amount = amount - ${pay}::numeric WHERE number_id = ${numberId}::int AND period = ${day} RETURNING 1 AS n`);
    return false;
  }

  /**
   * A moved top-up's fleet number counters follow it (decision 194): a waiting or pending order cancelled or timed
   * out gives its room back on its day and month; one reopened takes it again (the money came: no limit applies).
   * A CTE over the statement's `moved` rows; nothing for orders without a number.
   */
  function recount(delta: number): P.Sql {
    if (delta === 0) return P.empty;
    return P.sql`, recounted AS (
        UPDATE payment_number_usage u SET count = u.count + ${delta}::int, amount = u.amount + ${delta}::int * m.pm_amount
        FROM moved m
        WHERE u.number_id = m.pm_number_id
          AND u.period IN ('day:' || to_char(m.created_at + interval '6 hours', 'YYYY-MM-DD'), 'month:' || to_char(m.created_at + interval '6 hours', 'YYYY-MM'))
        RETURNING 1
      )`;
  }

  /** The guarded update, its event row and the order as it now stands, in one statement (decision 222). */
  async function moveStatus(
    tx: Transaction,
    t: TransitionRequest,
    fromStatus: OrderStatus,
    now: Date,
  ): Promise<OrderRecord | null> {
    const rule = ORDER_TRANSITIONS[t.name];
    // A waiting order whose time has run out is moved by the timeout alone.
    const waitingTime =
      t.name === 'expireOrder'
        ? P.sql`AND last_time < ${sqlTime(now)}`
        : fromStatus === 'waiting'
          ? P.sql`AND last_time >= ${sqlTime(now)}`
          : P.empty;
    const rows = await tx.$queryRaw<Record<string, unknown>[]>`
      WITH moved AS (
        UPDATE orders SET ${P.join([P.sql`status = ${rule.to}`, P.sql`updated_at = ${sqlTime(now)}`, ...setColumns(t.data ?? {})], ', ')}
        WHERE id = ${t.id} AND status IN (${P.join([...rule.from])}) ${waitingTime}
        RETURNING *
      ), event AS (
        INSERT INTO order_events (order_id, from_status, to_status, actor, actor_id, note, created_at)
        SELECT id, ${fromStatus}, ${rule.to}, ${rule.by}, ${t.actorId}, ${t.note ?? null}, ${sqlTime(now)} FROM moved
        RETURNING order_id, id, from_status, to_status, actor, actor_id, kind, note, created_at
      )${recount(countDelta(fromStatus, rule.to))}
      SELECT ${orderSelect('m', 'event')} FROM moved m LEFT JOIN sms_messages s ON s.id = m.verification_sms_id`;
    return rows.length === 0 ? null : toOrderRecord(rows[0]);
  }

  const repository = {
    /**
     * Inserts a waiting order and its first event (null → waiting) together; returns it as stored, built from what
     * was inserted (no read-back). An order of an uncapped method whose first fleet number is unlimited, with no
     * limits to count, is one statement that takes no lock (decision 222): the insert runs only
     * when the customer is not blocked and the method has no cap, both checked in the same statement, and counts
     * the number's day and month. `admission.blocked` is the blocklist's condition ('blocked' when true, and
     * nothing is written); `admission.limits` (the limits for strangers and per hour) runs first in a
     * transaction and throws to refuse. Otherwise the exact way, in a transaction of plain statements: the
     * blocklist, the limits, the method's cap under its row lock (the day's waiting, pending and complete top-ups
     * counted after the lock, so a cap is never overshot), then `numbers`, the method's fleet numbers this top-up may
     * go to, most room first (decision 194): the first whose day and month counter rows take it by a conditional
     * update (never over a limit, never a lock on the whole wallet) is the order's `pm_wallet`. No room:
     * 'limitReached'. `capDay` is the start of the order's Asia/Dhaka day.
     */
    async create(
      order: NewOrder,
      actorId: string | null,
      capDay?: Date,
      admission: { blocked?: P.Sql; excludedUntil?: P.Sql; limits?: (q: SqlQueryer) => Promise<void> } = {},
      numbers: FleetNumber[] = [],
    ): Promise<OrderRecord | 'limitReached' | 'blocked' | { excludedUntil: Date }> {
      const blocked = admission.blocked ?? P.sql`false`;
      const excluded = admission.excludedUntil ?? P.sql`NULL::timestamp(3)`;
      const excludedText = P.sql`to_char(${excluded}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
      // Decimals as Prisma reads them back (decimal.js's shortest form).
      // `ref`: the short reference the insert's trigger derived from the id (decision 284), from the statement's answer.
      const created = (wallet: string, ref: string): OrderRecord => ({
        ...order,
        ref,
        pmWallet: wallet,
        amount: new Decimal(order.amount).toString(),
        rate: new Decimal(order.rate).toString(),
        pmAmount: new Decimal(order.pmAmount).toString(),
        status: 'waiting',
        pmId: null,
        wCode: null,
        note: null,
        verification: 'none',
        verificationReason: null,
        verificationSmsId: null,
        lateClaimAt: null,
        payoutTrxId: null,
        cancelReason: null,
        cancelNote: null,
        payoutSmsId: null,
        payoutSmsTrxId: null,
        payoutSmsAt: null,
        assigneeId: null,
        claimedAt: null,
        acceptedById: null,
        events: [
          {
            fromStatus: null,
            toStatus: 'waiting',
            actor: 'customer',
            actorId,
            kind: 'status',
            note: null,
            createdAt: order.createdAt,
          },
        ],
        verificationSms: null,
        assignee: null,
        acceptedBy: null,
        fulfilment: null,
      });
      const at = sqlTime(order.createdAt);
      const periods = [dayPeriod(order.createdAt), monthPeriod(order.createdAt)];
      /**
       * The order with its first event; with `countOn`, an unlimited number's counters in the same statement. `alone`:
       * the one-statement way, which asks the blocklist and (a top-up, `capDay`) the method's caps itself.
       */
      const insert = (alone: boolean, number: FleetNumber | null, countOn: boolean) => P.sql`
        WITH refused AS (SELECT ${alone ? blocked : P.sql`false`} AS blocked, ${alone ? excludedText : P.sql`NULL::text`} AS excluded_until), placed AS (
          INSERT INTO orders (id, product_id, user_id, status, created_at, updated_at, last_time, pm_method, pm_wallet, pm_number_id, pm_coin,
                              amount, rate, pm_amount, contact_email, onex_id, wallet, lang, payer, client_ip)
          SELECT ${order.id}, ${order.productId}, ${order.userId}, 'waiting', ${at}, ${at}, ${sqlTime(order.lastTime)}, ${order.pmMethod},
                 ${number?.wallet ?? order.pmWallet}, ${number?.id ?? null}::int, ${order.pmCoin}, ${order.amount}::numeric, ${order.rate}::numeric, ${order.pmAmount}::numeric,
                 ${order.contactEmail}, ${order.onexId}::text, ${order.wallet}::text, ${order.lang}, ${order.payer}::text, ${order.clientIp}::text
          ${alone ? P.sql`WHERE NOT (SELECT blocked FROM refused) AND (SELECT excluded_until FROM refused) IS NULL` : P.empty}
          ${
            alone && capDay !== undefined
              ? P.sql`AND NOT EXISTS (SELECT 1 FROM payment_methods WHERE account = ${order.pmMethod}
                        AND (daily_count_limit IS NOT NULL OR daily_amount_limit IS NOT NULL))`
              : P.empty
          }
          RETURNING id, pm_number_id, pm_amount, ref
        ), event AS (
          INSERT INTO order_events (order_id, from_status, to_status, actor, actor_id, created_at)
          SELECT id, NULL, 'waiting', 'customer', ${actorId}::text, ${at} FROM placed
          RETURNING order_id
        )${
          countOn
            ? P.sql`, counted AS (
          INSERT INTO payment_number_usage (number_id, period, count, amount)
          SELECT p.pm_number_id, period, 1, p.pm_amount FROM placed p, unnest(ARRAY[${P.join(periods)}]::text[]) AS period
          ON CONFLICT (number_id, period) DO UPDATE SET count = payment_number_usage.count + 1, amount = payment_number_usage.amount + EXCLUDED.amount
        )`
            : P.empty
        }
        SELECT (SELECT blocked FROM refused) AS blocked, (SELECT excluded_until FROM refused) AS "excludedUntil", (SELECT count(*)::int FROM event) AS placed,
               (SELECT ref FROM placed) AS ref`;
      const first = numbers[0] ?? null;
      if (!admission.limits && (first === null || !isLimited(first))) {
        const [one] = await (deps.sql ?? queryerOf(prisma)).query<{
          blocked: boolean;
          excludedUntil: string | null;
          placed: number;
          ref: string | null;
        }>(insert(true, first, first !== null));
        if (one.blocked) return 'blocked';
        if (one.excludedUntil) return { excludedUntil: new Date(one.excludedUntil) };
        if (one.placed === 1) return created(first?.wallet ?? order.pmWallet, one.ref ?? '');
        if (capDay === undefined) throw new Error(`order ${order.id} was not inserted`);
      }
      // A top-up of a capped method or of a limited number, or an order whose admission checks need the transaction
      // (the limits for strangers and per hour, under the customer's locks): the exact way, the method's
      // cap under its row lock, each number's limits by the conditional update of its own counter rows.
      const inTransaction = <T>(fn: (q: SqlQueryer) => Promise<T>): Promise<T> =>
        deps.sql ? deps.sql.transaction(fn) : prisma.$transaction((tx) => fn(queryerOf(tx)));
      const exact = () =>
        inTransaction(async (q): Promise<OrderRecord | 'limitReached' | 'blocked' | { excludedUntil: Date }> => {
          if (admission.blocked || admission.excludedUntil) {
            const [refused] = await q.query<{ blocked: boolean; excludedUntil: string | null }>(
              P.sql`SELECT ${blocked} AS blocked, ${excludedText} AS "excludedUntil"`,
            );
            if (refused.blocked) return 'blocked';
            if (refused.excludedUntil) return { excludedUntil: new Date(refused.excludedUntil) };
          }
          await admission.limits?.(q);
          if (capDay) {
            const [limit] = await q.query<{ dailyCountLimit: number | null; dailyAmountLimit: string | null }>(P.sql`
              SELECT daily_count_limit AS "dailyCountLimit", daily_amount_limit::text AS "dailyAmountLimit"
              FROM payment_methods WHERE account = ${order.pmMethod} FOR UPDATE`);
            if (limit && hasCap(limit as MethodCap)) {
              const [used] = await q.query<MethodUsage>(P.sql`
                SELECT count(*)::int AS count, COALESCE(sum(pm_amount), 0)::text AS amount
                FROM orders
                WHERE pm_method = ${order.pmMethod} AND product_id IN (${P.join(TOPUP_PRODUCTS)})
                  AND status IN ('waiting', 'pending', 'complete') AND created_at >= ${sqlTime(capDay)}`);
              if (!fitsCap(limit, used, order.pmAmount)) return 'limitReached';
            }
          }
          let number: FleetNumber | null = null;
          for (const candidate of numbers) {
            if (await takeRoom(q, candidate.id, order.pmAmount, periods)) {
              number = candidate;
              break;
            }
          }
          if (numbers.length > 0 && number === null) return 'limitReached';
          const [placed] = await q.query<{ placed: number; ref: string | null }>(insert(false, number, false));
          if (placed.placed !== 1) throw new Error(`order ${order.id} was not inserted`);
          return created(number?.wallet ?? order.pmWallet, placed.ref ?? '');
        });
      // Two placements that tried the same full numbers in another order may deadlock: the loser simply runs again.
      for (let attempt = 1; ; attempt++) {
        try {
          return await exact();
        } catch (error) {
          if (attempt >= 3 || !isDeadlock(error)) throw error;
        }
      }
    },

    /**
     * The one place a status changes: the row locked, the rule's conditional update, its event row and the order as
     * it now stands, in one transaction. A top-up's transaction id (`data.pmId`) takes the payment's lock first and
     * looks for its SMS in the same transaction. A reused pm_id (unique per method) rolls everything back.
     */
    async applyTransition(t: TransitionRequest): Promise<TransitionOutcome> {
      const rule = ORDER_TRANSITIONS[t.name];
      const pmId = t.data?.pmId;
      try {
        return await prisma.$transaction(async (tx): Promise<TransitionOutcome> => {
          if (pmId !== undefined) await lockPaymentOfOrder(tx, t.id, pmId);
          // Lock the row so the event records the status it really left (a transition may start from several).
          // A statement of its own: the next one's snapshot then holds every change committed before the lock.
          const locked = await tx.$queryRaw<
            (OrderBefore & {
              assigneeId: string | null;
              productId: string;
              amount: string;
              pmAmount: string;
              payoutSmsTrxId: string | null;
            })[]
          >`
            SELECT status, verification, assignee_id AS "assigneeId", product_id AS "productId", amount::text AS amount, pm_amount::text AS "pmAmount",
              payout_sms_trx_id AS "payoutSmsTrxId"
            FROM orders WHERE id = ${t.id} FOR UPDATE`;
          if (locked.length === 0) return { outcome: 'notFound' };
          const before: OrderBefore = { status: locked[0].status, verification: locked[0].verification };
          if (!(rule.from as readonly OrderStatus[]).includes(before.status)) return { outcome: 'conflict' };
          const guarded = await checkGuard(tx, t.id, locked[0], t.guard, t.data);
          if (guarded) return { outcome: guarded };
          const proved = locked[0].payoutSmsTrxId;
          if (
            t.guard?.payoutTrxId &&
            productKind(locked[0].productId) === 'withdraw' &&
            t.data?.payoutTrxId === undefined &&
            proved !== null
          ) {
            t = { ...t, data: { ...t.data, payoutTrxId: proved } };
          }
          await t.admission?.(queryerOf(tx));
          let order: OrderRecord | null;
          try {
            order = await moveStatus(tx, t, before.status, clock.now());
          } catch (error) {
            if (pmId !== undefined && isUniqueViolation(error)) throw new PmIdUsed();
            throw error;
          }
          if (!order) return { outcome: 'conflict' };
          if (pmId !== undefined && productKind(order.productId) === 'topup') {
            const change = await verifyFromEvidence(tx, order, order.pmMethod, pmId.toLowerCase());
            if (change) order = { ...order, ...change };
          }
          await t.alsoInTransaction?.(tx, order);
          return { outcome: 'moved', order, before };
        }, PAYMENT_TX);
      } catch (error) {
        if (error instanceof PmIdUsed) return { outcome: 'pmIdUsed' };
        throw error;
      }
    },

    /**
     * A staff step that moves no status: claim (nobody holds the order, or the caller already does),
     * release (the holder, or anyone's with `releaseAny`), approve (a pending withdrawal; once per person). The row
     * is locked first, so of two claims one wins and the other sees the winner ('claimed'). The step is an event
     * on the timeline (an approval's note is the approver's name); `alsoInTransaction` adds its audit row.
     */
    async staffStep(r: StaffStepRequest): Promise<HolderOutcome> {
      return prisma.$transaction(async (tx): Promise<HolderOutcome> => {
        const now = clock.now();
        const rows = await tx.$queryRaw<LockedForStaff[]>`
          SELECT status, verification, assignee_id AS "assigneeId", late_claim_at AS "lateClaimAt", product_id AS "productId", pm_amount::text AS "pmAmount"
          FROM orders WHERE id = ${r.id} FOR UPDATE`;
        if (rows.length === 0) return { outcome: 'notFound' };
        const o = rows[0];
        const previousHolder = o.assigneeId;
        switch (r.step) {
          case 'claim':
            if (o.assigneeId === r.actor.id) return { outcome: 'unchanged' };
            if (o.assigneeId !== null) return { outcome: 'claimed' };
            if (!claimable(o)) return { outcome: 'conflict' };
            await tx.$executeRaw`UPDATE orders SET assignee_id = ${r.actor.id}, claimed_at = ${sqlTime(now)}, updated_at = ${sqlTime(now)} WHERE id = ${r.id}`;
            break;
          case 'release':
            if (o.assigneeId === null) return { outcome: 'unchanged' };
            if (o.assigneeId !== r.actor.id && !r.releaseAny) return { outcome: 'claimed' };
            await tx.$executeRaw`UPDATE orders SET assignee_id = NULL, claimed_at = NULL, updated_at = ${sqlTime(now)} WHERE id = ${r.id}`;
            break;
          case 'approve': {
            // A pending withdrawal (four eyes, decision 168), or a top-up whose payment is held (decision 315).
            const heldTopup = claimable(o) && productKind(o.productId) === 'topup' && o.verification === 'held';
            if (!heldTopup && (o.status !== 'pending' || productKind(o.productId) !== 'withdraw'))
              return { outcome: 'conflict' };
            const mine = await tx.$queryRaw<{ n: number }[]>`
              SELECT count(*)::int AS n FROM order_events WHERE order_id = ${r.id} AND kind = 'approved' AND actor_id = ${r.actor.id}`;
            if (mine[0].n > 0) return { outcome: 'unchanged' };
            break;
          }
        }
        await tx.orderEvent.create({
          data: {
            orderId: r.id,
            fromStatus: o.status,
            toStatus: o.status,
            actor: 'admin',
            actorId: r.actor.id,
            kind: STEP_KIND[r.step],
            note: r.step === 'approve' ? r.actor.name : null,
            createdAt: now,
          },
        });
        const changed = toOrderRecord(
          await tx.order.findUniqueOrThrow({ where: { id: r.id }, include: WITH_TIMELINE }),
        );
        await r.alsoInTransaction?.(tx, changed, previousHolder);
        return { outcome: 'changed', order: changed, before: { status: o.status, verification: o.verification } };
      });
    },

    /**
     * A timed-out top-up's "paid late" claim: its transaction id, once, within the claim window
     * after its time ran out (`notBefore`); the order stays timed out. A reused id (unique per method) is refused.
     * The SMS is looked for in the same transaction.
     */
    async recordLateClaim(c: {
      id: string;
      pmId: string;
      actorId: string | null;
      notBefore: Date;
    }): Promise<TransitionOutcome> {
      try {
        return await prisma.$transaction(async (tx): Promise<TransitionOutcome> => {
          const now = clock.now();
          await lockPaymentOfOrder(tx, c.id, c.pmId);
          const locked = await tx.$queryRaw<
            OrderBefore[]
          >`SELECT status, verification FROM orders WHERE id = ${c.id} FOR UPDATE`;
          if (locked.length === 0) return { outcome: 'notFound' };
          let moved: number;
          try {
            moved = await tx.$executeRaw`
              UPDATE orders SET pm_id = ${c.pmId}, late_claim_at = ${sqlTime(now)}, verification = 'awaiting_sms', updated_at = ${sqlTime(now)}
              WHERE id = ${c.id} AND status = 'timedout' AND pm_id IS NULL AND late_claim_at IS NULL AND last_time >= ${sqlTime(c.notBefore)}`;
          } catch (error) {
            if (isUniqueViolation(error)) throw new PmIdUsed();
            throw error;
          }
          if (moved === 0) return { outcome: 'conflict' };
          await tx.orderEvent.create({
            data: {
              orderId: c.id,
              fromStatus: 'timedout',
              toStatus: 'timedout',
              actor: 'customer',
              actorId: c.actorId,
              kind: 'late_claim',
              note: c.pmId,
              createdAt: now,
            },
          });
          const claimed = toOrderRecord(
            await tx.order.findUniqueOrThrow({ where: { id: c.id }, include: WITH_TIMELINE }),
          );
          const change = await verifyFromEvidence(tx, claimed, claimed.pmMethod, c.pmId.toLowerCase());
          return { outcome: 'moved', order: change ? { ...claimed, ...change } : claimed, before: locked[0] };
        }, PAYMENT_TX);
      } catch (error) {
        if (error instanceof PmIdUsed) return { outcome: 'pmIdUsed' };
        throw error;
      }
    },

    /**
     * A customer corrects a withdrawal's payout number (decision 281): only while it waits or is pending and no
     * payout is known (no payout SMS, no payout transaction id), under the row's lock, with a timeline entry whose
     * note is "<before> <after>". 'conflict': not a withdrawal in that state; 'unchanged': the same number.
     */
    async correctPayoutWallet(c: {
      id: string;
      wallet: string;
      actorId: string | null;
      also: (tx: Transaction, before: string | null) => Promise<void>;
    }): Promise<
      { outcome: 'notFound' | 'conflict' | 'unchanged' } | { outcome: 'moved'; order: OrderRecord; before: OrderBefore }
    > {
      return prisma.$transaction(async (tx) => {
        const now = clock.now();
        const locked = await tx.$queryRaw<(OrderBefore & { wallet: string | null; payable: boolean })[]>`
          SELECT status, verification, wallet,
            (status IN ('waiting', 'pending') AND product_id IN (${P.join(WITHDRAW_PRODUCTS)}) AND payout_sms_id IS NULL AND payout_trx_id IS NULL) AS payable
          FROM orders WHERE id = ${c.id} FOR UPDATE`;
        if (locked.length === 0) return { outcome: 'notFound' as const };
        const row = locked[0];
        if (!row.payable) return { outcome: 'conflict' as const };
        if (row.wallet === c.wallet) return { outcome: 'unchanged' as const };
        await tx.$executeRaw`UPDATE orders SET wallet = ${c.wallet}, updated_at = ${sqlTime(now)} WHERE id = ${c.id}`;
        await tx.orderEvent.create({
          data: {
            orderId: c.id,
            fromStatus: row.status,
            toStatus: row.status,
            actor: 'customer',
            actorId: c.actorId,
            kind: 'payout_wallet_changed',
            note: `${row.wallet ?? ''} ${c.wallet}`,
            createdAt: now,
          },
        });
        await c.also(tx, row.wallet);
        const order = toOrderRecord(await tx.order.findUniqueOrThrow({ where: { id: c.id }, include: WITH_TIMELINE }));
        return { outcome: 'moved' as const, order, before: { status: row.status, verification: row.verification } };
      });
    },

    /**
     * One statement moves every expired waiting order to timedout, records its event and reads the orders back, so
     * that with several instances sweeping at once each order times out exactly once (a moved row no longer matches).
     */
    async expireDue(): Promise<OrderRecord[]> {
      const now = sqlTime(clock.now());
      const rows = await prisma.$queryRaw<Record<string, unknown>[]>`
        WITH moved AS (
          UPDATE orders SET status = 'timedout', updated_at = ${now}
          WHERE status = 'waiting' AND last_time < ${now}
          RETURNING *
        ), event AS (
          INSERT INTO order_events (order_id, from_status, to_status, actor, actor_id, created_at)
          SELECT id, 'waiting', 'timedout', 'system', NULL, ${now} FROM moved
          RETURNING order_id, id, from_status, to_status, actor, actor_id, kind, note, created_at
        )${recount(-1)}
        SELECT ${orderSelect('m', 'event')} FROM moved m LEFT JOIN sms_messages s ON s.id = m.verification_sms_id`;
      return rows.map(toOrderRecord);
    },

    /**
     * A payment SMS arrives (decision 100: whichever of SMS and id comes second makes the match): under the payment's
     * lock, `record` (the SMS domain's own write) runs first; then, if it stored a new payment, the order with this
     * transaction id weighs the evidence. `order` is the order as it now stands when its verification changed.
     */
    async verifyPayment<R>(
      wallet: string,
      trxKey: string,
      record: (tx: AnyTransaction) => Promise<{ value: R; isNewPayment: boolean }>,
    ): Promise<{ value: R; changed: { order: OrderRecord; before: OrderBefore } | null }> {
      return (await repository.verifyPayments([{ wallet, trxKey, record }]))[0];
    },

    /**
     * Several payment messages of one phone in one transaction (group commit, decision 203), each as
     * `verifyPayment` weighs one, in the order given. Every payment lock is taken first, in key order, so the
     * device's ledger lock a record takes is never held while waiting for a payment lock (decision 144).
     */
    async verifyPayments<R>(
      items: {
        wallet: string;
        trxKey: string;
        record: (tx: AnyTransaction) => Promise<{ value: R; isNewPayment: boolean }>;
      }[],
      options: PaymentLockOptions = {},
    ): Promise<{ value: R; changed: { order: OrderRecord; before: OrderBefore } | null }[]> {
      const inTransaction = <T>(fn: (tx: AnyTransaction) => Promise<T>): Promise<T> =>
        deps.sql ? deps.sql.transaction(fn) : prisma.$transaction((tx) => fn(tx), PAYMENT_TX);
      return inTransaction(async (tx) => {
        const q = queryerOf(tx);
        // Every payment lock in one statement, in key order, then the others asked for (the arrays' order is the scan's).
        const keys = [...new Set(items.map((i) => paymentLockKey(i.wallet, i.trxKey)))].sort();
        const also = options.alsoLock ?? [];
        const namespaces = [...keys.map(() => PAYMENT_LOCK), ...also.map((l) => l.namespace)];
        await q.query(P.sql`
          SELECT count(*)::int AS locked FROM (SELECT pg_advisory_xact_lock(k.ns, hashtext(k.key))
          FROM unnest(${namespaces}::int[], ${[...keys, ...also.map((l) => l.key)]}::text[]) AS k(ns, key)) AS l`);
        const results: { value: R; changed: { order: OrderRecord; before: OrderBefore } | null }[] = [];
        for (const { wallet, trxKey, record } of items) {
          const recorded = await record(tx);
          if (!recorded.isNewPayment) {
            results.push({ value: recorded.value, changed: null });
            continue;
          }
          // The order and the evidence it weighs in one statement (decision 203).
          const rows = await q.query<
            VerifiableOrder & { status: OrderStatus; createdAt: string; evidence: unknown }
          >(P.sql`
            SELECT id, status, payer, ${sqlTimeText('created_at')} AS "createdAt", pm_amount::text AS "pmAmount", verification, verification_sms_id AS "verificationSmsId",
              ${evidence.forTransactionColumn(wallet, trxKey)} AS evidence
            FROM orders WHERE pm_method = ${wallet} AND lower(pm_id) = ${trxKey} FOR UPDATE`);
          const row = rows.length === 1 ? { ...rows[0], createdAt: new Date(rows[0].createdAt) } : null;
          // The order as it now stands comes back from the move itself (decision 203), not from a read after it.
          const moved: { order: OrderRecord | null } = { order: null };
          const change =
            row && (await verifyFromEvidence(tx, row, wallet, trxKey, moved, evidence.fromColumn(row.evidence)));
          if (!row || !change || !moved.order) {
            results.push({ value: recorded.value, changed: null });
            continue;
          }
          results.push({
            value: recorded.value,
            changed: { order: moved.order, before: { status: row.status, verification: row.verification } },
          });
        }
        return results;
      });
    },

    /**
     * An admin links an SMS to a top-up of the same wallet by hand: the order is verified, the message taken, and
     * the timeline says who and why, with `also` (the audit entry), in one transaction under the message's lock.
     */
    async verifyByHand(l: {
      smsId: number;
      orderId: string;
      actorId: string;
      reason: string;
      also: (tx: Transaction) => Promise<void>;
    }): Promise<HandVerificationOutcome> {
      try {
        return await prisma.$transaction(async (tx): Promise<HandVerificationOutcome> => {
          const sms = await evidence.byId(tx, l.smsId);
          if (!sms) return { outcome: 'smsNotFound' };
          if (sms.trxKey !== null) await lockPayment(tx, sms.wallet, sms.trxKey);
          const rows = await tx.$queryRaw<(OrderBefore & { productId: string; pmMethod: string })[]>`
            SELECT status, verification, product_id AS "productId", pm_method AS "pmMethod" FROM orders WHERE id = ${l.orderId} FOR UPDATE`;
          if (rows.length === 0) return { outcome: 'orderNotFound' };
          const order = rows[0];
          if (sms.taken || !sms.linkable || order.pmMethod !== sms.wallet || productKind(order.productId) !== 'topup')
            return { outcome: 'notLinkable' };
          if (order.verification === 'verified') return { outcome: 'orderVerified' };
          if (sms.trxKey !== null && (await evidence.forTransaction(tx, sms.wallet, sms.trxKey)).some((m) => m.taken))
            return { outcome: 'trxUsed' };
          if (!(await moveVerification(tx, l.orderId, 'verifyByHand', sms.smsId))) return { outcome: 'orderVerified' };
          if (!(await evidence.take(tx, sms.smsId, l.orderId))) throw new LostTake();
          await tx.orderEvent.create({
            data: {
              orderId: l.orderId,
              fromStatus: order.status,
              toStatus: order.status,
              actor: 'admin',
              actorId: l.actorId,
              kind: 'sms_linked',
              note: `SMS #${sms.smsId}: ${l.reason}`,
              createdAt: clock.now(),
            },
          });
          await l.also(tx);
          const verified = toOrderRecord(
            await tx.order.findUniqueOrThrow({ where: { id: l.orderId }, include: WITH_TIMELINE }),
          );
          return {
            outcome: 'verified',
            order: verified,
            before: { status: order.status, verification: order.verification },
          };
        }, PAYMENT_TX);
      } catch (error) {
        // Another order took the message between its read and the lock.
        if (error instanceof LostTake) return { outcome: 'notLinkable' };
        throw error;
      }
    },

    /**
     * An outgoing Send Money proves the payout of the oldest pending withdrawal paid to that wallet number for that
     * amount (to the paisa), placed before the message was sent (its window: from placing, clock skew aside, until
     * it is completed or cancelled; decision 146): one statement, so
     * two messages never prove one payout and one message proves one payout only (a unique index).
     */
    async recordPayout(p: PayoutEvidence): Promise<{ order: OrderRecord; before: OrderBefore } | null> {
      const latestPlaced = new Date(p.at.getTime() + SMS_LIMITS.clockSkewSeconds * 1000);
      const now = clock.now();
      return prisma.$transaction(async (tx) => {
        const rows = await tx.$queryRaw<{ id: string; status: OrderStatus; verification: VerificationStatus }[]>`
          UPDATE orders SET payout_sms_id = ${p.smsId}, payout_sms_trx_id = ${p.trxId}, payout_sms_at = ${sqlTime(p.at)}, updated_at = ${sqlTime(now)}
          WHERE id = (
            SELECT id FROM orders
            WHERE pm_method = ${p.wallet} AND wallet = ${p.to} AND pm_amount = ${p.amount}::numeric AND status = 'pending'
              AND product_id IN (${P.join(WITHDRAW_PRODUCTS)}) AND payout_sms_id IS NULL AND created_at <= ${sqlTime(latestPlaced)}
            ORDER BY created_at, id LIMIT 1 FOR UPDATE
          ) AND payout_sms_id IS NULL
          RETURNING id, status, verification`;
        if (rows.length === 0) return null;
        const order = toOrderRecord(
          await tx.order.findUniqueOrThrow({ where: { id: rows[0].id }, include: WITH_TIMELINE }),
        );
        return { order, before: { status: rows[0].status, verification: rows[0].verification } };
      }, PAYMENT_TX);
    },

    /**
     * The cash desk redeemed a pending withdrawal's code (decision 265): the order's amount becomes what the desk
     * redeemed and its pay amount that at the order's rate (rounded as every pay amount is), with a timeline entry.
     */
    async recordRedemption(r: {
      id: string;
      amount: string;
      note: string;
    }): Promise<{ order: OrderRecord; before: OrderBefore } | null> {
      const now = clock.now();
      return prisma.$transaction(async (tx) => {
        const [row] = await tx.$queryRaw<(OrderBefore & { rate: string; productId: string })[]>`
          SELECT status, verification, rate::text AS rate, product_id AS "productId" FROM orders WHERE id = ${r.id} FOR UPDATE`;
        if (!row || row.status !== 'pending' || productKind(row.productId) !== 'withdraw') return null;
        await tx.$executeRaw`
          UPDATE orders SET amount = ${r.amount}::numeric, pm_amount = ${computePayAmount(r.amount, row.rate)}::numeric, updated_at = ${sqlTime(now)} WHERE id = ${r.id}`;
        await tx.orderEvent.create({
          data: {
            orderId: r.id,
            fromStatus: row.status,
            toStatus: row.status,
            actor: 'system',
            actorId: null,
            kind: 'fulfilment',
            note: r.note,
            createdAt: now,
          },
        });
        const order = toOrderRecord(await tx.order.findUniqueOrThrow({ where: { id: r.id }, include: WITH_TIMELINE }));
        return { order, before: { status: row.status, verification: row.verification } };
      }, PAYMENT_TX);
    },

    /**
     * A timeline entry about the order's delivery at the cash desk (no status change), by the shop or, with `actorId`,
     * a staff member whose audit entry (`also`) commits with it.
     */
    async noteFulfilment(n: {
      id: string;
      note: string;
      actorId?: string;
      also?: (tx: Transaction) => Promise<void>;
    }): Promise<{ order: OrderRecord; before: OrderBefore } | null> {
      const now = clock.now();
      return prisma.$transaction(async (tx) => {
        const [row] = await tx.$queryRaw<
          OrderBefore[]
        >`SELECT status, verification FROM orders WHERE id = ${n.id} FOR UPDATE`;
        if (!row) return null;
        await tx.orderEvent.create({
          data: {
            orderId: n.id,
            fromStatus: row.status,
            toStatus: row.status,
            actor: n.actorId ? 'admin' : 'system',
            actorId: n.actorId ?? null,
            kind: 'fulfilment',
            note: n.note.slice(0, 500),
            createdAt: now,
          },
        });
        await n.also?.(tx);
        const order = toOrderRecord(await tx.order.findUniqueOrThrow({ where: { id: n.id }, include: WITH_TIMELINE }));
        return { order, before: row };
      }, PAYMENT_TX);
    },

    /**
     * The ledger says a held message now chains (a late message closed its gap): the order holding it is verified,
     * under the payment's lock, once (decision 145); never one held for its payer (staff decide those). Null when no held order holds it, or it does not chain (read
     * again under the lock: the ledger may have moved on).
     */
    async verifyHeldByLedger(smsId: number): Promise<{ order: OrderRecord; before: OrderBefore } | null> {
      if (deps.sql) return deps.sql.transaction((q) => releaseHeldPlain(q, smsId));
      return prisma.$transaction(async (tx) => {
        const sms = await evidence.byId(tx, smsId);
        if (!sms || sms.trxKey === null) return null;
        await lockPayment(tx, sms.wallet, sms.trxKey);
        const rows = await tx.$queryRaw<(OrderBefore & { id: string })[]>`
          SELECT id, status, verification FROM orders WHERE verification_sms_id = ${smsId} AND verification = 'held' AND verification_reason IS NULL FOR UPDATE`;
        if (rows.length !== 1) return null;
        const now = await evidence.byId(tx, smsId);
        if (now?.ledgerState !== 'chained') return null;
        if (!(await moveVerification(tx, rows[0].id, 'verifyByLedger', smsId))) return null;
        const order = toOrderRecord(
          await tx.order.findUniqueOrThrow({ where: { id: rows[0].id }, include: WITH_TIMELINE }),
        );
        return { order, before: { status: rows[0].status, verification: rows[0].verification } };
      }, PAYMENT_TX);
    },

    /**
     * Staff settle a held verification by hand (decision 145): accepted (verified by hand) or rejected, the held
     * message staying the order's either way; who and why on the timeline, with `also` (the audit entry).
     */
    /**
     * Staff settle a held verification (decision 145). `secondApproval`: an accept needs an `approved` event of someone
     * other than the actor (decision 315), counted under the row lock, so an approval and an accept racing it are
     * either both seen or the accept waits.
     */
    async settleHeld(s: {
      orderId: string;
      accept: boolean;
      actorId: string;
      reason: string;
      secondApproval?: boolean;
      also: (tx: Transaction) => Promise<void>;
    }): Promise<SettleOutcome> {
      return prisma.$transaction(async (tx): Promise<SettleOutcome> => {
        const [found] = await tx.$queryRaw<
          { pmId: string | null }[]
        >`SELECT pm_id AS "pmId" FROM orders WHERE id = ${s.orderId}`;
        if (!found) return { outcome: 'notFound' };
        if (found.pmId !== null) await lockPaymentOfOrder(tx, s.orderId, found.pmId);
        const [order] = await tx.$queryRaw<(OrderBefore & { smsId: number | null })[]>`
          SELECT status, verification, verification_sms_id AS "smsId" FROM orders WHERE id = ${s.orderId} FOR UPDATE`;
        if (!order) return { outcome: 'notFound' };
        if (order.verification === 'held' && s.accept && s.secondApproval) {
          const [others] = await tx.$queryRaw<{ n: number }[]>`
            SELECT count(*)::int AS n FROM order_events WHERE order_id = ${s.orderId} AND kind = 'approved' AND actor_id <> ${s.actorId}`;
          if (others.n === 0) return { outcome: 'approvalRequired' };
        }
        if (
          order.verification !== 'held' ||
          !(await moveVerification(tx, s.orderId, s.accept ? 'verifyByHand' : 'rejectHeld', order.smsId))
        ) {
          return { outcome: 'notHeld' };
        }
        // Who accepted it, so every view says "accepted by <name>" rather than "verified by SMS" (decision 316).
        if (s.accept) await tx.order.update({ where: { id: s.orderId }, data: { acceptedById: s.actorId } });
        await tx.orderEvent.create({
          data: {
            orderId: s.orderId,
            fromStatus: order.status,
            toStatus: order.status,
            actor: 'admin',
            actorId: s.actorId,
            kind: 'verification_settled',
            note: `${s.accept ? 'accept' : 'reject'}: ${s.reason}`,
            createdAt: clock.now(),
          },
        });
        await s.also(tx);
        const settled = toOrderRecord(
          await tx.order.findUniqueOrThrow({ where: { id: s.orderId }, include: WITH_TIMELINE }),
        );
        return {
          outcome: 'settled',
          order: settled,
          before: { status: order.status, verification: order.verification },
        };
      }, PAYMENT_TX);
    },
  };
  return repository;
}
export type OrderCommandsRepository = ReturnType<typeof createOrderCommandsRepository>;
