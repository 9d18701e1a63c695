// Devices, forwarded SMS, templates, and the matching of a payment SMS to an order. Matching for one
// (account, transaction id) runs under a transaction-scoped advisory lock on that pair, so an SMS and the
// customer's id arriving together see each other; partial unique indexes make a second match impossible
// (a trx id verifies one order ever, an order is verified once). Decision 100.
import Decimal from 'decimal.js';
import type { Wallet } from '#shared/constants';
import { SMS_LIMITS, type SmsStatus, type VerificationStatus } from '#shared/sms/sms-api';
import type { Prisma, Transaction } from '../db/database.js';

export interface DeviceRecord {
  id: string;
  name: string;
  account: Wallet;
  createdAt: Date;
  lastSeenAt: Date | null;
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
type SmsRow = Omit<SmsRecord, 'amount' | 'account' | 'status' | 'parseKind'> & { amount: Dec | null; account: string; status: string; parseKind: string };

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
} as const;

function toSms(row: SmsRow): SmsRecord {
  return {
    ...row,
    account: row.account as Wallet,
    amount: row.amount?.toString() ?? null,
    status: row.status as SmsStatus,
    parseKind: row.parseKind as SmsRecord['parseKind'],
  };
}

const toDevice = (row: { id: string; name: string; account: string; createdAt: Date; lastSeenAt: Date | null }): DeviceRecord => ({
  id: row.id,
  name: row.name,
  account: row.account as Wallet,
  createdAt: row.createdAt,
  lastSeenAt: row.lastSeenAt,
});

const toTemplate = (row: { id: number; account: string; label: string; pattern: string; timeFormat: string | null; updatedAt: Date }): TemplateRecord => ({
  ...row,
  account: row.account as Wallet,
});

/** Long enough for a burst of SMS and ids contending for the same locks on a busy 2-core machine. */
const TX_OPTIONS = { maxWait: 20_000, timeout: 20_000 };

/** Namespace of the matching advisory locks (the migration lock uses another number). */
const MATCH_LOCK = 9_009;

async function lockTrx(tx: Transaction, account: string, trxKey: string): Promise<void> {
  // pg_advisory_xact_lock returns void, which drivers cannot always decode: select a constant instead.
  await tx.$queryRaw`SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(${MATCH_LOCK}::int, hashtext(${`${account}:${trxKey}`}))) AS l`;
}

interface OrderForMatch {
  id: string;
  createdAt: Date;
  pmAmount: Dec;
  verification: string;
  verificationSmsId: number | null;
}

/**
 * Under the lock of (account, trxKey): the one order with that transaction id (pm_id unique per method, any
 * letter case) and every payment SMS with it. Links the first SMS that agrees in every point; otherwise says
 * amount_mismatch (an SMS with the same id and another amount) or awaiting_sms. Returns the order id when its
 * verification changed.
 */
async function reconcile(tx: Transaction, account: string, trxKey: string, now: Date): Promise<string | null> {
  const orders = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM orders WHERE pm_method = ${account} AND lower(pm_id) = ${trxKey}`;
  if (orders.length !== 1) return null;
  const order: OrderForMatch = await tx.order.findUniqueOrThrow({
    where: { id: orders[0].id },
    select: { id: true, createdAt: true, pmAmount: true, verification: true, verificationSmsId: true },
  });
  if (order.verification === 'verified') return null;
  const messages = await tx.smsMessage.findMany({
    where: { account, trxKey, parseKind: 'payment', amount: { not: null } },
    orderBy: { id: 'asc' },
    select: { id: true, amount: true, receivedAt: true, status: true },
  });
  // A trx id verifies one order, ever: one already matched (by hand, to another order) blocks it.
  const usedElsewhere = messages.some((m) => m.status === 'matched');
  const earliest = order.createdAt.getTime() - SMS_LIMITS.matchWindowBeforeMinutes * 60_000;
  const latest = now.getTime() + SMS_LIMITS.clockSkewSeconds * 1000;
  const sameAmount = (m: { amount: Dec | null }) => m.amount !== null && new Decimal(m.amount.toString()).equals(new Decimal(order.pmAmount.toString()));
  const fit = usedElsewhere
    ? undefined
    : messages.find((m) => m.status === 'unmatched' && sameAmount(m) && m.receivedAt.getTime() >= earliest && m.receivedAt.getTime() <= latest);
  if (fit) {
    const linked = await tx.smsMessage.updateMany({ where: { id: fit.id, status: 'unmatched' }, data: { status: 'matched', orderId: order.id } });
    if (linked.count === 1) {
      await tx.order.updateMany({ where: { id: order.id, verification: { not: 'verified' } }, data: { verification: 'verified', verificationSmsId: fit.id } });
      return order.id;
    }
  }
  const mismatch = messages.find((m) => !sameAmount(m));
  const next: VerificationStatus = mismatch ? 'amount_mismatch' : 'awaiting_sms';
  const smsId = mismatch?.id ?? null;
  if (next === order.verification && smsId === order.verificationSmsId) return null;
  await tx.order.updateMany({ where: { id: order.id, verification: { not: 'verified' } }, data: { verification: next, verificationSmsId: smsId } });
  return order.id;
}

export type StoreOutcome = { duplicate: true; sms: SmsRecord } | { duplicate: false; sms: SmsRecord; changedOrderId: string | null };

export type LinkOutcome =
  | { outcome: 'linked'; sms: SmsRecord }
  | { outcome: 'smsNotFound' | 'orderNotFound' | 'notLinkable' | 'orderVerified' | 'trxUsed' };

export function createSmsRepository(prisma: Prisma) {
  return {
    // ---------- devices ----------
    async createDevice(d: { id: string; name: string; account: Wallet; tokenHash: string }): Promise<DeviceRecord> {
      return toDevice(await prisma.device.create({ data: d }));
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
    async revokeDevice(id: string): Promise<DeviceRecord | null> {
      const revokedAt = new Date();
      const result = await prisma.device.updateMany({ where: { id, revokedAt: null }, data: { revokedAt } });
      if (result.count === 0) return null;
      return toDevice(await prisma.device.findUniqueOrThrow({ where: { id } }));
    },

    async findDeviceByTokenHash(tokenHash: string): Promise<DeviceRecord | null> {
      const row = await prisma.device.findFirst({ where: { tokenHash, revokedAt: null } });
      return row ? toDevice(row) : null;
    },

    async touchDevice(id: string, at: Date): Promise<void> {
      await prisma.device.updateMany({ where: { id }, data: { lastSeenAt: at } });
    },

    /** Wallets with orders that wait for money or its SMS (waiting, or pending and not yet verified). */
    async walletsWithWaitingOrders(): Promise<Set<string>> {
      const rows = await prisma.order.groupBy({
        by: ['pmMethod'],
        where: { OR: [{ status: 'waiting' }, { status: 'pending', verification: { not: 'verified' } }], productId: { contains: 'topup' } },
      });
      return new Set(rows.map((r) => r.pmMethod));
    },

    // ---------- messages ----------
    /**
     * Stores a forwarded SMS once per (device, hash) and, for a payment, matches it in the same transaction.
     * A message the device already sent answers the stored one.
     */
    async storeSms(sms: NewSms): Promise<StoreOutcome> {
      const trxKey = sms.trxId?.toLowerCase() ?? null;
      const stored = await prisma.$transaction(async (tx) => {
        if (trxKey !== null) await lockTrx(tx, sms.account, trxKey);
        const status: SmsStatus = sms.parseKind === 'ignored' ? 'ignored' : 'unmatched';
        const inserted = await tx.smsMessage.createMany({ data: [{ ...sms, trxKey, status }], skipDuplicates: true });
        const row = await tx.smsMessage.findUniqueOrThrow({
          where: { deviceId_dedupeHash: { deviceId: sms.deviceId, dedupeHash: sms.dedupeHash } },
          select: smsSelect,
        });
        if (inserted.count === 0) return { duplicate: true as const, sms: toSms(row) };
        const changedOrderId = trxKey !== null && sms.amount !== null ? await reconcile(tx, sms.account, trxKey, new Date()) : null;
        const fresh = await tx.smsMessage.findUniqueOrThrow({ where: { id: row.id }, select: smsSelect });
        return { duplicate: false as const, sms: toSms(fresh), changedOrderId };
      }, TX_OPTIONS);
      return stored;
    },

    /** The order's side of "whichever comes second": its transaction id is committed, look for the SMS. */
    async reconcileOrder(orderId: string): Promise<boolean> {
      const order = await prisma.order.findUnique({ where: { id: orderId }, select: { pmMethod: true, pmId: true } });
      if (!order?.pmId) return false;
      const trxKey = order.pmId.toLowerCase();
      const changed = await prisma.$transaction(async (tx) => {
        await lockTrx(tx, order.pmMethod, trxKey);
        return reconcile(tx, order.pmMethod, trxKey, new Date());
      }, TX_OPTIONS);
      return changed !== null;
    },

    async findSms(id: number): Promise<SmsRecord | null> {
      const row = await prisma.smsMessage.findUnique({ where: { id }, select: smsSelect });
      return row ? toSms(row) : null;
    },

    /** Newest first; `q` finds a transaction id (any part, any case) or an exact amount. */
    async listSms(filter: { status?: SmsStatus; account?: Wallet; q?: string }, page: number, pageSize: number): Promise<{ sms: SmsRecord[]; total: number }> {
      const or: object[] = [];
      const q = filter.q?.trim();
      if (q) {
        or.push({ trxKey: { contains: q.toLowerCase() } });
        const amount = q.replace(/,/g, '');
        if (/^\d{1,10}(\.\d{1,2})?$/.test(amount)) or.push({ amount: new Decimal(amount).toFixed(2) });
        if (/^\d{1,9}$/.test(q)) or.push({ id: Number(q) });
      }
      const where = {
        ...(filter.status ? { status: filter.status } : {}),
        ...(filter.account ? { account: filter.account } : {}),
        ...(or.length > 0 ? { OR: or } : {}),
      };
      const [rows, total] = await Promise.all([
        prisma.smsMessage.findMany({ where, orderBy: { id: 'desc' }, skip: (page - 1) * pageSize, take: pageSize, select: smsSelect }),
        prisma.smsMessage.count({ where }),
      ]);
      return { sms: rows.map(toSms), total };
    },

    /**
     * An admin links an unmatched SMS to a top-up of the same wallet by hand: the SMS is matched, the order
     * verified, and the timeline says who and why; all in one transaction under the SMS's trx lock.
     */
    async linkSms(l: { smsId: number; orderId: string; adminId: string; reason: string }): Promise<LinkOutcome> {
      return prisma.$transaction(async (tx): Promise<LinkOutcome> => {
        const sms = await tx.smsMessage.findUnique({ where: { id: l.smsId }, select: smsSelect });
        if (!sms) return { outcome: 'smsNotFound' };
        if (sms.trxId) await lockTrx(tx, sms.account, sms.trxId.toLowerCase());
        const order = await tx.order.findUnique({ where: { id: l.orderId }, select: { id: true, pmMethod: true, productId: true, verification: true, status: true } });
        if (!order) return { outcome: 'orderNotFound' };
        if (sms.status !== 'unmatched' || sms.parseKind === 'ignored' || order.pmMethod !== sms.account || !order.productId.includes('topup')) {
          return { outcome: 'notLinkable' };
        }
        if (order.verification === 'verified') return { outcome: 'orderVerified' };
        if (sms.trxId) {
          const used = await tx.smsMessage.count({ where: { account: sms.account, trxKey: sms.trxId.toLowerCase(), status: 'matched' } });
          if (used > 0) return { outcome: 'trxUsed' };
        }
        const linked = await tx.smsMessage.updateMany({ where: { id: sms.id, status: 'unmatched' }, data: { status: 'matched', orderId: order.id } });
        const verified = await tx.order.updateMany({
          where: { id: order.id, verification: { not: 'verified' } },
          data: { verification: 'verified', verificationSmsId: sms.id },
        });
        if (linked.count !== 1 || verified.count !== 1) throw new Error('link lost a race it held the lock for');
        await tx.orderEvent.create({
          data: {
            orderId: order.id,
            fromStatus: order.status,
            toStatus: order.status,
            actor: 'admin',
            actorId: l.adminId,
            kind: 'sms_linked',
            note: `SMS #${sms.id}: ${l.reason}`,
          },
        });
        return { outcome: 'linked', sms: toSms(await tx.smsMessage.findUniqueOrThrow({ where: { id: sms.id }, select: smsSelect })) };
      }, TX_OPTIONS);
    },

    // ---------- templates ----------
    async listTemplates(account?: Wallet): Promise<TemplateRecord[]> {
      const rows = await prisma.smsTemplate.findMany({ where: account ? { account } : {}, orderBy: { id: 'asc' } });
      return rows.map(toTemplate);
    },

    async createTemplate(t: Omit<TemplateRecord, 'id' | 'updatedAt'>): Promise<TemplateRecord> {
      return toTemplate(await prisma.smsTemplate.create({ data: t }));
    },

    async updateTemplate(id: number, t: Omit<TemplateRecord, 'id' | 'updatedAt'>): Promise<TemplateRecord | null> {
      const result = await prisma.smsTemplate.updateMany({ where: { id }, data: t });
      if (result.count === 0) return null;
      return toTemplate(await prisma.smsTemplate.findUniqueOrThrow({ where: { id } }));
    },

    async deleteTemplate(id: number): Promise<boolean> {
      return (await prisma.smsTemplate.deleteMany({ where: { id } })).count === 1;
    },
  };
}
export type SmsRepository = ReturnType<typeof createSmsRepository>;
