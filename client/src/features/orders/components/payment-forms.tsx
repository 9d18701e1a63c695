import { Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicOrderDto } from '#shared/api-types';
import { submitTopupPaymentSchema, submitWithdrawPaymentSchema } from '#shared/schemas';
import { zodResolver } from '../../../lib/form';
import { showError } from '../../../lib/notify';
import type { OrderPayment } from '#shared/schemas';
import { submitPayment } from '../api/orders-api';
import { useServerFieldErrors } from '../hooks/use-server-field-errors';

type Done = (order: PublicOrderDto) => void;

async function send(orderId: string, payment: OrderPayment, onDone: Done, setErrors: (errors: Record<string, string> | undefined) => void) {
  try {
    const answer = await submitPayment(orderId, payment);
    if (!answer.ok) {
      setErrors(answer.errors);
      showError(answer, 'errors.orderUpdate');
      return;
    }
    onDone(answer.order);
  } catch (error) {
    showError(error);
  }
}

/** Top-up: the customer enters the wallet's transaction id (TrxID). */
export function TopupPaymentForm({ orderId, onDone }: { orderId: string; onDone: Done }) {
  const { t } = useTranslation('orders');
  const toErrors = useServerFieldErrors(['pm_id']);
  const [busy, setBusy] = useState(false);
  const form = useForm({ initialValues: { pm_id: '' }, validate: zodResolver(submitTopupPaymentSchema), validateInputOnBlur: true });
  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    await send(orderId, { kind: 'topup', ...submitTopupPaymentSchema.parse(values) }, onDone, (errors) => form.setErrors(toErrors(errors)));
    setBusy(false);
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          {...form.getInputProps('pm_id')}
          label={t('waiting.pmId')}
          description={t('waiting.pmIdHint')}
          autoComplete="off"
          maxLength={70}
          required
        />
        <Button type="submit" size="lg" fullWidth loading={busy}>
          {t('waiting.submitPayment')}
        </Button>
      </Stack>
    </form>
  );
}

/** Withdraw: the customer enters the 1xBet account id and the 4-character withdrawal code. */
export function WithdrawPaymentForm({ orderId, onDone }: { orderId: string; onDone: Done }) {
  const { t } = useTranslation('orders');
  const toErrors = useServerFieldErrors(['onex_id', 'w_code']);
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues: { onex_id: '', w_code: '' },
    validate: zodResolver(submitWithdrawPaymentSchema),
    validateInputOnBlur: true,
  });
  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    await send(orderId, { kind: 'withdraw', ...submitWithdrawPaymentSchema.parse(values) }, onDone, (errors) => form.setErrors(toErrors(errors)));
    setBusy(false);
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput {...form.getInputProps('onex_id')} label={t('waiting.onexId')} inputMode="numeric" maxLength={9} autoComplete="off" required />
        <TextInput {...form.getInputProps('w_code')} label={t('waiting.wCode')} description={t('waiting.wCodeHint')} maxLength={4} autoComplete="off" required />
        <Button type="submit" size="lg" fullWidth loading={busy}>
          {t('waiting.submitWithdraw')}
        </Button>
      </Stack>
    </form>
  );
}
