import { Avatar, Box, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { HomeOrderDto } from '#shared/api-types';
import { OrderStatusBadge } from '../../../components/order-status-badge';
import { useFormat } from '../../../lib/format';
import userAvatarUrl from '../../../assets/avatar-user.svg';

/** The public recent-orders list: product, date, amount, status, user (spec §1, §3). */
export function RecentOrdersTable({ orders }: { orders: HomeOrderDto[] }) {
  const { t } = useTranslation('home');
  const format = useFormat();
  if (orders.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="lg">
        {t('recent.empty')}
      </Text>
    );
  }
  return (
    <>
      {/* Phones: one compact block per order instead of a wide table. */}
      <Stack gap={0} hiddenFrom="sm">
        {orders.map((order, index) => (
          <Box key={`${order.created_at}-${index}`} px="md" py="sm" style={{ borderTop: index ? '1px solid var(--mantine-color-gray-2)' : undefined }}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text fw={600} size="sm">
                {t(`orders:product.${order.product_id}`)}
              </Text>
              <Text fw={700} size="sm" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                {format.productMoney(order.amount, order.product_id)}
              </Text>
            </Group>
            <Group justify="space-between" wrap="nowrap" gap="xs" mt={6}>
              <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                <Avatar src={order.userLogo || userAvatarUrl} alt="" size={22} radius="xl" />
                <Text size="xs" c="dimmed" truncate>
                  {order.userName || t('recent.anonymous')} · {format.date(order.created_at)}
                </Text>
              </Group>
              <OrderStatusBadge status={order.status} size="md" />
            </Group>
          </Box>
        ))}
      </Stack>
      <Box visibleFrom="sm">
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm" horizontalSpacing="md" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('orders:table.product')}</Table.Th>
            <Table.Th>{t('orders:table.date')}</Table.Th>
            <Table.Th ta="right">{t('orders:table.amount')}</Table.Th>
            <Table.Th>{t('orders:table.status')}</Table.Th>
            <Table.Th>{t('orders:table.user')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((order, index) => {
            const name = order.userName || t('recent.anonymous');
            return (
              <Table.Tr key={`${order.created_at}-${index}`}>
                <Table.Td fw={600}>{t(`orders:product.${order.product_id}`)}</Table.Td>
                <Table.Td style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{format.date(order.created_at)}</Table.Td>
                <Table.Td ta="right" fw={700} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                  {format.productMoney(order.amount, order.product_id)}
                </Table.Td>
                <Table.Td>
                  <OrderStatusBadge status={order.status} />
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Avatar src={order.userLogo || userAvatarUrl} alt="" size={28} radius="xl" />
                    <Text size="sm" truncate maw={140}>
                      {name}
                    </Text>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
      </Box>
    </>
  );
}
