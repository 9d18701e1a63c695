// The admin's order lists (the live queue and the history): the table, its pages, and the detail popup a row opens,
// with the customers the list answers carry beside the orders (issue 10).
import { Card, Text } from '@mantine/core';
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderDto } from '#shared/api-types';
import type { OrderCustomerDto } from '#shared/order-filters';
import { shortOrderId } from '../../../components/order-columns';
import { OrderTable, type OrderColumn } from '../../../components/order-table';
import { PagePicker } from '../../../components/page-picker';
import type { AdminOrderList } from '../api/admin-orders';
import { ClaimAction } from './order-claim';
import { OrderDetailModal } from './order-detail-modal';

/** The customers of every page loaded so far, and the list answer's orders for `usePagedList`. */
export function useListCustomers() {
  const [customers, setCustomers] = useState<Record<string, OrderCustomerDto>>({});
  const selectOrders = useCallback((answer: AdminOrderList) => {
    setCustomers((known) => ({ ...known, ...answer.customers }));
    return answer.orders;
  }, []);
  return { customers, selectOrders };
}

const orderKey = (order: OrderDto) => order.id;

export function AdminOrderList({
  orders,
  columns,
  customers,
  empty,
  page,
  pages,
  onPage,
  onDone,
  claims = false,
}: {
  orders: OrderDto[] | null;
  columns: OrderColumn<OrderDto>[];
  customers: Record<string, OrderCustomerDto>;
  empty: ReactNode;
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** An admin command in the popup changed the order. */
  onDone: (order: OrderDto) => void;
  /** Rows carry Claim / Release (the live queue, issue 20). */
  claims?: boolean;
}) {
  const { t } = useTranslation('orders');
  const [openId, setOpenId] = useState<string | null>(null);
  const opened = orders?.find((order) => order.id === openId) ?? null;
  return (
    <>
      <Card withBorder radius="md" p={0}>
        <OrderTable
          rows={orders}
          columns={columns}
          rowKey={orderKey}
          minWidth={620}
          onOpen={(order) => setOpenId(order.id)}
          openLabel={(order) => t('queue.open', { id: shortOrderId(order.id) })}
          rowAction={claims ? { header: t('claims.action'), render: (order) => <ClaimAction order={order} onDone={onDone} /> } : undefined}
          empty={
            <Text ta="center" c="dimmed" py="xl">
              {empty}
            </Text>
          }
        />
      </Card>
      <PagePicker page={page} pages={pages} onChange={onPage} />
      <OrderDetailModal
        order={opened}
        customer={opened?.user_id ? customers[opened.user_id] : undefined}
        onClose={() => setOpenId(null)}
        onChanged={onDone}
        onDone={(order) => {
          onDone(order);
          setOpenId(null);
        }}
      />
    </>
  );
}
