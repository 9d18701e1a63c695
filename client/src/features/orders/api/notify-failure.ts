import { notifications } from '@mantine/notifications';
import { i18n } from '../../../i18n';

/**
 * Error toast for a failed answer: its key translated in this feature's namespace or common, else its text,
 * else the fallback key (spec §8 fallbacks such as 'Cannot create order').
 */
export function notifyFailure(failure: { key?: string; text?: string } | unknown, fallbackKey = 'errors.unknown'): void {
  let message: string;
  const ns = ['orders', 'common'];
  if (failure instanceof Error) message = failure.message || i18n.t(fallbackKey, { ns });
  else {
    const { key, text } = (failure ?? {}) as { key?: string; text?: string };
    if (key && i18n.exists(key, { ns })) message = i18n.t(key, { ns });
    else message = text || i18n.t(fallbackKey, { ns });
  }
  notifications.show({ color: 'red', title: i18n.t('notify.errorTitle', { ns: 'common' }), message });
}
