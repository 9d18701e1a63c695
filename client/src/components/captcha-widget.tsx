import { useEffect } from 'react';
import { prepareCaptcha } from '../lib/captcha';

/** Invisible: solves the next captcha in the background so protected forms submit without a wait. */
export function CaptchaWidget() {
  useEffect(() => {
    prepareCaptcha();
    // A solution older than a few minutes is refused by the server; refresh when the tab comes back.
    const refreshOnReturn = () => {
      if (document.visibilityState === 'visible') prepareCaptcha();
    };
    document.addEventListener('visibilitychange', refreshOnReturn);
    return () => document.removeEventListener('visibilitychange', refreshOnReturn);
  }, []);
  return null;
}
