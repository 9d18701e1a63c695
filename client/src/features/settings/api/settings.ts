// Profile calls (product.md §4.1): name and password through PATCH /users/{id}, the avatar as multipart POST /users/{id}.
import type { UserDto } from '#shared/api-types';
import { api } from '../../../lib/api';
import { getCaptcha } from '../../../lib/captcha';

const userPath = (id: string) => `/users/${encodeURIComponent(id)}`;

export async function updateName(id: string, name: string) {
  const captcha = await getCaptcha();
  return api.patch<{ user: UserDto }>(userPath(id), { captcha, user: { name } });
}

/** Mail when an order completes or staff answer a ticket (decision 283). */
export async function setMailUpdates(id: string, on: boolean) {
  const captcha = await getCaptcha();
  return api.patch<{ user: UserDto }>(userPath(id), { captcha, user: { mail_updates: on } });
}

/** Answers with the user and a new jwt (older tokens stop working after a password change). */
export async function changePassword(
  id: string,
  passwords: { password: string; new_password: string; confirm_password: string },
) {
  const captcha = await getCaptcha();
  return api.patch<{ user: UserDto }>(userPath(id), { captcha, user: passwords });
}

export async function uploadAvatar(id: string, picture: Blob) {
  const captcha = await getCaptcha();
  const form = new FormData();
  form.append('captcha', captcha);
  form.append('pic', picture, picture.type === 'image/png' ? 'avatar.png' : 'avatar.jpg');
  return api.upload<{ user: UserDto; text?: string }>(userPath(id), form);
}
