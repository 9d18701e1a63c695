import { notifications } from '@mantine/notifications';
import { i18n } from '../../../i18n';

/** Error toast: the answer's key translated (admin, orders or common namespace), else its text, else the fallback. */
export function notifyFailure(failure: { key?: string; text?: string } | unknown, fallbackKey = 'errors.unknown'): void {
  const ns = ['admin', 'orders', 'common'];
  let message: string;
  if (failure instanceof Error) message = failure.message || i18n.t(fallbackKey, { ns });
  else {
    const { key, text } = (failure ?? {}) as { key?: string; text?: string };
    message = key && i18n.exists(key, { ns }) ? i18n.t(key, { ns }) : text || i18n.t(fallbackKey, { ns });
  }
  notifications.show({ color: 'red', title: i18n.t('notify.errorTitle', { ns: 'common' }), message });
}

export function notifySuccess(key: string): void {
  notifications.show({ color: 'teal', message: i18n.t(key, { ns: ['admin', 'common'] }) });
}
