// "Reconnecting…" on live pages while the realtime connection is away: what the page shows may
// be old until it is back, when every shown query is fetched again (lib/query.ts) and the banner goes.
import { Alert } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSocketDown } from '../lib/socket';

export function ReconnectingBanner() {
  const { t } = useTranslation();
  const down = useSocketDown();
  if (!down) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconPlugConnectedX size={20} aria-hidden />}
      role="status"
      title={t('live.reconnecting')}
      data-testid="reconnecting"
    >
      {t('live.reconnectingBody')}
    </Alert>
  );
}
