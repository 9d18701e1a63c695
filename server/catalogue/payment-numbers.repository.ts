// The receiving numbers of each payment method (the wallet fleet, decision 193); returns plain objects.
// A method's first number (lowest id) is its `wallet`: changing one changes the other in the same transaction.
import type { Prisma, Transaction } from '../db/database.js';
import { isUniqueViolation } from '../db/errors.js';

export interface PaymentNumberRecord {
  id: number;
  account: string;
  wallet: string;
  label: string;
  active: boolean;
  dailyCountLimit: number | null;
  /** Decimal strings, exact; null: none. */
  dailyAmountLimit: string | null;
  monthlyAmountLimit: string | null;
}

export type PaymentNumberWrite = Partial<Omit<PaymentNumberRecord, 'id' | 'account'>>;

const select = {
  id: true,
  account: true,
  wallet: true,
  label: true,
  active: true,
  dailyCountLimit: true,
  dailyAmountLimit: true,
  monthlyAmountLimit: true,
} as const;
type Decimalish = { toString(): string } | null;
type Row = Omit<PaymentNumberRecord, 'dailyAmountLimit' | 'monthlyAmountLimit'> & {
  dailyAmountLimit: Decimalish;
  monthlyAmountLimit: Decimalish;
};
const text = (d: Decimalish) => (d === null ? null : d.toString());
const toRecord = (r: Row): PaymentNumberRecord => ({
  ...r,
  dailyAmountLimit: text(r.dailyAmountLimit),
  monthlyAmountLimit: text(r.monthlyAmountLimit),
});

type Also = (tx: Transaction, before: PaymentNumberRecord | null, after: PaymentNumberRecord) => Promise<void>;

/** Keeps the method's first number and its `wallet` the same (the method saved, or its first number edited). */
export async function syncFirstNumber(tx: Transaction, account: string, wallet: string): Promise<void> {
  const first = await tx.paymentNumber.findFirst({
    where: { account },
    orderBy: { id: 'asc' },
    select: { id: true, wallet: true },
  });
  if (!first) await tx.paymentNumber.create({ data: { account, wallet } });
  else if (first.wallet !== wallet) await tx.paymentNumber.update({ where: { id: first.id }, data: { wallet } });
}

export function createPaymentNumbersRepository(prisma: Prisma) {
  return {
    /** A method's numbers, first first. */
    async list(account: string): Promise<PaymentNumberRecord[]> {
      return (await prisma.paymentNumber.findMany({ where: { account }, orderBy: { id: 'asc' }, select })).map(
        toRecord,
      );
    },
    async find(account: string, id: number): Promise<PaymentNumberRecord | null> {
      const row = await prisma.paymentNumber.findFirst({ where: { account, id }, select });
      return row ? toRecord(row) : null;
    },
    /** 'exists': the method has this wallet already. */
    async add(
      account: string,
      number: Omit<PaymentNumberRecord, 'id' | 'account' | 'active'>,
      also: Also,
    ): Promise<PaymentNumberRecord | 'exists'> {
      try {
        return await prisma.$transaction(async (tx) => {
          const made = toRecord(await tx.paymentNumber.create({ data: { account, ...number }, select }));
          await also(tx, null, made);
          return made;
        });
      } catch (error) {
        if (isUniqueViolation(error)) return 'exists';
        throw error;
      }
    },
    /** A partial edit under the number's row lock; null: no such number of this method; 'exists': the wallet is taken. */
    async update(
      account: string,
      id: number,
      patch: PaymentNumberWrite,
      also: Also,
    ): Promise<PaymentNumberRecord | null | 'exists'> {
      try {
        return await prisma.$transaction(async (tx) => {
          const locked = await tx.$queryRaw<
            { id: number }[]
          >`SELECT id FROM payment_numbers WHERE id = ${id} AND account = ${account} FOR UPDATE`;
          if (locked.length === 0) return null;
          const before = toRecord((await tx.paymentNumber.findUnique({ where: { id }, select }))!);
          const after = toRecord(await tx.paymentNumber.update({ where: { id }, data: patch, select }));
          if (after.wallet !== before.wallet) {
            const first = await tx.paymentNumber.findFirst({
              where: { account },
              orderBy: { id: 'asc' },
              select: { id: true },
            });
            if (first?.id === id) await tx.paymentMethod.update({ where: { account }, data: { wallet: after.wallet } });
          }
          await also(tx, before, after);
          return after;
        });
      } catch (error) {
        if (isUniqueViolation(error)) return 'exists';
        throw error;
      }
    },
  };
}
export type PaymentNumbersRepository = ReturnType<typeof createPaymentNumbersRepository>;
