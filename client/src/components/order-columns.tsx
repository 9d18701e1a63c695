// Columns every order list shares (id, date, product, amount, status), bound to the UI language. A page lists the
// ones it shows, in order, and may add its own `OrderColumn`s beside them.
import { Anchor, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { OrderStatus } from '#shared/order-status';
import { useFormat } from '../lib/format';
import { useProductName } from '../i18n/labels';
import { OrderStatusBadge } from './order-status-badge';
import { NUMERIC_STYLE, type OrderCardSlot, type OrderColumn } from './order-table';

/** Lists show the first 10 characters of an order id; the order page shows it whole. */
export const shortOrderId = (id: string) => id.slice(0, 10);

export function useOrderColumns() {
  const { t } = useTranslation('orders');
  const format = useFormat();
  const productName = useProductName();

  return useMemo(
    () => ({
      /**
       * The order id, as a link to the order page when `href` is given (`size` 'sm' in a compact table). Lists show
       * its first 10 characters (product.md §7.1, the admin table); `full` shows all of it (the customer's own orders).
       */
      id: <Row extends { id: string }>({
        href,
        card = 'title',
        size,
        full = false,
      }: { href?: (row: Row) => string; card?: OrderCardSlot; size?: 'sm'; full?: boolean } = {}): OrderColumn<Row> => {
        const shown = (row: Row) => (full ? row.id : shortOrderId(row.id));
        // A whole id is never broken: it stays on one line, last in a phone card, in a smaller
        // size there so 22 characters fit 360 px.
        const wrap = full ? { whiteSpace: 'nowrap' as const } : undefined;
        return {
          key: 'id',
          header: t('table.id'),
          cell: (row) =>
            href ? (
              <Anchor component={Link} to={href(row)} ff="monospace" fw={600} size={size} style={wrap}>
                {shown(row)}
              </Anchor>
            ) : (
              shown(row)
            ),
          td: href ? undefined : { ff: 'monospace', fw: 600 },
          card: {
            slot: card,
            render: (row) =>
              href ? (
                <Anchor
                  component={Link}
                  to={href(row)}
                  ff="monospace"
                  fw={600}
                  py={6}
                  size={full ? 'xs' : undefined}
                  style={wrap}
                >
                  {shown(row)}
                </Anchor>
              ) : (
                <Text ff="monospace" fw={600} size="sm" style={wrap}>
                  {shown(row)}
                </Text>
              ),
          },
        };
      },

      date: <Row extends { created_at: number }>({
        card = 'meta',
      }: { card?: OrderCardSlot } = {}): OrderColumn<Row> => ({
        key: 'date',
        header: t('table.date'),
        cell: (row) => format.date(row.created_at),
        numeric: true,
        // Last on the grey line: 'product · date', 'name · date'.
        card: { slot: card, order: 1 },
      }),

      product: <Row extends { product_id: string }>({
        card = 'meta',
        strong = false,
      }: { card?: OrderCardSlot; strong?: boolean } = {}): OrderColumn<Row> => ({
        key: 'product',
        header: t('table.product'),
        cell: (row) => productName(row.product_id),
        td: strong ? { fw: 600 } : undefined,
        card: { slot: card },
      }),

      /** Money in the product's currency (USD products in USD), right-aligned and bold; `cardSize` 'sm' beside a small title. */
      amount: <Row extends { product_id: string }>(
        amountOf: (row: Row) => number | string,
        { card = 'titleEnd', cardSize }: { card?: OrderCardSlot; cardSize?: 'sm' } = {},
      ): OrderColumn<Row> => ({
        key: 'amount',
        header: t('table.amount'),
        cell: (row) => format.productMoney(amountOf(row), row.product_id),
        align: 'right',
        numeric: true,
        td: { fw: 700 },
        card: {
          slot: card,
          render: cardSize
            ? (row) => (
                <Text fw={700} size={cardSize} style={NUMERIC_STYLE}>
                  {format.productMoney(amountOf(row), row.product_id)}
                </Text>
              )
            : undefined,
        },
      }),

      /** The list-level status badge (product.md §7.2: icon, colour and label of the status group). */
      status: <Row extends { status: OrderStatus }>({
        card = 'metaEnd',
      }: { card?: OrderCardSlot } = {}): OrderColumn<Row> => ({
        key: 'status',
        header: t('table.status'),
        cell: (row) => <OrderStatusBadge status={row.status} />,
        card: { slot: card, render: (row) => <OrderStatusBadge status={row.status} size="md" /> },
      }),
    }),
    [t, format, productName],
  );
}
