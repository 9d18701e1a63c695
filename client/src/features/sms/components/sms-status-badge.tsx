import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SmsStatus } from '#shared/sms/sms-api';

const COLOR: Record<SmsStatus, string> = { matched: 'green', unmatched: 'yellow', ignored: 'gray', duplicate: 'gray' };

export function SmsStatusBadge({ status }: { status: SmsStatus }) {
  const { t } = useTranslation('sms');
  return (
    <Badge color={COLOR[status]} variant="light">
      {t(`inbox.statuses.${status}`)}
    </Badge>
  );
}
