// /admin/stats: the KPIs for today, 7 or 30 Asia/Dhaka days (decision 113), refreshed as orders move.
// The charts' styles load with this chunk only, so the first paint of the shop does not carry them (decision 063).
import '@mantine/charts/styles.css';
import { Alert, SegmentedControl, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import {
  IconAlarmOff,
  IconArrowDownLeft,
  IconArrowUpRight,
  IconCircleCheck,
  IconScale,
  IconClockHour4,
  IconHourglassHigh,
  IconListNumbers,
  IconX,
  IconStopwatch,
} from '@tabler/icons-react';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { STATS_RANGES, type StatsDto, type StatsRange } from '#shared/stats';
import { useFormat } from '../../../lib/format';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/notify';
import { refreshQueries, useQuery } from '../../../lib/query';
import { useSocketEvent } from '../../../lib/socket';
import { reportKeys, statsQuery } from '../api/reports-api';
import { KpiCard } from '../components/kpi-card';
import { StaffTable } from '../components/staff-table';
import {
  currenciesOf,
  MethodVolumeChart,
  OrdersPerDayChart,
  ProductVolumeList,
  VolumePerDayChart,
  ChartCard,
} from '../components/stats-charts';
import { useReportFormat } from '../hooks/use-report-format';

const isRange = (value: string | null): value is StatsRange =>
  (STATS_RANGES as readonly (string | null)[]).includes(value);
/** Orders move often on a busy day: the figures are fetched again at most this often. */
const REFRESH_GAP_MS = 5000;

function Kpis({ stats }: { stats: StatsDto }) {
  const { t } = useTranslation(['reports', 'common']);
  const format = useFormat();
  const report = useReportFormat();
  const s = stats.orders_by_status;
  const total = Object.values(s).reduce((sum, n) => sum + n, 0);
  const share = total ? Math.round((s.complete / total) * 100) : 0;
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
      <KpiCard
        testId="kpi-orders"
        label={t('stats.kpi.orders')}
        value={format.number(total)}
        hint={t('stats.hint.orders')}
        icon={<IconListNumbers size={18} />}
        color="brand"
      />
      <KpiCard
        testId="kpi-completed"
        label={t('stats.kpi.completed')}
        value={format.number(s.complete)}
        hint={t('stats.hint.completed', { share: format.number(share) })}
        icon={<IconCircleCheck size={18} />}
        color="teal"
      />
      <KpiCard
        testId="kpi-open"
        label={t('stats.kpi.open')}
        value={format.number(s.waiting + s.pending)}
        hint={t('stats.hint.open')}
        icon={<IconHourglassHigh size={18} />}
        color="blue"
      />
      <KpiCard
        testId="kpi-p50"
        label={t('stats.kpi.p50')}
        value={report.duration(stats.completion_p50_s)}
        hint={t('stats.hint.completion')}
        icon={<IconStopwatch size={18} />}
        color="indigo"
      />
      <KpiCard
        testId="kpi-p90"
        label={t('stats.kpi.p90')}
        value={report.duration(stats.completion_p90_s)}
        hint={t('stats.hint.completion')}
        icon={<IconClockHour4 size={18} />}
        color="indigo"
      />
      <KpiCard
        testId="kpi-timeouts"
        label={t('stats.kpi.timeouts')}
        value={format.number(stats.timeouts)}
        hint={t('stats.hint.timeouts')}
        icon={<IconAlarmOff size={18} />}
        color="orange"
      />
      <KpiCard
        testId="kpi-cancelled"
        label={t('stats.kpi.cancelled')}
        value={format.number(s.user_cancelled + s.admin_cancelled + s.cancelled)}
        icon={<IconX size={18} />}
        color="red"
      />
    </SimpleGrid>
  );
}

/** Exact decimal strings ("1750.50") → paisa and back: money is added in whole paisa, never in floats. */
const toPaisa = (amount: string) => {
  const [whole, fraction = ''] = amount.split('.');
  const sign = whole.startsWith('-') ? -1 : 1;
  return sign * (Math.abs(Number(whole)) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2)));
};
const fromPaisa = (paisa: number) =>
  `${paisa < 0 ? '-' : ''}${Math.floor(Math.abs(paisa) / 100)}.${String(Math.abs(paisa) % 100).padStart(2, '0')}`;

/**
 * Money in (completed top-ups: what customers paid into the shop's wallets) apart from money out (completed
 * withdrawals: what the shop paid), and what stayed, per currency: one total of both would mean nothing.
 */
function MoneyFlow({ stats }: { stats: StatsDto }) {
  const { t } = useTranslation('reports');
  const format = useFormat();
  const moneyIn = stats.money_in ?? {};
  const moneyOut = stats.money_out ?? {};
  const currencies = currenciesOf([...Object.keys(moneyIn), ...Object.keys(moneyOut)]);
  const shown = currencies.length ? currencies : ['BDT'];
  const money = (amount: string, currency: string) => format.money(amount, currency === 'USD' ? 'USD' : 'BDT');
  const lines = (amountOf: (currency: string) => string) =>
    shown.map((c) => <div key={c}>{money(amountOf(c), c)}</div>);
  const count = (flow: Record<string, { count: number }>) => Object.values(flow).reduce((sum, v) => sum + v.count, 0);
  const inCount = count(moneyIn);
  const outCount = count(moneyOut);
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
      <KpiCard
        testId="kpi-money-in"
        label={t('stats.kpi.moneyIn')}
        value={lines((c) => moneyIn[c]?.amount ?? '0.00')}
        hint={t('stats.hint.moneyIn', { count: inCount, n: format.number(inCount) })}
        icon={<IconArrowDownLeft size={18} />}
        color="teal"
      />
      <KpiCard
        testId="kpi-money-out"
        label={t('stats.kpi.moneyOut')}
        value={lines((c) => moneyOut[c]?.amount ?? '0.00')}
        hint={t('stats.hint.moneyOut', { count: outCount, n: format.number(outCount) })}
        icon={<IconArrowUpRight size={18} />}
        color="orange"
      />
      <KpiCard
        testId="kpi-net"
        label={t('stats.kpi.net')}
        value={lines((c) => fromPaisa(toPaisa(moneyIn[c]?.amount ?? '0') - toPaisa(moneyOut[c]?.amount ?? '0')))}
        hint={t('stats.hint.net')}
        icon={<IconScale size={18} />}
        color="brand"
      />
    </SimpleGrid>
  );
}

function Charts({ stats }: { stats: StatsDto }) {
  const { t } = useTranslation('reports');
  const currencies = currenciesOf(Object.keys(stats.volume_total));
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <OrdersPerDayChart series={stats.series} />
      {currencies.length === 0 ? (
        <ChartCard title={t('stats.charts.volumeTitle')} testId="chart-volume-empty">
          <Text c="dimmed" size="sm">
            {t('stats.charts.noVolume')}
          </Text>
        </ChartCard>
      ) : null}
      {currencies.map((currency) => (
        <VolumePerDayChart key={`day-${currency}`} series={stats.series} currency={currency} />
      ))}
      {currencies.map((currency) => (
        <MethodVolumeChart key={`method-${currency}`} methods={stats.volume_by_method} currency={currency} />
      ))}
      {currencies.map((currency) => (
        <ProductVolumeList key={`product-${currency}`} products={stats.volume_by_product} currency={currency} />
      ))}
    </SimpleGrid>
  );
}

export default function AdminStatsPage() {
  const { t } = useTranslation('reports');
  const report = useReportFormat();
  const [params, setParams] = useSearchParams();
  const asked = params.get('range');
  const range: StatsRange = isRange(asked) ? asked : 'today';
  const query = useQuery(statsQuery(range));
  const load = useCallback(() => refreshQueries(reportKeys.stats(range)), [range]);

  // New and moved orders change the figures; a burst of them is one refetch.
  const lastLoad = useRef(0);
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const refreshSoon = useCallback(() => {
    if (pending.current) return;
    const wait = Math.max(0, lastLoad.current + REFRESH_GAP_MS - Date.now());
    pending.current = setTimeout(() => {
      pending.current = undefined;
      lastLoad.current = Date.now();
      void load();
    }, wait);
  }, [load]);
  useEffect(() => () => clearTimeout(pending.current), []);
  useSocketEvent('order:created', refreshSoon);
  useSocketEvent('order:updated', refreshSoon);

  const stats = query.isError ? null : (query.data ?? null);
  const first = stats?.series[0]?.date;
  const last = stats?.series.at(-1)?.date;
  return (
    <Stack gap="md">
      <PageHeader
        title={t('stats.title')}
        subtitle={t('stats.subtitle')}
        actions={
          <SegmentedControl
            aria-label={t('stats.rangeLabel')}
            value={range}
            onChange={(value) => setParams(value === 'today' ? {} : { range: value }, { replace: true })}
            data={STATS_RANGES.map((r) => ({ value: r, label: t(`stats.range.${r}`) }))}
          />
        }
      >
        {first && last ? (
          <Text size="sm" fw={600} data-testid="stats-period">
            {first === last ? report.day(first) : t('stats.period', { from: report.day(first), to: report.day(last) })}
          </Text>
        ) : null}
      </PageHeader>
      {query.isPending ? <Skeleton height={320} radius="md" /> : null}
      {query.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(query.error)}
        </Alert>
      ) : null}
      {stats ? (
        <>
          <MoneyFlow stats={stats} />
          <Kpis stats={stats} />
          <Charts stats={stats} />
          <StaffTable staff={stats.by_staff ?? []} />
        </>
      ) : null}
    </Stack>
  );
}
