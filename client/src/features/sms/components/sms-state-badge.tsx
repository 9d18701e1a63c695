// An SMS's one state, agreeing with the order that shows it (decision 197).
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SmsState } from '#shared/sms/sms-api';

const COLOR: Record<SmsState, string> = {
  unmatched: 'yellow',
  amount_differs: 'red',
  held: 'orange',
  matched: 'green',
  rejected: 'red',
  payout: 'teal',
  payout_unmatched: 'red',
  ignored: 'gray',
};

export function SmsStateBadge({ state }: { state: SmsState }) {
  const { t } = useTranslation('sms');
  return (
    <Badge color={COLOR[state]} variant="light" data-sms-state={state} flex="none">
      {t(`inbox.states.${state}`)}
    </Badge>
  );
}
