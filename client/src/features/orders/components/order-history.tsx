import { Badge, Button, Card, Collapse, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconDownload, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderDto } from '#shared/api-types';
import { PRODUCT_IDS, WALLETS } from '#shared/constants';
import { DAY_SECONDS, DHAKA_OFFSET_MS, dhakaDate } from '#shared/dhaka';
import { ORDER_STATUSES } from '#shared/order-status';
import { useOrderColumns } from '../../../components/order-columns';
import { useProductName, useWalletName } from '../../../i18n/labels';
import { parseDay, useFormat } from '../../../lib/format';
import { showError } from '../../../lib/notify';
import { useIsAdmin } from '../../../lib/session';
import { downloadOrdersCsv, orderHistoryQuery, type OrderHistoryFilter } from '../api/admin-orders';
import { orderKeys } from '../api/orders-api';
import { AdminOrderList, applyAdminOrder, useAdminOrderPage } from './admin-order-list';

/** `YYYY-MM-DD` (a Dhaka day) → unix seconds of its first second. */
const dayStart = (day: string) =>
  day ? Math.floor((Date.parse(`${day}T00:00:00Z`) - DHAKA_OFFSET_MS) / 1000) : undefined;

/** Below this width the filters fold under one button (compact on a phone). */
const PHONE_QUERY = '(max-width: 47.99em)';

/**
 * A day typed as DD/MM/YYYY (the shop's one way to write a day; Bengali digits too), with the error shown
 * beside the field; the filter takes the day only once it is a real one.
 */
function DayInput({
  label,
  value,
  onChange,
  testId,
}: {
  label: string;
  value: string;
  onChange: (text: string) => void;
  testId: string;
}) {
  const { t } = useTranslation('console');
  const parsed = parseDay(value);
  return (
    <TextInput
      label={label}
      placeholder={t('history.dayPlaceholder')}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={parsed === null ? t('history.dayInvalid') : undefined}
      inputMode="numeric"
      autoComplete="off"
      maxLength={10}
      data-testid={testId}
    />
  );
}

/** The "All orders" tab: every order, filtered server-side, searchable, exportable as CSV. */
export function OrderHistory({ initialSearch = '' }: { initialSearch?: string }) {
  const { t } = useTranslation('console');
  const { t: to } = useTranslation('orders');
  const productName = useProductName();
  const walletName = useWalletName();
  const column = useOrderColumns();
  const format = useFormat();
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [status, setStatus] = useState('all');
  const [product, setProduct] = useState('');
  const [method, setMethod] = useState('');
  const [fromDay, setFromDay] = useState('');
  const [toDay, setToDay] = useState('');
  const [verified, setVerified] = useState('');
  const [search, setSearch] = useState(initialSearch);
  const [q] = useDebouncedValue(search, 300);
  const canExport = useIsAdmin();
  const [exporting, setExporting] = useState(false);

  const filter: OrderHistoryFilter = useMemo(() => {
    const end = dayStart(parseDay(toDay) ?? '');
    return {
      status,
      product,
      method,
      from: dayStart(parseDay(fromDay) ?? ''),
      to: end === undefined ? undefined : end + DAY_SECONDS - 1,
      q,
      verified,
    };
  }, [status, product, method, fromDay, toDay, q, verified]);
  // How many filters are set: the folded filters say so on their button.
  const active = [status !== 'all', product, method, verified, parseDay(fromDay), parseDay(toDay)].filter(
    Boolean,
  ).length;
  const { page, setPage, pages, orders, customers } = useAdminOrderPage(
    useMemo(() => orderHistoryQuery(filter), [filter]),
  );
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
  const change = (set: (value: string) => void) => (value: string | null) => {
    set(value ?? '');
    setPage(1);
  };
  const exportCsv = async () => {
    setExporting(true);
    const failed = await downloadOrdersCsv(filter, `orders-${dhakaDate(new Date())}.csv`);
    setExporting(false);
    if (failed) showError(failed);
  };

  return (
    <Stack gap="md">
      <Card withBorder radius="md" p="sm">
        <Stack gap="sm">
          <TextInput
            leftSection={<IconSearch size={16} />}
            label={t('history.search')}
            placeholder={t('history.searchPlaceholder')}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
            data-testid="history-search"
          />
          {phone ? (
            <Button
              variant="default"
              leftSection={<IconAdjustmentsHorizontal size={16} />}
              rightSection={
                active > 0 ? (
                  <Badge size="sm" circle>
                    {format.number(active)}
                  </Badge>
                ) : null
              }
              onClick={() => setFiltersOpen((open) => !open)}
              aria-expanded={filtersOpen}
              aria-controls="history-filters"
              data-testid="history-filters-toggle"
            >
              {filtersOpen ? t('history.hideFilters') : t('history.showFilters')}
            </Button>
          ) : null}
          <Collapse expanded={!phone || filtersOpen} id="history-filters">
            <SimpleGrid
              cols={{ base: 2, sm: 3, xl: 6 }}
              spacing="sm"
              verticalSpacing="xs"
              data-testid="history-filters"
            >
              <Select
                label={t('history.status')}
                data={[
                  { value: 'all', label: t('history.statusAll') },
                  ...ORDER_STATUSES.map((value) => ({ value, label: to(`status.${value}`) })),
                ]}
                value={status}
                onChange={change(setStatus)}
                allowDeselect={false}
              />
              <Select
                label={t('history.product')}
                data={[
                  { value: '', label: t('history.productAll') },
                  ...PRODUCT_IDS.map((value) => ({ value, label: productName(value) })),
                ]}
                value={product}
                onChange={change(setProduct)}
                allowDeselect={false}
              />
              <Select
                label={t('history.method')}
                data={[
                  { value: '', label: t('history.methodAll') },
                  ...WALLETS.map((value) => ({ value, label: walletName(value) })),
                ]}
                value={method}
                onChange={change(setMethod)}
                allowDeselect={false}
              />
              <Select
                label={t('verifiedFilter.label')}
                data={[
                  { value: '', label: t('verifiedFilter.any') },
                  { value: 'true', label: t('verifiedFilter.verified') },
                  { value: 'hand', label: t('verifiedFilter.hand') },
                  { value: 'false', label: t('verifiedFilter.unverified') },
                ]}
                value={verified}
                onChange={change(setVerified)}
                allowDeselect={false}
              />
              <DayInput label={t('history.from')} value={fromDay} onChange={change(setFromDay)} testId="history-from" />
              <DayInput label={t('history.to')} value={toDay} onChange={change(setToDay)} testId="history-to" />
            </SimpleGrid>
          </Collapse>
          <Group justify="space-between" gap="sm">
            <Button
              variant="subtle"
              onClick={() => {
                setStatus('all');
                setProduct('');
                setMethod('');
                setVerified('');
                setFromDay('');
                setToDay('');
                setSearch('');
                setPage(1);
              }}
            >
              {t('history.clear')}
            </Button>
            {/* CSV exports are the admins': an operator's would be refused. */}
            {canExport ? (
              <Button
                leftSection={<IconDownload size={16} />}
                variant="light"
                loading={exporting}
                onClick={() => void exportCsv()}
              >
                {t('history.csv')}
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Card>
      <AdminOrderList
        orders={orders}
        columns={columns}
        customers={customers}
        empty={t('history.empty')}
        page={page}
        pages={pages}
        onPage={setPage}
        onDone={(order) => applyAdminOrder(orderKeys.histories(), order)}
      />
    </Stack>
  );
}
