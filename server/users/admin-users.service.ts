// The admin's users screens (spec §2 /admin/users, /admin/users/:id).
import type { TicketDto, UserDto } from '#shared/api-types';
import { LIMITS } from '#shared/constants';
import { errors } from '../http/app-error.js';
import type { TicketsService } from '../tickets/tickets.service.js';
import { pageCount } from '../tickets/tickets.service.js';
import type { AdminUsersRepository } from './admin-users.repository.js';
import { toUserDto } from './user-dto.js';
import type { UsersRepository } from './users.repository.js';

/** One line of the user's order history on /admin/users/:id. */
export interface UserOrderSummaryDto {
  id: string;
  created_at: number;
  product_id: string;
  status: string;
  pm_amount: number;
  amount: number;
}

/** The detail page shows at most this many of the user's latest orders and tickets. */
export const USER_DETAIL_LIMIT = 100;

export function createAdminUsersService(deps: { adminUsers: AdminUsersRepository; users: UsersRepository; tickets: TicketsService; mediaBaseUrl: string }) {
  const { adminUsers, users, tickets, mediaBaseUrl } = deps;
  return {
    async listUsers(page: number): Promise<{ users: UserDto[]; pages: number }> {
      const { users: rows, total } = await adminUsers.list(page, LIMITS.pageSize);
      return { users: rows.map((u) => toUserDto(u, mediaBaseUrl)), pages: pageCount(total) };
    },

    async userDetails(id: string): Promise<{ user: UserDto; orders: UserOrderSummaryDto[]; tickets: TicketDto[] }> {
      const user = await users.findById(id);
      if (!user) throw errors.notFound('errors.userNotFound', 'User not found');
      const [orders, userTickets] = await Promise.all([adminUsers.latestOrders(id, USER_DETAIL_LIMIT), tickets.listTicketsOfUser(id, USER_DETAIL_LIMIT)]);
      return {
        user: toUserDto(user, mediaBaseUrl),
        orders: orders.map((o) => ({
          id: o.id,
          created_at: Math.floor(o.createdAt.getTime() / 1000),
          product_id: o.productId,
          status: o.status,
          pm_amount: Number(o.pmAmount),
          amount: Number(o.amount),
        })),
        tickets: userTickets,
      };
    },
  };
}
export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
