// The shop's receiving wallets, one per account (bkash, nagad, rocket); returns plain objects.
import type { Prisma, Transaction } from '../db/database.js';

export interface PaymentMethodRecord {
  account: string;
  wallet: string;
  note: string;
  available: boolean;
}

const select = { account: true, wallet: true, note: true, available: true } as const;

export function createPaymentMethodsRepository(prisma: Prisma) {
  return {
    async findAll(): Promise<PaymentMethodRecord[]> {
      return prisma.paymentMethod.findMany({ orderBy: [{ sort: 'asc' }, { account: 'asc' }], select });
    },
    async findByAccount(account: string): Promise<PaymentMethodRecord | null> {
      return prisma.paymentMethod.findUnique({ where: { account }, select });
    },
    /**
     * Creates the method when it was never saved (the admin page adds missing accounts this way).
     * `alsoInTransaction` (the audit entry) sees it before (null: new) and after, and commits with the save.
     */
    async save(
      pm: PaymentMethodRecord,
      alsoInTransaction?: (tx: Transaction, before: PaymentMethodRecord | null, after: PaymentMethodRecord) => Promise<void>,
    ): Promise<PaymentMethodRecord> {
      const { account, ...terms } = pm;
      return prisma.$transaction(async (tx) => {
        const locked = await tx.$queryRaw<{ account: string }[]>`SELECT account FROM payment_methods WHERE account = ${account} FOR UPDATE`;
        const before = locked.length > 0 ? await tx.paymentMethod.findUnique({ where: { account }, select }) : null;
        const after = await tx.paymentMethod.upsert({ where: { account }, create: pm, update: terms, select });
        await alsoInTransaction?.(tx, before, after);
        return after;
      });
    },
  };
}
export type PaymentMethodsRepository = ReturnType<typeof createPaymentMethodsRepository>;
