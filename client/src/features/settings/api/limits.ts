// The customer's own deposit limits and self-exclusion (decisions 271-272): read, set, cancel a waiting raise, exclude.
import type { PlayerLimits, PlayerLimitsDto, SelfExclusionPeriod } from '#shared/player-limits';
import { api, okOrThrow } from '../../../lib/api';
import { getCaptcha } from '../../../lib/captcha';
import { queryOptions, useQuery } from '../../../lib/query';

/** Query keys of the limits page (decision 180). */
export const limitsKeys = { all: ['account', 'limits'] as const };

const readLimits = () => api.get<PlayerLimitsDto>('/account/limits');
export const limitsQuery = () => queryOptions({ queryKey: limitsKeys.all, queryFn: () => okOrThrow(readLimits()) });
export const usePlayerLimits = () => useQuery(limitsQuery());

export async function setLimits(limits: PlayerLimits) {
  return api.put<PlayerLimitsDto>('/account/limits', { captcha: await getCaptcha(), limits });
}

export async function cancelPendingLimits() {
  return api.delete<PlayerLimitsDto>('/account/limits/pending', { captcha: await getCaptcha() });
}

export async function excludeMyself(input: { period: SelfExclusionPeriod; password: string }) {
  return api.post<PlayerLimitsDto>('/account/self-exclusion', { captcha: await getCaptcha(), ...input });
}
