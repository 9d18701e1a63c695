// The warning every admin page shows while a wallet phone is silent, kept live by the push. Reads
// the phones through the query layer and marks them from `devices:silent`, which lists every silent one.
import { Alert } from '@mantine/core';
import { IconDeviceMobileOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DeviceDto } from '#shared/sms/sms-api';
import { updateQueries, useQuery } from '../../../lib/query';
import { useSocketEvent } from '../../../lib/socket';
import { devicesQuery, smsKeys } from '../api/sms-api';

export function SilentDevicesAlert() {
  const { t } = useTranslation('sms');
  const { data } = useQuery(devicesQuery());
  useSocketEvent('devices:silent', (payload) => {
    const silent = new Set(payload.devices.map((d) => d.id));
    void updateQueries<{ devices: DeviceDto[] }>(smsKeys.devices(), (answer) => ({
      ...answer,
      devices: answer.devices.map((d) => ({ ...d, silent: silent.has(d.id) })),
    }));
  });
  const silent = (data?.devices ?? []).filter((d) => d.silent);
  if (silent.length === 0) return null;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconDeviceMobileOff size={20} />}
      title={t('silentAlert.title')}
      mb="md"
      role="alert"
    >
      {t('silentAlert.body', { names: silent.map((d) => d.name).join(', ') })}
    </Alert>
  );
}
