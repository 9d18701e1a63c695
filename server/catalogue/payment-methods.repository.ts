// The shop's receiving wallets, one per account (bkash, nagad, rocket); returns plain objects.
import type { Prisma, Transaction } from '../db/database.js';

export interface PaymentMethodRecord {
  account: string;
  wallet: string;
  note: string;
  available: boolean;
  /** Daily caps for top-ups; null: none. */
  dailyCountLimit: number | null;
  /** Decimal string, exact; null: none. */
  dailyAmountLimit: string | null;
}

/** A save: caps left out stay as they are. */
export type PaymentMethodWrite = Omit<PaymentMethodRecord, 'dailyCountLimit' | 'dailyAmountLimit'> & {
  dailyCountLimit?: number | null;
  dailyAmountLimit?: string | null;
};

const select = { account: true, wallet: true, note: true, available: true, dailyCountLimit: true, dailyAmountLimit: true } as const;
type Row = Omit<PaymentMethodRecord, 'dailyAmountLimit'> & { dailyAmountLimit: { toString(): string } | null };
const toRecord = (r: Row): PaymentMethodRecord => ({ ...r, dailyAmountLimit: r.dailyAmountLimit === null ? null : r.dailyAmountLimit.toString() });

export function createPaymentMethodsRepository(prisma: Prisma) {
  return {
    async findAll(): Promise<PaymentMethodRecord[]> {
      return (await prisma.paymentMethod.findMany({ orderBy: [{ sort: 'asc' }, { account: 'asc' }], select })).map(toRecord);
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
      alsoInTransaction?: (tx: Transaction, before: PaymentMethodRecord | null, after: PaymentMethodRecord) => Promise<void>,
    ): Promise<PaymentMethodRecord> {
      const { account, ...terms } = pm;
      return prisma.$transaction(async (tx) => {
        const locked = await tx.$queryRaw<{ account: string }[]>`SELECT account FROM payment_methods WHERE account = ${account} FOR UPDATE`;
        const found = locked.length > 0 ? await tx.paymentMethod.findUnique({ where: { account }, select }) : null;
        const before = found ? toRecord(found) : null;
        const after = toRecord(await tx.paymentMethod.upsert({ where: { account }, create: pm, update: terms, select }));
        await alsoInTransaction?.(tx, before, after);
        return after;
      });
    },
  };
}
export type PaymentMethodsRepository = ReturnType<typeof createPaymentMethodsRepository>;
