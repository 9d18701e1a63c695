// Admin user calls (spec §7): the paged user list, one user's details, and the role change.
import type { UserDetailsDto, UserDto } from '#shared/api-types';
import type { Role } from '#shared/constants';
import { api } from '../../../lib/api';
import { getCaptcha } from '../../../lib/captcha';

export const fetchUsers = (page: number) => api.get<{ users: UserDto[]; pages: number }>('/users/all', { page });

export const fetchUserDetails = (id: string) =>
  api.get<UserDetailsDto>(`/users/${encodeURIComponent(id)}`);

export async function changeRole(id: string, role: Role) {
  const captcha = await getCaptcha();
  return api.patch<{ user: UserDto }>(`/users/${encodeURIComponent(id)}`, { captcha, user: { role } });
}
