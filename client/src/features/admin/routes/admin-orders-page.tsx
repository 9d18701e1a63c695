import { ActionIcon, Box, Card, UnstyledButton, Center, Group, Loader, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderDto } from '#shared/api-types';
import { productCurrency } from '#shared/constants';
import { ADMIN_QUEUE_STATUSES } from '#shared/order-status';
import { OrderStatusBadge } from '../../../components/order-status-badge';
import { PagePicker } from '../../../components/page-picker';
import { useFormat } from '../../../lib/format';
import { useSocketEvent } from '../../../lib/socket';
import { listQueue } from '../api/admin-api';
import { usePagedList } from '../../../lib/use-paged-list';
import { OrderDetailModal } from '../components/order-detail-modal';

const inQueue = (order: OrderDto) => ADMIN_QUEUE_STATUSES.includes(order.status);

/** /admin and /admin/orders — the queue of orders awaiting action, live. */
const selectOrders = (answer: { orders: OrderDto[] }) => answer.orders;

export default function AdminOrdersPage() {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const { page, setPage, pages, items: orders, setItems: setOrders, loading, refresh } = usePagedList(listQueue, selectOrders);
  const [openId, setOpenId] = useState<string | null>(null);

  const applyUpdate = useCallback((order: OrderDto) => {
    setOrders((list) => {
      if (!list) return list;
      if (!inQueue(order)) return list.filter((row) => row.id !== order.id);
      return list.map((row) => (row.id === order.id ? order : row));
    });
  }, [setOrders]);
  useSocketEvent('order:updated', applyUpdate);
  useSocketEvent('order:created', (order) => {
    if (page !== 1 || !inQueue(order)) return;
    setOrders((list) => (list && !list.some((row) => row.id === order.id) ? [order, ...list] : list));
  });

  const opened = orders?.find((order) => order.id === openId) ?? null;

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('orders.title')}
        </Title>
        <Tooltip label={t('orders:list.refresh')}>
          <ActionIcon size={44} variant="light" onClick={() => void refresh()} loading={loading} aria-label={t('orders:list.refresh')}>
            <IconRefresh size={22} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Card withBorder radius="md" p={0}>
        {orders === null ? (
          <Center py="xl">
            <Loader aria-label={t('orders:loading')} />
          </Center>
        ) : orders.length === 0 ? (
          <Text ta="center" c="dimmed" py="xl">
            {t('orders.empty')}
          </Text>
        ) : (
          <>
          <Stack gap={0} hiddenFrom="sm">
            {orders.map((order, index) => (
              <UnstyledButton
                key={order.id}
                onClick={() => setOpenId(order.id)}
                aria-label={t('orders.open', { id: order.id.slice(0, 10) })}
                px="md"
                py="sm"
                style={{ borderTop: index ? '1px solid var(--mantine-color-gray-2)' : undefined, minHeight: 56 }}
              >
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text ff="monospace" fw={600} size="sm">
                    {order.id.slice(0, 10)}
                  </Text>
                  <Text fw={700} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                    {format.money(order.data.amount, productCurrency(order.product_id))}
                  </Text>
                </Group>
                <Group justify="space-between" wrap="nowrap" gap="xs" mt={4}>
                  <Text size="xs" c="dimmed">
                    {t(`orders:product.${order.product_id}`)} · {format.date(order.created_at)}
                  </Text>
                  <OrderStatusBadge status={order.status} size="md" />
                </Group>
              </UnstyledButton>
            ))}
          </Stack>
          <Box visibleFrom="sm">
          <Table.ScrollContainer minWidth={620}>
            <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('orders:table.id')}</Table.Th>
                  <Table.Th>{t('orders:table.date')}</Table.Th>
                  <Table.Th>{t('orders:table.product')}</Table.Th>
                  <Table.Th ta="right">{t('orders:table.amount')}</Table.Th>
                  <Table.Th>{t('orders:table.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {orders.map((order) => (
                  <Table.Tr
                    key={order.id}
                    onClick={() => setOpenId(order.id)}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter' || event.key === ' ') {
                        event.preventDefault();
                        setOpenId(order.id);
                      }
                    }}
                    tabIndex={0}
                    role="button"
                    aria-label={t('orders.open', { id: order.id.slice(0, 10) })}
                    style={{ cursor: 'pointer' }}
                  >
                    <Table.Td ff="monospace" fw={600}>
                      {order.id.slice(0, 10)}
                    </Table.Td>
                    <Table.Td style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{format.date(order.created_at)}</Table.Td>
                    <Table.Td>{t(`orders:product.${order.product_id}`)}</Table.Td>
                    <Table.Td ta="right" fw={700} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                      {format.money(order.data.amount, productCurrency(order.product_id))}
                    </Table.Td>
                    <Table.Td>
                      <OrderStatusBadge status={order.status} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          </Box>
          </>
        )}
      </Card>
      <PagePicker page={page} pages={pages} onChange={setPage} />
      <OrderDetailModal
        order={opened}
        onClose={() => setOpenId(null)}
        onDone={(order) => {
          applyUpdate(order);
          setOpenId(null);
        }}
      />
    </Stack>
  );
}
