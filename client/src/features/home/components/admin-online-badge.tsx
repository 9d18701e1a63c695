import { Badge, Box, Group, Stack, Text } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import { lazyComponent } from '../../../lib/lazy';
import layout from '../../../styles/layout.module.css';

const AdminRefreshButton = lazyComponent(async () => (await import('./admin-refresh-button')).AdminRefreshButton);
const REFRESH_SIZE = 36;

/**
 * Online (green) / Offline (red) with the refresh control of product.md §2.3 (shown 2 s after a load), and what it means for
 * an order: online, orders are usually done in `minutes` (measured from recent orders; null or
 * not known yet: "within minutes"); offline, they wait for staff.
 */
export function AdminOnlineBadge({
  online,
  showRefresh,
  refreshing,
  onRefresh,
  minutes = null,
}: {
  online: boolean | null;
  showRefresh: boolean;
  refreshing: boolean;
  onRefresh: () => void;
  minutes?: number | null;
}) {
  const { t } = useTranslation('home');
  const format = useFormat();
  const meaning = !online
    ? t('admin.meansOffline')
    : minutes === null
      ? t('admin.meansOnlineSoon')
      : t('admin.meansOnline', { count: minutes, minutes: format.number(minutes) });
  // The row is as high as the refresh control from the start: its appearing 2 s after the data must not push the page
  // down. The static shell (client/shell) paints the same two lines before any script.
  return (
    <Stack gap={4}>
      <Group gap={6} wrap="nowrap" aria-live="polite" mih={REFRESH_SIZE}>
        <Badge
          size="lg"
          radius="xl"
          variant="light"
          color={online ? 'green' : 'red'}
          leftSection={<span aria-hidden className={layout.currentDot} />}
          styles={{ label: { textTransform: 'none' } }}
        >
          {t('admin.label')}: {online ? t('admin.online') : t('admin.offline')}
        </Badge>
        {showRefresh ? (
          <Suspense fallback={<Box w={REFRESH_SIZE} h={REFRESH_SIZE} />}>
            <AdminRefreshButton size={REFRESH_SIZE} refreshing={refreshing} onRefresh={onRefresh} />
          </Suspense>
        ) : null}
      </Group>
      <Text size="sm" c="dimmed" data-testid="admin-meaning">
        {meaning}
      </Text>
    </Stack>
  );
}
