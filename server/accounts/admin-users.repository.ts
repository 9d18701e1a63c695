// The admin's view of users: pages of users with their order counts.
import type { Prisma } from '../db/database.js';
import type { Role } from '#shared/constants';
import type { UserRecord } from '../security/user-record.js';

export function createAdminUsersRepository(prisma: Prisma) {
  return {
    /** Newest accounts first. */
    async list(page: number, pageSize: number): Promise<{ users: UserRecord[]; total: number }> {
      const [rows, total] = await prisma.$transaction([
        prisma.user.findMany({
          include: { _count: { select: { orders: true } } },
          orderBy: [{ createdAt: 'desc' }, { num: 'desc' }],
          skip: (page - 1) * pageSize,
          take: pageSize,
        }),
        prisma.user.count(),
      ]);
      const users = rows.map(({ _count, ...rest }) => ({ ...rest, role: rest.role as Role, orderCount: _count.orders }));
      return { users, total };
    },
  };
}
export type AdminUsersRepository = ReturnType<typeof createAdminUsersRepository>;
