// What happened to a pending order's payment and what comes next, in the customer's terms
// (decision 070): received (with the typical wait), the amount differs, held for a look, not confirmed, or still
// awaiting the wallet's confirmation; a withdrawal's code being checked. Only the public view's fields are read.
import { Alert, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconClock, IconCircleX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicOrderDto } from '#shared/api-types';
import { productKind } from '#shared/constants';
import { useFormat } from '../../../lib/format';
import { useQuery } from '../../../lib/query';
import { typicalWaitQuery, useStaffOnline } from '../api/orders-api';

type Look = { color: string; icon: ReactNode };
const LOOKS: Record<'received' | 'differs' | 'held' | 'rejected' | 'awaiting' | 'withdraw', Look> = {
  received: { color: 'green', icon: <IconCircleCheck size={20} aria-hidden /> },
  differs: { color: 'orange', icon: <IconAlertTriangle size={20} aria-hidden /> },
  held: { color: 'orange', icon: <IconAlertTriangle size={20} aria-hidden /> },
  rejected: { color: 'red', icon: <IconCircleX size={20} aria-hidden /> },
  awaiting: { color: 'blue', icon: <IconClock size={20} aria-hidden /> },
  withdraw: { color: 'blue', icon: <IconClock size={20} aria-hidden /> },
};

/**
 * Who completes the order and when, as presence and the shop's figures say it: staff at work and the
 * typical wait; staff away and that the order waits for them; the plain words while neither is known.
 */
function TypicalWait() {
  const { t } = useTranslation('orders');
  const format = useFormat();
  const wait = useQuery(typicalWaitQuery());
  const online = useStaffOnline();
  if (wait.isPending) return null;
  const minutes = wait.data?.minutes ?? null;
  const text =
    online === false
      ? t('progress.offline')
      : online === true
        ? minutes === null
          ? t('progress.onlineSoon')
          : t('progress.online', { count: minutes, minutes: format.number(minutes) })
        : minutes === null
          ? t('progress.waitUnknown')
          : t('progress.wait', { count: minutes, minutes: format.number(minutes) });
  return (
    <Text size="sm" mt={6} data-testid="typical-wait" data-online={online ?? undefined}>
      {text}
    </Text>
  );
}

/**
 * A payment that waits for staff's look (an amount that differs, a held payment, a late claim): how long they usually
 * take, from the shop's own figures, and what the customer can do meanwhile.
 */
export function ReviewWait({ next }: { next: 'differs' | 'held' | 'late' }) {
  const { t } = useTranslation('orders');
  const format = useFormat();
  const wait = useQuery(typicalWaitQuery());
  const online = useStaffOnline();
  if (wait.isPending) return null;
  const minutes = wait.data?.review_minutes ?? null;
  const when =
    online === false
      ? t('progress.reviewOffline')
      : minutes === null
        ? t('progress.reviewUnknown')
        : t('progress.review', { count: minutes, minutes: format.number(minutes) });
  const step = { differs: 'progress.nextDiffers', held: 'progress.nextHeld', late: 'progress.nextLate' } as const;
  return (
    <>
      <Text size="sm" mt={6} data-testid="review-wait">
        {when}
      </Text>
      <Text size="sm" mt={6} data-testid="review-next">
        {t(step[next])}
      </Text>
    </>
  );
}

export function PaymentProgress({ order }: { order: PublicOrderDto }) {
  const { t } = useTranslation('orders');
  const { t: ts } = useTranslation('sms');
  const format = useFormat();
  const paid = format.money(order.pm_amount, 'BDT');

  let state: keyof typeof LOOKS;
  let title: string;
  let body: string;
  let next = false;
  if (productKind(order.product_id) === 'withdraw') {
    state = 'withdraw';
    title = t('progress.withdraw.title');
    body = t('progress.withdraw.body', { amount: paid, wallet: format.wallet(order.data.wallet ?? '') });
    next = true;
  } else if (order.payment_state === 'received') {
    state = 'received';
    title = ts('verification.paymentReceived');
    body = t('progress.received.body', { amount: paid });
    next = true;
  } else if (order.payment_state === 'differs') {
    state = 'differs';
    title = t('progress.differs.title');
    body = t('progress.differs.body', { received: format.money(order.received_amount ?? 0, 'BDT'), expected: paid });
  } else if (order.payment_state === 'held') {
    state = 'held';
    title = t('progress.held.title');
    body = ts(order.payment_held === 'payer_mismatch' ? 'verification.heldPayerMismatch' : 'verification.heldReview');
  } else if (order.payment_state === 'rejected') {
    state = 'rejected';
    title = t('progress.rejected.title');
    body = t('progress.rejected.body');
  } else {
    state = 'awaiting';
    title = t('progress.awaiting.title');
    body = t('progress.awaiting.body', { amount: paid, trx: order.pm_id ?? '' });
    next = true;
  }
  const look = LOOKS[state];
  return (
    <Alert
      color={look.color}
      variant="light"
      icon={look.icon}
      title={title}
      w="100%"
      ta="left"
      data-testid="payment-progress"
      data-state={state}
    >
      <Text size="sm" data-testid={state === 'held' ? 'payment-held' : undefined}>
        {body}
      </Text>
      {next ? <TypicalWait /> : null}
      {state === 'differs' || state === 'held' ? <ReviewWait next={state} /> : null}
    </Alert>
  );
}
