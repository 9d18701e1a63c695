import { Button, Card, Group, Stack, Tabs, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { isAdminOrderDto, type OrderDto, type OrderView } from '#shared/api-types';
import { isInAdminQueue } from '#shared/order-view';
import { shortOrderId, useOrderColumns } from '../../../components/order-columns';
import { showSuccess } from '../../../lib/notify';
import { refreshQueries, updateQueries } from '../../../lib/query';
import { useSocketEvent } from '../../../lib/socket';
import { useSubmit } from '../../../lib/use-submit';
import { completeOrder, orderQueueQuery, type AdminOrderList as AdminOrderListAnswer } from '../api/admin-orders';
import { orderKeys } from '../api/orders-api';
import { AdminOrderList, applyAdminOrder, useAdminOrderPage } from '../components/admin-order-list';
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
  const { pages, page, setPage, orders, customers, query } = useAdminOrderPage(orderQueueQuery);
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
  const applyUpdate = (order: OrderView) => {
    if (isAdminOrderDto(order)) applyAdminOrder(orderKeys.queues(), order, inQueue);
  };
  useSocketEvent('order:updated', applyUpdate);
  useSocketEvent('order:created', (order) => {
    if (!isAdminOrderDto(order) || !inQueue(order)) return;
    void updateQueries<AdminOrderListAnswer>(orderKeys.queue(1), (list) => (list.orders.some((row) => row.id === order.id) ? list : { ...list, orders: [order, ...list.orders] }));
  });

  // Verified pending orders: one click completes each (issue 9 rule 3).
  const ready = (orders ?? []).filter((order) => order.status === 'pending' && order.verification?.status === 'verified');
  const [completing, setCompleting] = useState<string | null>(null);
  const { submit: complete } = useSubmit({
    send: (id: string) => completeOrder(id),
    fallbackKey: 'errors.orderUpdate',
    onDone: (answer) => {
      showSuccess('orders:queue.completed');
      applyUpdate(answer.order);
    },
  });
  const completeVerified = async (order: OrderDto) => {
    setCompleting(order.id);
    await complete(order.id);
    setCompleting(null);
  };

  return (
    <Stack gap="md">
      <OrderListHeader title={title} loading={query.isFetching} onRefresh={() => void refreshQueries(orderKeys.queues())} />
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
