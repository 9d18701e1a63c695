// The one order list of the app: a table from `sm` up, one card per order on phones, both built from the same
// column list. Pages pick columns (see order-columns.tsx) and may add their own.
import { Box, Center, Group, Loader, Stack, Table, Text, UnstyledButton, type TableTdProps } from '@mantine/core';
import { Fragment, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from '../styles/text.module.css';

/**
 * Where a column shows in a phone card:
 * - `title` / `titleEnd`: first line, left and right (id or product; amount or status);
 * - `line`: a line of its own below the title;
 * - `meta`: the small grey line, values joined by ' · ' (after an optional `lead`, e.g. an avatar);
 * - `metaEnd`: right of the grey line (usually the status badge);
 * - `last`: a line of its own under everything (the customer's whole order id).
 * A column without `card` shows in the table only.
 */
export type OrderCardSlot = 'title' | 'titleEnd' | 'line' | 'meta' | 'metaEnd' | 'last';

export interface OrderColumn<Row> {
  /** React key, and the name a page uses to find, replace or drop a column. */
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  align?: 'left' | 'right';
  /** Figures that line up and never wrap: dates, amounts. */
  numeric?: boolean;
  td?: TableTdProps;
  /**
   * Place in the phone card. `render` when the card needs another form than the cell (plain text takes the slot's
   * look); `lead` goes before the grey line (an avatar); `order` sorts within a slot (default: the column order).
   */
  card?: { slot: OrderCardSlot; render?: (row: Row) => ReactNode; lead?: (row: Row) => ReactNode; order?: number };
}

export interface OrderTableProps<Row> {
  /** `null` while the first page loads. */
  rows: readonly Row[] | null;
  columns: readonly OrderColumn<Row>[];
  rowKey: (row: Row, index: number) => string;
  /** Shown instead of the table when there are no rows. */
  empty: ReactNode;
  /** The table scrolls sideways below this width instead of squeezing its columns. */
  minWidth: number;
  /** Makes each row (and card) one button that opens the order: click, Enter or Space. */
  onOpen?: (row: Row) => void;
  /** Accessible name of an openable row, e.g. 'Open order 4Xb1…'. */
  openLabel?: (row: Row) => string;
  /** Zebra rows (read-only lists) instead of highlighting the row under the pointer. */
  striped?: boolean;
  /** Tighter rows, for a table inside a detail page. */
  compact?: boolean;
  /**
   * A control of the row's own (the queue's Claim / Release), beside the row rather than inside it: a
   * button never sits inside another. With it, the row opens by a click anywhere and by its first cell's button.
   */
  rowAction?: { header: string; render: (row: Row) => ReactNode };
}

export const NUMERIC_STYLE: CSSProperties = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' };
const CARD_DIVIDER = '1px solid var(--mantine-color-gray-2)';

function inSlot<Row>(columns: readonly OrderColumn<Row>[], slot: OrderCardSlot) {
  return columns
    .filter((column) => column.card?.slot === slot)
    .sort((a, b) => (a.card?.order ?? 0) - (b.card?.order ?? 0));
}

function cardValue<Row>(column: OrderColumn<Row>, row: Row): ReactNode {
  return (column.card?.render ?? column.cell)(row);
}

/** Plain text takes the slot's look; a component (link, badge) keeps its own. */
function styled(value: ReactNode, slot: OrderCardSlot, key: string): ReactNode {
  if (typeof value !== 'string') return <Fragment key={key}>{value}</Fragment>;
  if (slot === 'title') {
    return (
      <Text key={key} fw={600} size="sm">
        {value}
      </Text>
    );
  }
  if (slot === 'titleEnd') {
    return (
      <Text key={key} fw={700} style={NUMERIC_STYLE}>
        {value}
      </Text>
    );
  }
  return (
    <Text key={key} size="sm">
      {value}
    </Text>
  );
}

function OrderCard<Row>({ row, columns }: { row: Row; columns: readonly OrderColumn<Row>[] }) {
  const title = inSlot(columns, 'title');
  const titleEnd = inSlot(columns, 'titleEnd');
  const lines = inSlot(columns, 'line');
  const meta = inSlot(columns, 'meta');
  const metaEnd = inSlot(columns, 'metaEnd');
  const last = inSlot(columns, 'last');
  const leads = meta
    .filter((column) => column.card?.lead)
    .map((column) => <Fragment key={column.key}>{column.card?.lead?.(row)}</Fragment>);
  return (
    <>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        {title.map((column) => styled(cardValue(column, row), 'title', column.key))}
        {titleEnd.map((column) => styled(cardValue(column, row), 'titleEnd', column.key))}
      </Group>
      {lines.map((column) => styled(cardValue(column, row), 'line', column.key))}
      {meta.length + metaEnd.length > 0 ? (
        // Right under the lines; a little apart from the title when it follows it directly.
        <Group justify="space-between" wrap="nowrap" gap="xs" mt={lines.length ? 0 : 4}>
          <Group gap={6} wrap="nowrap" miw={0}>
            {leads}
            <Text size="xs" c="dimmed" className={`${classes.tabular} ${classes.anywhere}`}>
              {meta.map((column, index) => (
                <span key={column.key}>
                  {index ? ' · ' : null}
                  {cardValue(column, row)}
                </span>
              ))}
            </Text>
          </Group>
          {metaEnd.map((column) => styled(cardValue(column, row), 'metaEnd', column.key))}
        </Group>
      ) : null}
      {last.map((column) => styled(cardValue(column, row), 'last', column.key))}
    </>
  );
}

function openOnKey(event: KeyboardEvent, open: () => void) {
  if (event.key !== 'Enter' && event.key !== ' ') return;
  event.preventDefault();
  open();
}

export function OrderTable<Row>({
  rows,
  columns,
  rowKey,
  empty,
  minWidth,
  onOpen,
  openLabel,
  striped = false,
  compact = false,
  rowAction,
}: OrderTableProps<Row>) {
  const { t } = useTranslation('orders');
  if (rows === null) {
    return (
      <Center py="xl">
        <Loader aria-label={t('loading')} />
      </Center>
    );
  }
  if (rows.length === 0) return <>{empty}</>;

  return (
    <>
      {/* Phones: one block per order, so the status is never scrolled out of view. */}
      <Stack gap={0} hiddenFrom="sm">
        {rows.map((row, index) => {
          const style: CSSProperties = { borderTop: index ? CARD_DIVIDER : undefined };
          const card = <OrderCard row={row} columns={columns} />;
          if (onOpen && rowAction) {
            return (
              <Group key={rowKey(row, index)} wrap="nowrap" gap={0} align="stretch" style={style}>
                <UnstyledButton
                  onClick={() => onOpen(row)}
                  aria-label={openLabel?.(row)}
                  px="md"
                  py="sm"
                  flex={1}
                  miw={0}
                  mih={56}
                >
                  {card}
                </UnstyledButton>
                <Center pr="md">{rowAction.render(row)}</Center>
              </Group>
            );
          }
          return onOpen ? (
            <UnstyledButton
              key={rowKey(row, index)}
              onClick={() => onOpen(row)}
              aria-label={openLabel?.(row)}
              px="md"
              py="sm"
              mih={56}
              style={style}
            >
              {card}
            </UnstyledButton>
          ) : (
            <Box key={rowKey(row, index)} px="md" py="sm" style={style}>
              {card}
            </Box>
          );
        })}
      </Stack>
      <Box visibleFrom="sm">
        <Table.ScrollContainer minWidth={minWidth}>
          <Table
            verticalSpacing={compact ? 'xs' : 'sm'}
            horizontalSpacing={compact ? 'xs' : 'md'}
            striped={striped}
            highlightOnHover={!striped}
          >
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th key={column.key} ta={column.align}>
                    {column.header}
                  </Table.Th>
                ))}
                {rowAction ? <Table.Th>{rowAction.header}</Table.Th> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, index) => (
                <Table.Tr
                  key={rowKey(row, index)}
                  {...(onOpen && rowAction
                    ? { onClick: () => onOpen(row), style: { cursor: 'pointer' } }
                    : onOpen
                      ? {
                          onClick: () => onOpen(row),
                          onKeyDown: (event: KeyboardEvent) => openOnKey(event, () => onOpen(row)),
                          tabIndex: 0,
                          role: 'button',
                          'aria-label': openLabel?.(row),
                          style: { cursor: 'pointer' },
                        }
                      : {})}
                >
                  {columns.map((column, columnIndex) => (
                    <Table.Td
                      key={column.key}
                      ta={column.align}
                      {...column.td}
                      style={column.numeric ? NUMERIC_STYLE : undefined}
                    >
                      {onOpen && rowAction && columnIndex === 0 ? (
                        <UnstyledButton
                          aria-label={openLabel?.(row)}
                          onClick={(event) => {
                            event.stopPropagation();
                            onOpen(row);
                          }}
                        >
                          {column.cell(row)}
                        </UnstyledButton>
                      ) : (
                        column.cell(row)
                      )}
                    </Table.Td>
                  ))}
                  {rowAction ? (
                    <Table.Td onClick={(event) => event.stopPropagation()}>{rowAction.render(row)}</Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Box>
    </>
  );
}
