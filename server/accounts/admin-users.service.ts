// The admin's users screens (product.md §4.6 /admin/users, /admin/users/:id). A user's orders and tickets belong to
// their domains: the composition root hands in the two lookups.
import type { TicketDto, UserDetailsDto, UserDto, UserOrderSummaryDto } from '#shared/api-types';
import { LIMITS } from '#shared/constants';
import type { PlayerLimitsDto } from '#shared/player-limits';
import { pageCount } from '../http/paging.js';
import type { AdminUsersRepository } from './admin-users.repository.js';
import type { UserPresenter } from './user-dto.js';
import type { UsersRepository } from './users.repository.js';
import { accountErrors } from './accounts-errors.js';

/** The detail page shows at most this many of the user's latest orders and tickets. */
export const USER_DETAIL_LIMIT = 100;

export function createAdminUsersService(deps: {
  adminUsers: AdminUsersRepository;
  users: Pick<UsersRepository, 'findById'>;
  userDto: UserPresenter;
  ordersOfUser: (userId: string, limit: number) => Promise<UserOrderSummaryDto[]>;
  ticketsOfUser: (userId: string, limit: number) => Promise<TicketDto[]>;
  /** The customer's own limits and self-exclusion, read only (the player-limits domain's view). */
  playerLimitsOf?: (userId: string) => Promise<PlayerLimitsDto>;
}) {
  const { adminUsers, users, userDto } = deps;
  return {
    async listUsers(page: number): Promise<{ users: UserDto[]; pages: number }> {
      const { users: rows, total } = await adminUsers.list(page, LIMITS.pageSize);
      return { users: rows.map((u) => userDto(u)), pages: pageCount(total) };
    },

    async userDetails(id: string): Promise<UserDetailsDto> {
      const user = await users.findById(id);
      if (!user) throw accountErrors.userNotFound();
      const [orders, tickets, playerLimits] = await Promise.all([
        deps.ordersOfUser(id, USER_DETAIL_LIMIT),
        deps.ticketsOfUser(id, USER_DETAIL_LIMIT),
        user.role === 'user' ? deps.playerLimitsOf?.(id) : undefined,
      ]);
      return { user: userDto(user), orders, tickets, ...(playerLimits ? { player_limits: playerLimits } : {}) };
    },
  };
}
export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
