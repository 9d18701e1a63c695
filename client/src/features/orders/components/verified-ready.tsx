// The queue's strip of pending orders verified by SMS (decision 198): each shows
// its amount and 1xBet id (or payout wallet), and Complete asks first. Rows keep their places: a newly verified
// order joins at the end, and while a confirmation is open the strip does not change at all.
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderDto } from '#shared/api-types';
import { shortOrderId } from '../../../components/order-columns';
import { useFormat } from '../../../lib/format';
import { showSuccess } from '../../../lib/notify';
import { useSubmit } from '../../../lib/use-submit';
import { completeOrder } from '../api/admin-orders';
import { CompleteConfirmModal } from './complete-confirm-modal';
import { orderTarget } from './order-essentials';
import { VerificationBadge } from './verification-badge';
import classes from '../../../styles/text.module.css';

/** The ids in the order they first appeared; frozen (the same list back) while `hold` is on. */
function useSteadyIds(ids: string[], hold: boolean): string[] {
  const [kept, setKept] = useState<string[]>(ids);
  if (!hold) {
    const next = [...kept.filter((id) => ids.includes(id)), ...ids.filter((id) => !kept.includes(id))];
    if (next.length !== kept.length || next.some((id, i) => id !== kept[i])) setKept(next);
  }
  return kept;
}

export function VerifiedReady({ orders, onDone }: { orders: OrderDto[]; onDone: (order: OrderDto) => void }) {
  const { t } = useTranslation(['orders', 'sms']);
  const format = useFormat();
  const [confirmId, setConfirmId] = useState<string | null>(null);
  const ready = orders.filter((order) => order.status === 'pending' && order.verification?.status === 'verified');
  const [shown, setShown] = useState<Record<string, OrderDto>>({});
  const steady = useSteadyIds(
    ready.map((order) => order.id),
    confirmId !== null,
  );
  // While frozen, a row that left keeps its last look (its Complete then says it is gone).
  const byId = new Map(ready.map((order) => [order.id, order]));
  if (ready.some((order) => shown[order.id] !== order))
    setShown((known) => ({ ...known, ...Object.fromEntries(byId) }));
  const rows = steady.map((id) => byId.get(id) ?? shown[id]).filter((order): order is OrderDto => Boolean(order));
  const { submit, pending } = useSubmit({
    send: ({ id, checkedByHand }: { id: string; checkedByHand: boolean }) =>
      completeOrder(id, undefined, checkedByHand),
    fallbackKey: 'errors.orderUpdate',
    onDone: (answer) => {
      showSuccess('orders:queue.completed');
      setConfirmId(null);
      onDone(answer.order);
    },
  });
  if (rows.length === 0) return null;
  const confirming = confirmId ? (orders.find((order) => order.id === confirmId) ?? null) : null;
  return (
    <Card withBorder radius="md" p="sm" bg="green.0" data-testid="verified-ready">
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          {t('queue.ready.title')}
        </Text>
        {rows.map((order) => {
          const { value: target } = orderTarget(order);
          return (
            <Group
              key={order.id}
              justify="space-between"
              wrap="nowrap"
              gap="xs"
              mih={36}
              data-testid="verified-ready-row"
            >
              {/* On a phone the badge takes its own line rather than cutting the amount. */}
              <Group gap="xs" wrap="wrap" miw={0} style={{ rowGap: 2 }}>
                <VerificationBadge order={order} />
                <Text fw={700} size="sm" className={`${classes.tabular} ${classes.nowrap}`}>
                  {format.productMoney(order.data.amount, order.product_id)}
                </Text>
                <Text size="sm" ff="monospace" truncate="end" title={shortOrderId(order.id)}>
                  {target ? format.digits(target) : shortOrderId(order.id)}
                </Text>
              </Group>
              <Button
                size="xs"
                color="green"
                flex="none"
                aria-label={`${t('sms:verification.completeNow')} ${shortOrderId(order.id)}`}
                onClick={() => setConfirmId(order.id)}
              >
                {t('sms:verification.completeNow')}
              </Button>
            </Group>
          );
        })}
      </Stack>
      <CompleteConfirmModal
        key={confirmId ?? 'none'}
        order={confirming}
        opened={confirmId !== null}
        busy={pending}
        onKeep={() => setConfirmId(null)}
        onConfirm={(order, checkedByHand) => void submit({ id: order.id, checkedByHand })}
      />
    </Card>
  );
}
