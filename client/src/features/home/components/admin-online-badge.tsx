import { ActionIcon, Badge, Group, Tooltip } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Online (green) / Offline (red) with the refresh control of spec §2 (shown 2 s after a load). */
export function AdminOnlineBadge({ online, showRefresh, refreshing, onRefresh }: { online: boolean | null; showRefresh: boolean; refreshing: boolean; onRefresh: () => void }) {
  const { t } = useTranslation('home');
  return (
    <Group gap={6} wrap="nowrap" aria-live="polite">
      <Badge
        size="lg"
        radius="xl"
        variant="light"
        color={online ? 'green' : 'red'}
        leftSection={<span aria-hidden style={{ width: 8, height: 8, borderRadius: '50%', background: 'currentColor', display: 'inline-block' }} />}
        styles={{ label: { textTransform: 'none' } }}
      >
        {t('admin.label')}: {online ? t('admin.online') : t('admin.offline')}
      </Badge>
      {showRefresh ? (
        <Tooltip label={t('admin.refresh')}>
          <ActionIcon variant="subtle" size={36} onClick={onRefresh} loading={refreshing} aria-label={t('admin.refresh')}>
            <IconRefresh size={18} />
          </ActionIcon>
        </Tooltip>
      ) : null}
    </Group>
  );
}
