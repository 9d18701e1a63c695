// The warnings every staff page shows about the betting cash desks, kept live by `cashdesk:alert`: a desk that is
// failing (read from the desks, so it stays until the desk answers again or the admin acts) and a drift of its Limit
// (from the push, until dismissed: the operations list keeps the record).
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCashOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { CashdeskAlertPayload } from '#shared/cashdesk';
import { paths } from '../../../config';
import { useFormat } from '../../../lib/format';
import { refreshQueries, useQuery } from '../../../lib/query';
import { useSocketEvent } from '../../../lib/socket';
import { cashdeskKeys, cashdesksQuery } from '../api/cashdesk-api';

type Drift = Extract<CashdeskAlertPayload, { problem: 'drift' }>;

export function CashdeskAlerts() {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const { data } = useQuery(cashdesksQuery());
  const [drifts, setDrifts] = useState<Drift[]>([]);
  useSocketEvent('cashdesk:alert', (alert) => {
    void refreshQueries(cashdeskKeys.all);
    if (alert.problem === 'drift') setDrifts((shown) => [...shown.filter((d) => d.currency !== alert.currency), alert]);
  });
  const failing = (data?.cashdesks ?? []).filter((desk) => desk.state === 'failing');
  if (failing.length === 0 && drifts.length === 0) return null;
  const deskName = (currency: Drift['currency']) =>
    t('cashdesk.deskOf', { currency: t(`cashdesk.currency.${currency}`) });
  const open = (
    <Anchor component={Link} to={paths.admin.cashdesk.getHref()} fw={600}>
      {t('cashdesk.alert.open')}
    </Anchor>
  );
  return (
    <Stack gap="sm" mb="md">
      {failing.map((desk) => (
        <Alert
          key={desk.currency}
          color="red"
          variant="light"
          icon={<IconCashOff size={20} />}
          title={t('cashdesk.alert.failingTitle', { desk: deskName(desk.currency) })}
          role="alert"
          data-testid={`cashdesk-failing-${desk.currency}`}
        >
          <Text size="sm">{t('cashdesk.alert.failingBody', { error: desk.last_error ?? '—' })}</Text>
          {open}
        </Alert>
      ))}
      {drifts.map((drift) => (
        <Alert
          key={drift.currency}
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={20} />}
          title={t('cashdesk.alert.driftTitle', { desk: deskName(drift.currency) })}
          role="alert"
          data-testid={`cashdesk-drift-${drift.currency}`}
          withCloseButton
          closeButtonLabel={t('cashdesk.alert.dismiss')}
          onClose={() => setDrifts((shown) => shown.filter((d) => d !== drift))}
        >
          <Text size="sm">
            {t('cashdesk.alert.driftBody', {
              read: format.money(drift.read, drift.currency),
              expected: format.money(drift.expected, drift.currency),
              at: format.date(drift.at),
            })}
          </Text>
          {open}
        </Alert>
      ))}
    </Stack>
  );
}
