// The SMS domain's tables: wallet phones (devices), forwarded SMS and admin templates. A payment message is stored
// inside the transaction the orders domain opens under the payment's lock, and read and taken there as evidence
// (decisions 100, 130); partial unique indexes make a second match impossible (a trx id verifies one order ever, an
// order is verified once). This repository never writes an order.
import Decimal from 'decimal.js';
import type { Wallet } from '#shared/constants';
import { Prisma as P } from '../generated/prisma/client.js';
import type { SmsStateFilter, SmsStatus, VerificationStatus } from '#shared/sms/sms-api';
import type { Prisma, Transaction } from '../db/database.js';
import { runLedger, type LedgerGap } from './ledger.js';
import type { PaymentEvidence, PaymentEvidenceSource } from '../orders/index.js';

/** A write that commits or rolls back with the change (the audit entry). */
export type AlsoInTransaction = (tx: Transaction) => Promise<void>;

export interface DeviceRecord {
  id: string;
  name: string;
  account: Wallet;
  createdAt: Date;
  lastSeenAt: Date | null;
  /** The fleet number whose SMS it forwards (issue 23, decision 195); null for a method without numbers. */
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
type SmsRow = Omit<SmsRecord, 'amount' | 'account' | 'status' | 'parseKind' | 'ledger' | 'shownOn'> & {
  verifiedOrders: { id: string; verification: string; status: string }[];
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
} as const;

/** Orders whose shown SMS still waits for staff: its amount differs or it is held (decision 197). */
const OPEN_ORDER_STATUSES = ['waiting', 'pending'];

/** The inbox's filter by state as a where clause; it agrees with `smsState` in the service. */
function stateWhere(state: SmsStateFilter): P.SmsMessageWhereInput {
  switch (state) {
    case 'needs_action':
      return {
        OR: [
          { status: 'unmatched', verifiedOrders: { none: {} } },
          { verifiedOrders: { some: { verification: { in: ['amount_mismatch', 'held'] }, status: { in: OPEN_ORDER_STATUSES } } } },
        ],
      };
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
      return { status: 'ignored' };
  }
}

function toSms(row: SmsRow): SmsRecord {
  const { ledgerDirection, balance, ledgerState, ledgerReason, expectedBalance, verifiedOrders, ...rest } = row;
  const shown = verifiedOrders.find((o) => o.id === row.orderId) ?? verifiedOrders[0];
  return {
    ...rest,
    shownOn: shown ? { orderId: shown.id, verification: shown.verification as VerificationStatus, orderStatus: shown.status } : null,
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

const toTemplate = (row: { id: number; account: string; label: string; pattern: string; timeFormat: string | null; updatedAt: Date }): TemplateRecord => ({
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
  receivedAt: Date;
  status: string;
  parseKind: string;
  ledgerState: string | null;
  ledgerReason: string | null;
  expectedBalance: Dec | null;
  balance: Dec | null;
};
const asEvidence = (row: EvidenceRow): PaymentEvidence => ({
  smsId: row.id,
  wallet: row.account,
  trxKey: row.trxKey,
  amount: row.amount?.toString() ?? null,
  sender: row.sender,
  receivedAt: row.receivedAt,
  taken: row.status === 'matched',
  linkable: row.status !== 'ignored' && row.parseKind !== 'ignored',
  ledgerState: row.ledgerState as PaymentEvidence['ledgerState'],
  ledgerReason: row.ledgerReason,
  expectedBalance: row.expectedBalance?.toString() ?? null,
  balance: row.balance?.toString() ?? null,
});
const evidenceSelect = {
  id: true,
  account: true,
  trxKey: true,
  amount: true,
  sender: true,
  receivedAt: true,
  status: true,
  parseKind: true,
  ledgerState: true,
  ledgerReason: true,
  expectedBalance: true,
  balance: true,
} as const;

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
}

const sameGap = (a: LedgerGap | null, b: LedgerGap | null) => JSON.stringify(a) === JSON.stringify(b);
const sameMoney = (a: Dec | null, b: string | null) => (a === null ? b === null : b !== null && new Decimal(a.toString()).equals(b));

export function createSmsRepository(prisma: Prisma) {
  const repository = {
    // ---------- devices ----------
    async createDevice(
      d: { id: string; name: string; account: Wallet; numberId?: number; tokenHash: string; tokenSealed: string; anchorBalance?: string; anchorAt?: Date },
      also: AlsoInTransaction,
    ): Promise<DeviceRecord | 'numberNotFound'> {
      return prisma.$transaction(async (tx) => {
        // A phone belongs to one of its wallet's numbers: the one named, else the wallet's first (decision 195).
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
      const rows = await prisma.device.findMany({ where: { revokedAt: null }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
      return rows.map(toDevice);
    },

    /** Forwarded SMS per device since `since`. */
    async countSmsSince(since: Date): Promise<Map<string, number>> {
      const rows = await prisma.smsMessage.groupBy({ by: ['deviceId'], where: { createdAt: { gte: since } }, _count: { _all: true } });
      return new Map(rows.map((r) => [r.deviceId, r._count._all]));
    },

    /** Revokes at once: the token no longer finds the device. False when there is no such active device. */
    async revokeDevice(id: string, also: (tx: Transaction, device: DeviceRecord) => Promise<void>): Promise<DeviceRecord | null> {
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
      const row = await prisma.deviceWebhookEvent.findUnique({ where: { deviceId_eventId: { deviceId, eventId } }, select: { smsId: true } });
      return row ?? undefined;
    },

    /** Records an event as handled, and forgets the device's events older than `forgetBefore`. */
    async recordWebhookEvent(deviceId: string, eventId: string, smsId: number | null, forgetBefore: Date): Promise<void> {
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
    async storeSms(sms: NewSms, tx?: Transaction): Promise<StoreOutcome> {
      const db = tx ?? prisma;
      const status: SmsStatus = sms.parseKind === 'ignored' ? 'ignored' : 'unmatched';
      const inserted = await db.smsMessage.createMany({ data: [{ ...sms, trxKey: sms.trxId?.toLowerCase() ?? null, status }], skipDuplicates: true });
      const row = await db.smsMessage.findUniqueOrThrow({ where: { deviceId_dedupeHash: { deviceId: sms.deviceId, dedupeHash: sms.dedupeHash } }, select: smsSelect });
      return { duplicate: inserted.count === 0, sms: toSms(row) };
    },

    /** Stores a message that is not a payment and, when it moves the balance, runs its device's ledger with it. */
    async storeWithLedger(sms: NewSms): Promise<{ outcome: StoreOutcome; run: LedgerRun | null }> {
      return prisma.$transaction(async (tx) => {
        const outcome = await repository.storeSms(sms, tx);
        const run = !outcome.duplicate && sms.ledgerDirection !== null ? await repository.runLedger(tx, sms.deviceId, outcome.sms.id) : null;
        return { outcome, run };
      });
    },

    /**
     * Runs the device's ledger (decision 144) under its lock, inside `tx`: every balance-stating message since the
     * stated balance, the last LEDGER_WINDOW of them, gets its state; the device its balance and gap. Concurrent
     * runs of one device queue on the lock, and each reads what the one before it committed. `newSmsId`, the
     * message the run is for, is weighed by its order in the same transaction: it is not among `newlyChained`.
     */
    async runLedger(tx: Transaction, deviceId: string, newSmsId?: number): Promise<LedgerRun> {
      await tx.$queryRaw`SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(${LEDGER_LOCK}::int, hashtext(${deviceId}))) AS l`;
      const device = await tx.device.findUniqueOrThrow({ where: { id: deviceId } });
      const rows = await tx.smsMessage.findMany({
        where: { deviceId, id: { gt: device.anchorAfterSmsId }, ledgerDirection: { not: null } },
        orderBy: { id: 'desc' },
        take: LEDGER_WINDOW,
        select: { id: true, ledgerDirection: true, ledgerAmount: true, ledgerFee: true, balance: true, receivedAt: true, ledgerState: true, ledgerReason: true, expectedBalance: true },
      });
      const anchor = device.anchorBalance !== null ? { balance: device.anchorBalance.toString(), at: Math.floor((device.anchorAt ?? device.createdAt).getTime() / 1000) } : null;
      const result = runLedger(
        anchor,
        rows.map((r) => ({
          id: r.id,
          direction: r.ledgerDirection as 'credit' | 'debit',
          amount: r.ledgerAmount?.toString() ?? '0',
          fee: r.ledgerFee?.toString() ?? '0',
          balance: r.balance?.toString() ?? null,
          time: Math.floor(r.receivedAt.getTime() / 1000),
        })),
      );
      const newlyChained: number[] = [];
      for (const r of rows) {
        const s = result.states.get(r.id);
        if (!s) continue;
        const state = s.state;
        const reason = s.state === 'held' ? s.reason : null;
        const expected = s.state === 'held' ? s.expected : null;
        if (r.ledgerState === state && r.ledgerReason === reason && sameMoney(r.expectedBalance, expected)) continue;
        if (state === 'chained' && r.ledgerDirection === 'credit' && r.id !== newSmsId) newlyChained.push(r.id);
        await tx.smsMessage.update({ where: { id: r.id }, data: { ledgerState: state, ledgerReason: reason, expectedBalance: expected } });
      }
      const before = (device.ledgerGap ?? null) as LedgerGap | null;
      await tx.device.update({
        where: { id: deviceId },
        data: { ledgerBalance: result.balance, ledgerGap: result.gap === null ? P.DbNull : (result.gap as unknown as P.InputJsonValue) },
      });
      return {
        device: { id: device.id, name: device.name, account: device.account as Wallet },
        newlyChained: newlyChained.sort((a, b) => a - b),
        gap: result.gap,
        gapChanged: !sameGap(before, result.gap),
      };
    },

    /** States the wallet's balance now (the ledger's new anchor, covering every message so far) and runs it. */
    async setDeviceBalance(id: string, balance: string, at: Date, also: (tx: Transaction, before: string | null) => Promise<void>): Promise<LedgerRun | null> {
      return prisma.$transaction(async (tx) => {
        await tx.$queryRaw`SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(${LEDGER_LOCK}::int, hashtext(${id}))) AS l`;
        const device = await tx.device.findFirst({ where: { id, revokedAt: null } });
        if (!device) return null;
        const last = await tx.smsMessage.aggregate({ where: { deviceId: id }, _max: { id: true } });
        await tx.device.update({ where: { id }, data: { anchorBalance: balance, anchorAt: at, anchorAfterSmsId: last._max.id ?? 0 } });
        await also(tx, (device.ledgerBalance ?? device.anchorBalance)?.toString() ?? null);
        return repository.runLedger(tx, id);
      });
    },

    /** The orders domain's evidence port (decision 130): read and take messages inside its transaction. */
    evidence: {
      async forTransaction(tx: Transaction, wallet: string, trxKey: string): Promise<PaymentEvidence[]> {
        const rows = await tx.smsMessage.findMany({ where: { account: wallet, trxKey, parseKind: 'payment' }, orderBy: { id: 'asc' }, select: evidenceSelect });
        return rows.map(asEvidence);
      },
      async byId(tx: Transaction, smsId: number): Promise<PaymentEvidence | null> {
        const row = await tx.smsMessage.findUnique({ where: { id: smsId }, select: evidenceSelect });
        return row ? asEvidence(row) : null;
      },
      async take(tx: Transaction, smsId: number, orderId: string): Promise<boolean> {
        const taken = await tx.smsMessage.updateMany({ where: { id: smsId, status: 'unmatched' }, data: { status: 'matched', orderId } });
        return taken.count === 1;
      },
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
        prisma.smsMessage.findMany({ where, orderBy: { id: 'desc' }, skip: (page - 1) * pageSize, take: pageSize, select: smsSelect }),
        prisma.smsMessage.count({ where }),
      ]);
      return { sms: rows.map(toSms), total };
    },

    // ---------- templates ----------
    async listTemplates(account?: Wallet): Promise<TemplateRecord[]> {
      const rows = await prisma.smsTemplate.findMany({ where: account ? { account } : {}, orderBy: { id: 'asc' } });
      return rows.map(toTemplate);
    },

    async createTemplate(t: Omit<TemplateRecord, 'id' | 'updatedAt'>, also: (tx: Transaction, made: TemplateRecord) => Promise<void>): Promise<TemplateRecord> {
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
