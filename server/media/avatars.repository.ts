// The avatar column of users; swaps it under a row lock and returns the previous file name to delete.
import type { Prisma } from '../db/database.js';

export function createAvatarsRepository(prisma: Prisma) {
  return {
    /** Sets `logo` and returns the previous value; null result when the user does not exist. */
    async swapLogo(userId: string, logo: string): Promise<{ previous: string | null } | null> {
      return prisma.$transaction(async (tx) => {
        const rows = await tx.$queryRaw<
          { logo: string | null }[]
        >`SELECT logo FROM users WHERE id = ${userId} FOR UPDATE`;
        if (rows.length === 0) return null;
        await tx.user.update({ where: { id: userId }, data: { logo } });
        return { previous: rows[0].logo };
      });
    },
  };
}
export type AvatarsRepository = ReturnType<typeof createAvatarsRepository>;
