// Login and register calls (spec §7). Both answer { ok, user } where user carries the session jwt.
import type { UserDto } from '#shared/api-types';
import type { z } from 'zod';
import type { loginUserSchema, registerUserSchema } from '#shared/schemas';
import { api } from '../../../lib/api';
import { getCaptcha } from '../../../lib/captcha';

export type LoginInput = z.output<typeof loginUserSchema>;
export type RegisterInput = z.output<typeof registerUserSchema>;

export async function logIn(user: LoginInput) {
  const captcha = await getCaptcha();
  return api.post<{ user: UserDto }>('/login', { captcha, user });
}

export async function register(user: RegisterInput) {
  const captcha = await getCaptcha();
  return api.post<{ user: UserDto }>('/register', { captcha, user });
}
