// The numbers operators watch (decision 078): orders per status and how long the oldest order of the admin's
// queue has waited: one grouped count and two MIN lookups filtered through the (status, last_time) index.
import { ORDER_STATUSES, type OrderStatus } from '#shared/order-status';
import type { Prisma } from '../db/database.js';

export interface OrderStats {
  byStatus: Record<OrderStatus, number>;
  /** Seconds since the oldest order in that status was created; null when there is none. */
  oldestAgeSeconds: { waiting: number | null; pending: number | null };
}

export function createOrderStatsRepository(prisma: Prisma) {
  const oldest = async (status: OrderStatus, now: number): Promise<number | null> => {
    const row = await prisma.order.aggregate({ where: { status }, _min: { createdAt: true } });
    const created = row._min.createdAt;
    return created ? Math.max(0, (now - created.getTime()) / 1000) : null;
  };
  return {
    async read(): Promise<OrderStats> {
      const now = Date.now();
      const groups = await prisma.order.groupBy({ by: ['status'], _count: { _all: true } });
      const byStatus = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>;
      for (const g of groups) if (g.status in byStatus) byStatus[g.status as OrderStatus] = g._count._all;
      return {
        byStatus,
        oldestAgeSeconds: { waiting: await oldest('waiting', now), pending: await oldest('pending', now) },
      };
    },
  };
}
export type OrderStatsRepository = ReturnType<typeof createOrderStatsRepository>;
