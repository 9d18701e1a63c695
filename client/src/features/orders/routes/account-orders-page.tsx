import { ActionIcon, Anchor, Box, Button, Card, Center, Group, Loader, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconPlus, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { OrderDto } from '#shared/api-types';
import { OrderStatusBadge } from '../../../components/order-status-badge';
import { PagePicker } from '../../../components/page-picker';
import { paths } from '../../../config/paths';
import { useFormat } from '../../../lib/format';
import { usePagedList } from '../../../lib/use-paged-list';
import { useSocketEvent } from '../../../lib/socket';
import { listOwnOrders } from '../api/orders-api';

/** /account and /account/orders — the customer's own orders, paged and live. */
const selectOrders = (answer: { orders: OrderDto[] }) => answer.orders;

export default function AccountOrdersPage() {
  const { t } = useTranslation('orders');
  const format = useFormat();
  const { page, setPage, pages, items: orders, setItems: setOrders, loading, refresh } = usePagedList(listOwnOrders, selectOrders);
  useSocketEvent('order:updated', (order) => setOrders((list) => list?.map((row) => (row.id === order.id ? order : row)) ?? list));
  useSocketEvent('order:created', (order) => {
    if (page === 1) setOrders((list) => (list && !list.some((row) => row.id === order.id) ? [order, ...list].slice(0, 10) : list));
  });

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t('list.title')}
        </Title>
        <Group gap="sm">
          <Tooltip label={t('list.refresh')}>
            <ActionIcon size={44} variant="light" onClick={() => void refresh()} loading={loading} aria-label={t('list.refresh')}>
              <IconRefresh size={22} />
            </ActionIcon>
          </Tooltip>
          <Button component={Link} to={paths.home.getHref()} leftSection={<IconPlus size={18} />}>
            {t('list.newOrder')}
          </Button>
        </Group>
      </Group>

      <Card withBorder radius="md" p={0}>
        {orders === null ? (
          <Center py="xl">
            <Loader aria-label={t('loading')} />
          </Center>
        ) : orders.length === 0 ? (
          <Text ta="center" c="dimmed" py="xl">
            {t('list.empty')}
          </Text>
        ) : (
          <>
            {/* Phones: one block per order, so the status is never scrolled out of view. */}
            <Stack gap={0} hiddenFrom="sm">
              {orders.map((order, index) => (
                <Box key={order.id} px="md" py="sm" style={{ borderTop: index ? '1px solid var(--mantine-color-gray-2)' : undefined }}>
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Anchor component={Link} to={paths.order.getHref(order.id)} ff="monospace" fw={600} py={6}>
                      {order.id.slice(0, 10)}
                    </Anchor>
                    <OrderStatusBadge status={order.status} size="md" />
                  </Group>
                  <Text size="sm">{t(`product.${order.product_id}`)}</Text>
                  <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {format.date(order.created_at)}
                  </Text>
                </Box>
              ))}
            </Stack>
            <Box visibleFrom="sm">
              <Table.ScrollContainer minWidth={520}>
                <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('table.id')}</Table.Th>
                      <Table.Th>{t('table.date')}</Table.Th>
                      <Table.Th>{t('table.product')}</Table.Th>
                      <Table.Th>{t('table.status')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {orders.map((order) => (
                      <Table.Tr key={order.id}>
                        <Table.Td>
                          <Anchor component={Link} to={paths.order.getHref(order.id)} ff="monospace" fw={600}>
                            {order.id.slice(0, 10)}
                          </Anchor>
                        </Table.Td>
                        <Table.Td style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{format.date(order.created_at)}</Table.Td>
                        <Table.Td>{t(`product.${order.product_id}`)}</Table.Td>
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
    </Stack>
  );
}
