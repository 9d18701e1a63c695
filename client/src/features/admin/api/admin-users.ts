// Admin user calls (spec §7): the paged user list, one user's details, and the role change.
import type { TicketDto, UserDto } from '#shared/api-types';
import type { Role } from '#shared/constants';
import type { OrderStatus } from '#shared/order-status';
import { api } from '../../../lib/api';
import { getCaptcha } from '../../../lib/captcha';

export interface UserOrderSummary {
  id: string;
  created_at: number;
  product_id: string;
  status: OrderStatus;
  pm_amount: number;
  amount: number;
}

export const fetchUsers = (page: number) => api.get<{ users: UserDto[]; pages: number }>('/users/all', { page });

export const fetchUserDetails = (id: string) =>
  api.get<{ user: UserDto; orders: UserOrderSummary[]; tickets: TicketDto[] }>(`/users/${encodeURIComponent(id)}`);

export async function changeRole(id: string, role: Role) {
  const captcha = await getCaptcha();
  return api.patch<{ user: UserDto }>(`/users/${encodeURIComponent(id)}`, { captcha, user: { role } });
}
