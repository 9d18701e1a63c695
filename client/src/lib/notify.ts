// Toasts with translated text. Server answers carry an i18n `key`; `text` is the English fallback.
import { notifications } from '@mantine/notifications';
import { i18n } from '../i18n';

interface Failure {
  key?: string;
  text?: string;
}

/** Every loaded namespace: a feature may translate the server error keys of its own endpoints. */
function allNamespaces(): string[] {
  const ns = i18n.options.ns;
  return Array.isArray(ns) ? ['common', ...ns.filter((n) => n !== 'common')] : ['common'];
}

/**
 * Translation of `key` when the locales know it (common first, then feature namespaces), else `text`, else the
 * fallback key (spec §8 fallbacks such as 'errors.orderCreate'), else "Unknown error".
 */
export function errorMessage(failure: Failure | null | undefined, fallbackKey = 'errors.unknown'): string {
  const ns = allNamespaces();
  if (failure?.key && i18n.exists(failure.key, { ns })) return i18n.t(failure.key, { ns });
  if (failure?.text) return failure.text;
  return i18n.t(fallbackKey, { ns });
}

/** Error toast for an API failure (`{ key, text }`), a thrown Error, or anything else. */
export function showError(failure: Failure | Error | unknown, fallbackKey = 'errors.unknown'): void {
  let message: string;
  if (failure instanceof Error) message = failure.message || i18n.t(fallbackKey);
  else message = errorMessage(failure && typeof failure === 'object' ? (failure as Failure) : null, fallbackKey);
  notifications.show({ color: 'red', title: i18n.t('notify.errorTitle'), message });
}

/** Success toast with a translated message key of any namespace (e.g. 'notify.success'). */
export function showSuccess(key: string, values?: Record<string, unknown>): void {
  notifications.show({ color: 'teal', message: i18n.t(key, { ns: allNamespaces(), ...values }) });
}
