// The customer's "I have paid" forms of a waiting order (product.md §7.4), on the one submit hook (decision 180):
// a failure stays beside the button with Retry, the first invalid field takes the focus.
import { Button, Stack, TextInput } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { PublicOrderDto } from '#shared/api-types';
import { submitTopupPaymentSchema, submitWithdrawPaymentSchema, type OrderPayment } from '#shared/schemas';
import { focusFirstInvalid, zodResolver } from '../../../lib/form';
import { SubmitFailureAlert } from '../../../lib/submit-failure';
import { useSubmit } from '../../../lib/use-submit';
import { submitPayment } from '../api/orders-api';

type Done = (order: PublicOrderDto) => void;

function usePaymentSubmit(
  orderId: string,
  onDone: Done,
  form: { setErrors: (errors: FormErrors) => void },
  fields: readonly string[],
) {
  return useSubmit({
    send: (payment: OrderPayment) => submitPayment(orderId, payment),
    onDone: (answer) => onDone(answer.order),
    form,
    fields,
    fallbackKey: 'errors.orderUpdate',
    inline: true,
  });
}

/** Top-up: the customer enters the wallet's transaction id (TrxID). */
export function TopupPaymentForm({ orderId, onDone }: { orderId: string; onDone: Done }) {
  const { t } = useTranslation('orders');
  const form = useForm({
    initialValues: { pm_id: '' },
    validate: zodResolver(submitTopupPaymentSchema),
    validateInputOnBlur: true,
  });
  const submitter = usePaymentSubmit(orderId, onDone, form, ['pm_id']);
  const submit = form.onSubmit(
    (values) => void submitter.submit({ kind: 'topup', ...submitTopupPaymentSchema.parse(values) }),
    focusFirstInvalid,
  );
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
        <SubmitFailureAlert submitter={submitter} />
        <Button type="submit" size="lg" fullWidth loading={submitter.pending}>
          {t('waiting.submitPayment')}
        </Button>
      </Stack>
    </form>
  );
}

/** Withdraw: the customer enters the 1xBet account id and the 4-character withdrawal code. */
export function WithdrawPaymentForm({ orderId, onDone }: { orderId: string; onDone: Done }) {
  const { t } = useTranslation('orders');
  const form = useForm({
    initialValues: { onex_id: '', w_code: '' },
    validate: zodResolver(submitWithdrawPaymentSchema),
    validateInputOnBlur: true,
  });
  const submitter = usePaymentSubmit(orderId, onDone, form, ['onex_id', 'w_code']);
  const submit = form.onSubmit(
    (values) => void submitter.submit({ kind: 'withdraw', ...submitWithdrawPaymentSchema.parse(values) }),
    focusFirstInvalid,
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          {...form.getInputProps('onex_id')}
          label={t('waiting.onexId')}
          inputMode="numeric"
          maxLength={9}
          autoComplete="off"
          required
        />
        <TextInput
          {...form.getInputProps('w_code')}
          label={t('waiting.wCode')}
          description={t('waiting.wCodeHint')}
          maxLength={4}
          autoComplete="off"
          required
        />
        <SubmitFailureAlert submitter={submitter} />
        <Button type="submit" size="lg" fullWidth loading={submitter.pending}>
          {t('waiting.submitWithdraw')}
        </Button>
      </Stack>
    </form>
  );
}
