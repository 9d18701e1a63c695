import { ActionIcon, Tooltip } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The refresh control beside the admin badge; a chunk of its own since it shows 2 s after the load. */
export function AdminRefreshButton({
  refreshing,
  onRefresh,
  size,
}: {
  refreshing: boolean;
  onRefresh: () => void;
  size: number;
}) {
  const { t } = useTranslation('home');
  return (
    <Tooltip label={t('admin.refresh')}>
      <ActionIcon variant="subtle" size={size} onClick={onRefresh} loading={refreshing} aria-label={t('admin.refresh')}>
        <IconRefresh size={18} />
      </ActionIcon>
    </Tooltip>
  );
}
