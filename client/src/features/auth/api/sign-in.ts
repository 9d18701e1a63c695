// Login and register calls (spec §7). Both answer { ok, user } where user carries the session jwt.
import type { UserDto } from '#shared/api-types';
import type { z } from 'zod';
import type { loginUserSchema, registerUserSchema } from '#shared/schemas';
import { api } from '../../../lib/api';
import { getCaptcha, getHardCaptcha } from '../../../lib/captcha';

export type LoginInput = z.output<typeof loginUserSchema>;
export type RegisterInput = z.output<typeof registerUserSchema>;

/** Logs in; when the account asks for the harder captcha (decision 072), solves one and tries once more. */
export async function logIn(user: LoginInput) {
  const answer = await api.post<{ user: UserDto }>('/login', { captcha: await getCaptcha(), user });
  if (answer.ok || answer.key !== 'errors.captchaHarder') return answer;
  return api.post<{ user: UserDto }>('/login', { captcha: await getHardCaptcha(), user });
}

export async function register(user: RegisterInput) {
  const captcha = await getCaptcha();
  return api.post<{ user: UserDto }>('/register', { captcha, user });
}
