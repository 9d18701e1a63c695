import { Avatar, Group, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { HomeOrderDto } from '#shared/api-types';
import { useOrderColumns } from '../../../components/order-columns';
import { OrderTable, type OrderColumn } from '../../../components/order-table';
import { AVATAR_ROUND } from '../../../components/user-avatar';
import userAvatarUrl from '../../../assets/avatar-user.svg';

/** The customer's photo when the shop shows photos; otherwise initials of the (masked) name; a guest's default picture. */
function CustomerAvatar({ order, size }: { order: HomeOrderDto; size: number }) {
  if (!order.userLogo && order.userName)
    return <Avatar name={order.userName} color="initials" alt="" size={size} radius={AVATAR_ROUND} />;
  return <Avatar src={order.userLogo || userAvatarUrl} alt="" size={size} radius={AVATAR_ROUND} />;
}

// The public list has no order ids; creation time and position tell the rows apart.
const rowKey = (order: HomeOrderDto, index: number) => `${order.created_at}-${index}`;

/** The public recent-orders list: product, date, amount, status, user (product.md §2.3, §3). */
export function RecentOrdersTable({ orders }: { orders: HomeOrderDto[] }) {
  const { t } = useTranslation(['home', 'orders']);
  const column = useOrderColumns();
  const columns = useMemo(() => {
    const name = (order: HomeOrderDto) => order.userName || t('recent.anonymous');
    const user: OrderColumn<HomeOrderDto> = {
      key: 'user',
      header: t('orders:table.user'),
      cell: (order) => (
        <Group gap="xs" wrap="nowrap">
          <CustomerAvatar order={order} size={28} />
          <Text size="sm" truncate maw={140}>
            {name(order)}
          </Text>
        </Group>
      ),
      card: { slot: 'meta', render: name, lead: (order) => <CustomerAvatar order={order} size={22} /> },
    };
    return [
      column.product<HomeOrderDto>({ card: 'title', strong: true }),
      column.date<HomeOrderDto>(),
      column.amount<HomeOrderDto>((order) => order.amount, { cardSize: 'sm' }),
      column.status<HomeOrderDto>(),
      user,
    ];
  }, [column, t]);

  return (
    <OrderTable
      rows={orders}
      columns={columns}
      rowKey={rowKey}
      minWidth={640}
      striped
      empty={
        <Text c="dimmed" ta="center" py="lg">
          {t('recent.empty')}
        </Text>
      }
    />
  );
}
