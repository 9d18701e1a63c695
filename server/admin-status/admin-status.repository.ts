// The admin's online flag (Setting 'adminOnline').
import type { Prisma } from '../db/database.js';

const KEY = 'adminOnline';

export function createAdminStatusRepository(prisma: Prisma) {
  return {
    async isOnline(): Promise<boolean> {
      const row = await prisma.setting.findUnique({ where: { key: KEY } });
      return row?.value === true;
    },
    async setOnline(online: boolean): Promise<void> {
      await prisma.setting.upsert({ where: { key: KEY }, create: { key: KEY, value: online }, update: { value: online } });
    },
  };
}
export type AdminStatusRepository = ReturnType<typeof createAdminStatusRepository>;
