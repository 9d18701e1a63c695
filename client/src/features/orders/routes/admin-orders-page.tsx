import { Card, Stack, Tabs, Text } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderDto } from '#shared/api-types';
import type { OrderCustomerDto } from '#shared/order-filters';
import { ADMIN_QUEUE_STATUSES } from '#shared/order-status';
import { shortOrderId, useOrderColumns } from '../../../components/order-columns';
import { OrderTable } from '../../../components/order-table';
import { PagePicker } from '../../../components/page-picker';
import { useSocketEvent } from '../../../lib/socket';
import { usePagedList } from '../../../lib/use-paged-list';
import { listOrderQueue, type AdminOrderList } from '../api/admin-orders';
import { OrderDetailModal } from '../components/order-detail-modal';
import { OrderHistory } from '../components/order-history';
import { OrderListHeader } from '../components/order-list-header';

const inQueue = (order: OrderDto) => ADMIN_QUEUE_STATUSES.includes(order.status);
const orderKey = (order: OrderDto) => order.id;

/**
 * /admin and /admin/orders — tab Queue: the orders awaiting action, live; tab All orders: the history with filters,
 * search and CSV (issue 10). A row opens the order's detail popup.
 */
export default function AdminOrdersPage() {
  const { t } = useTranslation('orders');
  const { t: tc } = useTranslation('console');
  const [tab, setTab] = useState<string | null>('queue');
  return (
    <Tabs value={tab} onChange={setTab} keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="queue">{tc('history.tabQueue')}</Tabs.Tab>
        <Tabs.Tab value="all">{tc('history.tabAll')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="queue">
        <OrderQueue title={t('queue.title')} />
      </Tabs.Panel>
      <Tabs.Panel value="all">
        <OrderHistory />
      </Tabs.Panel>
    </Tabs>
  );
}

function OrderQueue({ title }: { title: string }) {
  const { t } = useTranslation('orders');
  const [customers, setCustomers] = useState<Record<string, OrderCustomerDto>>({});
  const selectOrders = useCallback((answer: AdminOrderList) => {
    setCustomers((known) => ({ ...known, ...answer.customers }));
    return answer.orders;
  }, []);
  const { page, setPage, pages, items: orders, setItems: setOrders, loading, refresh } = usePagedList(listOrderQueue, selectOrders);
  const [openId, setOpenId] = useState<string | null>(null);
  const column = useOrderColumns();
  // Later columns (verification, filters) go here; the phone card follows each column's `card` slot.
  const columns = useMemo(
    () => [
      column.id<OrderDto>(),
      column.date<OrderDto>(),
      column.product<OrderDto>(),
      column.amount<OrderDto>((order) => order.data.amount),
      column.status<OrderDto>(),
    ],
    [column],
  );

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
      <OrderListHeader title={title} loading={loading} onRefresh={() => void refresh()} />
      <Card withBorder radius="md" p={0}>
        <OrderTable
          rows={orders}
          columns={columns}
          rowKey={orderKey}
          minWidth={620}
          onOpen={(order) => setOpenId(order.id)}
          openLabel={(order) => t('queue.open', { id: shortOrderId(order.id) })}
          empty={
            <Text ta="center" c="dimmed" py="xl">
              {t('queue.empty')}
            </Text>
          }
        />
      </Card>
      <PagePicker page={page} pages={pages} onChange={setPage} />
      <OrderDetailModal
        order={opened}
        customer={opened?.user_id ? customers[opened.user_id] : undefined}
        onClose={() => setOpenId(null)}
        onDone={(order) => {
          applyUpdate(order);
          setOpenId(null);
        }}
      />
    </Stack>
  );
}
