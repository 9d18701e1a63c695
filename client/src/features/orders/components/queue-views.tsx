// The queue's saved views (held, needs payout, older than 10 minutes) and its columns for age and wallets
// (decision 318). A view narrows the queue the page holds; the one chosen is kept per browser, and a link may name
// one (`?view=held`, the bell's held row).
import { Chip, Group, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { productKind } from '#shared/constants';
import type { OrderDto } from '#shared/api-types';
import { WalletLabel } from '../../../components/wallet-label';
import { useFormat } from '../../../lib/format';

export const QUEUE_VIEWS = ['all', 'held', 'payout', 'old'] as const;
export type QueueView = (typeof QUEUE_VIEWS)[number];

/** An order older than this is late for the shop (the "older than 10 minutes" view). */
const OLD_AFTER_SECONDS = 10 * 60;
const STORAGE_KEY = 'queue-view';

const isView = (value: string | null): value is QueueView => QUEUE_VIEWS.includes(value as QueueView);

/** Whether the order belongs in the view; `now` in unix seconds. */
export function inQueueView(view: QueueView, order: OrderDto, now: number): boolean {
  switch (view) {
    case 'all':
      return true;
    case 'held':
      return order.verification?.status === 'held';
    // A withdrawal whose code is in: the shop owes the customer the money.
    case 'payout':
      return order.status === 'pending' && productKind(order.product_id) === 'withdraw';
    case 'old':
      return now - order.created_at > OLD_AFTER_SECONDS;
  }
}

/** The view in the link, else the one this browser chose last, else all. */
export function useQueueView(): [QueueView, (view: QueueView) => void] {
  const [params] = useSearchParams();
  const linked = params.get('view');
  const [view, setView] = useState<QueueView>(() => {
    if (isView(linked)) return linked;
    const saved = window.localStorage.getItem(STORAGE_KEY);
    return isView(saved) ? saved : 'all';
  });
  useEffect(() => {
    if (isView(linked)) setView(linked);
  }, [linked]);
  return [
    view,
    (next) => {
      window.localStorage.setItem(STORAGE_KEY, next);
      setView(next);
    },
  ];
}

/** Unix seconds, renewed every 30 seconds: ages move on while the queue is open. */
export function useNowSeconds(): number {
  const [now, setNow] = useState(() => Math.floor(Date.now() / 1000));
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Math.floor(Date.now() / 1000)), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

export function QueueViewChips({
  view,
  onChange,
  orders,
  now,
}: {
  view: QueueView;
  onChange: (view: QueueView) => void;
  orders: OrderDto[];
  now: number;
}) {
  const { t } = useTranslation('orders');
  const format = useFormat();
  return (
    <Chip.Group value={view} onChange={(value) => onChange(isView(value) ? value : 'all')}>
      <Group gap="xs" role="radiogroup" aria-label={t('queue.views.label')} data-testid="queue-views">
        {QUEUE_VIEWS.map((name) => (
          <Chip key={name} value={name} size="sm" variant="outline" data-view={name}>
            {t(`queue.views.${name}`, {
              n: format.number(orders.filter((order) => inQueueView(name, order, now)).length),
            })}
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  );
}

/** How long ago the order was placed: "4 min", "1 h 5 min"; red once older than 10 minutes. */
export function OrderAge({ order, now }: { order: OrderDto; now: number }) {
  const { t } = useTranslation('orders');
  const format = useFormat();
  const seconds = Math.max(0, now - order.created_at);
  const minutes = Math.floor(seconds / 60);
  const text =
    minutes < 60
      ? t('queue.age.minutes', { n: format.number(minutes) })
      : t('queue.age.hours', { h: format.number(Math.floor(minutes / 60)), m: format.number(minutes % 60) });
  return (
    <Text
      component="span"
      size="sm"
      fw={seconds > OLD_AFTER_SECONDS ? 700 : undefined}
      c={seconds > OLD_AFTER_SECONDS ? 'red.8' : undefined}
      title={format.date(order.created_at)}
      style={{ whiteSpace: 'nowrap' }}
    >
      {text}
    </Text>
  );
}

/** The wallet the money moves on: the method and the shop's number (a top-up), or the customer's payout number. */
export function OrderWallet({ order }: { order: OrderDto }) {
  const { t } = useTranslation('orders');
  const format = useFormat();
  const withdraw = productKind(order.product_id) === 'withdraw';
  const number = withdraw ? order.data.wallet : order.pm_wallet;
  return (
    <Stack gap={0}>
      <WalletLabel wallet={order.pm_method} size="sm" />
      {number ? (
        <Text size="xs" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
          {withdraw ? t('queue.payoutTo', { wallet: format.wallet(number) }) : format.wallet(number)}
        </Text>
      ) : null}
    </Stack>
  );
}
