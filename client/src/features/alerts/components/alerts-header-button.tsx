// The bell in the admin header: the waiting count at a glance, and the way to the alert settings (decision 119).
import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell, IconBellOff } from '@tabler/icons-react';
import { useAtom, useAtomValue } from 'jotai';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyComponent } from '../../../lib/lazy';
import { useFormat } from '../../../lib/format';
import { alertSettingsAtom, alertSettingsOpenAtom, waitingAtom } from '../lib/alert-state';

const AlertSettingsModal = lazyComponent(async () => (await import('./alert-settings-modal')).AlertSettingsModal);

export function AlertsHeaderButton() {
  const { t } = useTranslation('alerts');
  const format = useFormat();
  const [opened, setOpened] = useAtom(alertSettingsOpenAtom);
  const waiting = useAtomValue(waitingAtom);
  const { settings } = useAtomValue(alertSettingsAtom);
  const total = waiting ? waiting.orders + waiting.tickets : 0;
  const label = total > 0 ? `${t('header.open')}. ${t('header.waiting', { count: total, n: format.number(total) })}` : t('header.open');
  return (
    <>
      <Indicator
        label={total > 99 ? `${format.number(99)}+` : format.number(total)}
        disabled={total === 0}
        size={18}
        color="red"
        offset={4}
        zIndex={2}
        data-testid="alerts-count"
      >
        <ActionIcon variant="subtle" color="dark" size="lg" aria-label={label} aria-haspopup="dialog" onClick={() => setOpened(true)} data-testid="alerts-button">
          {settings.sound ? <IconBell size={22} /> : <IconBellOff size={22} />}
        </ActionIcon>
      </Indicator>
      {opened ? (
        <Suspense fallback={null}>
          <AlertSettingsModal onClose={() => setOpened(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
