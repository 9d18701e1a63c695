// Who may place an order (issue 23, decisions 210-213): the money controls, apart from the create path so that the
// order's insert stays what it is. `admit` runs once before the insert: the payer rule and the method's business
// hours; it returns the blocklist as a condition the insert evaluates itself (decision 222) and the limits' check,
// which the create transaction runs first, under advisory locks on the customer's identities, so two parallel
// orders of one customer are counted one after the other.
import Decimal from 'decimal.js';
import { dhakaDateTime } from '#shared/dhaka';
import { normaliseIp, isOpenAt, type BlocklistKind, type BusinessHours } from '#shared/money-controls';
import { unixSeconds } from '#shared/time';
import type { ShopSettings } from '#shared/shop-settings';
import { VALIDATION_KEYS } from '#shared/error-keys';
import type { OrderKind } from '#shared/constants';
import type { PlaceOrderInput } from '#shared/schemas';
import type { SqlQueryer } from '../db/database.js';
import { sqlTime, sqlTimeText } from '../db/sql-time.js';
import { AppError, errors } from '../http/app-error.js';
import { validationError } from '../http/validate.js';
import type { UserRecord } from '../security/user-record.js';
import { Prisma as P } from '../generated/prisma/client.js';

/** A customer with no completed order in this many days is a stranger (issue 23). */
export const STRANGER_DAYS = 30;
const HOUR_MS = 3_600_000;
/** Namespace of the admission's advisory locks (payments use 9_009). */
const ADMISSION_LOCK = 9_023;

export type AdmissionSettings = Pick<ShopSettings, 'payer_required' | 'new_customer_one_open_order' | 'new_customer_max_bdt' | 'orders_per_hour'>;

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
 * What the insert must still ask (decision 222): the blocklist, as a condition the insert itself evaluates (so the
 * check costs no statement of its own), and the limits' check for the transaction, when any limit is on.
 */
export interface Admission {
  blocked: P.Sql;
  limits?: AdmissionCheck;
}

export const admissionErrors = {
  /** One neutral answer for every blocked value (never which). */
  blocked: () => errors.forbidden('errors.blocked', 'This order can not be accepted. Please contact support.'),
  methodClosed: (open: string) =>
    new AppError(409, 'errors.methodClosed', `This payment method is closed now; it opens at ${open} (Asia/Dhaka)`, { params: { open } }),
  openOrderLimit: () => errors.conflict('errors.openOrderLimit', 'You already have an open order; finish or cancel it first'),
  newCustomerLimit: (limit: number) =>
    new AppError(409, 'errors.newCustomerLimit', `A first order may be at most ${limit} BDT until an order of yours completes`, { params: { limit } }),
  orderRateLimited: (retryAt: Date) => {
    const time = dhakaDateTime(retryAt).slice(11, 16);
    return new AppError(429, 'errors.orderRateLimited', `Too many orders in an hour; try again after ${time} (Asia/Dhaka)`, {
      params: { time, retry_at: unixSeconds(retryAt) },
    });
  },
};

function identitiesOf(req: AdmissionRequest): Identities {
  const { input } = req;
  const wallets = [...('payer' in input && input.payer ? [input.payer] : []), ...('wallet' in input ? [input.wallet] : [])];
  return {
    onexId: 'onex_id' in input ? input.onex_id : null,
    email: input.contact_email,
    wallets,
    userId: req.customer?.id ?? null,
    ip: req.ip ? normaliseIp(req.ip) : null,
  };
}

export function createOrderAdmission(deps: {
  settings: () => Promise<AdmissionSettings>;
  /** The blocklist's answer for these values and e-mails as an SQL condition (the blocklist domain's blockedCondition). */
  blockedCondition: (probes: { kind: BlocklistKind; value: string }[], emails: string[]) => P.Sql;
}) {
  /** The limits for strangers and the hourly limit, under the identities' locks. */
  function limitsCheck(req: AdmissionRequest, settings: AdmissionSettings, who: Identities): AdmissionCheck | undefined {
    const strangerRules = settings.new_customer_one_open_order || (settings.new_customer_max_bdt !== null && req.kind === 'topup');
    if (!strangerRules && settings.orders_per_hour === null) return undefined;
    const keys = [
      ...(who.onexId ? [`onex:${who.onexId}`] : []),
      `email:${who.email}`,
      ...who.wallets.map((w) => `wallet:${w}`),
      ...(who.userId ? [`user:${who.userId}`] : []),
      ...(who.ip && settings.orders_per_hour !== null ? [`ip:${who.ip}`] : []),
    ].sort();
    return async (tx) => {
      // One at a time per identity, always taken in the same order (no two orders wait on each other).
      for (const key of keys) {
        await tx.query(P.sql`SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(${ADMISSION_LOCK}::int, hashtext(${key}))) AS l`);
      }
      if (strangerRules) await strangerCheck(tx, req, settings, who);
      if (settings.orders_per_hour !== null) await hourlyCheck(tx, req.at, settings.orders_per_hour, who);
    };
  }

  /** The orders of this customer: any of their identities. */
  function sameCustomer(who: Identities): P.Sql {
    const parts: P.Sql[] = [P.sql`o.contact_email = ${who.email}`];
    if (who.onexId) parts.push(P.sql`o.onex_id = ${who.onexId}`);
    if (who.wallets.length > 0) parts.push(P.sql`o.payer IN (${P.join(who.wallets)})`, P.sql`o.wallet IN (${P.join(who.wallets)})`);
    if (who.userId) parts.push(P.sql`o.user_id = ${who.userId}`);
    return P.join(parts, ' OR ');
  }

  async function strangerCheck(tx: SqlQueryer, req: AdmissionRequest, settings: AdmissionSettings, who: Identities): Promise<void> {
    const since = new Date(req.at.getTime() - STRANGER_DAYS * 24 * HOUR_MS);
    const [known] = await tx.query<{ known: boolean }>(P.sql`
      SELECT EXISTS (
        SELECT 1 FROM orders o JOIN order_events e ON e.order_id = o.id AND e.to_status = 'complete' AND e.created_at >= ${sqlTime(since)}
        WHERE o.status = 'complete' AND (${sameCustomer(who)})
      ) AS known`);
    if (known?.known) return;
    if (req.kind === 'topup' && settings.new_customer_max_bdt !== null && new Decimal(req.payAmount).greaterThan(settings.new_customer_max_bdt)) {
      throw admissionErrors.newCustomerLimit(settings.new_customer_max_bdt);
    }
    if (settings.new_customer_one_open_order) {
      const [open] = await tx.query<{ open: boolean }>(P.sql`
        SELECT EXISTS (SELECT 1 FROM orders o WHERE o.status IN ('waiting', 'pending') AND (${sameCustomer(who)})) AS open`);
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
      const probes: { kind: BlocklistKind; value: string }[] = [
        { kind: 'email', value: who.email },
        ...(req.customer ? [{ kind: 'email' as const, value: req.customer.email.toLowerCase() }] : []),
        ...(who.onexId ? [{ kind: 'onex_id' as const, value: who.onexId }] : []),
        ...who.wallets.map((value) => ({ kind: 'wallet' as const, value })),
        ...(who.ip ? [{ kind: 'ip' as const, value: who.ip }] : []),
      ];
      const emails = [...new Set([who.email, ...(req.customer ? [req.customer.email.toLowerCase()] : [])])];
      if (!isOpenAt(req.hours, req.at)) throw admissionErrors.methodClosed(req.hours!.open);
      return { blocked: deps.blockedCondition(probes, emails), limits: limitsCheck(req, settings, who) };
    },
  };
}
export type OrderAdmission = ReturnType<typeof createOrderAdmission>;
