// Two-factor sign-in of one's own account: setup, enable (recovery codes, a fresh session), disable.
import type { TwoFactorDisabledDto, TwoFactorEnabledDto, TwoFactorSetupDto } from '#shared/api-types';
import { api } from '../../../lib/api';
import { getCaptcha } from '../../../lib/captcha';

export async function setUpTwoFactor() {
  return api.post<TwoFactorSetupDto>('/account/2fa/setup', { captcha: await getCaptcha() });
}

export async function enableTwoFactor(code: string) {
  return api.post<TwoFactorEnabledDto>('/account/2fa/enable', { captcha: await getCaptcha(), code });
}

export async function disableTwoFactor(code: string) {
  return api.post<TwoFactorDisabledDto>('/account/2fa/disable', { captcha: await getCaptcha(), code });
}
