import { Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderDto } from '#shared/api-types';
import { PRODUCT_IDS, WALLETS } from '#shared/constants';
import { DAY_SECONDS, DHAKA_OFFSET_MS, dhakaDate } from '#shared/dhaka';
import type { OrderCustomerDto } from '#shared/order-filters';
import { ORDER_STATUSES } from '#shared/order-status';
import { shortOrderId, useOrderColumns } from '../../../components/order-columns';
import { OrderTable } from '../../../components/order-table';
import { PagePicker } from '../../../components/page-picker';
import { useProductName, useWalletName } from '../../../i18n/labels';
import { showError } from '../../../lib/notify';
import { usePagedList } from '../../../lib/use-paged-list';
import { downloadOrdersCsv, listOrderHistory, type AdminOrderList, type OrderHistoryFilter } from '../api/admin-orders';
import { OrderDetailModal } from './order-detail-modal';

/** `YYYY-MM-DD` (a Dhaka day) → unix seconds of its first second. */
const dayStart = (day: string) => (day ? Math.floor((Date.parse(`${day}T00:00:00Z`) - DHAKA_OFFSET_MS) / 1000) : undefined);
const orderKey = (order: OrderDto) => order.id;

/** The "All orders" tab (issue 10): every order, filtered server-side, searchable, exportable as CSV. */
export function OrderHistory() {
  const { t } = useTranslation('console');
  const { t: to } = useTranslation('orders');
  const productName = useProductName();
  const walletName = useWalletName();
  const column = useOrderColumns();
  const [status, setStatus] = useState('all');
  const [product, setProduct] = useState('');
  const [method, setMethod] = useState('');
  const [fromDay, setFromDay] = useState('');
  const [toDay, setToDay] = useState('');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 300);
  const [customers, setCustomers] = useState<Record<string, OrderCustomerDto>>({});
  const [openId, setOpenId] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);

  const filter: OrderHistoryFilter = useMemo(() => {
    const end = dayStart(toDay);
    return { status, product, method, from: dayStart(fromDay), to: end === undefined ? undefined : end + DAY_SECONDS - 1, q };
  }, [status, product, method, fromDay, toDay, q]);
  const load = useCallback((page: number) => listOrderHistory(page, filter), [filter]);
  const select = useCallback((answer: AdminOrderList) => {
    setCustomers((known) => ({ ...known, ...answer.customers }));
    return answer.orders;
  }, []);
  const { page, setPage, pages, items: orders, setItems: setOrders } = usePagedList(load, select);
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
  const opened = orders?.find((order) => order.id === openId) ?? null;

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
          <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
            <Select
              label={t('history.status')}
              data={[{ value: 'all', label: t('history.statusAll') }, ...ORDER_STATUSES.map((value) => ({ value, label: to(`status.${value}`) }))]}
              value={status}
              onChange={change(setStatus)}
              allowDeselect={false}
            />
            <Select
              label={t('history.product')}
              data={[{ value: '', label: t('history.productAll') }, ...PRODUCT_IDS.map((value) => ({ value, label: productName(value) }))]}
              value={product}
              onChange={change(setProduct)}
              allowDeselect={false}
            />
            <Select
              label={t('history.method')}
              data={[{ value: '', label: t('history.methodAll') }, ...WALLETS.map((value) => ({ value, label: walletName(value) }))]}
              value={method}
              onChange={change(setMethod)}
              allowDeselect={false}
            />
            <TextInput type="date" label={t('history.from')} value={fromDay} onChange={(event) => change(setFromDay)(event.currentTarget.value)} />
            <TextInput type="date" label={t('history.to')} value={toDay} onChange={(event) => change(setToDay)(event.currentTarget.value)} />
          </SimpleGrid>
          <Group justify="space-between" gap="sm">
            <Button
              variant="subtle"
              onClick={() => {
                setStatus('all');
                setProduct('');
                setMethod('');
                setFromDay('');
                setToDay('');
                setSearch('');
                setPage(1);
              }}
            >
              {t('history.clear')}
            </Button>
            <Button leftSection={<IconDownload size={16} />} variant="light" loading={exporting} onClick={() => void exportCsv()}>
              {t('history.csv')}
            </Button>
          </Group>
        </Stack>
      </Card>
      <Card withBorder radius="md" p={0}>
        <OrderTable
          rows={orders}
          columns={columns}
          rowKey={orderKey}
          minWidth={620}
          onOpen={(order) => setOpenId(order.id)}
          openLabel={(order) => to('queue.open', { id: shortOrderId(order.id) })}
          empty={
            <Text ta="center" c="dimmed" py="xl">
              {t('history.empty')}
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
          setOrders((list) => list?.map((row) => (row.id === order.id ? order : row)) ?? list);
          setOpenId(null);
        }}
      />
    </Stack>
  );
}
