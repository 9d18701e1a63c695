// Login and register calls (product.md §4.2). Both answer { ok, user } where user carries the session jwt; a login of an
// account with two-factor sign-in answers { ok, otp_required, challenge } instead, and /login/2fa completes it.
import type { UserDto } from '#shared/api-types';
import type { z } from 'zod';
import type { loginUserSchema, registerUserSchema } from '#shared/schemas';
import { api } from '../../../lib/api';
import { getCaptcha, getHardCaptcha } from '../../../lib/captcha';

export type LoginInput = z.output<typeof loginUserSchema>;
export type RegisterInput = z.output<typeof registerUserSchema>;

type LoginAnswer =
  { user: UserDto; otp_required?: undefined } | { otp_required: true; challenge: string; user?: undefined };

/** Logs in; when the account asks for the harder captcha (decision 072), solves one and tries once more. */
export async function logIn(user: LoginInput) {
  const answer = await api.post<LoginAnswer>('/login', { captcha: await getCaptcha(), user });
  if (answer.ok || answer.key !== 'errors.captchaHarder') return answer;
  return api.post<LoginAnswer>('/login', { captcha: await getHardCaptcha(), user });
}

/** The second step: the challenge of the login's answer and a code of the app (or a recovery code). */
export async function completeTwoFactorLogin(challenge: string, code: string) {
  return api.post<{ user: UserDto }>('/login/2fa', { challenge, code });
}

export async function register(user: RegisterInput) {
  const captcha = await getCaptcha();
  return api.post<{ user: UserDto }>('/register', { captcha, user });
}
