// "A message is missing between 10:02 and 10:15 on the bKash phone: Tk 1,200 unexplained" (issue 19, decision 144):
// every wallet phone whose balance ledger has a gap, on /admin/devices and /admin/sms, kept live by the push.
import { Alert, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LedgerGapDto } from '#shared/sms/sms-api';
import { useFormat } from '../../../lib/format';
import { useSocketEvent } from '../../../lib/socket';
import { listDevices } from '../api/sms-api';

type Gaps = Record<string, { name: string; gap: LedgerGapDto }>;

export function LedgerGapsAlert() {
  const { t } = useTranslation('sms');
  const format = useFormat();
  const [gaps, setGaps] = useState<Gaps>({});
  useEffect(() => {
    void listDevices().then((answer) => {
      if (!answer.ok) return;
      const found: Gaps = {};
      for (const d of answer.devices) if (d.gap) found[d.id] = { name: d.name, gap: d.gap };
      setGaps(found);
    });
  }, []);
  useSocketEvent('ledger:gap', ({ device, gap }) =>
    setGaps((current) => {
      const next = { ...current };
      if (gap) next[device.id] = { name: device.name, gap };
      else delete next[device.id];
      return next;
    }),
  );
  const entries = Object.entries(gaps);
  if (entries.length === 0) return null;
  return (
    <Alert color="orange" variant="light" icon={<IconAlertTriangle size={20} />} title={t('ledgerGap.title')} role="alert" data-testid="ledger-gaps">
      <Stack gap={4}>
        {entries.map(([id, { name, gap }]) => (
          <Text key={id} size="sm" data-device-id={id}>
            {t('ledgerGap.body', { from: format.date(gap.from), to: format.date(gap.to), device: name, amount: format.number(gap.unexplained) })}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}
