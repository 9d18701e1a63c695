// The one form-submit hook (decision 180): pending while the write runs, the server's field
// errors onto the form (the first invalid field focused), every failure shown translated (an API answer, a captcha
// that could not be solved, a bug) and kept with a Retry button until the next try (decision 180).
// The API functions of the features fetch their own captcha (lib/captcha `getCaptcha`) as before; its failure
// rejects with a CaptchaError, which lands here like an API answer.
import type { FormErrors } from '@mantine/form';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { ApiError } from '#shared/api-types';
import { translateRuntimeKey, type TranslationKey } from '../i18n/keys';
import type { ApiAnswer } from './api';
import { focusFirstInvalid, toFormErrors } from './form';
import { errorMessage } from './notify';
import { withLoadingOverlay } from './session';
import { hideKeptFailure, isRetryable, showKeptFailure, type SubmitFailure } from './submit-failure';

export interface SubmitOptions<V, A> {
  /** The write: an API function (it adds its captcha). */
  send: (values: V) => Promise<ApiAnswer<A>>;
  /** Runs with the success answer. */
  onDone?: (answer: { ok: true } & A, values: V) => void | Promise<void>;
  /**
   * Runs with an API failure before it is shown; return true when it was handled and needs no message, or a key to
   * say instead of the answer's own.
   */
  onFailure?: (answer: ApiError) => boolean | void | { key: TranslationKey };
  /** The form that shows the server's field errors, and the fields it knows. */
  form?: { setErrors: (errors: FormErrors) => void };
  fields?: readonly string[];
  /** The message's words when the failure has none of its own. */
  fallbackKey?: TranslationKey;
  /** Shows the app's loading overlay while the write runs (sign-in, sign-up). */
  overlay?: boolean;
  /** The form shows the failure itself (`<SubmitFailureAlert submitter={…} />`) instead of a kept notification. */
  inline?: boolean;
}

export type { SubmitFailure };

/**
 * `submit(values)` resolves to the success answer, or null after a failure was shown. `failure` is the last try's
 * failure until the next try; `retry()` sends the last values again; `dismiss()` forgets the failure.
 */
export function useSubmit<V, A>(options: SubmitOptions<V, A>) {
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<SubmitFailure | null>(null);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const lastValues = useRef<{ values: V } | null>(null);
  const noticeId = `submit-failure-${useId()}`;
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      hideKeptFailure(noticeId);
    };
  }, [noticeId]);

  const submit = useCallback(
    async (values: V): Promise<({ ok: true } & A) | null> => {
      const { send, onDone, onFailure, form, fields, fallbackKey, overlay, inline } = latest.current;
      lastValues.current = { values };
      setFailure(null);
      hideKeptFailure(noticeId);
      const keep = (shown: SubmitFailure) => {
        if (!mounted.current) return;
        if (inline) setFailure(shown);
        else showKeptFailure(noticeId, shown, () => void submit(values));
      };
      setPending(true);
      try {
        const answer = overlay ? await withLoadingOverlay(() => send(values)) : await send(values);
        if (!answer.ok) {
          const fieldErrors = form && fields ? toFormErrors(answer.errors, fields) : {};
          if (form && fields) form.setErrors(fieldErrors);
          focusFirstInvalid(fieldErrors);
          const handled = onFailure?.(answer);
          if (handled === true) return null;
          // The fields say what is wrong; a second message that says "check the form" would only repeat them.
          if (answer.key === 'errors.validation' && Object.keys(fieldErrors).length > 0) return null;
          // A field already says the answer's own words ("the code is wrong" under the code): not twice.
          if (answer.key && Object.values(fieldErrors).includes(translateRuntimeKey(answer.key))) return null;
          keep({ message: errorMessage(handled || answer, fallbackKey), retryable: isRetryable(answer) });
          return null;
        }
        await onDone?.(answer, values);
        return answer;
      } catch (error) {
        keep({
          message: errorMessage(error instanceof Error ? error : null, fallbackKey),
          retryable: isRetryable(error),
        });
        return null;
      } finally {
        if (mounted.current) setPending(false);
      }
    },
    [noticeId],
  );

  const retry = useCallback(() => {
    if (lastValues.current) void submit(lastValues.current.values);
  }, [submit]);
  const dismiss = useCallback(() => setFailure(null), []);

  return { submit, pending, failure, retry, dismiss };
}
