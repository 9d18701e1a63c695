import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const shown = vi.hoisted(() => [] as { title?: string; message: string }[]);
vi.mock('@mantine/notifications', () => ({
  notifications: { show: (toast: { title?: string; message: string }) => shown.push(toast) },
}));

const { i18n, loadLanguage } = await import('../i18n');
const { errorMessage, showError, TranslatedError } = await import('./notify');
const { CaptchaError } = await import('./captcha');

describe('error messages in the UI language', () => {
  beforeEach(async () => {
    shown.length = 0;
    await loadLanguage('BN');
    await i18n.changeLanguage('bn');
  });
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('When the captcha cannot be solved in BN, then the toast says so in Bengali, not in the English of the error', () => {
    showError(new CaptchaError('errors.captcha', 'Captcha could not be solved'));
    expect(shown).toEqual([{ color: 'red', title: 'ত্রুটি', message: 'নিরাপত্তা যাচাই ব্যর্থ হয়েছে। আবার চেষ্টা করুন।' }]);
  });

  it('When something else is thrown in BN, then the translated fallback is shown instead of its English message', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    showError(new TypeError('Failed to fetch'), 'errors.orderCreate');
    showError(new TranslatedError('notify.copyFailed', { error: 'NotAllowedError' }));
    expect(shown.map((toast) => toast.message)).toEqual([
      'অর্ডার তৈরি করা যায়নি',
      'কপি করা যায়নি। ত্রুটি: NotAllowedError',
    ]);
  });

  it('When an answer has no known key, then its English text is used in EN only; BN gets the translated fallback', async () => {
    expect(errorMessage({ key: 'errors.someday', text: 'Something new happened' })).toBe('অজানা ত্রুটি');
    expect(errorMessage({ key: 'errors.rateLimited', text: 'Too many' })).toBe(
      'অনেকবার চেষ্টা করা হয়েছে। একটু অপেক্ষা করে আবার চেষ্টা করুন।',
    );
    await i18n.changeLanguage('en');
    expect(errorMessage({ key: 'errors.someday', text: 'Something new happened' })).toBe('Something new happened');
  });
});
