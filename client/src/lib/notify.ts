// Toasts with translated text. Server answers carry an i18n `key`; `text` is the English fallback.
import { notifications } from '@mantine/notifications';
import { localizeDigits } from '#shared/number-format';
import { i18n } from '../i18n';
import { ApiFailure } from './api';
import { isTranslationKey, translate, type TranslationKey } from '../i18n/keys';

interface Failure {
  key?: string;
  text?: string;
  /** Values the message names (a limit, a time), written with the language's digits. */
  params?: Record<string, string | number>;
}

function localParams(params: Record<string, string | number> | undefined): Record<string, string> | undefined {
  if (!params) return undefined;
  const language = i18n.language === 'bn' ? 'BN' : 'EN';
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => [name, localizeDigits(String(value), language)]),
  );
}

/** A failure the client raises itself: a translation key (and its values) instead of a message in one language. */
export class TranslatedError extends Error {
  constructor(
    readonly key: TranslationKey,
    readonly values?: Record<string, unknown>,
  ) {
    super(key);
    this.name = 'TranslatedError';
  }
}

/**
 * Translation of `key` when the locales know it (common first, then feature namespaces, which may translate the
 * server error keys of their own endpoints); else the server's English `text`, but only in English; else the
 * fallback key (product.md §3.4 fallbacks such as 'errors.orderCreate'), else "Unknown error". Never English in BN.
 */
export function errorMessage(
  failure: Failure | Error | null | undefined,
  fallbackKey: TranslationKey = 'errors.unknown',
): string {
  if (failure instanceof ApiFailure) return errorMessage(failure.answer, fallbackKey);
  if (failure instanceof Error) return thrownMessage(failure, fallbackKey);
  if (failure?.key && isTranslationKey(failure.key)) return translate(failure.key, localParams(failure.params));
  if (failure?.text && i18n.language === 'en') return failure.text;
  return translate(fallbackKey);
}

/**
 * The words for anything thrown: a TranslatedError, or an error that carries a server key (CaptchaError), is
 * translated; any other error (a bug, a browser failure) has no words for the customer, so the fallback is shown
 * and the error itself goes to the console.
 */
function thrownMessage(error: Error, fallbackKey: TranslationKey): string {
  if (error instanceof TranslatedError) return translate(error.key, error.values);
  if (error instanceof ApiFailure) return errorMessage(error.answer, fallbackKey);
  const key = (error as { key?: unknown }).key;
  if (typeof key === 'string' && isTranslationKey(key)) return translate(key);
  console.warn(error);
  return translate(fallbackKey);
}

/** Error toast for an API failure (`{ key, text }`), a thrown Error, or anything else. */
export function showError(failure: Failure | Error | unknown, fallbackKey: TranslationKey = 'errors.unknown'): void {
  const message =
    failure instanceof Error
      ? thrownMessage(failure, fallbackKey)
      : errorMessage(failure && typeof failure === 'object' ? (failure as Failure) : null, fallbackKey);
  notifications.show({ color: 'red', title: translate('notify.errorTitle'), message });
}

/** Success toast with a translated message key of any namespace ('notify.success', 'settings:saved'). */
export function showSuccess(key: TranslationKey, values?: Record<string, unknown>): void {
  notifications.show({ color: 'teal', message: translate(key, values) });
}
