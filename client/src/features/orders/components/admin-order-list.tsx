// The admin's order lists (the live queue and the history): the table, its pages, and the detail popup a row opens,
// with the customers the list answers carry beside the orders.
import { Card, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OrderDto } from '#shared/api-types';
import type { OrderCustomerDto } from '#shared/order-filters';
import { shortOrderId } from '../../../components/order-columns';
import { OrderTable, type OrderColumn } from '../../../components/order-table';
import { PagePicker } from '../../../components/page-picker';
import { updateQueries, useErrorToast, usePagedQuery } from '../../../lib/query';
import type { AdminOrderList } from '../api/admin-orders';
import { ClaimAction } from './order-claim';
import { OrderDetailModal } from './order-detail-modal';

/**
 * A page of an admin order list (its query) with the customers of every page answered so far: a pushed order of a
 * customer the shown page does not carry still finds its customer.
 */
export function useAdminOrderPage<A extends AdminOrderList, K extends QueryKey>(
  options: (page: number) => UseQueryOptions<A, Error, A, K>,
) {
  const list = usePagedQuery(options);
  useErrorToast(list.query.error);
  const answered = list.query.data?.customers;
  const [customers, setCustomers] = useState<Record<string, OrderCustomerDto>>({});
  const [merged, setMerged] = useState(answered);
  if (answered !== merged) {
    setMerged(answered);
    if (answered) setCustomers((known) => ({ ...known, ...answered }));
  }
  const orders = list.query.data?.orders ?? (list.query.isError ? [] : null);
  return { ...list, orders, customers };
}

/** A changed order onto the cached lists under `key`: `keep` says whether it stays in them (the queue drops done ones). */
export function applyAdminOrder(key: QueryKey, order: OrderDto, keep: (order: OrderDto) => boolean = () => true): void {
  void updateQueries<AdminOrderList>(key, (list) => ({
    ...list,
    orders: keep(order)
      ? list.orders.map((row) => (row.id === order.id ? order : row))
      : list.orders.filter((row) => row.id !== order.id),
  }));
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
  /** Rows carry Claim / Release (the live queue). */
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
          rowAction={
            claims
              ? { header: t('claims.action'), render: (order) => <ClaimAction order={order} onDone={onDone} /> }
              : undefined
          }
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
