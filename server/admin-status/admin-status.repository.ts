// The admin's online flag (Setting 'adminOnline').
import type { Prisma, Transaction } from '../db/database.js';

const KEY = 'adminOnline';

export function createAdminStatusRepository(prisma: Prisma) {
  return {
    async isOnline(): Promise<boolean> {
      const row = await prisma.setting.findUnique({ where: { key: KEY } });
      return row?.value === true;
    },
    /** Stores the flag; `alsoInTransaction` (the audit entry) sees the value before and commits with it. */
    async setOnline(online: boolean, alsoInTransaction?: (tx: Transaction, before: boolean) => Promise<void>): Promise<void> {
      await prisma.$transaction(async (tx) => {
        const locked = await tx.$queryRaw<{ value: unknown }[]>`SELECT value FROM settings WHERE key = ${KEY} FOR UPDATE`;
        const before = locked[0]?.value === true;
        await tx.setting.upsert({ where: { key: KEY }, create: { key: KEY, value: online }, update: { value: online } });
        await alsoInTransaction?.(tx, before);
      });
    },
  };
}
export type AdminStatusRepository = ReturnType<typeof createAdminStatusRepository>;
