// The shop's receiving wallets, one per account (bkash, nagad, rocket); returns plain objects.
import type { BusinessHours } from '#shared/money-controls';
import type { Prisma, Transaction } from '../db/database.js';
import { Prisma as P } from '../generated/prisma/client.js';
import { syncFirstNumber } from './payment-numbers.repository.js';

export interface PaymentMethodRecord {
  account: string;
  wallet: string;
  note: string;
  /** The note for Bengali readers; '' shows `note`. */
  noteBn: string;
  available: boolean;
  /** Daily caps for top-ups; null: none. */
  dailyCountLimit: number | null;
  /** Decimal string, exact; null: none. */
  dailyAmountLimit: string | null;
  /** Business hours in Asia/Dhaka; null: always open. */
  hours: BusinessHours | null;
}

/** A save: caps left out stay as they are. */
export type PaymentMethodWrite = Omit<
  PaymentMethodRecord,
  'noteBn' | 'dailyCountLimit' | 'dailyAmountLimit' | 'hours'
> & {
  noteBn?: string;
  dailyCountLimit?: number | null;
  dailyAmountLimit?: string | null;
  hours?: BusinessHours | null;
};

const select = {
  account: true,
  wallet: true,
  note: true,
  noteBn: true,
  available: true,
  dailyCountLimit: true,
  dailyAmountLimit: true,
  hours: true,
} as const;
type Row = Omit<PaymentMethodRecord, 'dailyAmountLimit' | 'hours'> & {
  dailyAmountLimit: { toString(): string } | null;
  hours: unknown;
};
const hoursOf = (json: unknown): BusinessHours | null => {
  const h = json as { open?: unknown; close?: unknown } | null;
  return h && typeof h.open === 'string' && typeof h.close === 'string' ? { open: h.open, close: h.close } : null;
};
const toRecord = (r: Row): PaymentMethodRecord => ({
  ...r,
  dailyAmountLimit: r.dailyAmountLimit === null ? null : r.dailyAmountLimit.toString(),
  hours: hoursOf(r.hours),
});

export function createPaymentMethodsRepository(prisma: Prisma) {
  return {
    async findAll(): Promise<PaymentMethodRecord[]> {
      return (await prisma.paymentMethod.findMany({ orderBy: [{ sort: 'asc' }, { account: 'asc' }], select })).map(
        toRecord,
      );
    },
    async findByAccount(account: string): Promise<PaymentMethodRecord | null> {
      const row = await prisma.paymentMethod.findUnique({ where: { account }, select });
      return row ? toRecord(row) : null;
    },
    /**
     * Creates the method when it was never saved (the admin page adds missing accounts this way).
     * `alsoInTransaction` (the audit entry) sees it before (null: new) and after, and commits with the save.
     */
    async save(
      pm: PaymentMethodWrite,
      alsoInTransaction?: (
        tx: Transaction,
        before: PaymentMethodRecord | null,
        after: PaymentMethodRecord,
      ) => Promise<void>,
    ): Promise<PaymentMethodRecord> {
      const { account, hours, ...rest } = pm;
      // A Json column is emptied with DbNull, not null.
      const terms = { ...rest, ...(hours !== undefined ? { hours: hours === null ? P.DbNull : hours } : {}) };
      return prisma.$transaction(async (tx) => {
        const locked = await tx.$queryRaw<
          { account: string }[]
        >`SELECT account FROM payment_methods WHERE account = ${account} FOR UPDATE`;
        const found = locked.length > 0 ? await tx.paymentMethod.findUnique({ where: { account }, select }) : null;
        const before = found ? toRecord(found) : null;
        const after = toRecord(
          await tx.paymentMethod.upsert({ where: { account }, create: { account, ...terms }, update: terms, select }),
        );
        await syncFirstNumber(tx, account, after.wallet);
        await alsoInTransaction?.(tx, before, after);
        return after;
      });
    },
  };
}
export type PaymentMethodsRepository = ReturnType<typeof createPaymentMethodsRepository>;
