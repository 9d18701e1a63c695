// Admin user calls (product.md §4.6): the paged user list, one user's details, and the role change.
import type { UserDetailsDto, UserDto } from '#shared/api-types';
import type { Role } from '#shared/constants';
import { api, okOrThrow } from '../../../lib/api';
import { getCaptcha } from '../../../lib/captcha';
import { queryOptions, useQuery } from '../../../lib/query';

/** Query keys of the admin's user pages (decision 180). */
export const userKeys = {
  all: ['users'] as const,
  list: (page: number) => [...userKeys.all, 'list', page] as const,
  detail: (id: string) => [...userKeys.all, 'detail', id] as const,
};

export const fetchUsers = (page: number) => api.get<{ users: UserDto[]; pages: number }>('/users/all', { page });
export const usersQuery = (page: number) =>
  queryOptions({ queryKey: userKeys.list(page), queryFn: () => okOrThrow(fetchUsers(page)) });

export const fetchUserDetails = (id: string) => api.get<UserDetailsDto>(`/users/${encodeURIComponent(id)}`);
export const userDetailsQuery = (id: string) =>
  queryOptions({ queryKey: userKeys.detail(id), queryFn: () => okOrThrow(fetchUserDetails(id)) });
export const useUserDetails = (id: string) => useQuery(userDetailsQuery(id));

export async function changeRole(id: string, role: Role) {
  const captcha = await getCaptcha();
  return api.patch<{ user: UserDto }>(`/users/${encodeURIComponent(id)}`, { captcha, user: { role } });
}
