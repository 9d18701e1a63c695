// What the customer sees about the money after a timed-out top-up or a completed withdrawal: "payment
// received ✓" once an SMS verified a timed-out one, the late-payment claim on a timed-out top-up, a completed withdrawal's payout,
// and the cash desk's delivery: the money on the customer's 1xBet account, a withdrawal code redeemed or refused.
import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PublicOrderDto } from '#shared/api-types';
import { productCurrency, productKind } from '#shared/constants';
import { submitTopupPaymentSchema } from '#shared/schemas';
import { SMS_LIMITS } from '#shared/sms/sms-api';
import { focusFirstInvalid, zodResolver } from '../../../lib/form';
import { useFormat } from '../../../lib/format';
import { SubmitFailureAlert } from '../../../lib/submit-failure';
import { useSubmit } from '../../../lib/use-submit';
import { claimLatePayment } from '../api/orders-api';
import { ReviewWait } from './payment-progress';

function LatePaymentForm({ order, onChange }: { order: PublicOrderDto; onChange: (order: PublicOrderDto) => void }) {
  const { t } = useTranslation('sms');
  const form = useForm({
    initialValues: { pm_id: '' },
    validate: zodResolver(submitTopupPaymentSchema),
    validateInputOnBlur: true,
  });
  const submitter = useSubmit({
    send: (pmId: string) => claimLatePayment(order.id, pmId),
    onDone: (answer) => onChange(answer.order),
    form,
    fields: ['pm_id'],
    fallbackKey: 'errors.orderUpdate',
    inline: true,
  });
  const submit = form.onSubmit(
    (values) => void submitter.submit(submitTopupPaymentSchema.parse(values).pm_id),
    focusFirstInvalid,
  );
  return (
    <Alert color="blue" variant="light" title={t('late.title')} w="100%">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">{t('late.body')}</Text>
          <TextInput
            {...form.getInputProps('pm_id')}
            label={t('late.field')}
            autoComplete="off"
            maxLength={70}
            required
          />
          <SubmitFailureAlert submitter={submitter} />
          <Button type="submit" loading={submitter.pending}>
            {t('late.send')}
          </Button>
        </Stack>
      </form>
    </Alert>
  );
}

export function OrderPaymentNotes({
  order,
  onChange,
}: {
  order: PublicOrderDto;
  onChange: (order: PublicOrderDto) => void;
}) {
  const { t } = useTranslation('sms');
  const format = useFormat();
  const kind = productKind(order.product_id);
  // A completed top-up's proof: how much went to which 1xBet account, and when; the line a customer quotes.
  if (kind === 'topup' && order.status === 'complete') {
    const done = order.events.findLast((e) => e.kind === 'status' && e.to === 'complete');
    return (
      <Alert
        color="green"
        variant="light"
        icon={<IconCircleCheck size={20} />}
        w="100%"
        role="status"
        data-testid="topup-proof"
      >
        {t('fulfilment.added', {
          amount: format.money(order.data.amount, productCurrency(order.product_id)),
          onexId: format.digits(order.data.onex_id ?? ''),
          time: done ? format.date(done.time) : '',
        })}
      </Alert>
    );
  }
  // The cash desk's word on the delivery (decision 265): the money on the 1xBet account, a code redeemed or refused.
  if (kind === 'topup' && order.fulfilment?.status === 'done') {
    return (
      <Alert
        color="green"
        variant="light"
        icon={<IconCircleCheck size={20} />}
        w="100%"
        role="status"
        data-testid="fulfilment-delivered"
      >
        {t('fulfilment.delivered', { onexId: format.digits(order.data.onex_id ?? '') })}
      </Alert>
    );
  }
  if (kind === 'withdraw' && order.status === 'pending' && order.fulfilment?.status === 'done') {
    return (
      <Alert color="green" variant="light" w="100%" role="status">
        {t('fulfilment.redeemed')}
      </Alert>
    );
  }
  // The desk's word on a refused code is the note of the order's move back to waiting.
  const refusal =
    order.fulfilment?.status === 'refused'
      ? order.events.findLast((e) => e.from === 'pending' && e.to === 'waiting')?.note
      : null;
  if (kind === 'withdraw' && order.status === 'waiting' && refusal) {
    return (
      <Alert color="yellow" variant="light" w="100%" role="alert">
        {t('fulfilment.codeRefused', { message: refusal })}
      </Alert>
    );
  }
  // A pending order's payment is told by PaymentProgress under the status; a timed-out top-up's here.
  if (order.payment_received && order.status === 'timedout') {
    return (
      <Alert color="green" variant="light" icon={<IconCircleCheck size={20} />} w="100%" role="status">
        {t('verification.paymentReceived')}
      </Alert>
    );
  }
  if (order.status === 'complete' && kind === 'withdraw' && order.payout_trx_id) {
    return (
      <Alert color="green" variant="light" w="100%">
        {t('payout.sent', { wallet: format.wallet(order.data.wallet ?? ''), trx: order.payout_trx_id })}
      </Alert>
    );
  }
  if (order.status !== 'timedout' || kind !== 'topup') return null;
  if (order.late_claim_at) {
    return (
      <Alert color="blue" variant="light" w="100%" role="status" data-testid="late-claimed">
        <Text size="sm">{t('late.claimed', { trx: order.pm_id ?? '' })}</Text>
        <ReviewWait next="late" />
      </Alert>
    );
  }
  const open = Date.now() / 1000 - order.last_time < SMS_LIMITS.lateClaimHours * 3600;
  return open ? <LatePaymentForm order={order} onChange={onChange} /> : null;
}
