// What the customer sees about the money after paying (issue 9): "payment received ✓" once an SMS verified it,
// the late-payment claim on a timed-out top-up, and a completed withdrawal's payout.
import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicOrderDto } from '#shared/api-types';
import { productKind } from '#shared/constants';
import { submitTopupPaymentSchema } from '#shared/schemas';
import { SMS_LIMITS } from '#shared/sms/sms-api';
import { zodResolver } from '../../../lib/form';
import { useFormat } from '../../../lib/format';
import { showError } from '../../../lib/notify';
import { claimLatePayment } from '../api/orders-api';
import { useServerFieldErrors } from '../hooks/use-server-field-errors';

function LatePaymentForm({ order, onChange }: { order: PublicOrderDto; onChange: (order: PublicOrderDto) => void }) {
  const { t } = useTranslation('sms');
  const toErrors = useServerFieldErrors(['pm_id']);
  const [busy, setBusy] = useState(false);
  const form = useForm({ initialValues: { pm_id: '' }, validate: zodResolver(submitTopupPaymentSchema), validateInputOnBlur: true });
  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      const answer = await claimLatePayment(order.id, submitTopupPaymentSchema.parse(values).pm_id);
      if (!answer.ok) {
        form.setErrors(toErrors(answer.errors));
        showError(answer, 'errors.orderUpdate');
        return;
      }
      onChange(answer.order);
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  });
  return (
    <Alert color="blue" variant="light" title={t('late.title')} w="100%">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">{t('late.body')}</Text>
          <TextInput {...form.getInputProps('pm_id')} label={t('late.field')} autoComplete="off" maxLength={70} required />
          <Button type="submit" loading={busy}>
            {t('late.send')}
          </Button>
        </Stack>
      </form>
    </Alert>
  );
}

export function OrderPaymentNotes({ order, onChange }: { order: PublicOrderDto; onChange: (order: PublicOrderDto) => void }) {
  const { t } = useTranslation('sms');
  const format = useFormat();
  const kind = productKind(order.product_id);
  if (order.payment_received && (order.status === 'pending' || order.status === 'timedout')) {
    return (
      <Alert color="green" variant="light" icon={<IconCircleCheck size={20} />} w="100%" role="status">
        {t('verification.paymentReceived')}
      </Alert>
    );
  }
  // Issue 23: the payment's SMS is held for a look (another number than the one named, or another reason).
  if (order.payment_held && order.status === 'pending') {
    return (
      <Alert color="orange" variant="light" icon={<IconAlertTriangle size={20} />} w="100%" role="status" data-testid="payment-held">
        {t(order.payment_held === 'payer_mismatch' ? 'verification.heldPayerMismatch' : 'verification.heldReview')}
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
      <Alert color="blue" variant="light" w="100%" role="status">
        {t('late.claimed', { trx: order.pm_id ?? '' })}
      </Alert>
    );
  }
  const open = Date.now() / 1000 - order.last_time < SMS_LIMITS.lateClaimHours * 3600;
  return open ? <LatePaymentForm order={order} onChange={onChange} /> : null;
}
