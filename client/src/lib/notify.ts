// Toasts with translated text. Server answers carry an i18n `key`; `text` is the English fallback.
import { notifications } from '@mantine/notifications';
import { isTranslationKey, translate, type TranslationKey } from '../i18n/keys';

interface Failure {
  key?: string;
  text?: string;
}

/**
 * Translation of `key` when the locales know it (common first, then feature namespaces, which may translate the
 * server error keys of their own endpoints), else `text`, else the fallback key (spec §8 fallbacks such as
 * 'errors.orderCreate'), else "Unknown error".
 */
export function errorMessage(failure: Failure | null | undefined, fallbackKey: TranslationKey = 'errors.unknown'): string {
  if (failure?.key && isTranslationKey(failure.key)) return translate(failure.key);
  if (failure?.text) return failure.text;
  return translate(fallbackKey);
}

/** Error toast for an API failure (`{ key, text }`), a thrown Error, or anything else. */
export function showError(failure: Failure | Error | unknown, fallbackKey: TranslationKey = 'errors.unknown'): void {
  let message: string;
  if (failure instanceof Error) message = failure.message || translate(fallbackKey);
  else message = errorMessage(failure && typeof failure === 'object' ? (failure as Failure) : null, fallbackKey);
  notifications.show({ color: 'red', title: translate('notify.errorTitle'), message });
}

/** Success toast with a translated message key of any namespace ('notify.success', 'settings:saved'). */
export function showSuccess(key: TranslationKey, values?: Record<string, unknown>): void {
  notifications.show({ color: 'teal', message: translate(key, values) });
}
