import { Button, Card, Group, Stack, Tabs, Text } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderDto } from '#shared/api-types';
import type { OrderCustomerDto } from '#shared/order-filters';
import { isInAdminQueue } from '#shared/order-view';
import { shortOrderId, useOrderColumns } from '../../../components/order-columns';
import { OrderTable } from '../../../components/order-table';
import { PagePicker } from '../../../components/page-picker';
import { useSocketEvent } from '../../../lib/socket';
import { usePagedList } from '../../../lib/use-paged-list';
import { showError, showSuccess } from '../../../lib/notify';
import { completeOrder, listOrderQueue, type AdminOrderList } from '../api/admin-orders';
import { VerificationBadge } from '../components/verification-badge';
import { OrderDetailModal } from '../components/order-detail-modal';
import { OrderHistory } from '../components/order-history';
import { OrderListHeader } from '../components/order-list-header';

const inQueue = (order: OrderDto) => isInAdminQueue(order);
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
  const { t } = useTranslation(['orders', 'sms']);
  const [completing, setCompleting] = useState<string | null>(null);
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
      {
        key: 'verification',
        header: t('sms:verification.title'),
        cell: (order: OrderDto) => <VerificationBadge order={order} />,
        card: { slot: 'line' as const },
      },
    ],
    [column, t],
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
