// Compile-time guard that translation keys stay typed: each misspelt key below carries an expect-error
// directive, so if the types ever accepted it, `npm run typecheck` would fail. Never called.
import { useTranslation } from 'react-i18next';
import { translate } from './keys';

export function useTypedKeysGuard(): string[] {
  const { t } = useTranslation(['home', 'orders']);
  return [
    t('recent.title'),
    t('orders:list.refresh'),
    t('errors.unknown'),
    translate('orders:queue.completed'),
    // @ts-expect-error a misspelt key in another namespace
    t('orders:list.refres'),
    // @ts-expect-error a key of a namespace the hook did not ask for
    t('admin:orders.title'),
    // @ts-expect-error a misspelt key through the run-time helper
    translate('notify.copid'),
  ];
}
