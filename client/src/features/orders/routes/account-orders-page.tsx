import { Button, Card, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { PublicOrderDto } from '#shared/api-types';
import { useOrderColumns } from '../../../components/order-columns';
import { OrderTable } from '../../../components/order-table';
import { PagePicker } from '../../../components/page-picker';
import { paths } from '../../../config';
import { refreshQueries, updateQueries, useErrorToast, usePagedQuery } from '../../../lib/query';
import { useSocketEvent } from '../../../lib/socket';
import { orderKeys, ownOrdersQuery, type OwnOrderList } from '../api/orders-api';
import { OrderListHeader } from '../components/order-list-header';

/** /account and /account/orders — the customer's own orders, paged and live. */
const orderKey = (order: PublicOrderDto) => order.id;
const orderHref = (order: PublicOrderDto) => paths.order.getHref(order.id);

export default function AccountOrdersPage() {
  const { t } = useTranslation('orders');
  const { page, setPage, pages, query } = usePagedQuery(ownOrdersQuery);
  const orders = query.data?.orders ?? (query.isError ? [] : null);
  useErrorToast(query.error);
  const column = useOrderColumns();
  const columns = useMemo(
    () => [
      // Product, amount and status lead; the whole id comes last, on one line, and still links
      // to the order page (spec asks for 10 characters only in the admin table).
      column.product<PublicOrderDto>({ card: 'title', strong: true }),
      column.amount<PublicOrderDto>((order) => order.data.amount),
      column.status<PublicOrderDto>(),
      column.date<PublicOrderDto>(),
      column.id<PublicOrderDto>({ href: orderHref, full: true, card: 'last' }),
    ],
    [column],
  );
  useSocketEvent(
    'order:updated',
    (order) =>
      void updateQueries<OwnOrderList>(orderKeys.own(), (list) => ({
        ...list,
        orders: list.orders.map((row) => (row.id === order.id ? order : row)),
      })),
  );
  useSocketEvent(
    'order:created',
    (order) =>
      void updateQueries<OwnOrderList>(orderKeys.ownPage(1), (list) =>
        list.orders.some((row) => row.id === order.id)
          ? list
          : { ...list, orders: [order, ...list.orders].slice(0, 10) },
      ),
  );

  return (
    <Stack gap="md">
      <OrderListHeader
        title={t('list.title')}
        loading={query.isFetching}
        onRefresh={() => void refreshQueries(orderKeys.own())}
      >
        <Button component={Link} to={paths.home.getHref()} leftSection={<IconPlus size={18} />}>
          {t('list.newOrder')}
        </Button>
      </OrderListHeader>

      <Card withBorder radius="md" p={0}>
        <OrderTable
          rows={orders}
          columns={columns}
          rowKey={orderKey}
          minWidth={760}
          empty={
            <Text ta="center" c="dimmed" py="xl">
              {t('list.empty')}
            </Text>
          }
        />
      </Card>

      <PagePicker page={page} pages={pages} onChange={setPage} />
    </Stack>
  );
}
