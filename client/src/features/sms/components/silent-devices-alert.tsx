// The warning every admin page shows while a wallet phone is silent (issue 9 rule 6), kept live by the push.
import { Alert } from '@mantine/core';
import { IconDeviceMobileOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SilentDevicesPayload } from '#shared/sms/sms-api';
import { useSocketEvent } from '../../../lib/socket';
import { listDevices } from '../api/sms-api';

export function SilentDevicesAlert() {
  const { t } = useTranslation('sms');
  const [silent, setSilent] = useState<SilentDevicesPayload['devices']>([]);
  useEffect(() => {
    void listDevices().then((answer) => {
      if (answer.ok) setSilent(answer.devices.filter((d) => d.silent));
    });
  }, []);
  useSocketEvent('devices:silent', (payload) => setSilent(payload.devices));
  if (silent.length === 0) return null;
  return (
    <Alert color="red" variant="light" icon={<IconDeviceMobileOff size={20} />} title={t('silentAlert.title')} mb="md" role="alert">
      {t('silentAlert.body', { names: silent.map((d) => d.name).join(', ') })}
    </Alert>
  );
}
