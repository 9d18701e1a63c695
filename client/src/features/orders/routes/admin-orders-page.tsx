import { Card, Stack, Text } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAdminOrderDto, type AdminOrderDto, type OrderView } from '#shared/api-types';
import { ADMIN_QUEUE_STATUSES } from '#shared/order-status';
import { shortOrderId, useOrderColumns } from '../../../components/order-columns';
import { OrderTable } from '../../../components/order-table';
import { PagePicker } from '../../../components/page-picker';
import { useSocketEvent } from '../../../lib/socket';
import { usePagedList } from '../../../lib/use-paged-list';
import { listOrderQueue } from '../api/admin-orders';
import { OrderDetailModal } from '../components/order-detail-modal';
import { OrderListHeader } from '../components/order-list-header';

const inQueue = (order: AdminOrderDto) => ADMIN_QUEUE_STATUSES.includes(order.status);
const selectOrders = (answer: { orders: AdminOrderDto[] }) => answer.orders;
const orderKey = (order: AdminOrderDto) => order.id;

/** /admin and /admin/orders — the queue of orders awaiting action, live; a row opens the order's detail popup. */
export default function AdminOrdersPage() {
  const { t } = useTranslation('orders');
  const { page, setPage, pages, items: orders, setItems: setOrders, loading, refresh } = usePagedList(listOrderQueue, selectOrders);
  const [openId, setOpenId] = useState<string | null>(null);
  const column = useOrderColumns();
  // Later columns (verification, filters) go here; the phone card follows each column's `card` slot.
  const columns = useMemo(
    () => [
      column.id<AdminOrderDto>(),
      column.date<AdminOrderDto>(),
      column.product<AdminOrderDto>(),
      column.amount<AdminOrderDto>((order) => order.data.amount),
      column.status<AdminOrderDto>(),
    ],
    [column],
  );

  // The admins' room gets the full view; a public one (the admin's own order as its owner) is not for the queue.
  const applyUpdate = useCallback((order: OrderView) => {
    if (!isAdminOrderDto(order)) return;
    setOrders((list) => {
      if (!list) return list;
      if (!inQueue(order)) return list.filter((row) => row.id !== order.id);
      return list.map((row) => (row.id === order.id ? order : row));
    });
  }, [setOrders]);
  useSocketEvent('order:updated', applyUpdate);
  useSocketEvent('order:created', (order) => {
    if (!isAdminOrderDto(order) || page !== 1 || !inQueue(order)) return;
    setOrders((list) => (list && !list.some((row) => row.id === order.id) ? [order, ...list] : list));
  });

  const opened = orders?.find((order) => order.id === openId) ?? null;

  return (
    <Stack gap="md">
      <OrderListHeader title={t('queue.title')} loading={loading} onRefresh={() => void refresh()} />
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
        onClose={() => setOpenId(null)}
        onDone={(order) => {
          applyUpdate(order);
          setOpenId(null);
        }}
      />
    </Stack>
  );
}
