// The admin area's alerts: the engine (mounted once here) and, while the browser keeps sound paused, a compact
// one-click "Sound paused: turn on" control in the header (decisions 119, 317), which pushes no page down.
import { ActionIcon, Button } from '@mantine/core';
import { IconVolume3 } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { userAtom } from '../../../lib/session';
import { useAdminAlerts } from '../hooks/use-admin-alerts';
import { useEnableSound } from '../hooks/use-enable-sound';
import { readAlertSettings } from '../lib/alert-settings';
import { alertSettingsAtom, audioStateAtom } from '../lib/alert-state';
import { pageWasActivated } from '../lib/audio';

export function AdminAlerts() {
  useAdminAlerts();
  return null;
}

/**
 * Shown from the first paint or not at all, so the header does not jump: the admin's settings are read at once, and a
 * page that already had a gesture when the admin area opened (the login click) unlocks the audio by itself. Turning
 * sound off for good is in the alert settings (the bell).
 */
export function SoundUnlockControl() {
  const { t } = useTranslation('alerts');
  const user = useAtomValue(userAtom);
  const loaded = useAtomValue(alertSettingsAtom);
  const audio = useAtomValue(audioStateAtom);
  const enableSound = useEnableSound();
  const [activatedAtMount] = useState(pageWasActivated);
  const settings = useMemo(
    () => (!user ? null : loaded.userId === user.id ? loaded.settings : readAlertSettings(user.id)),
    [loaded, user],
  );
  if (!settings?.sound || audio !== 'locked' || activatedAtMount) return null;
  return (
    <div role="status" data-testid="sound-unlock" title={t('banner.body')}>
      <Button
        size="compact-sm"
        variant="default"
        leftSection={<IconVolume3 size={16} color="var(--mantine-color-orange-8)" />}
        onClick={enableSound}
        visibleFrom="md"
      >
        {t('banner.paused')}
      </Button>
      <ActionIcon size="lg" variant="default" aria-label={t('banner.paused')} onClick={enableSound} hiddenFrom="md">
        <IconVolume3 size={20} color="var(--mantine-color-orange-8)" />
      </ActionIcon>
    </div>
  );
}
