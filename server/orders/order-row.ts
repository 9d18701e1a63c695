// The order row, described once: its columns (the database names are the snake_case of these keys), what each
// holds, and from that the record type, the mapping of a Prisma or plain-SQL row to a record, and the column list of
// plain statements. A new order column is one line in ORDER_COLUMNS (plus its migration and schema.prisma).
import type { OrderActor, OrderLanguage, OrderStatus } from '#shared/order-status';
import type { CancelReason } from '#shared/schemas';
import type { HeldReason, VerificationStatus } from '#shared/sms/sms-api';
import type { FulfilmentStatus } from '#shared/api-types';
import { sqlTime, sqlTimeText } from '../db/sql-time.js';
import { Prisma as P } from '../generated/prisma/client.js';

type Column<Kind extends string, T> = { kind: Kind; nullable: boolean; readonly type?: T };
const text = <T extends string = string>(): Column<'text', T> => ({ kind: 'text', nullable: false });
const nullableText = <T extends string = string>(): Column<'text', T | null> => ({ kind: 'text', nullable: true });
const decimal = (): Column<'decimal', string> => ({ kind: 'decimal', nullable: false });
const time = (): Column<'time', Date> => ({ kind: 'time', nullable: false });
const nullableTime = (): Column<'time', Date | null> => ({ kind: 'time', nullable: true });
const nullableInt = (): Column<'int', number | null> => ({ kind: 'int', nullable: true });

/** Every column of `orders` the application reads, by its record name. */
export const ORDER_COLUMNS = {
  id: text(),
  /** The short reference customers quote ("A7K-392", decision 284); the database derives it from the id. */
  ref: text(),
  productId: text(),
  userId: nullableText(),
  status: text<OrderStatus>(),
  createdAt: time(),
  lastTime: time(),
  pmMethod: text(),
  pmWallet: text(),
  pmCoin: text(),
  amount: decimal(),
  rate: decimal(),
  pmAmount: decimal(),
  pmId: nullableText(),
  contactEmail: text(),
  onexId: nullableText(),
  wallet: nullableText(),
  wCode: nullableText(),
  note: nullableText(),
  verification: text<VerificationStatus>(),
  verificationSmsId: nullableInt(),
  lateClaimAt: nullableTime(),
  payoutTrxId: nullableText(),
  payoutSmsId: nullableInt(),
  payoutSmsTrxId: nullableText(),
  payoutSmsAt: nullableTime(),
  cancelReason: nullableText<CancelReason>(),
  cancelNote: nullableText(),
  /** The wallet number a top-up is paid from. */
  payer: nullableText(),
  /** The address the order was placed from. */
  clientIp: nullableText(),
  /** Why a `held` verification waits when the order itself says so (its payer), else null (the ledger's reason is on its SMS). */
  verificationReason: nullableText<Extract<HeldReason, 'payer_mismatch' | 'blocked_payer'>>(),
  lang: text<OrderLanguage>(),
  assigneeId: nullableText(),
  claimedAt: nullableTime(),
  /** The staff member who accepted a held payment by hand (decision 316). */
  acceptedById: nullableText(),
};
type OrderColumns = typeof ORDER_COLUMNS;
export type OrderColumnName = keyof OrderColumns;

/** The columns of an order as the application holds them: decimals as exact strings, times as Dates. */
export type OrderFields = { [K in OrderColumnName]: Exclude<OrderColumns[K]['type'], undefined> };

/** The database column of a record name: `pmAmount` → `pm_amount`. */
export const columnOf = (name: string): string => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export interface OrderEventRecord {
  fromStatus: OrderStatus | null;
  toStatus: OrderStatus;
  actor: OrderActor;
  actorId: string | null;
  /** `status` for a move; `sms_linked`, `late_claim` for entries that change no status. */
  kind: string;
  note: string | null;
  createdAt: Date;
}

/** The SMS an order's verification points at (the verifying one, or the one whose amount differs). */
export interface VerificationSmsRecord {
  id: number;
  amount: string | null;
  sender: string | null;
  receivedAt: Date;
  /** Its place on the phone's balance ledger (decision 144): why it is held, what was expected, what it states. */
  ledgerReason: string | null;
  expectedBalance: string | null;
  /** Held on a balance gap: when the step its expected balance follows was (decision 303). */
  expectedSince: Date | null;
  balance: string | null;
}

/** The staff member who holds (claimed) the order. */
export interface AssigneeRecord {
  id: string;
  name: string;
}

/** The order's delivery at the cash desk (decision 265), read from `fulfilments` (the cashdesk domain writes it). */
export interface FulfilmentRecord {
  kind: 'deposit' | 'payout';
  status: FulfilmentStatus;
  amount: string | null;
  operationId: string | null;
  message: string | null;
  at: Date;
  attempts: number;
  refusals: number;
}

export type OrderRecord = OrderFields & {
  events: OrderEventRecord[];
  verificationSms: VerificationSmsRecord | null;
  assignee: AssigneeRecord | null;
  /** Who accepted the payment by hand (decision 316); null when an SMS verified it, or nobody did yet. */
  acceptedBy: AssigneeRecord | null;
  fulfilment: FulfilmentRecord | null;
};

type Dec = { toString(): string };
const asDate = (value: unknown): Date => (value instanceof Date ? value : new Date(value as string));

/** One column's value as the record holds it, from a Prisma row (Decimal, Date) or a plain statement (text times). */
function fieldValue(name: OrderColumnName, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (ORDER_COLUMNS[name].kind) {
    case 'decimal':
      return (value as Dec).toString();
    case 'time':
      return asDate(value);
    default:
      return value;
  }
}

/** A row read by Prisma (with `include: WITH_TIMELINE`) or by `orderSelect`, as a record. */
export function toOrderRecord(row: Record<string, unknown>): OrderRecord {
  const fields = {} as Record<string, unknown>;
  for (const name of Object.keys(ORDER_COLUMNS) as OrderColumnName[]) fields[name] = fieldValue(name, row[name]);
  const events = (row.events ?? []) as Record<string, unknown>[];
  const assignee = row.assignee as AssigneeRecord | null | undefined;
  const acceptedBy = row.acceptedBy as AssigneeRecord | null | undefined;
  const fulfilment = row.fulfilment as
    | {
        kind: FulfilmentRecord['kind'];
        status: FulfilmentStatus;
        amount: Dec | null;
        operationId: string | null;
        message: string | null;
        at: unknown;
        attempts: number;
        refusals: number;
      }
    | null
    | undefined;
  const sms = row.verificationSms as
    | {
        id: number;
        amount: Dec | null;
        sender: string | null;
        receivedAt: unknown;
        ledgerReason: string | null;
        expectedBalance: Dec | null;
        expectedSince: unknown;
        balance: Dec | null;
      }
    | null
    | undefined;
  return {
    ...(fields as OrderFields),
    events: events.map((e) => ({
      fromStatus: e.fromStatus as OrderStatus | null,
      toStatus: e.toStatus as OrderStatus,
      actor: e.actor as OrderActor,
      actorId: e.actorId as string | null,
      kind: e.kind as string,
      note: e.note as string | null,
      createdAt: asDate(e.createdAt),
    })),
    assignee: assignee ? { id: assignee.id, name: assignee.name } : null,
    acceptedBy: acceptedBy ? { id: acceptedBy.id, name: acceptedBy.name } : null,
    fulfilment: fulfilment
      ? {
          kind: fulfilment.kind,
          status: fulfilment.status,
          amount: fulfilment.amount?.toString() ?? null,
          operationId: fulfilment.operationId,
          message: fulfilment.message,
          at: asDate(fulfilment.at),
          attempts: Number(fulfilment.attempts),
          refusals: Number(fulfilment.refusals),
        }
      : null,
    verificationSms: sms
      ? {
          id: sms.id,
          amount: sms.amount?.toString() ?? null,
          sender: sms.sender,
          receivedAt: asDate(sms.receivedAt),
          ledgerReason: sms.ledgerReason ?? null,
          expectedBalance: sms.expectedBalance?.toString() ?? null,
          expectedSince: sms.expectedSince == null ? null : asDate(sms.expectedSince),
          balance: sms.balance?.toString() ?? null,
        }
      : null,
  };
}

/** What Prisma reads beside the order's columns: its timeline, oldest first, and the SMS its verification shows. */
export const WITH_TIMELINE = {
  events: { orderBy: { id: 'asc' as const } },
  verificationSms: {
    select: {
      id: true,
      amount: true,
      sender: true,
      receivedAt: true,
      ledgerReason: true,
      expectedBalance: true,
      expectedSince: true,
      balance: true,
    },
  },
  assignee: { select: { id: true, name: true } },
  acceptedBy: { select: { id: true, name: true } },
  fulfilment: {
    select: {
      kind: true,
      status: true,
      amount: true,
      operationId: true,
      message: true,
      at: true,
      attempts: true,
      refusals: true,
    },
  },
};

/**
 * The whole order as one plain-SQL select list over the row aliased `alias`, named as the record names them (times
 * as UTC text, decision 222), with its timeline as JSON and the verification SMS; needs
 * `LEFT JOIN sms_messages s ON s.id = <alias>.verification_sms_id`, and adds the events of `extraEvents` (event rows
 * the same statement inserted, with their order_id, which its snapshot does not show in order_events yet).
 */
export function orderSelect(alias: string, extraEvents?: string): P.Sql {
  const columns = (Object.keys(ORDER_COLUMNS) as OrderColumnName[]).map((name) => {
    const column = `${alias}.${columnOf(name)}`;
    return P.sql`${ORDER_COLUMNS[name].kind === 'time' ? sqlTimeText(column) : P.raw(column)} AS ${P.raw(`"${name}"`)}`;
  });
  const eventColumns = 'id, from_status, to_status, actor, actor_id, kind, note, created_at';
  const stored = `SELECT ${eventColumns} FROM order_events WHERE order_id = ${alias}.id`;
  const inserted = extraEvents
    ? ` UNION ALL SELECT ${eventColumns} FROM ${extraEvents} WHERE order_id = ${alias}.id`
    : '';
  const events = P.sql`(SELECT json_agg(json_build_object('fromStatus', e.from_status, 'toStatus', e.to_status, 'actor', e.actor,
      'actorId', e.actor_id, 'kind', e.kind, 'note', e.note, 'createdAt', ${sqlTimeText('e.created_at')}) ORDER BY e.id)
    FROM (${P.raw(stored + inserted)}) e) AS events`;
  const sms = P.sql`CASE WHEN s.id IS NULL THEN NULL ELSE json_build_object('id', s.id, 'amount', s.amount::text, 'sender', s.sender,
      'receivedAt', ${sqlTimeText('s.received_at')}, 'ledgerReason', s.ledger_reason, 'expectedBalance', s.expected_balance::text,
      'expectedSince', ${sqlTimeText('s.expected_since')}, 'balance', s.balance::text) END AS "verificationSms"`;
  const assignee = P.sql`(SELECT json_build_object('id', u.id, 'name', u.name) FROM users u WHERE u.id = ${P.raw(`${alias}.assignee_id`)}) AS assignee`;
  const acceptedBy = P.sql`(SELECT json_build_object('id', u.id, 'name', u.name) FROM users u WHERE u.id = ${P.raw(`${alias}.accepted_by_id`)}) AS "acceptedBy"`;
  const fulfilment = P.sql`(SELECT json_build_object('kind', f.kind, 'status', f.status, 'amount', f.amount::text, 'operationId', f.operation_id,
      'message', f.message, 'at', ${sqlTimeText('f.at')}, 'attempts', f.attempts, 'refusals', f.refusals)
    FROM fulfilments f WHERE f.order_id = ${P.raw(`${alias}.id`)}) AS fulfilment`;
  return P.join([...columns, events, sms, assignee, acceptedBy, fulfilment], ', ');
}

/** `SET` items for the given fields (record names → their columns). */
export function setColumns(fields: Partial<OrderFields>): P.Sql[] {
  return (Object.keys(fields) as OrderColumnName[])
    .filter((name) => fields[name] !== undefined)
    .map((name) => {
      const value = fields[name];
      return P.sql`${P.raw(columnOf(name))} = ${value instanceof Date ? sqlTime(value) : value}`;
    });
}
