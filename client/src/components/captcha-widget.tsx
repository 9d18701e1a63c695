import { useEffect } from 'react';

// The solver is not needed for the first paint; the forms that send a solution import it themselves.
const prepareCaptcha = () => void import('../lib/captcha').then((captcha) => captcha.prepareCaptcha());

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
