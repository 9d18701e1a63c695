// The shop's receiving wallets, one per account (bkash, nagad, rocket); returns plain objects.
import type { Prisma } from '../db/database.js';

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
    /** Creates the method when it was never saved (the admin page adds missing accounts this way). */
    async save(pm: PaymentMethodRecord): Promise<PaymentMethodRecord> {
      const { account, ...terms } = pm;
      return prisma.paymentMethod.upsert({ where: { account }, create: pm, update: terms, select });
    },
  };
}
export type PaymentMethodsRepository = ReturnType<typeof createPaymentMethodsRepository>;
