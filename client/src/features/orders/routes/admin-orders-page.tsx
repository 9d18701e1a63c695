import { Group, Stack, Tabs } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { isAdminOrderDto, type OrderDto, type OrderView } from '#shared/api-types';
import { isInAdminQueue } from '#shared/order-view';
import { useOrderColumns } from '../../../components/order-columns';
import { OrderStatusBadge } from '../../../components/order-status-badge';
import { refreshQueries, updateQueries } from '../../../lib/query';
import { useSocketEvent } from '../../../lib/socket';
import { orderQueueQuery, type AdminOrderList as AdminOrderListAnswer } from '../api/admin-orders';
import { orderKeys } from '../api/orders-api';
import { AdminOrderList, applyAdminOrder, useAdminOrderPage } from '../components/admin-order-list';
import { VerificationBadge } from '../components/verification-badge';
import { AssigneeName } from '../components/order-claim';
import { OrderHistory } from '../components/order-history';
import { OrderListHeader } from '../components/order-list-header';
import { VerifiedReady } from '../components/verified-ready';
import {
  inQueueView,
  OrderAge,
  OrderWallet,
  QueueViewChips,
  useNowSeconds,
  useQueueView,
} from '../components/queue-views';

const inQueue = (order: OrderDto) => isInAdminQueue(order);

/**
 * /admin and /admin/orders — tab Queue: the orders awaiting action, live; tab All orders: the history with filters,
 * search and CSV. A row opens the order's detail popup.
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
  const now = useNowSeconds();
  const [view, setView] = useQueueView();
  // The phone card follows each column's `card` slot. The order's age rather than its date: the queue asks what is
  // late (decision 318).
  const columns = useMemo(
    () => [
      column.id<OrderDto>(),
      column.product<OrderDto>(),
      column.amount<OrderDto>((order) => order.data.amount),
      {
        key: 'wallet',
        header: t('orders:queue.walletHeader'),
        cell: (order: OrderDto) => <OrderWallet order={order} />,
        card: { slot: 'line' as const },
      },
      // The status with how long the order has waited under it (its date on hover), red after 10 minutes.
      {
        key: 'status',
        header: t('orders:queue.age.statusHeader'),
        cell: (order: OrderDto) => (
          <Stack gap={2} align="flex-start">
            <OrderStatusBadge status={order.status} />
            <OrderAge order={order} now={now} />
          </Stack>
        ),
        card: {
          slot: 'metaEnd' as const,
          render: (order: OrderDto) => (
            <Group gap={6} wrap="nowrap">
              <OrderAge order={order} now={now} />
              <OrderStatusBadge status={order.status} size="md" />
            </Group>
          ),
        },
      },
      {
        key: 'verification',
        header: t('sms:verification.title'),
        cell: (order: OrderDto) => <VerificationBadge order={order} />,
        card: { slot: 'line' as const },
      },
      // Who holds the order; the row's Claim / Release sits beside it.
      {
        key: 'assignee',
        header: t('orders:claims.holder'),
        cell: (order: OrderDto) => <AssigneeName order={order} />,
        card: { slot: 'line' as const, render: (order: OrderDto) => <AssigneeName order={order} labelled /> },
      },
    ],
    [column, t, now],
  );
  const shown = (orders ?? []).filter((order) => inQueueView(view, order, now));

  // The admins' room gets the full view; a public one (the admin's own order as its owner) is not for the queue.
  const applyUpdate = (order: OrderView) => {
    if (isAdminOrderDto(order)) applyAdminOrder(orderKeys.queues(), order, inQueue);
  };
  useSocketEvent('order:updated', applyUpdate);
  useSocketEvent('order:created', (order) => {
    if (!isAdminOrderDto(order) || !inQueue(order)) return;
    void updateQueries<AdminOrderListAnswer>(orderKeys.queue(1), (list) =>
      list.orders.some((row) => row.id === order.id) ? list : { ...list, orders: [order, ...list.orders] },
    );
  });

  return (
    <Stack gap="md">
      <OrderListHeader
        title={title}
        loading={query.isFetching}
        onRefresh={() => void refreshQueries(orderKeys.queues())}
      />
      <VerifiedReady orders={orders ?? []} onDone={applyUpdate} />
      <QueueViewChips view={view} onChange={setView} orders={orders ?? []} now={now} />
      <AdminOrderList
        orders={orders ? shown : orders}
        columns={columns}
        customers={customers}
        empty={view === 'all' ? t('queue.empty') : t('queue.views.empty')}
        page={page}
        pages={pages}
        onPage={setPage}
        onDone={applyUpdate}
        claims
      />
    </Stack>
  );
}
