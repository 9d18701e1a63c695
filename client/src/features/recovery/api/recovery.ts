// Password recovery calls (product.md §5) and the recovery info kept in localStorage (product.md §2.4/§4).
import { z } from 'zod';
import type { RecoveryLinkDto, UserDto } from '#shared/api-types';
import { TIMERS } from '#shared/constants';
import { STORAGE_KEYS } from '../../../config';
import { api } from '../../../lib/api';
import { getCaptcha } from '../../../lib/captcha';
import { readStored, writeStored } from '../../../lib/storage';

export async function requestRecoveryCode(email: string) {
  const captcha = await getCaptcha();
  return api.post<{ id: string }>('/recover', { captcha, email });
}

/** `code` must already be normalised (spaces and dashes stripped by recoveryCodeSchema). */
export async function resetPassword(id: string, code: string, password: string) {
  const captcha = await getCaptcha();
  return api.patch<{ user: UserDto }>(`/recover/${encodeURIComponent(id)}`, { captcha, code, password });
}

/** The confirm page opened from the mailed link: the server checks the signed reference (decision 021). */
export const openRecoveryLink = (id: string, ref: string) =>
  api.get<RecoveryLinkDto>(`/recover/${encodeURIComponent(id)}`, { ref });

const recoveryInfoSchema = z.object({ email: z.string(), id: z.string(), until: z.number() });
export type RecoveryInfo = z.infer<typeof recoveryInfoSchema>;

export function readRecoveryInfo(): RecoveryInfo | null {
  const raw = readStored(STORAGE_KEYS.recovery);
  if (!raw) return null;
  try {
    const parsed = recoveryInfoSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Remembers a sent code: the e-mail, the recovery id and when a resend becomes possible (by default now + 60 s). */
export function saveRecoveryInfo(
  email: string,
  id: string,
  until = Date.now() + TIMERS.recoveryResendSeconds * 1000,
): RecoveryInfo {
  const info = { email, id, until };
  writeStored(STORAGE_KEYS.recovery, JSON.stringify(info));
  return info;
}

export function clearRecoveryInfo(): void {
  writeStored(STORAGE_KEYS.recovery, null);
}
