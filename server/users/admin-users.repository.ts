// The admin's view of users: pages of users with their order counts and one user's latest orders.
import type { Prisma } from '../db/database.js';
import type { Role } from '#shared/constants';
import type { UserRecord } from './users.repository.js';

export interface UserOrderSummaryRecord {
  id: string;
  createdAt: Date;
  productId: string;
  status: string;
  /** Decimal strings, exact. */
  pmAmount: string;
  amount: string;
}

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

    async latestOrders(userId: string, limit: number): Promise<UserOrderSummaryRecord[]> {
      const rows = await prisma.order.findMany({
        where: { userId },
        orderBy: { createdAt: 'desc' },
        take: limit,
        select: { id: true, createdAt: true, productId: true, status: true, pmAmount: true, amount: true },
      });
      return rows.map((r) => ({ ...r, pmAmount: r.pmAmount.toFixed(2), amount: r.amount.toFixed(2) }));
    },
  };
}
export type AdminUsersRepository = ReturnType<typeof createAdminUsersRepository>;
