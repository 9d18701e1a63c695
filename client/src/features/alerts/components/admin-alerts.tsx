// The admin area's alerts: the engine (mounted once here) and, while the browser keeps sound paused, the clear
// one-click "Enable sound alerts" banner (decision 119).
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconVolume } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { userAtom } from '../../../lib/session';
import { useAdminAlerts } from '../hooks/use-admin-alerts';
import { useAlertSettings } from '../hooks/use-alert-settings';
import { useEnableSound } from '../hooks/use-enable-sound';
import { readAlertSettings } from '../lib/alert-settings';
import { alertSettingsAtom, audioStateAtom } from '../lib/alert-state';
import { pageWasActivated } from '../lib/audio';

export function AdminAlerts() {
  useAdminAlerts();
  return <SoundUnlockBanner />;
}

/**
 * Shown from the first paint or not at all, so the page does not jump: the admin's settings are read at once, and a
 * page that already had a gesture when the admin area opened (the login click) unlocks the audio by itself.
 */
function SoundUnlockBanner() {
  const { t } = useTranslation('alerts');
  const user = useAtomValue(userAtom);
  const loaded = useAtomValue(alertSettingsAtom);
  const [, update] = useAlertSettings();
  const audio = useAtomValue(audioStateAtom);
  const enableSound = useEnableSound();
  const [activatedAtMount] = useState(pageWasActivated);
  const settings = useMemo(
    () => (!user ? null : loaded.userId === user.id ? loaded.settings : readAlertSettings(user.id)),
    [loaded, user],
  );
  if (!settings?.sound || audio !== 'locked' || activatedAtMount) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconVolume size={20} />}
      title={t('banner.title')}
      mb="md"
      role="status"
      data-testid="sound-unlock"
    >
      <Text size="sm" mb="sm">
        {t('banner.body')}
      </Text>
      <Group gap="sm">
        <Button size="sm" leftSection={<IconVolume size={16} />} onClick={enableSound}>
          {t('banner.enable')}
        </Button>
        <Button size="sm" variant="subtle" color="dark" onClick={() => update({ sound: false })}>
          {t('banner.turnOff')}
        </Button>
      </Group>
    </Alert>
  );
}
