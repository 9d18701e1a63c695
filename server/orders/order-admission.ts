// Who may place an order, and who may bring a new value to one (decisions 210, 270-272): the money controls,
// apart from the create path so that the order's insert stays what it is. `admit` runs once before the insert: the
// payer rule and the method's business hours; it returns the blocklist and a self-exclusion as conditions the insert
// evaluates itself (decision 222) and the limits' check (for strangers, per hour, the customer's own), which the
// create transaction runs first, under advisory locks on the customer's identities, so two parallel orders of one
// customer are counted one after the other. `admitStep` asks the same rules of a later step that brings a value (a
// withdrawal's 1xBet id with its code), inside that step's transaction (decision 270).
import Decimal from 'decimal.js';
import { dhakaDateTime } from '#shared/dhaka';
import {
  normaliseBlockValue,
  normaliseIp,
  isOpenAt,
  type BlocklistKind,
  type BusinessHours,
} from '#shared/money-controls';
import { unixSeconds } from '#shared/time';
import type { ShopSettings } from '#shared/shop-settings';
import { VALIDATION_KEYS } from '#shared/error-keys';
import type { OrderKind } from '#shared/constants';
import type { PlaceOrderInput } from '#shared/schemas';
import { LIMIT_NAMES, LIMIT_WINDOWS, limitsInForce, type LimitName, type PlayerLimits } from '#shared/player-limits';
import { productsOfKind } from '#shared/constants';
import type { SqlQueryer } from '../db/database.js';
import { sqlTime, sqlTimeText } from '../db/sql-time.js';
import { AppError, errors } from '../http/app-error.js';
import { validationError } from '../http/validate.js';
import type { UserRecord } from '../security/user-record.js';
import { Prisma as P } from '../generated/prisma/client.js';

/** A customer with no completed order in this many days is a stranger. */
export const STRANGER_DAYS = 30;
const HOUR_MS = 3_600_000;
/** Namespace of the admission's advisory locks (payments use 9_009). */
const ADMISSION_LOCK = 9_023;

export type AdmissionSettings = Pick<
  ShopSettings,
  'payer_required' | 'new_customer_one_open_order' | 'new_customer_max_bdt' | 'orders_per_hour'
>;

export interface AdmissionRequest {
  kind: OrderKind;
  input: PlaceOrderInput;
  customer: UserRecord | null;
  /** The caller's address as Express sees it (trust proxy applied). */
  ip: string | null;
  /** What the customer pays, in BDT (a top-up's pm_amount). */
  payAmount: string;
  /** The method's business hours (null: always). */
  hours: BusinessHours | null;
  at: Date;
}

/** The order's identities, normalised as stored. */
interface Identities {
  onexId: string | null;
  email: string;
  wallets: string[];
  userId: string | null;
  ip: string | null;
}

/** Runs inside the create transaction (plain statements, decision 222), before the insert; throws to refuse (the transaction rolls back). */
export type AdmissionCheck = (q: SqlQueryer) => Promise<void>;

/**
 * What the insert must still ask (decision 222): the blocklist and a binding self-exclusion, as expressions the
 * insert itself evaluates (so the checks cost no statement of their own), and the limits' check for the
 * transaction, when any limit is on.
 */
export interface Admission {
  blocked: P.Sql;
  /** The end of a self-exclusion binding this top-up, as a `timestamp(3)` expression (NULL: none). */
  excludedUntil?: P.Sql;
  limits?: AdmissionCheck;
}

/** A step of an order that brings a value the order did not have (decision 270). */
export interface StepRequest {
  kind: OrderKind;
  /** The order as it stands. */
  order: {
    id: string;
    contactEmail: string;
    onexId: string | null;
    wallet: string | null;
    payer: string | null;
    userId: string | null;
  };
  /** The values the step brings. */
  brings: { onexId?: string; payer?: string };
  customer: UserRecord | null;
  ip: string | null;
  at: Date;
}

/** A customer's own limits as stored (the player-limits domain's record). */
export interface StoredPlayerLimits {
  limits: PlayerLimits;
  pending: { limits: PlayerLimits; at: Date } | null;
}

/** What the player-limits domain tells admission (decisions 271-272). */
export interface PlayerRules {
  /** The customer's stored limits, read before the transaction (null: never set). */
  limitsOf(userId: string): Promise<StoredPlayerLimits | null>;
  /** The same, read in the transaction under the customer's lock. */
  limitsIn(q: SqlQueryer, userId: string): Promise<StoredPlayerLimits | null>;
  /**
   * The latest end of an exclusion in force at `at` that binds these values (the account, or a 1xBet id, wallet number
   * or e-mail of an excluded account's orders), as a `timestamp(3)` expression, NULL when none.
   */
  exclusionEnd(
    who: { userId: string | null; onexId: string | null; wallets: string[]; email: string },
    at: Date,
  ): P.Sql;
}

const TOPUP_PRODUCTS = productsOfKind('topup');
/** A `timestamp(3)` expression as ISO text with its `Z` (as sqlTimeText does for a column). */
export const timeText = (expression: P.Sql): P.Sql => P.sql`to_char(${expression}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** The statuses a customer's own limits count: the order may still bring money (as the method's caps count). */
const COUNTED_STATUSES = ['waiting', 'pending', 'complete'];

/** DD/MM/YYYY HH:MM in Asia/Dhaka, as the client shows a day (its digits localised with the message). */
function dhakaDayAndTime(at: Date): string {
  const text = dhakaDateTime(at);
  return `${text.slice(8, 10)}/${text.slice(5, 7)}/${text.slice(0, 4)} ${text.slice(11, 16)}`;
}

export const admissionErrors = {
  /** One neutral answer for every blocked value (never which). */
  blocked: () => errors.forbidden('errors.blocked', 'This order can not be accepted. Please contact support.'),
  methodClosed: (open: string) =>
    new AppError(409, 'errors.methodClosed', `This payment method is closed now; it opens at ${open} (Asia/Dhaka)`, {
      params: { open },
    }),
  openOrderLimit: () =>
    errors.conflict('errors.openOrderLimit', 'You already have an open order; finish or cancel it first'),
  newCustomerLimit: (limit: number) =>
    new AppError(
      409,
      'errors.newCustomerLimit',
      `A first order may be at most ${limit} BDT until an order of yours completes`,
      { params: { limit } },
    ),
  /** The customer's own limit (decision 271): what is left in the window and when this amount would fit. */
  playerLimit: (p: { window: LimitName; limit: number; left: string; fitsAt: Date }) => {
    const date = dhakaDayAndTime(p.fitsAt);
    const days = LIMIT_WINDOWS[p.window] / (24 * HOUR_MS);
    return new AppError(
      409,
      'errors.playerLimit',
      `This top-up passes your limit of ${p.limit} BDT over ${days} day(s): ${p.left} BDT left; more from ${date} (Asia/Dhaka)`,
      {
        params: { window: p.window, days, limit: p.limit, left: p.left, date, resets_at: unixSeconds(p.fitsAt) },
      },
    );
  },
  /** A self-exclusion binds this top-up (decision 272): the date it ends. */
  selfExcluded: (until: Date) => {
    const date = dhakaDayAndTime(until);
    return new AppError(
      403,
      'errors.selfExcluded',
      `Top-ups are paused by a self-exclusion until ${date} (Asia/Dhaka)`,
      { params: { date, until: unixSeconds(until) } },
    );
  },
  orderRateLimited: (retryAt: Date) => {
    const time = dhakaDateTime(retryAt).slice(11, 16);
    return new AppError(
      429,
      'errors.orderRateLimited',
      `Too many orders in an hour; try again after ${time} (Asia/Dhaka)`,
      {
        params: { time, retry_at: unixSeconds(retryAt) },
      },
    );
  },
};

function identitiesOf(req: AdmissionRequest): Identities {
  const { input } = req;
  const wallets = [
    ...('payer' in input && input.payer ? [input.payer] : []),
    ...('wallet' in input ? [input.wallet] : []),
  ];
  return {
    onexId: 'onex_id' in input ? input.onex_id : null,
    email: input.contact_email,
    wallets,
    userId: req.customer?.id ?? null,
    ip: req.ip ? normaliseIp(req.ip) : null,
  };
}

/** The account's top-ups a limit counts over the `span` before `at`, oldest first. */
async function countedTopups(
  q: SqlQueryer,
  userId: string,
  at: Date,
  span: number,
): Promise<{ at: number; amount: Decimal }[]> {
  const rows = await q.query<{ createdAt: string; pmAmount: string }>(P.sql`
    SELECT ${sqlTimeText('o.created_at')} AS "createdAt", o.pm_amount::text AS "pmAmount" FROM orders o
    WHERE o.user_id = ${userId} AND o.product_id IN (${P.join(TOPUP_PRODUCTS)}) AND o.status IN (${P.join(COUNTED_STATUSES)})
      AND o.created_at > ${sqlTime(new Date(at.getTime() - span))}
    ORDER BY o.created_at ASC`);
  return rows.map((r) => ({ at: new Date(r.createdAt).getTime(), amount: new Decimal(r.pmAmount) }));
}

/** What the customer's own limits count now in each window (BDT, exact): what the limits page shows as used. */
export async function ownTopupUsage(q: SqlQueryer, userId: string, at: Date): Promise<Record<LimitName, string>> {
  const counted = await countedTopups(q, userId, at, Math.max(...Object.values(LIMIT_WINDOWS)));
  const used = (span: number) =>
    counted
      .filter((c) => c.at > at.getTime() - span)
      .reduce((sum, c) => sum.plus(c.amount), new Decimal(0))
      .toString();
  return {
    daily_bdt: used(LIMIT_WINDOWS.daily_bdt),
    weekly_bdt: used(LIMIT_WINDOWS.weekly_bdt),
    monthly_bdt: used(LIMIT_WINDOWS.monthly_bdt),
  };
}

export function createOrderAdmission(deps: {
  settings: () => Promise<AdmissionSettings>;
  /** The blocklist's answer for these values and e-mails as an SQL condition (the blocklist domain's blockedCondition). */
  blockedCondition: (probes: { kind: BlocklistKind; value: string }[], emails: string[]) => P.Sql;
  /** The customer's own limits and self-exclusions (absent: none are kept). */
  playerRules?: PlayerRules;
}) {
  const { playerRules } = deps;

  /** What the limits' check asks, and of which order: a step leaves its own order out of the count. */
  interface LimitRules {
    kind: OrderKind;
    at: Date;
    payAmount: string | null;
    strangers: boolean;
    perHour: number | null;
    /** The customer whose own limits count this top-up. */
    ownLimitsOf: string | null;
    exceptOrder?: string;
  }

  /** The limits for strangers, per hour and the customer's own, under the identities' locks; undefined when none is on. */
  function limitsCheck(rules: LimitRules, settings: AdmissionSettings, who: Identities): AdmissionCheck | undefined {
    if (!rules.strangers && rules.perHour === null && rules.ownLimitsOf === null) return undefined;
    const keys = [
      ...(who.onexId ? [`onex:${who.onexId}`] : []),
      `email:${who.email}`,
      ...who.wallets.map((w) => `wallet:${w}`),
      ...(who.userId ? [`user:${who.userId}`] : []),
      ...(who.ip && rules.perHour !== null ? [`ip:${who.ip}`] : []),
    ].sort();
    return async (tx) => {
      // One at a time per identity, always taken in the same order (no two orders wait on each other).
      for (const key of keys) {
        await tx.query(
          P.sql`SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(${ADMISSION_LOCK}::int, hashtext(${key}))) AS l`,
        );
      }
      if (rules.strangers) await strangerCheck(tx, rules, settings, who);
      if (rules.perHour !== null) await hourlyCheck(tx, rules.at, rules.perHour, who);
      if (rules.ownLimitsOf !== null && rules.payAmount !== null)
        await ownLimitsCheck(tx, rules.ownLimitsOf, rules.payAmount, rules.at);
    };
  }

  /**
   * The customer's own limits (decision 271), under their lock: the top-ups of the account still able to bring money
   * over each rolling window, plus this one, stay within each limit. The refusal names the tightest window: what is
   * left and when this amount would fit (the oldest top-ups leaving the window one by one).
   */
  async function ownLimitsCheck(tx: SqlQueryer, userId: string, payAmount: string, at: Date): Promise<void> {
    const stored = await playerRules?.limitsIn(tx, userId);
    if (!stored) return;
    const { limits } = limitsInForce(stored, at);
    const active = LIMIT_NAMES.filter((name) => limits[name] !== null);
    if (active.length === 0) return;
    const counted = await countedTopups(tx, userId, at, Math.max(...active.map((name) => LIMIT_WINDOWS[name])));
    const pay = new Decimal(payAmount);
    let tightest: { window: LimitName; limit: number; left: string; fitsAt: Date } | null = null;
    for (const window of active) {
      const limit = limits[window]!;
      const span = LIMIT_WINDOWS[window];
      const inWindow = counted.filter((c) => c.at > at.getTime() - span);
      let used = inWindow.reduce((sum, c) => sum.plus(c.amount), new Decimal(0));
      if (used.plus(pay).lessThanOrEqualTo(limit)) continue;
      const left = Decimal.max(0, new Decimal(limit).minus(used)).toString();
      // When enough of the window's top-ups have left it for this amount (never, if it is above the limit itself:
      // then when the window is empty).
      let fitsAt = at.getTime();
      for (const c of inWindow) {
        used = used.minus(c.amount);
        fitsAt = c.at + span;
        if (pay.lessThanOrEqualTo(limit) && used.plus(pay).lessThanOrEqualTo(limit)) break;
      }
      if (!tightest || fitsAt > tightest.fitsAt.getTime()) tightest = { window, limit, left, fitsAt: new Date(fitsAt) };
    }
    if (tightest) throw admissionErrors.playerLimit(tightest);
  }

  /** Whether the customer keeps limits in force now (read before the transaction, so a customer without any costs no lock). */
  async function hasOwnLimits(userId: string, at: Date): Promise<boolean> {
    const stored = await playerRules?.limitsOf(userId);
    if (!stored) return false;
    const { limits } = limitsInForce(stored, at);
    return LIMIT_NAMES.some((name) => limits[name] !== null);
  }

  function probesOf(
    who: Identities,
    customer: UserRecord | null,
  ): { probes: { kind: BlocklistKind; value: string }[]; emails: string[] } {
    // Each value in the blocklist's normal form (decision 243): `blocked+1@…` is `blocked@…`, an IPv6 address its /64.
    const probes: { kind: BlocklistKind; value: string }[] = [
      { kind: 'email', value: normaliseBlockValue('email', who.email) },
      ...(customer ? [{ kind: 'email' as const, value: normaliseBlockValue('email', customer.email) }] : []),
      ...(who.onexId ? [{ kind: 'onex_id' as const, value: who.onexId }] : []),
      ...who.wallets.map((value) => ({ kind: 'wallet' as const, value })),
      ...(who.ip ? [{ kind: 'ip' as const, value: normaliseBlockValue('ip', who.ip) }] : []),
    ];
    const emails = [...new Set([who.email, ...(customer ? [customer.email.toLowerCase()] : [])])];
    return { probes, emails };
  }

  /** A top-up's self-exclusion expression (withdrawals stay open: the money is the customer's). */
  const exclusionOf = (kind: OrderKind, who: Identities, at: Date): P.Sql | undefined =>
    kind === 'topup' && playerRules
      ? playerRules.exclusionEnd({ userId: who.userId, onexId: who.onexId, wallets: who.wallets, email: who.email }, at)
      : undefined;

  /** The orders of this customer: any of their identities. */
  function sameCustomer(who: Identities, exceptOrder?: string): P.Sql {
    const parts: P.Sql[] = [P.sql`o.contact_email = ${who.email}`];
    if (who.onexId) parts.push(P.sql`o.onex_id = ${who.onexId}`);
    if (who.wallets.length > 0)
      parts.push(P.sql`o.payer IN (${P.join(who.wallets)})`, P.sql`o.wallet IN (${P.join(who.wallets)})`);
    if (who.userId) parts.push(P.sql`o.user_id = ${who.userId}`);
    const any = P.join(parts, ' OR ');
    return exceptOrder === undefined ? any : P.sql`(${any}) AND o.id <> ${exceptOrder}`;
  }

  async function strangerCheck(
    tx: SqlQueryer,
    req: LimitRules,
    settings: AdmissionSettings,
    who: Identities,
  ): Promise<void> {
    const since = new Date(req.at.getTime() - STRANGER_DAYS * 24 * HOUR_MS);
    const [known] = await tx.query<{ known: boolean }>(P.sql`
      SELECT EXISTS (
        SELECT 1 FROM orders o JOIN order_events e ON e.order_id = o.id AND e.to_status = 'complete' AND e.created_at >= ${sqlTime(since)}
        WHERE o.status = 'complete' AND (${sameCustomer(who, req.exceptOrder)})
      ) AS known`);
    if (known?.known) return;
    if (
      req.kind === 'topup' &&
      settings.new_customer_max_bdt !== null &&
      req.payAmount !== null &&
      new Decimal(req.payAmount).greaterThan(settings.new_customer_max_bdt)
    ) {
      throw admissionErrors.newCustomerLimit(settings.new_customer_max_bdt);
    }
    if (settings.new_customer_one_open_order) {
      const [open] = await tx.query<{ open: boolean }>(P.sql`
        SELECT EXISTS (SELECT 1 FROM orders o WHERE o.status IN ('waiting', 'pending') AND (${sameCustomer(who, req.exceptOrder)})) AS open`);
      if (open?.open) throw admissionErrors.openOrderLimit();
    }
  }

  /** At most `perHour` orders in the hour before `at` per 1xBet id, e-mail and address; names when one is free. */
  async function hourlyCheck(tx: SqlQueryer, at: Date, perHour: number, who: Identities): Promise<void> {
    const since = sqlTime(new Date(at.getTime() - HOUR_MS));
    const columns: P.Sql[] = [P.sql`o.contact_email = ${who.email}`];
    if (who.onexId) columns.push(P.sql`o.onex_id = ${who.onexId}`);
    if (who.ip) columns.push(P.sql`o.client_ip = ${who.ip}`);
    let retryAt: Date | null = null;
    for (const match of columns) {
      // The perHour-th newest order of the hour: while it is inside the hour, the limit is reached until it leaves.
      const [row] = await tx.query<{ createdAt: string }>(P.sql`
        SELECT ${sqlTimeText('o.created_at')} AS "createdAt" FROM orders o WHERE ${match} AND o.created_at > ${since}
        ORDER BY o.created_at DESC OFFSET ${perHour - 1}::int LIMIT 1`);
      if (row) {
        const free = new Date(new Date(row.createdAt).getTime() + HOUR_MS);
        if (!retryAt || free > retryAt) retryAt = free;
      }
    }
    if (retryAt) throw admissionErrors.orderRateLimited(retryAt);
  }

  return {
    /**
     * The checks before the insert (payer rule 400, business hours 409); what the insert asks: the blocklist (403,
     * `admissionErrors.blocked`), and the limits' check for the create transaction, absent when every limit is off.
     */
    async admit(req: AdmissionRequest): Promise<Admission> {
      const settings = await deps.settings();
      const { input } = req;
      if (req.kind === 'topup' && settings.payer_required && !('payer' in input && input.payer)) {
        throw validationError({ payer: VALIDATION_KEYS.required });
      }
      const who = identitiesOf(req);
      const { probes, emails } = probesOf(who, req.customer);
      if (!isOpenAt(req.hours, req.at)) throw admissionErrors.methodClosed(req.hours!.open);
      const ownLimits = req.kind === 'topup' && req.customer !== null && (await hasOwnLimits(req.customer.id, req.at));
      const rules: LimitRules = {
        kind: req.kind,
        at: req.at,
        payAmount: req.payAmount,
        strangers:
          settings.new_customer_one_open_order || (settings.new_customer_max_bdt !== null && req.kind === 'topup'),
        perHour: settings.orders_per_hour,
        ownLimitsOf: ownLimits ? req.customer!.id : null,
      };
      const excludedUntil = exclusionOf(req.kind, who, req.at);
      return {
        blocked: deps.blockedCondition(probes, emails),
        ...(excludedUntil ? { excludedUntil } : {}),
        limits: limitsCheck(rules, settings, who),
      };
    },

    /**
     * A later step of an order that brings a value (a withdrawal's 1xBet id with its code): the rules of admission asked
     * again of the order's values with the new one (decision 270), as a check its transaction runs under the row's lock.
     * The blocklist (403, the same neutral answer), a binding self-exclusion for a top-up, and the one-open-order rule
     * for strangers (this order left out); the amount's rules were asked when it was placed, and the hourly limit
     * counts orders placed, not steps.
     */
    async admitStep(req: StepRequest): Promise<AdmissionCheck> {
      const settings = await deps.settings();
      const { order, brings } = req;
      const who: Identities = {
        onexId: brings.onexId ?? order.onexId,
        email: order.contactEmail,
        wallets: [...new Set([order.payer, order.wallet, brings.payer ?? null].filter((w): w is string => w !== null))],
        userId: order.userId,
        ip: req.ip ? normaliseIp(req.ip) : null,
      };
      const { probes, emails } = probesOf(who, req.customer);
      const blocked = deps.blockedCondition(probes, emails);
      const excluded = exclusionOf(req.kind, who, req.at) ?? P.sql`NULL::timestamp(3)`;
      const limits = limitsCheck(
        {
          kind: req.kind,
          at: req.at,
          payAmount: null,
          strangers: settings.new_customer_one_open_order,
          perHour: null,
          ownLimitsOf: null,
          exceptOrder: order.id,
        },
        settings,
        who,
      );
      return async (q) => {
        const [refused] = await q.query<{ blocked: boolean; until: string | null }>(P.sql`
          SELECT ${blocked} AS blocked, ${timeText(excluded)} AS until`);
        if (refused.blocked) throw admissionErrors.blocked();
        if (refused.until) throw admissionErrors.selfExcluded(new Date(refused.until));
        await limits?.(q);
      };
    },
  };
}
export type OrderAdmission = ReturnType<typeof createOrderAdmission>;
