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

/** Translation of `key` when the locales know it (common first, then feature namespaces), else `text`, else "Unknown error". */
export function errorMessage(failure: Failure | null | undefined): string {
  if (failure?.key && i18n.exists(failure.key, { ns: allNamespaces() })) return i18n.t(failure.key, { ns: allNamespaces() });
  if (failure?.text) return failure.text;
  return i18n.t('errors.unknown');
}

/** Error toast for an API failure (`{ key, text }`), a thrown Error, or anything else. */
export function showError(failure: Failure | Error | unknown): void {
  let message: string;
  if (failure instanceof Error) message = failure.message || i18n.t('errors.unknown');
  else if (failure && typeof failure === 'object') message = errorMessage(failure as Failure);
  else message = i18n.t('errors.unknown');
  notifications.show({ color: 'red', title: i18n.t('notify.errorTitle'), message });
}

/** Success toast with a translated message key (e.g. 'notify.success'). */
export function showSuccess(key: string, values?: Record<string, unknown>): void {
  notifications.show({ color: 'teal', message: i18n.t(key, values) });
}
