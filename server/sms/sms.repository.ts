// The SMS domain's tables: wallet phones (devices), forwarded SMS and admin templates. A payment message is stored
// inside the transaction the orders domain opens under the payment's lock, and read and taken there as evidence
// (decisions 100, 130); partial unique indexes make a second match impossible (a trx id verifies one order ever, an
// order is verified once). This repository never writes an order.
import Decimal from 'decimal.js';
import type { Wallet } from '#shared/constants';
import { Prisma as P } from '../generated/prisma/client.js';
import type { SmsStateFilter, SmsStatus, VerificationStatus } from '#shared/sms/sms-api';
import { queryerOf, type AnyTransaction, type Prisma, type SqlQueryer, type Transaction } from '../db/database.js';
import { sqlTime, sqlTimeText } from '../db/sql-time.js';
import {
  chainInto,
  extendsSettledChain,
  isSettled,
  runLedger,
  type LedgerEntry,
  type LedgerGap,
  type SettledChain,
} from './ledger.js';
import type { PaymentEvidence, PaymentEvidenceSource } from '../orders/index.js';

/** A write that commits or rolls back with the change (the audit entry). */
export type AlsoInTransaction = (tx: Transaction) => Promise<void>;

export interface DeviceRecord {
  id: string;
  name: string;
  account: Wallet;
  createdAt: Date;
  lastSeenAt: Date | null;
  /** The fleet number whose SMS it forwards (decision 193); null for a method without numbers. */
  numberId: number | null;
  /** Whether its token is kept sealed, as the signing key of SMS Gateway for Android (decision 147). */
  signs: boolean;
  /** The last chained balance (else the stated one), and the open gap, as the ledger's last run left them. */
  balance: string | null;
  gap: LedgerGap | null;
}

/** A message's step on its phone's ledger and its state there (decision 144). */
export interface SmsLedgerRecord {
  direction: 'credit' | 'debit';
  balance: string | null;
  state: 'chained' | 'held' | null;
  reason: string | null;
  expectedBalance: string | null;
}

export interface SmsRecord {
  id: number;
  deviceId: string;
  account: Wallet;
  from: string;
  text: string;
  amount: string | null;
  trxId: string | null;
  sender: string | null;
  receivedAt: Date;
  createdAt: Date;
  status: SmsStatus;
  parseKind: 'payment' | 'ignored' | 'unparsed';
  parseReason: string | null;
  orderId: string | null;
  ledger: SmsLedgerRecord | null;
  /** The order that shows it as its verification's SMS (read, never written here; decision 197), or null. */
  shownOn: { orderId: string; verification: VerificationStatus; orderStatus: string } | null;
  /** The withdrawal whose payout this debit proves (the orders domain wrote it; decision 325), or null. */
  payoutOf: string | null;
}

export interface NewSms {
  deviceId: string;
  account: Wallet;
  from: string;
  text: string;
  dedupeHash: string;
  amount: string | null;
  trxId: string | null;
  sender: string | null;
  receivedAt: Date;
  parseKind: SmsRecord['parseKind'];
  parseReason: string | null;
  templateId: string | null;
  /** Its balance step, when it states one (or is a credit that states none). */
  ledgerDirection: 'credit' | 'debit' | null;
  ledgerAmount: string | null;
  ledgerFee: string | null;
  balance: string | null;
  debitType: string | null;
  counterparty: string | null;
}

export interface TemplateRecord {
  id: number;
  account: Wallet;
  label: string;
  pattern: string;
  timeFormat: string | null;
  updatedAt: Date;
}

type Dec = { toString(): string };
type SmsRow = Omit<SmsRecord, 'amount' | 'account' | 'status' | 'parseKind' | 'ledger' | 'shownOn' | 'payoutOf'> & {
  verifiedOrders: { id: string; verification: string; status: string }[];
  /** Absent from a row just inserted: no order's payout names it yet. */
  paidOutOrders?: { id: string }[];
  amount: Dec | null;
  account: string;
  status: string;
  parseKind: string;
  ledgerDirection: string | null;
  balance: Dec | null;
  ledgerState: string | null;
  ledgerReason: string | null;
  expectedBalance: Dec | null;
};

const smsSelect = {
  id: true,
  deviceId: true,
  account: true,
  from: true,
  text: true,
  amount: true,
  trxId: true,
  sender: true,
  receivedAt: true,
  createdAt: true,
  status: true,
  parseKind: true,
  parseReason: true,
  orderId: true,
  ledgerDirection: true,
  balance: true,
  ledgerState: true,
  ledgerReason: true,
  expectedBalance: true,
  // An order that took it first, then one that merely shows it (an amount that differs).
  verifiedOrders: { select: { id: true, verification: true, status: true }, orderBy: { createdAt: 'asc' }, take: 2 },
  // At most one: a message proves one payout (a unique index on orders.payout_sms_id).
  paidOutOrders: { select: { id: true }, take: 1 },
} as const;

/** The columns of `smsSelect` in a plain statement (decimals as text, times as UTC text: decision 222). */
const SMS_COLUMNS = P.sql`id, device_id AS "deviceId", account, "from", text, amount::text AS amount, trx_id AS "trxId", sender,
  ${sqlTimeText('received_at')} AS "receivedAt", ${sqlTimeText('created_at')} AS "createdAt", status, parse_kind AS "parseKind",
  parse_reason AS "parseReason", order_id AS "orderId", ledger_direction AS "ledgerDirection", balance::text AS balance,
  ledger_state AS "ledgerState", ledger_reason AS "ledgerReason", expected_balance::text AS "expectedBalance"`;
/** `smsSelect`'s orders that show the message, for a stored row (a row just inserted has none). */
const SHOWN_ON = P.sql`(SELECT coalesce(json_agg(json_build_object('id', v.id, 'verification', v.verification, 'status', v.status) ORDER BY v.created_at), '[]'::json)
  FROM (SELECT id, verification, status, created_at FROM orders WHERE verification_sms_id = sms_messages.id ORDER BY created_at LIMIT 2) v) AS "verifiedOrders",
  (SELECT coalesce(json_agg(json_build_object('id', o.id)), '[]'::json) FROM orders o WHERE o.payout_sms_id = sms_messages.id) AS "paidOutOrders"`;
type PlainSmsRow = Omit<SmsRow, 'receivedAt' | 'createdAt'> & { receivedAt: string; createdAt: string };
const fromPlainRow = (row: PlainSmsRow): SmsRow => ({
  ...row,
  receivedAt: new Date(row.receivedAt),
  createdAt: new Date(row.createdAt),
});

/** Orders whose shown SMS still waits for staff: its amount differs or it is held (decision 197). */
const OPEN_ORDER_STATUSES = ['waiting', 'pending'];

/** Money leaving the wallet: a debit a template reads, or one in a wording none reads (decision 325). */
const DEBIT_REASON = 'outgoing';
const debitWhere = { status: 'ignored', parseReason: DEBIT_REASON } as const;

/** The inbox's filter by state as a where clause; it agrees with `smsState` in the service. */
function stateWhere(state: SmsStateFilter): P.SmsMessageWhereInput {
  switch (state) {
    case 'needs_action':
      return {
        OR: [
          { status: 'unmatched', verifiedOrders: { none: {} } },
          {
            verifiedOrders: {
              some: { verification: { in: ['amount_mismatch', 'held'] }, status: { in: OPEN_ORDER_STATUSES } },
            },
          },
          { ...debitWhere, paidOutOrders: { none: {} } },
        ],
      };
    case 'payout':
      return { ...debitWhere, paidOutOrders: { some: {} } };
    case 'payout_unmatched':
      return { ...debitWhere, paidOutOrders: { none: {} } };
    case 'unmatched':
      return { status: 'unmatched', verifiedOrders: { none: {} } };
    case 'amount_differs':
      return { status: { not: 'matched' }, verifiedOrders: { some: { verification: 'amount_mismatch' } } };
    case 'held':
    case 'rejected':
      return { verifiedOrders: { some: { verification: state } } };
    case 'matched':
      return { status: 'matched', verifiedOrders: { none: { verification: { in: ['held', 'rejected'] } } } };
    case 'ignored':
      return { status: 'ignored', OR: [{ parseReason: null }, { parseReason: { not: DEBIT_REASON } }] };
  }
}

function toSms(row: SmsRow): SmsRecord {
  const {
    ledgerDirection,
    balance,
    ledgerState,
    ledgerReason,
    expectedBalance,
    verifiedOrders,
    paidOutOrders,
    ...rest
  } = row;
  const shown = verifiedOrders.find((o) => o.id === row.orderId) ?? verifiedOrders[0];
  return {
    ...rest,
    payoutOf: paidOutOrders?.[0]?.id ?? null,
    shownOn: shown
      ? { orderId: shown.id, verification: shown.verification as VerificationStatus, orderStatus: shown.status }
      : null,
    account: row.account as Wallet,
    amount: row.amount?.toString() ?? null,
    status: row.status as SmsStatus,
    parseKind: row.parseKind as SmsRecord['parseKind'],
    ledger:
      ledgerDirection === null
        ? null
        : {
            direction: ledgerDirection as 'credit' | 'debit',
            balance: balance?.toString() ?? null,
            state: ledgerState as SmsLedgerRecord['state'],
            reason: ledgerReason,
            expectedBalance: expectedBalance?.toString() ?? null,
          },
  };
}

type DeviceRow = {
  id: string;
  name: string;
  account: string;
  createdAt: Date;
  lastSeenAt: Date | null;
  numberId: number | null;
  anchorBalance: Dec | null;
  ledgerBalance: Dec | null;
  ledgerGap: unknown;
  tokenSealed: string | null;
};
const toDevice = (row: DeviceRow): DeviceRecord => ({
  id: row.id,
  name: row.name,
  account: row.account as Wallet,
  createdAt: row.createdAt,
  lastSeenAt: row.lastSeenAt,
  numberId: row.numberId,
  signs: row.tokenSealed !== null,
  balance: (row.ledgerBalance ?? row.anchorBalance)?.toString() ?? null,
  gap: (row.ledgerGap ?? null) as LedgerGap | null,
});

const toTemplate = (row: {
  id: number;
  account: string;
  label: string;
  pattern: string;
  timeFormat: string | null;
  updatedAt: Date;
}): TemplateRecord => ({
  ...row,
  account: row.account as Wallet,
});

export type StoreOutcome = { duplicate: boolean; sms: SmsRecord };

/** A message as payment evidence for the orders domain (decision 130). */
type EvidenceRow = {
  id: number;
  account: string;
  trxKey: string | null;
  amount: Dec | null;
  sender: string | null;
  receivedAt: string;
  status: string;
  parseKind: string;
  ledgerState: string | null;
  ledgerReason: string | null;
  expectedBalance: Dec | null;
  expectedSince: string | null;
  balance: Dec | null;
};
const asEvidence = (row: EvidenceRow): PaymentEvidence => ({
  smsId: row.id,
  wallet: row.account,
  trxKey: row.trxKey,
  amount: row.amount?.toString() ?? null,
  sender: row.sender,
  receivedAt: new Date(row.receivedAt),
  taken: row.status === 'matched',
  linkable: row.status !== 'ignored' && row.parseKind !== 'ignored',
  ledgerState: row.ledgerState as PaymentEvidence['ledgerState'],
  ledgerReason: row.ledgerReason,
  expectedBalance: row.expectedBalance?.toString() ?? null,
  expectedSince: row.expectedSince == null ? null : new Date(row.expectedSince),
  balance: row.balance?.toString() ?? null,
});
/** Evidence in a plain statement: it runs in the payment's plain transaction as in Prisma's (decision 203). */
const EVIDENCE_COLUMNS = P.sql`id, account, trx_key AS "trxKey", amount::text AS amount, sender, ${sqlTimeText('received_at')} AS "receivedAt",
  status, parse_kind AS "parseKind", ledger_state AS "ledgerState", ledger_reason AS "ledgerReason",
  expected_balance::text AS "expectedBalance", ${sqlTimeText('expected_since')} AS "expectedSince", balance::text AS balance`;

/** Marks a message as an order's proof, when `when` holds and no order took it first; returns its id. */
const takeStatement = (smsId: number, orderId: string, when: P.Sql): P.Sql =>
  P.sql`UPDATE sms_messages SET status = 'matched', order_id = ${orderId} WHERE id = ${smsId} AND status = 'unmatched' AND ${when} RETURNING id`;

/** Namespace of the devices' ledger locks (the payments' is 9_009): one ledger run per device at a time. */
const LEDGER_LOCK = 9_010;

/** The most recent balance-stating messages a ledger run reads (decision 144). */
export const LEDGER_WINDOW = 2_000;

/** What one ledger run changed, for the pushes after its commit. */
export interface LedgerRun {
  device: { id: string; name: string; account: Wallet };
  /** Credits that chain now and did not before: a held order holding one is verified. */
  newlyChained: number[];
  gap: LedgerGap | null;
  gapChanged: boolean;
  /** The state of the message the run was for (`added`), as stored by the run; null without one. */
  added: Pick<SmsLedgerRecord, 'state' | 'reason' | 'expectedBalance'> | null;
}

/** The balance step of the message a run is for, as it was stored (the run's fast path needs no read of it). */
export type AddedStep = Omit<LedgerEntry, 'balance'> & { balance: string | null };

type DeviceLedgerRow = {
  id: string;
  name: string;
  account: string;
  anchorBalance: string | null;
  anchorAt: string | null;
  createdAt: string;
  anchorAfterSmsId: number;
  ledgerBalance: string | null;
  ledgerGap: LedgerGap | null;
  ledgerSettled: boolean;
  ledgerLastAt: string | null;
};

const sameGap = (a: LedgerGap | null, b: LedgerGap | null) => JSON.stringify(a) === JSON.stringify(b);
const sameMoney = (a: Dec | null, b: string | null) =>
  a === null ? b === null : b !== null && new Decimal(a.toString()).equals(b);

/**
 * The devices whose ledger lock a transaction holds, as its runs left them (decision 203); null: locked with the
 * payment locks (decision 203), not read yet.
 */
const lockedDevices = new WeakMap<object, Map<string, DeviceLedgerRow | null>>();
function heldBy(tx: object): Map<string, DeviceLedgerRow | null> {
  const held = lockedDevices.get(tx) ?? new Map<string, DeviceLedgerRow | null>();
  lockedDevices.set(tx, held);
  return held;
}

/** The device's ledger columns, named as `DeviceLedgerRow` names them. */
const DEVICE_LEDGER_COLUMNS = P.sql`id, name, account, anchor_balance::text AS "anchorBalance", ${sqlTimeText('anchor_at')} AS "anchorAt", ${sqlTimeText('created_at')} AS "createdAt",
  anchor_after_sms_id AS "anchorAfterSmsId", ledger_balance::text AS "ledgerBalance", ledger_gap AS "ledgerGap",
  ledger_settled AS "ledgerSettled", ${sqlTimeText('ledger_last_at')} AS "ledgerLastAt"`;

async function readDevice(q: SqlQueryer, deviceId: string): Promise<DeviceLedgerRow> {
  const [device] = await q.query<DeviceLedgerRow>(
    P.sql`SELECT ${DEVICE_LEDGER_COLUMNS} FROM devices WHERE id = ${deviceId}`,
  );
  if (!device) throw new Error(`device ${deviceId} not found`);
  return device;
}

async function lockAndReadDevice(q: SqlQueryer, deviceId: string): Promise<DeviceLedgerRow> {
  await q.query(
    P.sql`SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(${LEDGER_LOCK}::int, hashtext(${deviceId}))) AS l`,
  );
  // Read after the lock, in its own statement: a statement's snapshot is taken before the lock it waits for.
  return readDevice(q, deviceId);
}

/** The chain a device row describes, as the fast path weighs it (decision 203). */
function chainOf(device: DeviceLedgerRow): SettledChain {
  return {
    settled: device.ledgerSettled && device.anchorBalance !== null && device.ledgerGap === null,
    balance: device.ledgerBalance,
    lastTime: device.ledgerLastAt === null ? null : Math.floor(new Date(device.ledgerLastAt).getTime() / 1000),
  };
}

/** The device row after a message extended its settled chain: its balance, and the latest own time. */
function extendedBy(device: DeviceLedgerRow, added: { balance: string; time: number }): DeviceLedgerRow {
  const lastTime = chainOf(device).lastTime;
  const lastAt = new Date(Math.max(added.time, lastTime ?? added.time) * 1000);
  return { ...device, ledgerBalance: added.balance, ledgerLastAt: lastAt.toISOString() };
}

/** The message a device sent before, as stored (a repeat's answer). */
async function storedCopy(q: SqlQueryer, sms: Pick<NewSms, 'deviceId' | 'dedupeHash'>): Promise<StoreOutcome> {
  const [stored] = await q.query<PlainSmsRow>(
    P.sql`SELECT ${SMS_COLUMNS}, ${SHOWN_ON} FROM sms_messages WHERE device_id = ${sms.deviceId} AND dedupe_hash = ${sms.dedupeHash}`,
  );
  return { duplicate: true, sms: toSms(fromPlainRow(stored)) };
}

/** A stored message's balance step, for the run that weighs it. */
export function addedStep(
  sms: Pick<NewSms, 'ledgerDirection' | 'ledgerAmount' | 'ledgerFee' | 'balance' | 'receivedAt'>,
  id: number,
): AddedStep | undefined {
  if (sms.ledgerDirection === null) return undefined;
  return {
    id,
    direction: sms.ledgerDirection,
    amount: sms.ledgerAmount ?? '0',
    fee: sms.ledgerFee ?? '0',
    balance: sms.balance,
    time: Math.floor(sms.receivedAt.getTime() / 1000),
  };
}

export function createSmsRepository(prisma: Prisma) {
  /**
   * Each device's ledger columns as this instance's last run left them (decision 203): a guess, never trusted alone.
   * A payment's store statement chains the message only if the device row still says the same under the lock.
   */
  const lastKnown = new Map<string, DeviceLedgerRow>();
  const repository = {
    // ---------- devices ----------
    async createDevice(
      d: {
        id: string;
        name: string;
        account: Wallet;
        numberId?: number;
        tokenHash: string;
        tokenSealed: string;
        anchorBalance?: string;
        anchorAt?: Date;
      },
      also: AlsoInTransaction,
    ): Promise<DeviceRecord | 'numberNotFound'> {
      return prisma.$transaction(async (tx) => {
        // A phone belongs to one of its wallet's numbers: the one named, else the wallet's first (decision 193).
        const number = await tx.paymentNumber.findFirst({
          where: { account: d.account, ...(d.numberId !== undefined ? { id: d.numberId } : {}) },
          orderBy: { id: 'asc' },
          select: { id: true },
        });
        if (d.numberId !== undefined && !number) return 'numberNotFound';
        const row = toDevice(await tx.device.create({ data: { ...d, numberId: number?.id ?? null } }));
        await also(tx);
        return row;
      });
    },

    async listDevices(): Promise<DeviceRecord[]> {
      const rows = await prisma.device.findMany({
        where: { revokedAt: null },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      });
      return rows.map(toDevice);
    },

    /** Forwarded SMS per device since `since`. */
    async countSmsSince(since: Date): Promise<Map<string, number>> {
      const rows = await prisma.smsMessage.groupBy({
        by: ['deviceId'],
        where: { createdAt: { gte: since } },
        _count: { _all: true },
      });
      return new Map(rows.map((r) => [r.deviceId, r._count._all]));
    },

    /** Revokes at once: the token no longer finds the device. False when there is no such active device. */
    async revokeDevice(
      id: string,
      also: (tx: Transaction, device: DeviceRecord) => Promise<void>,
    ): Promise<DeviceRecord | null> {
      return prisma.$transaction(async (tx) => {
        const result = await tx.device.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: new Date() } });
        if (result.count === 0) return null;
        const device = toDevice(await tx.device.findUniqueOrThrow({ where: { id } }));
        await also(tx, device);
        return device;
      });
    },

    async findDeviceByTokenHash(tokenHash: string): Promise<DeviceRecord | null> {
      const row = await prisma.device.findFirst({ where: { tokenHash, revokedAt: null } });
      return row ? toDevice(row) : null;
    },

    /** An active device with its sealed token (the key of its signed webhooks), by id. */
    async findDeviceWithSealedToken(id: string): Promise<{ device: DeviceRecord; tokenSealed: string | null } | null> {
      const row = await prisma.device.findFirst({ where: { id, revokedAt: null } });
      return row ? { device: toDevice(row), tokenSealed: row.tokenSealed } : null;
    },

    /** The message a device's webhook event stored, when the event was seen before (undefined: never seen). */
    async findWebhookEvent(deviceId: string, eventId: string): Promise<{ smsId: number | null } | undefined> {
      const row = await prisma.deviceWebhookEvent.findUnique({
        where: { deviceId_eventId: { deviceId, eventId } },
        select: { smsId: true },
      });
      return row ?? undefined;
    },

    /** Records an event as handled, and forgets the device's events older than `forgetBefore`. */
    async recordWebhookEvent(
      deviceId: string,
      eventId: string,
      smsId: number | null,
      forgetBefore: Date,
    ): Promise<void> {
      await prisma.deviceWebhookEvent.createMany({ data: [{ deviceId, eventId, smsId }], skipDuplicates: true });
      await prisma.deviceWebhookEvent.deleteMany({ where: { deviceId, createdAt: { lt: forgetBefore } } });
    },

    async touchDevice(id: string, at: Date): Promise<void> {
      await prisma.device.updateMany({ where: { id }, data: { lastSeenAt: at } });
    },

    // ---------- messages ----------
    /**
     * Stores a forwarded SMS once per (device, hash), inside `tx` when given (a payment's, opened by the orders
     * domain under the payment's lock). A message the device already sent answers the stored one.
     */
    async storeSms(sms: NewSms, tx?: AnyTransaction): Promise<StoreOutcome> {
      const q = queryerOf(tx ?? prisma);
      const status: SmsStatus = sms.parseKind === 'ignored' ? 'ignored' : 'unmatched';
      // One statement stores it; only a repeat reads the stored one (decision 203).
      const [inserted] = await q.query<PlainSmsRow>(P.sql`
        INSERT INTO sms_messages (device_id, account, "from", text, dedupe_hash, amount, trx_id, trx_key, sender, received_at, created_at, status,
          parse_kind, parse_reason, template_id, ledger_direction, ledger_amount, ledger_fee, balance, debit_type, counterparty)
        VALUES (${sms.deviceId}, ${sms.account}, ${sms.from}, ${sms.text}, ${sms.dedupeHash}, ${sms.amount}::numeric, ${sms.trxId}, ${sms.trxId?.toLowerCase() ?? null},
          ${sms.sender}, ${sqlTime(sms.receivedAt)}, ${sqlTime(new Date())}, ${status}, ${sms.parseKind}, ${sms.parseReason}, ${sms.templateId},
          ${sms.ledgerDirection}, ${sms.ledgerAmount}::numeric, ${sms.ledgerFee}::numeric, ${sms.balance}::numeric, ${sms.debitType}, ${sms.counterparty})
        ON CONFLICT (device_id, dedupe_hash) DO NOTHING
        RETURNING ${SMS_COLUMNS}, '[]'::json AS "verifiedOrders"`);
      if (inserted) return { duplicate: false, sms: toSms(fromPlainRow(inserted)) };
      return storedCopy(q, sms);
    },

    /** The ledger lock of a device, to be taken with a payment's locks (decision 203): after them, in one statement. */
    ledgerLockOf: (deviceId: string) => ({ namespace: LEDGER_LOCK, key: deviceId }),

    /**
     * A payment message of a phone whose ledger lock `tx` took with its payment locks (`ledgerLockOf`): stored, and
     * run on the ledger, in one statement when it extends the settled chain (decision 203). The statement reads the
     * device under the lock and chains the message and moves the balance only if the row still says what this
     * instance last left it saying (`lastKnown`), the state the fast path was weighed against; anything else (a
     * repeat, another instance's run, an unsettled ledger) reads nothing more and runs the ledger as before.
     */
    async storePayment(tx: AnyTransaction, sms: NewSms): Promise<{ outcome: StoreOutcome; run: LedgerRun | null }> {
      const q = queryerOf(tx);
      const held = heldBy(tx);
      if (!held.has(sms.deviceId)) held.set(sms.deviceId, null);
      const believed = held.get(sms.deviceId) ?? lastKnown.get(sms.deviceId) ?? null;
      const step = addedStep(sms, 0);
      const fast =
        believed !== null &&
        step !== undefined &&
        step.balance !== null &&
        extendsSettledChain(chainOf(believed), { ...step, balance: step.balance })
          ? { device: believed, after: extendedBy(believed, { balance: step.balance, time: step.time }) }
          : null;
      const stillSo = fast
        ? P.sql`d.ledger_settled AND d.anchor_balance IS NOT NULL AND d.ledger_gap IS NULL AND d.ledger_balance = ${fast.device.ledgerBalance}::numeric
            AND d.ledger_last_at IS NOT DISTINCT FROM ${fast.device.ledgerLastAt === null ? null : sqlTime(new Date(fast.device.ledgerLastAt))}`
        : P.sql`false`;
      const status: SmsStatus = sms.parseKind === 'ignored' ? 'ignored' : 'unmatched';
      const [row] = await q.query<Partial<PlainSmsRow> & { device: DeviceLedgerRow }>(P.sql`
        WITH d AS (SELECT ${DEVICE_LEDGER_COLUMNS}, ledger_settled, anchor_balance, ledger_gap, ledger_balance, ledger_last_at FROM devices WHERE id = ${sms.deviceId}),
        ins AS (
          INSERT INTO sms_messages (device_id, account, "from", text, dedupe_hash, amount, trx_id, trx_key, sender, received_at, created_at, status,
            parse_kind, parse_reason, template_id, ledger_direction, ledger_amount, ledger_fee, balance, debit_type, counterparty, ledger_state)
          SELECT ${sms.deviceId}, ${sms.account}, ${sms.from}, ${sms.text}, ${sms.dedupeHash}, ${sms.amount}::numeric, ${sms.trxId}, ${sms.trxId?.toLowerCase() ?? null},
            ${sms.sender}, ${sqlTime(sms.receivedAt)}, ${sqlTime(new Date())}, ${status}, ${sms.parseKind}, ${sms.parseReason}, ${sms.templateId},
            ${sms.ledgerDirection}, ${sms.ledgerAmount}::numeric, ${sms.ledgerFee}::numeric, ${sms.balance}::numeric, ${sms.debitType}, ${sms.counterparty},
            CASE WHEN ${stillSo} THEN 'chained' END
          FROM d
          ON CONFLICT (device_id, dedupe_hash) DO NOTHING
          RETURNING ${SMS_COLUMNS}),
        moved AS (
          UPDATE devices SET ledger_balance = ${fast?.after.ledgerBalance ?? null}::numeric,
            ledger_last_at = ${fast?.after.ledgerLastAt ? sqlTime(new Date(fast.after.ledgerLastAt)) : null}
          FROM ins WHERE devices.id = ${sms.deviceId} AND ins."ledgerState" = 'chained' RETURNING devices.id)
        SELECT ins.*, '[]'::json AS "verifiedOrders",
          (SELECT json_build_object('id', id, 'name', name, 'account', account, 'anchorBalance', "anchorBalance", 'anchorAt', "anchorAt", 'createdAt', "createdAt",
            'anchorAfterSmsId', "anchorAfterSmsId", 'ledgerBalance', "ledgerBalance", 'ledgerGap', "ledgerGap", 'ledgerSettled', "ledgerSettled",
            'ledgerLastAt', "ledgerLastAt") FROM d) AS device
        FROM (SELECT 1) AS one LEFT JOIN ins ON true`);
      const device = row.device;
      if (row.id === undefined || row.id === null) {
        // A repeat: the stored message, as `storeSms` answers it; the ledger has weighed it already.
        held.set(sms.deviceId, held.get(sms.deviceId) ?? device);
        return { outcome: await storedCopy(q, sms), run: null };
      }
      const stored = toSms(fromPlainRow(row as PlainSmsRow));
      const outcome = { duplicate: false, sms: stored };
      if (stored.ledger?.state === 'chained' && fast) {
        const after = { ...device, ledgerBalance: fast.after.ledgerBalance, ledgerLastAt: fast.after.ledgerLastAt };
        held.set(sms.deviceId, after);
        lastKnown.set(sms.deviceId, after);
        const ofDevice = { id: device.id, name: device.name, account: device.account as Wallet };
        return {
          outcome,
          run: {
            device: ofDevice,
            newlyChained: [],
            gap: null,
            gapChanged: false,
            added: { state: 'chained', reason: null, expectedBalance: null },
          },
        };
      }
      // The device as the lock leaves it, read by the same statement: the ledger runs from it, without a read.
      held.set(sms.deviceId, held.get(sms.deviceId) ?? device);
      const added = addedStep(sms, stored.id);
      return { outcome, run: added ? await repository.runLedger(tx, sms.deviceId, added) : null };
    },

    /** Stores a message that is not a payment and, when it moves the balance, runs its device's ledger with it. */
    async storeWithLedger(sms: NewSms): Promise<{ outcome: StoreOutcome; run: LedgerRun | null }> {
      return prisma.$transaction(async (tx) => {
        const outcome = await repository.storeSms(sms, tx);
        const run =
          !outcome.duplicate && sms.ledgerDirection !== null
            ? await repository.runLedger(tx, sms.deviceId, addedStep(sms, outcome.sms.id))
            : null;
        return { outcome, run };
      });
    },

    /**
     * Runs the device's ledger (decision 144) under its lock, inside `tx`: every balance-stating message since the
     * stated balance, the last LEDGER_WINDOW of them, gets its state; the device its balance and gap. Concurrent
     * runs of one device queue on the lock, and each reads what the one before it committed. `newSmsId`, the
     * message the run is for, is weighed by its order in the same transaction: it is not among `newlyChained`.
     */
    async runLedger(tx: AnyTransaction, deviceId: string, added?: AddedStep): Promise<LedgerRun> {
      const q = queryerOf(tx);
      const newSmsId = added?.id;
      // A transaction that holds the lock already (a phone's batch, decision 203) knows the device as it left it.
      const held = heldBy(tx);
      const known = held.get(deviceId);
      const device =
        known ?? (held.has(deviceId) ? await readDevice(q, deviceId) : await lockAndReadDevice(q, deviceId));
      held.set(deviceId, device);
      const ofDevice = { id: device.id, name: device.name, account: device.account as Wallet };
      if (
        added &&
        added.balance !== null &&
        extendsSettledChain(chainOf(device), { ...added, balance: added.balance })
      ) {
        const extended = extendedBy(device, { balance: added.balance, time: added.time });
        await q.query(P.sql`
          WITH chained AS (UPDATE sms_messages SET ledger_state = 'chained', ledger_reason = NULL, expected_balance = NULL, expected_since = NULL WHERE id = ${added.id} RETURNING id)
          UPDATE devices SET ledger_balance = ${added.balance}::numeric, ledger_last_at = ${sqlTime(new Date(extended.ledgerLastAt!))}
          WHERE id = ${deviceId} AND EXISTS (SELECT 1 FROM chained) RETURNING id`);
        held.set(deviceId, extended);
        lastKnown.set(deviceId, extended);
        return {
          device: ofDevice,
          newlyChained: [],
          gap: null,
          gapChanged: false,
          added: { state: 'chained', reason: null, expectedBalance: null },
        };
      }
      const rows = await q.query<{
        id: number;
        ledgerDirection: string;
        ledgerAmount: string | null;
        ledgerFee: string | null;
        balance: string | null;
        receivedAt: string;
        ledgerState: string | null;
        ledgerReason: string | null;
        expectedBalance: string | null;
        expectedSince: string | null;
      }>(P.sql`
        SELECT id, ledger_direction AS "ledgerDirection", ledger_amount::text AS "ledgerAmount", ledger_fee::text AS "ledgerFee", balance::text AS balance,
          ${sqlTimeText('received_at')} AS "receivedAt", ledger_state AS "ledgerState", ledger_reason AS "ledgerReason", expected_balance::text AS "expectedBalance",
          ${sqlTimeText('expected_since')} AS "expectedSince"
        FROM sms_messages WHERE device_id = ${deviceId} AND id > ${device.anchorAfterSmsId} AND ledger_direction IS NOT NULL
        ORDER BY id DESC LIMIT ${LEDGER_WINDOW}`);
      const anchorAt = device.anchorAt ?? device.createdAt;
      const anchor =
        device.anchorBalance !== null
          ? { balance: device.anchorBalance, at: Math.floor(new Date(anchorAt).getTime() / 1000) }
          : null;
      const entries = rows.map((r) => ({
        id: r.id,
        direction: r.ledgerDirection as 'credit' | 'debit',
        amount: r.ledgerAmount ?? '0',
        fee: r.ledgerFee ?? '0',
        balance: r.balance,
        time: Math.floor(new Date(r.receivedAt).getTime() / 1000),
      }));
      const result = runLedger(anchor, entries);
      const newlyChained: number[] = [];
      let addedState: LedgerRun['added'] = null;
      const changed: {
        id: number;
        state: string;
        reason: string | null;
        expected: string | null;
        since: string | null;
      }[] = [];
      for (const r of rows) {
        const s = result.states.get(r.id);
        if (!s) continue;
        const state = s.state;
        const reason = s.state === 'held' ? s.reason : null;
        const expected = s.state === 'held' ? s.expected : null;
        const sinceAt = result.since.get(r.id);
        const since = sinceAt === undefined ? null : new Date(sinceAt * 1000).toISOString();
        if (r.id === newSmsId) addedState = { state, reason, expectedBalance: expected };
        const sameSince = (r.expectedSince === null ? null : new Date(r.expectedSince).toISOString()) === since;
        if (r.ledgerState === state && r.ledgerReason === reason && sameMoney(r.expectedBalance, expected) && sameSince)
          continue;
        if (state === 'chained' && r.ledgerDirection === 'credit' && r.id !== newSmsId) newlyChained.push(r.id);
        changed.push({ id: r.id, state, reason, expected, since });
      }
      // Settled: the run saw every message since the anchor and chained them all; the next one may take the fast path.
      const settled = rows.length < LEDGER_WINDOW && isSettled(anchor, entries, result);
      const lastTime = entries.reduce<number | null>(
        (latest, e) => (latest === null || e.time > latest ? e.time : latest),
        null,
      );
      // Every changed message and the device in one statement (decision 203): a run after messages out of order
      // moves several at once.
      await q.query(P.sql`
        WITH moved AS (
          UPDATE sms_messages m SET ledger_state = c.state, ledger_reason = c.reason, expected_balance = c.expected::numeric,
            expected_since = (c.since::timestamptz AT TIME ZONE 'UTC')
          FROM unnest(${changed.map((c) => c.id)}::int[], ${changed.map((c) => c.state)}::text[], ${changed.map((c) => c.reason)}::text[],
            ${changed.map((c) => c.expected)}::text[], ${changed.map((c) => c.since)}::text[]) AS c(id, state, reason, expected, since)
          WHERE m.id = c.id RETURNING m.id)
        UPDATE devices SET ledger_balance = ${result.balance}::numeric, ledger_gap = ${result.gap === null ? null : JSON.stringify(result.gap)}::jsonb,
          ledger_settled = ${settled}, ledger_last_at = ${lastTime === null ? null : sqlTime(new Date(lastTime * 1000))}
        WHERE id = ${deviceId} RETURNING id`);
      const after = {
        ...device,
        ledgerBalance: result.balance,
        ledgerGap: result.gap,
        ledgerSettled: settled,
        ledgerLastAt: lastTime === null ? null : new Date(lastTime * 1000).toISOString(),
      };
      held.set(deviceId, after);
      lastKnown.set(deviceId, after);
      const before = device.ledgerGap ?? null;
      return {
        device: ofDevice,
        newlyChained: newlyChained.sort((a, b) => a - b),
        gap: result.gap,
        gapChanged: !sameGap(before, result.gap),
        added: addedState,
      };
    },

    /**
     * States the wallet's balance now (the ledger's new anchor, covering every message so far) and runs it. The
     * messages since the last statement that lead into the stated balance chain (`chainInto`): held credits among
     * them are released like those a late message chains; the rest keep their state.
     */
    async setDeviceBalance(
      id: string,
      balance: string,
      at: Date,
      also: (tx: Transaction, before: string | null) => Promise<void>,
    ): Promise<LedgerRun | null> {
      return prisma.$transaction(async (tx) => {
        await tx.$queryRaw`SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(${LEDGER_LOCK}::int, hashtext(${id}))) AS l`;
        const device = await tx.device.findFirst({ where: { id, revokedAt: null } });
        if (!device) return null;
        const last = await tx.smsMessage.aggregate({ where: { deviceId: id }, _max: { id: true } });
        const coveredUpTo = last._max.id ?? 0;
        const earlier = await tx.smsMessage.findMany({
          where: {
            deviceId: id,
            id: { gt: device.anchorAfterSmsId, lte: coveredUpTo },
            ledgerDirection: { not: null },
          },
          orderBy: { id: 'desc' },
          take: LEDGER_WINDOW,
        });
        const into = new Set(
          chainInto(
            { balance, at: Math.floor(at.getTime() / 1000) },
            earlier.map((m) => ({
              id: m.id,
              direction: m.ledgerDirection as 'credit' | 'debit',
              amount: m.ledgerAmount?.toString() ?? '0',
              fee: m.ledgerFee?.toString() ?? '0',
              balance: m.balance?.toString() ?? null,
              time: Math.floor(m.receivedAt.getTime() / 1000),
            })),
          ),
        );
        const nowChained = earlier.filter((m) => into.has(m.id) && m.ledgerState !== 'chained');
        if (nowChained.length > 0) {
          await tx.smsMessage.updateMany({
            where: { id: { in: nowChained.map((m) => m.id) } },
            data: { ledgerState: 'chained', ledgerReason: null, expectedBalance: null, expectedSince: null },
          });
        }
        await tx.device.update({
          where: { id },
          data: { anchorBalance: balance, anchorAt: at, anchorAfterSmsId: coveredUpTo },
        });
        await also(tx, (device.ledgerBalance ?? device.anchorBalance)?.toString() ?? null);
        const run = await repository.runLedger(tx, id);
        const released = nowChained.filter((m) => m.ledgerDirection === 'credit').map((m) => m.id);
        return { ...run, newlyChained: [...released, ...run.newlyChained].sort((a, b) => a - b) };
      });
    },

    /** The orders domain's evidence port (decision 130): read and take messages inside its transaction. */
    evidence: {
      async forTransaction(tx: AnyTransaction, wallet: string, trxKey: string): Promise<PaymentEvidence[]> {
        const rows = await queryerOf(tx).query<EvidenceRow>(P.sql`
          SELECT ${EVIDENCE_COLUMNS} FROM sms_messages WHERE account = ${wallet} AND trx_key = ${trxKey} AND parse_kind = 'payment' ORDER BY id`);
        return rows.map(asEvidence);
      },
      async byId(tx: AnyTransaction, smsId: number): Promise<PaymentEvidence | null> {
        const [row] = await queryerOf(tx).query<EvidenceRow>(
          P.sql`SELECT ${EVIDENCE_COLUMNS} FROM sms_messages WHERE id = ${smsId}`,
        );
        return row ? asEvidence(row) : null;
      },
      async take(tx: AnyTransaction, smsId: number, orderId: string): Promise<boolean> {
        const taken = await queryerOf(tx).query(P.sql`${takeStatement(smsId, orderId, P.sql`true`)}`);
        return taken.length === 1;
      },
      forTransactionColumn: (wallet: string, trxKey: string) => P.sql`(
        SELECT coalesce(json_agg(json_build_object('id', e.id, 'account', e.account, 'trxKey', e."trxKey", 'amount', e.amount, 'sender', e.sender,
          'receivedAt', e."receivedAt", 'status', e.status, 'parseKind', e."parseKind", 'ledgerState', e."ledgerState", 'ledgerReason', e."ledgerReason",
          'expectedBalance', e."expectedBalance", 'expectedSince', e."expectedSince", 'balance', e.balance) ORDER BY e.id), '[]'::json)
        FROM (SELECT ${EVIDENCE_COLUMNS} FROM sms_messages WHERE account = ${wallet} AND trx_key = ${trxKey} AND parse_kind = 'payment') e)`,
      fromColumn: (value: unknown) => (value as EvidenceRow[]).map(asEvidence),
      takeStatement,
    } satisfies PaymentEvidenceSource,

    async findSms(id: number): Promise<SmsRecord | null> {
      const row = await prisma.smsMessage.findUnique({ where: { id }, select: smsSelect });
      return row ? toSms(row) : null;
    },

    /** Newest first; `q` finds a transaction id (any part, any case) or an exact amount. */
    async listSms(
      filter: { status?: SmsStatus; state?: SmsStateFilter; account?: Wallet; q?: string },
      page: number,
      pageSize: number,
    ): Promise<{ sms: SmsRecord[]; total: number }> {
      const or: object[] = [];
      const q = filter.q?.trim();
      if (q) {
        or.push({ trxKey: { contains: q.toLowerCase() } });
        const amount = q.replace(/,/g, '');
        if (/^\d{1,10}(\.\d{1,2})?$/.test(amount)) or.push({ amount: new Decimal(amount).toFixed(2) });
        if (/^\d{1,9}$/.test(q)) or.push({ id: Number(q) });
      }
      const where: P.SmsMessageWhereInput = {
        ...(filter.status ? { status: filter.status } : {}),
        ...(filter.account ? { account: filter.account } : {}),
        AND: [...(or.length > 0 ? [{ OR: or }] : []), ...(filter.state ? [stateWhere(filter.state)] : [])],
      };
      const [rows, total] = await Promise.all([
        prisma.smsMessage.findMany({
          where,
          orderBy: { id: 'desc' },
          skip: (page - 1) * pageSize,
          take: pageSize,
          select: smsSelect,
        }),
        prisma.smsMessage.count({ where }),
      ]);
      return { sms: rows.map(toSms), total };
    },

    // ---------- templates ----------
    async listTemplates(account?: Wallet): Promise<TemplateRecord[]> {
      const rows = await prisma.smsTemplate.findMany({ where: account ? { account } : {}, orderBy: { id: 'asc' } });
      return rows.map(toTemplate);
    },

    async createTemplate(
      t: Omit<TemplateRecord, 'id' | 'updatedAt'>,
      also: (tx: Transaction, made: TemplateRecord) => Promise<void>,
    ): Promise<TemplateRecord> {
      return prisma.$transaction(async (tx) => {
        const made = toTemplate(await tx.smsTemplate.create({ data: t }));
        await also(tx, made);
        return made;
      });
    },

    async updateTemplate(
      id: number,
      t: Omit<TemplateRecord, 'id' | 'updatedAt'>,
      also: (tx: Transaction, before: TemplateRecord, after: TemplateRecord) => Promise<void>,
    ): Promise<TemplateRecord | null> {
      return prisma.$transaction(async (tx) => {
        const before = await tx.smsTemplate.findUnique({ where: { id } });
        if (!before) return null;
        const after = toTemplate(await tx.smsTemplate.update({ where: { id }, data: t }));
        await also(tx, toTemplate(before), after);
        return after;
      });
    },

    async deleteTemplate(id: number, also: (tx: Transaction, gone: TemplateRecord) => Promise<void>): Promise<boolean> {
      return prisma.$transaction(async (tx) => {
        const gone = await tx.smsTemplate.findUnique({ where: { id } });
        if (!gone) return false;
        await tx.smsTemplate.delete({ where: { id } });
        await also(tx, toTemplate(gone));
        return true;
      });
    },
  };
  return repository;
}
export type SmsRepository = ReturnType<typeof createSmsRepository>;
