// /admin/books: one Dhaka day's books (decision 290): its checks green or red, each difference linking to the order,
// message, operation or phone behind it; the wallet phones and the orders of the day; a 30-day chart of money in,
// money out and the differences; closing the day (admin), who closed it and when. The charts' styles load with this
// chunk only (decision 063).
import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  List,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCircleCheck, IconDownload, IconLock, IconAlertTriangle } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { isBooksDate, type BookCheckDto, type BookItemDto, type BooksDayDto } from '#shared/books';
import { dhakaDate } from '#shared/dhaka';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config';
import { useFormat } from '../../../lib/format';
import { showError, showSuccess } from '../../../lib/notify';
import { queryClient, useQuery } from '../../../lib/query';
import { useIsAdmin } from '../../../lib/session';
import { booksChartQuery, booksDayQuery, booksKeys, closeBooksDay, downloadBooksCsv } from '../api/books-api';
import { ChartCard } from '../components/stats-charts';
import { useReportFormat } from '../hooks/use-report-format';

const CHECK_KINDS = [
  'topups_paid',
  'topups_delivered',
  'withdrawals_redeemed',
  'withdrawals_paid',
  'cashdesk',
  'phone',
] as const;
type CheckKind = (typeof CHECK_KINDS)[number];
const REASONS = [
  'unclaimed',
  'no_credit',
  'not_chained',
  'gap',
  'no_proof',
  'unproven_debit',
  'no_deposit',
  'no_payout',
  'no_order',
  'drift',
] as const;

/** A check's words: its kind and, after the colon, a currency or a phone's id. */
function useCheckLabel(day: BooksDayDto) {
  const { t } = useTranslation(['reports', 'common']);
  return (name: string) => {
    const [kind, rest = ''] = name.split(/:(.*)/s);
    if (!(CHECK_KINDS as readonly string[]).includes(kind)) return name;
    const phone = day.phones.find((p) => p.device_id === rest);
    const currency = rest === 'USD' || rest === 'BDT' ? t(`common:currency.${rest}`) : rest;
    return t(`reports:books.check.${kind as CheckKind}`, { currency, phone: phone?.name ?? rest });
  };
}

/** Where an item opens: the order in the staff's list, the message in the inbox, the desk, the phones. */
function itemHref(item: BookItemDto): string | null {
  if (item.type === 'order') return `${paths.admin.orders.getHref()}?q=${encodeURIComponent(item.id)}`;
  if (item.type === 'sms')
    return item.ref ? `${paths.admin.sms.getHref()}?q=${encodeURIComponent(item.ref)}` : paths.admin.sms.getHref();
  if (item.type === 'device') return paths.admin.devices.getHref();
  return null;
}

function Items({ check }: { check: BookCheckDto }) {
  const { t } = useTranslation('reports');
  const format = useFormat();
  if (check.items.length === 0) return null;
  return (
    <List size="sm" spacing={2} data-testid="book-items">
      {check.items.map((item) => {
        const href = itemHref(item);
        const reason = (REASONS as readonly string[]).includes(item.reason)
          ? t(`books.reason.${item.reason as (typeof REASONS)[number]}`)
          : item.reason;
        // Order ids and TrxIDs are copied as they are (letters and digits); other ids are numbers in the reader's digits.
        const label = `${t(`books.item.${item.type}`)} ${item.type === 'order' ? item.id.slice(0, 10) : (item.ref ?? format.digits(item.id))}`;
        return (
          <List.Item key={`${item.type}:${item.id}`}>
            {href ? (
              <Anchor component={Link} to={href} size="sm">
                {label}
              </Anchor>
            ) : (
              label
            )}{' '}
            · {reason}
            {item.amount !== null ? ` · ${format.money(item.amount, 'BDT')}` : ''}
          </List.Item>
        );
      })}
      {check.items_total > check.items.length ? (
        <List.Item>{t('books.moreItems', { n: format.number(check.items_total - check.items.length) })}</List.Item>
      ) : null}
    </List>
  );
}

function Checks({ day, checks, title }: { day: BooksDayDto; checks: BookCheckDto[]; title: string }) {
  const { t } = useTranslation('reports');
  const format = useFormat();
  const label = useCheckLabel(day);
  const money = (v: number | null) => (v === null ? t('books.unknown') : format.money(v, 'BDT'));
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={title}>
      <Title order={2} size="h5" mb="sm">
        {title}
      </Title>
      {/* Focusable: on a phone the table scrolls sideways, and a keyboard must reach that too. */}
      <Table.ScrollContainer minWidth={560} type="native" tabIndex={0} aria-label={title}>
        <Table verticalSpacing="xs" data-testid="book-checks">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('books.col.check')}</Table.Th>
              <Table.Th ta="right">{t('books.col.expected')}</Table.Th>
              <Table.Th ta="right">{t('books.col.actual')}</Table.Th>
              <Table.Th ta="right">{t('books.col.difference')}</Table.Th>
              <Table.Th>{t('books.col.state')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {checks.map((c) => (
              <Table.Tr key={c.name} data-check={c.name} data-ok={c.ok}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {label(c.name)}
                  </Text>
                  <Items check={c} />
                </Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {money(c.expected)}
                </Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {money(c.actual)}
                </Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {money(c.difference)}
                </Table.Td>
                <Table.Td>
                  {c.ok ? (
                    <Badge color="teal" variant="light" leftSection={<IconCircleCheck size={14} />}>
                      {t('books.ok')}
                    </Badge>
                  ) : (
                    <Badge color="red" variant="light" leftSection={<IconAlertTriangle size={14} />}>
                      {t('books.notOk')}
                    </Badge>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

function Phones({ day }: { day: BooksDayDto }) {
  const { t } = useTranslation('reports');
  const format = useFormat();
  const money = (v: number | null) => (v === null ? t('books.unknown') : format.money(v, 'BDT'));
  if (day.phones.length === 0) return null;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={t('books.phones')}>
      <Title order={2} size="h5" mb="sm">
        {t('books.phones')}
      </Title>
      <Table.ScrollContainer minWidth={560} type="native" tabIndex={0} aria-label={t('books.phones')}>
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('books.col.phone')}</Table.Th>
              <Table.Th ta="right">{t('books.col.opening')}</Table.Th>
              <Table.Th ta="right">{t('books.col.credits')}</Table.Th>
              <Table.Th ta="right">{t('books.col.debits')}</Table.Th>
              <Table.Th ta="right">{t('books.col.closing')}</Table.Th>
              <Table.Th ta="right">{t('books.col.stated')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {day.phones.map((p) => (
              <Table.Tr key={p.device_id}>
                <Table.Td>
                  {p.name}
                  {p.number ? ` · ${format.wallet(p.number)}` : ''}
                </Table.Td>
                <Table.Td ta="right">{money(p.opening)}</Table.Td>
                <Table.Td ta="right">
                  {money(p.credits.amount)} ({format.number(p.credits.count)})
                </Table.Td>
                <Table.Td ta="right">
                  {money(p.debits.amount + p.debits.fees)} ({format.number(p.debits.count)})
                </Table.Td>
                <Table.Td ta="right">{money(p.closing)}</Table.Td>
                <Table.Td ta="right">{money(p.stated_closing)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

function Summary({ day }: { day: BooksDayDto }) {
  const { t } = useTranslation('reports');
  const format = useFormat();
  const o = day.orders;
  const line = (label: string, value: ReactNode) => (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </Group>
  );
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={t('books.orders')}>
      <Title order={2} size="h5" mb="sm">
        {t('books.orders')}
      </Title>
      <Stack gap={4}>
        {line(t('books.topups', { n: format.number(o.topups.count) }), format.money(o.topups.paid_bdt, 'BDT'))}
        {line(
          t('books.withdrawals', { n: format.number(o.withdrawals.count) }),
          format.money(o.withdrawals.paid_bdt, 'BDT'),
        )}
        {line(t('books.byHand'), format.number(o.by_hand.count))}
        {day.commission?.deposits
          ? line(
              t('books.commissionDeposits', { pct: format.number(day.commission.deposit_pct ?? 0) }),
              format.money(day.commission.deposits.BDT, 'BDT'),
            )
          : null}
        {day.commission?.payouts
          ? line(
              t('books.commissionPayouts', { pct: format.number(day.commission.payout_pct ?? 0) }),
              format.money(day.commission.payouts.BDT, 'BDT'),
            )
          : null}
      </Stack>
    </Card>
  );
}

function Chart({ to }: { to: string }) {
  const { t } = useTranslation('reports');
  const report = useReportFormat();
  const format = useFormat();
  const chart = useQuery(booksChartQuery(to));
  if (!chart.data) return <Skeleton h={260} />;
  const data = chart.data.map((d) => ({
    day: report.day(d.date),
    in: d.money_in,
    out: d.money_out,
    differences: d.differences,
  }));
  return (
    <ChartCard title={t('books.chartTitle')} testId="books-chart">
      <LineChart
        h={240}
        data={data}
        dataKey="day"
        valueFormatter={(v) => format.amount(v)}
        series={[
          { name: 'in', label: t('books.series.in'), color: 'teal.7' },
          { name: 'out', label: t('books.series.out'), color: 'orange.7' },
          { name: 'differences', label: t('books.series.differences'), color: 'red.7' },
        ]}
        withLegend
      />
    </ChartCard>
  );
}

function CloseDay({ day }: { day: BooksDayDto }) {
  const { t } = useTranslation('reports');
  const failing = day.checks.filter((c) => !c.ok);
  const [note, setNote] = useState(() => failing.map((c) => `${c.name}: `).join('\n'));
  const [busy, setBusy] = useState(false);
  const close = async () => {
    setBusy(true);
    const answer = await closeBooksDay(day.date, note);
    setBusy(false);
    if (!answer.ok) return showError(answer);
    showSuccess('reports:books.closedNow');
    void queryClient.invalidateQueries({ queryKey: booksKeys.all });
  };
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={t('books.closeTitle')}>
      <Stack gap="sm">
        <Title order={2} size="h5">
          {t('books.closeTitle')}
        </Title>
        {failing.length > 0 ? (
          <Textarea
            label={t('books.note')}
            description={t('books.noteHint')}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            autosize
            minRows={3}
            maxLength={4000}
          />
        ) : null}
        <Group>
          <Button leftSection={<IconLock size={16} />} loading={busy} onClick={() => void close()}>
            {t('books.close')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** /admin/books?date=YYYY-MM-DD (default today in Dhaka). */
export default function AdminBooksPage() {
  const { t } = useTranslation('reports');
  const format = useFormat();
  const isAdmin = useIsAdmin();
  const [params, setParams] = useSearchParams();
  const today = dhakaDate(new Date());
  const asked = params.get('date');
  const date = asked && isBooksDate(asked) && asked <= today ? asked : today;
  const day = useQuery(booksDayQuery(date));
  const exportCsv = async () => {
    const failed = await downloadBooksCsv(date, date);
    if (failed) showError(failed);
  };
  const data = day.data;
  return (
    <Stack gap="md">
      <PageHeader
        title={t('books.title')}
        subtitle={t('books.subtitle')}
        actions={
          <Group gap="xs" align="end">
            <TextInput
              type="date"
              label={t('books.day')}
              value={date}
              max={today}
              onChange={(e) => e.currentTarget.value && setParams({ date: e.currentTarget.value }, { replace: true })}
            />
            {isAdmin ? (
              <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => void exportCsv()}>
                {t('books.csv')}
              </Button>
            ) : null}
          </Group>
        }
      />
      {!data ? (
        <Skeleton h={320} />
      ) : (
        <>
          {data.closed_at !== null ? (
            <Alert color="blue" icon={<IconLock size={18} />} data-testid="books-closed">
              {t('books.closedBy', { name: data.closed_by?.name ?? '', at: format.date(data.closed_at) })}
              {data.note ? (
                <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap' }}>
                  {data.note}
                </Text>
              ) : null}
            </Alert>
          ) : null}
          <Checks day={data} checks={data.checks} title={t('books.checks', { day: format.day(data.date) })} />
          {data.adjustments && (data.adjustments.changes.length > 0 || data.adjustments.checks.length > 0) ? (
            <>
              <Alert color="orange" title={t('books.adjustmentsTitle')}>
                <List size="sm">
                  {data.adjustments.changes.map((c) => {
                    const href =
                      c.type === 'order' ? `${paths.admin.orders.getHref()}?q=${encodeURIComponent(c.id)}` : null;
                    const what = `${t(`books.item.${c.type}`)} ${c.type === 'order' ? c.id.slice(0, 10) : format.digits(c.id)} · ${format.date(c.at)}`;
                    return (
                      <List.Item key={`${c.type}:${c.id}:${c.at}:${c.what}`}>
                        {href ? (
                          <Anchor component={Link} to={href} size="sm">
                            {what}
                          </Anchor>
                        ) : (
                          what
                        )}
                      </List.Item>
                    );
                  })}
                </List>
              </Alert>
              {data.adjustments.checks.length > 0 ? (
                <Checks day={data} checks={data.adjustments.checks} title={t('books.adjustedChecks')} />
              ) : null}
            </>
          ) : null}
          <Summary day={data} />
          <Phones day={data} />
          {isAdmin && data.closed_at === null ? <CloseDay key={data.date} day={data} /> : null}
        </>
      )}
      <Chart to={date} />
    </Stack>
  );
}
