import { Button, Card, Group, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentMethodDto } from '#shared/api-types';
import { toAsciiDigits } from '#shared/digits';
import { businessHoursSchema } from '#shared/money-controls';
import { pmPatchSchemaFor } from '#shared/schemas';
import { translateRuntimeKey } from '../../../i18n/keys';
import { WalletLabel } from '../../../components/wallet-label';
import { useFormat } from '../../../lib/format';
import { zodResolver } from '../../../lib/form';
import { adminKeys, savePm } from '../api/admin-api';
import { showSuccess } from '../../../lib/notify';
import { queryClient } from '../../../lib/query';
import { useSubmit } from '../../../lib/use-submit';

/** One payment method: the shop's receiving wallet number (checked per wallet, decision 094), a note and availability. */
export function PmCard({ pm }: { pm: PaymentMethodDto }) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  // Business hours (issue 23): both empty is always open; "HH:MM" in Bangladesh time, closing may be after midnight.
  const [open, setOpen] = useState(pm.hours?.open ?? '');
  const [close, setClose] = useState(pm.hours?.close ?? '');
  const [hoursError, setHoursError] = useState<string | null>(null);
  const schema = pmPatchSchemaFor(pm.account);
  const form = useForm({
    // The number in the UI language's digits; the shared schema reads either.
    initialValues: { wallet: format.digits(pm.wallet), note: pm.note, available: pm.available },
    validate: zodResolver(schema),
    validateInputOnBlur: true,
  });
  type Hours = { open: string; close: string } | null;
  const { submit, pending: saving } = useSubmit({
    send: ({ values, hours }: { values: typeof form.values; hours: Hours }) => savePm(pm.account, { ...schema.parse(values), hours }),
    onDone: () => {
      showSuccess('notify.success');
      void queryClient.invalidateQueries({ queryKey: adminKeys.pms() });
    },
  });
  const save = form.onSubmit((values) => {
    setHoursError(null);
    const typed = { open: toAsciiDigits(open.trim()), close: toAsciiDigits(close.trim()) };
    const hours = typed.open === '' && typed.close === '' ? null : businessHoursSchema.safeParse(typed);
    if (hours && !hours.success) {
      setHoursError(translateRuntimeKey('validation.hoursInvalid'));
      return;
    }
    void submit({ values, hours: hours ? hours.data : null });
  });
  const name = t(`wallets.${pm.account}`);
  return (
    <Card withBorder radius="lg" padding="lg" component="form" onSubmit={save} noValidate aria-label={name}>
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <WalletLabel wallet={pm.account} size="lg" />
          <Switch size="md" label={t('pms.available')} {...form.getInputProps('available', { type: 'checkbox' })} />
        </Group>
        <TextInput
          label={t('pms.wallet')}
          description={t(pm.account === 'rocket' ? 'pms.walletHintRocket' : 'pms.walletHintMobile')}
          inputMode="tel"
          required
          {...form.getInputProps('wallet')}
        />
        <Group grow align="flex-start">
          <TextInput label={t('pms.opens')} placeholder={format.digits('08:00')} value={open} onChange={(e) => setOpen(e.currentTarget.value)} error={hoursError} />
          <TextInput label={t('pms.closes')} placeholder={format.digits('01:00')} value={close} onChange={(e) => setClose(e.currentTarget.value)} />
        </Group>
        <Textarea label={t('pms.note')} autosize minRows={2} maxRows={6} {...form.getInputProps('note')} />
        <Group justify="flex-end">
          <Button type="submit" loading={saving}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
