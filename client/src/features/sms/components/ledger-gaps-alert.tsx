// "A message is missing between 10:02 and 10:15 on the bKash phone: Tk 1,200 unexplained" (decision 144):
// every wallet phone whose balance ledger has a gap, on /admin/devices and /admin/sms, kept live by the push.
import { Alert, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DeviceDto } from '#shared/sms/sms-api';
import { useFormat } from '../../../lib/format';
import { updateQueries, useQuery } from '../../../lib/query';
import { useSocketEvent } from '../../../lib/socket';
import { devicesQuery, smsKeys } from '../api/sms-api';

export function LedgerGapsAlert() {
  const { t } = useTranslation('sms');
  const format = useFormat();
  const { data } = useQuery(devicesQuery());
  // The push carries the phone's gap (or null once it closed): onto the cached phones at once.
  useSocketEvent(
    'ledger:gap',
    ({ device, gap }) =>
      void updateQueries<{ devices: DeviceDto[] }>(smsKeys.devices(), (answer) => ({
        ...answer,
        devices: answer.devices.map((d) => (d.id === device.id ? { ...d, gap } : d)),
      })),
  );
  const gaps = Object.fromEntries(
    (data?.devices ?? []).flatMap((d) => (d.gap ? [[d.id, { name: d.name, gap: d.gap }] as const] : [])),
  );
  const entries = Object.entries(gaps);
  if (entries.length === 0) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={20} />}
      title={t('ledgerGap.title')}
      role="alert"
      data-testid="ledger-gaps"
    >
      <Stack gap={4}>
        {entries.map(([id, { name, gap }]) => (
          <Text key={id} size="sm" data-device-id={id}>
            {t('ledgerGap.body', {
              from: format.date(gap.from),
              to: format.date(gap.to),
              device: name,
              amount: format.number(gap.unexplained),
            })}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}
