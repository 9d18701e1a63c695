// The one form-submit hook (issue 18 point 7, decision 181): pending while the write runs, the server's field
// errors onto the form, every failure shown translated (an API answer, a captcha that could not be solved, a bug).
// The API functions of the features fetch their own captcha (lib/captcha `getCaptcha`) as before; its failure
// rejects with a CaptchaError, which lands here like an API answer.
import type { FormErrors } from '@mantine/form';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiError } from '#shared/api-types';
import type { TranslationKey } from '../i18n/keys';
import type { ApiAnswer } from './api';
import { toFormErrors } from './form';
import { showError } from './notify';
import { withLoadingOverlay } from './session';

export interface SubmitOptions<V, A> {
  /** The write: an API function (it adds its captcha). */
  send: (values: V) => Promise<ApiAnswer<A>>;
  /** Runs with the success answer. */
  onDone?: (answer: { ok: true } & A, values: V) => void | Promise<void>;
  /** Runs with an API failure before the toast; return true when it was handled and needs no toast. */
  onFailure?: (answer: ApiError) => boolean | void;
  /** The form that shows the server's field errors, and the fields it knows. */
  form?: { setErrors: (errors: FormErrors) => void };
  fields?: readonly string[];
  /** The toast's words when the failure has none of its own. */
  fallbackKey?: TranslationKey;
  /** Shows the app's loading overlay while the write runs (sign-in, sign-up). */
  overlay?: boolean;
}

/** `submit(values)` resolves to the success answer, or null after a failure was shown. */
export function useSubmit<V, A>(options: SubmitOptions<V, A>) {
  const [pending, setPending] = useState(false);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const submit = useCallback(async (values: V): Promise<({ ok: true } & A) | null> => {
    const { send, onDone, onFailure, form, fields, fallbackKey, overlay } = latest.current;
    setPending(true);
    try {
      const answer = overlay ? await withLoadingOverlay(() => send(values)) : await send(values);
      if (!answer.ok) {
        if (form && fields) form.setErrors(toFormErrors(answer.errors, fields));
        if (onFailure?.(answer) !== true) showError(answer, fallbackKey);
        return null;
      }
      await onDone?.(answer, values);
      return answer;
    } catch (error) {
      showError(error, fallbackKey);
      return null;
    } finally {
      if (mounted.current) setPending(false);
    }
  }, []);

  return { submit, pending };
}
