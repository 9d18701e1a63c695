import { Button, Card, Group, Stack, Tabs, Text } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { isAdminOrderDto, type OrderDto, type OrderView } from '#shared/api-types';
import { isInAdminQueue } from '#shared/order-view';
import { shortOrderId, useOrderColumns } from '../../../components/order-columns';
import { useSocketEvent } from '../../../lib/socket';
import { usePagedList } from '../../../lib/use-paged-list';
import { showError, showSuccess } from '../../../lib/notify';
import { completeOrder, listOrderQueue } from '../api/admin-orders';
import { AdminOrderList, useListCustomers } from '../components/admin-order-list';
import { VerificationBadge } from '../components/verification-badge';
import { AssigneeName } from '../components/order-claim';
import { OrderHistory } from '../components/order-history';
import { OrderListHeader } from '../components/order-list-header';

const inQueue = (order: OrderDto) => isInAdminQueue(order);

/**
 * /admin and /admin/orders — tab Queue: the orders awaiting action, live; tab All orders: the history with filters,
 * search and CSV (issue 10). A row opens the order's detail popup.
 */
export default function AdminOrdersPage() {
  const { t } = useTranslation('orders');
  const { t: tc } = useTranslation('console');
  // `?q=<order id>` (a ticket's order link) opens All orders searching for it.
  const [params] = useSearchParams();
  const search = params.get('q') ?? '';
  const [tab, setTab] = useState<string | null>(search ? 'all' : 'queue');
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
        <OrderHistory initialSearch={search} />
      </Tabs.Panel>
    </Tabs>
  );
}

function OrderQueue({ title }: { title: string }) {
  const { t } = useTranslation(['orders', 'sms']);
  const [completing, setCompleting] = useState<string | null>(null);
  const { customers, selectOrders } = useListCustomers();
  const { page, setPage, pages, items: orders, setItems: setOrders, loading, refresh } = usePagedList(listOrderQueue, selectOrders);
  const column = useOrderColumns();
  // Later columns (verification, filters) go here; the phone card follows each column's `card` slot.
  const columns = useMemo(
    () => [
      column.id<OrderDto>(),
      column.date<OrderDto>(),
      column.product<OrderDto>(),
      column.amount<OrderDto>((order) => order.data.amount),
      column.status<OrderDto>(),
      {
        key: 'verification',
        header: t('sms:verification.title'),
        cell: (order: OrderDto) => <VerificationBadge order={order} />,
        card: { slot: 'line' as const },
      },
      // Who holds the order (issue 20); the row's Claim / Release sits beside it.
      {
        key: 'assignee',
        header: t('orders:claims.holder'),
        cell: (order: OrderDto) => <AssigneeName order={order} />,
        card: { slot: 'line' as const, render: (order: OrderDto) => <AssigneeName order={order} labelled /> },
      },
    ],
    [column, t],
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

  // Verified pending orders: one click completes each (issue 9 rule 3).
  const ready = (orders ?? []).filter((order) => order.status === 'pending' && order.verification?.status === 'verified');
  const completeVerified = async (order: OrderDto) => {
    setCompleting(order.id);
    try {
      const answer = await completeOrder(order.id);
      if (!answer.ok) showError(answer, 'errors.orderUpdate');
      else {
        showSuccess('orders:queue.completed');
        applyUpdate(answer.order);
      }
    } catch (error) {
      showError(error);
    } finally {
      setCompleting(null);
    }
  };

  return (
    <Stack gap="md">
      <OrderListHeader title={title} loading={loading} onRefresh={() => void refresh()} />
      {ready.length > 0 ? (
        <Card withBorder radius="md" p="sm" bg="green.0" data-testid="verified-ready">
          <Stack gap="xs">
            {ready.map((order) => (
              <Group key={order.id} justify="space-between" wrap="wrap" gap="xs">
                <Group gap="xs" wrap="nowrap">
                  <VerificationBadge order={order} />
                  <Text ff="monospace" fw={600} size="sm">
                    {shortOrderId(order.id)}
                  </Text>
                </Group>
                <Button size="xs" color="green" loading={completing === order.id} disabled={completing !== null} onClick={() => void completeVerified(order)}>
                  {t('sms:verification.completeNow')}
                </Button>
              </Group>
            ))}
          </Stack>
        </Card>
      ) : null}
      <AdminOrderList
        orders={orders}
        columns={columns}
        customers={customers}
        empty={t('queue.empty')}
        page={page}
        pages={pages}
        onPage={setPage}
        onDone={applyUpdate}
        claims
      />
    </Stack>
  );
}
