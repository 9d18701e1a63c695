// The admin area's alerts: the engine (mounted once here) and, while the browser keeps sound paused, the clear
// one-click "Enable sound alerts" banner (decision 119).
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconVolume } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useAdminAlerts } from '../hooks/use-admin-alerts';
import { useAlertSettings } from '../hooks/use-alert-settings';
import { useEnableSound } from '../hooks/use-enable-sound';
import { alertSettingsAtom, audioStateAtom } from '../lib/alert-state';

export function AdminAlerts() {
  useAdminAlerts();
  return <SoundUnlockBanner />;
}

function SoundUnlockBanner() {
  const { t } = useTranslation('alerts');
  const { userId } = useAtomValue(alertSettingsAtom);
  const [settings, update] = useAlertSettings();
  const audio = useAtomValue(audioStateAtom);
  const enableSound = useEnableSound();
  if (!userId || !settings.sound || audio !== 'locked') return null;
  return (
    <Alert color="yellow" variant="light" icon={<IconVolume size={20} />} title={t('banner.title')} mb="md" role="status" data-testid="sound-unlock">
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
