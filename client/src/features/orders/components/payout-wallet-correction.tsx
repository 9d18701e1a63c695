// A withdrawal's payout number on the customer's order page, grouped with its wallet, and "Wrong number? Change it"
// while nothing has been paid out: the new number typed twice (decision 281).
import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicOrderDto } from '#shared/api-types';
import { correctPayoutWalletSchema } from '#shared/schemas';
import { translateRuntimeKey } from '../../../i18n/keys';
import { focusFirstInvalid, zodResolver } from '../../../lib/form';
import { useFormat } from '../../../lib/format';
import { showSuccess } from '../../../lib/notify';
import { SubmitFailureAlert } from '../../../lib/submit-failure';
import { useSubmit } from '../../../lib/use-submit';
import { sendOrderCommand } from '../api/orders-api';
import classes from '../../../styles/text.module.css';

/** The shop may still change where it pays: a waiting or pending withdrawal with no payout known. */
export const payoutWalletCorrectable = (order: PublicOrderDto): boolean =>
  order.data.wallet !== null &&
  (order.status === 'waiting' || order.status === 'pending') &&
  order.payout_trx_id === null;

export function PayoutWalletCorrection({
  order,
  onChange,
}: {
  order: PublicOrderDto;
  onChange: (order: PublicOrderDto) => void;
}) {
  const { t } = useTranslation('orders');
  const format = useFormat();
  const [editing, setEditing] = useState(false);
  const method = t(`wallets.${order.pm_method}`);
  const validate = (values: { payout_wallet: string; confirm_payout_wallet: string }) => {
    const errors = zodResolver(correctPayoutWalletSchema)(values);
    if (Object.keys(errors).length > 0) return errors;
    const parsed = correctPayoutWalletSchema.parse(values);
    return parsed.payout_wallet === parsed.confirm_payout_wallet
      ? {}
      : { confirm_payout_wallet: translateRuntimeKey('errors.walletConfirmMismatch') };
  };
  const form = useForm({ initialValues: { payout_wallet: '', confirm_payout_wallet: '' }, validate });
  const submitter = useSubmit({
    send: (values: { payout_wallet: string; confirm_payout_wallet: string }) =>
      sendOrderCommand(order.id, {
        name: 'correctPayoutWallet',
        wallet: values.payout_wallet,
        confirm: values.confirm_payout_wallet,
      }),
    form,
    fields: ['payout_wallet', 'confirm_payout_wallet'],
    fallbackKey: 'errors.orderUpdate',
    inline: true,
    onFailure: (answer) => answer.key === 'errors.walletConfirmMismatch',
    onDone: (answer) => {
      showSuccess('orders:payoutWallet.changed', { wallet: format.wallet(answer.order.data.wallet ?? '') });
      setEditing(false);
      form.reset();
      onChange(answer.order);
    },
  });
  const submit = form.onSubmit(
    (values) => void submitter.submit(correctPayoutWalletSchema.parse(values)),
    focusFirstInvalid,
  );
  return (
    <Paper withBorder radius="md" p="md" data-testid="payout-wallet">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('payoutWallet.label')}
        </Text>
        <Text fw={800} fz={22} className={classes.tabular}>
          {t('payoutWallet.value', { wallet: format.wallet(order.data.wallet ?? ''), method })}
        </Text>
        {payoutWalletCorrectable(order) &&
          (editing ? (
            <form onSubmit={submit} noValidate aria-label={t('payoutWallet.formTitle')}>
              <Stack gap="sm">
                <TextInput
                  {...form.getInputProps('payout_wallet')}
                  label={t('payoutWallet.newWallet', { method })}
                  inputMode="tel"
                  maxLength={20}
                  autoComplete="off"
                  required
                />
                <TextInput
                  {...form.getInputProps('confirm_payout_wallet')}
                  label={t('payoutWallet.again')}
                  inputMode="tel"
                  maxLength={20}
                  autoComplete="off"
                  required
                />
                <SubmitFailureAlert submitter={submitter} />
                <Group grow>
                  <Button variant="default" onClick={() => setEditing(false)} disabled={submitter.pending}>
                    {t('payoutWallet.keep')}
                  </Button>
                  <Button type="submit" loading={submitter.pending}>
                    {t('payoutWallet.save')}
                  </Button>
                </Group>
              </Stack>
            </form>
          ) : (
            <Group>
              <Button variant="light" onClick={() => setEditing(true)}>
                {t('payoutWallet.change')}
              </Button>
            </Group>
          ))}
      </Stack>
    </Paper>
  );
}
