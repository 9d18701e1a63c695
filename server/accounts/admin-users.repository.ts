// The admin's view of users: pages of users with their order counts. Both the order counts (users.order_count)
// and the number of users (row_counts) are kept by triggers (decision 080), so a page costs the same at any size.
import type { Prisma } from '../db/database.js';
import type { Role } from '#shared/constants';
import type { UserRecord } from '../security/user-record.js';

export function createAdminUsersRepository(prisma: Prisma) {
  return {
    /** Newest accounts first. */
    async list(page: number, pageSize: number): Promise<{ users: UserRecord[]; total: number }> {
      const [rows, total] = await prisma.$transaction([
        prisma.user.findMany({
          orderBy: [{ createdAt: 'desc' }, { num: 'desc' }],
          skip: (page - 1) * pageSize,
          take: pageSize,
        }),
        prisma.rowCount.findUnique({ where: { name: 'users' } }),
      ]);
      const users = rows.map((row) => ({ ...row, role: row.role as Role }));
      return { users, total: Number(total?.n ?? 0) };
    },
  };
}
export type AdminUsersRepository = ReturnType<typeof createAdminUsersRepository>;
