// Linking one's staff account to the Telegram desk: a single-use code and its t.me link, and unlinking.
import type { UserDto } from '#shared/api-types';
import type { TelegramLinkCodeDto, TelegramLinkDto } from '#shared/telegram';
import { api } from '../../../lib/api';
import { getCaptcha } from '../../../lib/captcha';

export async function requestTelegramLink(lang: 'en' | 'bn') {
  return api.post<TelegramLinkCodeDto>('/account/telegram', { captcha: await getCaptcha(), lang });
}

export async function unlinkTelegram() {
  return api.delete<{ telegram: TelegramLinkDto }>('/account/telegram', { captcha: await getCaptcha() });
}

/** The account as it stands now (whether the chat has been linked meanwhile). */
export const readMe = () => api.get<{ user: UserDto }>('/users/me');
