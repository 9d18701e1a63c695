// The charts of the statistics page (@mantine/charts over recharts): orders per day by status, completed volume per
// day, per payment method (topups and withdrawals stacked) and per product. Each chart sits in a titled card and the
// money ones list the exact amounts under it (the chart draws floats; the text keeps the API's decimals).
import { BarChart, BarsList } from '@mantine/charts';
import { Card, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Currency } from '../../../lib/format';
import { useFormat } from '../../../lib/format';
import { useProductName, useWalletName } from '../../../i18n/labels';
import type { MethodVolumeDto, ProductVolumeDto, StatsDayDto } from '#shared/stats';
import { useReportFormat } from '../hooks/use-report-format';
import classes from '../../../styles/text.module.css';

const CHART_HEIGHT = 240;

/** A chart's card: the title names the region (screen readers jump to it by that name). */
export function ChartCard({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  const titleId = useId();
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={titleId} data-testid={testId}>
      <Stack gap="sm">
        <Title order={2} size="h5" id={titleId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

const currencyOf = (code: string): Currency => (code === 'USD' ? 'USD' : 'BDT');

/** 'BDT' / 'টাকা'. */
function useCurrencyName(): (code: string) => string {
  const { t } = useTranslation('common');
  return (code) => t(`currency.${currencyOf(code)}`);
}

/** The currencies the amounts come in, BDT first (in practice only BDT: the wallets' currency). */
export function currenciesOf(codes: Iterable<string>): string[] {
  return [...new Set(codes)].sort((a, b) => (a === 'BDT' ? -1 : b === 'BDT' ? 1 : a < b ? -1 : 1));
}

export function OrdersPerDayChart({ series: days }: { series: StatsDayDto[] }) {
  const { t } = useTranslation('reports');
  const format = useFormat();
  const report = useReportFormat();
  const series = [
    { name: 'complete', label: t('stats.series.complete'), color: 'teal.7' },
    { name: 'open', label: t('stats.series.open'), color: 'blue.6' },
    { name: 'cancelled', label: t('stats.series.cancelled'), color: 'red.6' },
    { name: 'timedout', label: t('stats.series.timedout'), color: 'orange.6' },
  ];
  const data = days.map((d) => ({
    day: report.day(d.date),
    complete: d.by_status.complete,
    open: d.by_status.waiting + d.by_status.pending,
    cancelled: d.by_status.user_cancelled + d.by_status.admin_cancelled + d.by_status.cancelled,
    timedout: d.by_status.timedout,
  }));
  return (
    <ChartCard title={t('stats.charts.ordersPerDay')} testId="chart-orders-per-day">
      <BarChart
        h={CHART_HEIGHT}
        data={data}
        dataKey="day"
        type="stacked"
        valueFormatter={(value) => format.number(value)}
        yAxisProps={{ allowDecimals: false, width: 40 }}
        maxBarWidth={48}
        withLegend
        legendProps={{ verticalAlign: 'bottom', itemSorter: null }}
        series={series}
      />
    </ChartCard>
  );
}

export function VolumePerDayChart({ series, currency }: { series: StatsDayDto[]; currency: string }) {
  const { t } = useTranslation('reports');
  const format = useFormat();
  const currencyName = useCurrencyName();
  const report = useReportFormat();
  const data = series.map((d) => ({ day: report.day(d.date), volume: Number(d.volume[currency] ?? 0) }));
  return (
    <ChartCard
      title={t('stats.charts.volumePerDay', { currency: currencyName(currency) })}
      testId="chart-volume-per-day"
    >
      <BarChart
        h={CHART_HEIGHT}
        data={data}
        dataKey="day"
        valueFormatter={(value) => format.amount(value)}
        yAxisProps={{ width: 72 }}
        maxBarWidth={48}
        series={[{ name: 'volume', label: t('stats.series.volume'), color: 'brand.7' }]}
      />
    </ChartCard>
  );
}

export function MethodVolumeChart({ methods, currency }: { methods: MethodVolumeDto[]; currency: string }) {
  const { t } = useTranslation('reports');
  const format = useFormat();
  const currencyName = useCurrencyName();
  const walletName = useWalletName();
  const money = (amount: string) => format.money(amount, currencyOf(currency));
  const rows = methods.filter((m) => m.currency === currency);
  const series = [
    { name: 'topup', label: t('stats.series.topup'), color: 'teal.7' },
    { name: 'withdraw', label: t('stats.series.withdraw'), color: 'grape.6' },
  ];
  const data = rows.map((m) => ({
    wallet: walletName(m.account),
    topup: Number(m.topup.amount),
    withdraw: Number(m.withdraw.amount),
  }));
  return (
    <ChartCard
      title={t('stats.charts.volumePerMethod', { currency: currencyName(currency) })}
      testId="chart-volume-per-method"
    >
      <BarChart
        h={CHART_HEIGHT}
        data={data}
        dataKey="wallet"
        type="stacked"
        valueFormatter={(value) => format.amount(value)}
        yAxisProps={{ width: 72 }}
        maxBarWidth={64}
        withLegend
        legendProps={{ verticalAlign: 'bottom', itemSorter: null }}
        series={series}
      />
      <Stack gap={4} component="ul" m={0} p={0} className={classes.plainList}>
        {rows.map((m) => (
          <Text component="li" size="sm" key={m.account}>
            <b>
              {walletName(m.account)}: {money(m.amount)}
            </b>{' '}
            <Text span size="sm" c="dimmed">
              {t('stats.methodLine', {
                n: format.number(m.count),
                topup: money(m.topup.amount),
                withdraw: money(m.withdraw.amount),
              })}
            </Text>
          </Text>
        ))}
      </Stack>
    </ChartCard>
  );
}

export function ProductVolumeList({ products, currency }: { products: ProductVolumeDto[]; currency: string }) {
  const { t } = useTranslation('reports');
  const format = useFormat();
  const currencyName = useCurrencyName();
  const productName = useProductName();
  const rows = products.filter((p) => p.currency === currency);
  return (
    <ChartCard
      title={t('stats.charts.volumePerProduct', { currency: currencyName(currency) })}
      testId="chart-volume-per-product"
    >
      <BarsList
        data={rows.map((p) => ({
          name: productName(p.product_id),
          value: Number(p.amount),
          color: p.product_id.includes('withdraw') ? 'grape.1' : 'teal.1',
        }))}
        valueFormatter={(value) => format.amount(value)}
        barTextColor="dark.7"
        minBarSize={8}
        // A short bar's name runs on past its end instead of wrapping inside it.
        styles={{ bar: { whiteSpace: 'nowrap' } }}
      />
      <Stack gap={4} component="ul" m={0} p={0} className={classes.plainList}>
        {rows.map((p) => (
          <Text component="li" size="sm" key={p.product_id}>
            <b>
              {productName(p.product_id)}: {format.money(p.amount, currencyOf(currency))}
            </b>{' '}
            <Text span size="sm" c="dimmed">
              {t('stats.productLine', { n: format.number(p.count) })}
              {p.product_currency !== p.currency || p.product_amount !== p.amount
                ? ` · ${t('stats.productAmount', { amount: format.money(p.product_amount, currencyOf(p.product_currency)) })}`
                : null}
            </Text>
          </Text>
        ))}
      </Stack>
    </ChartCard>
  );
}
