import { Button, Card, Group, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentMethodDto } from '#shared/api-types';
import { pmPatchBodySchema } from '#shared/schemas';
import { WalletLabel } from '../../../components/wallet-label';
import { zodResolver } from '../../../lib/form';
import { savePm } from '../api/admin-api';
import { showError, showSuccess } from '../../../lib/notify';

const pmSchema = pmPatchBodySchema.shape.pm;

/** One payment method: the shop's receiving wallet number, a note and availability. */
export function PmCard({ pm }: { pm: PaymentMethodDto }) {
  const { t } = useTranslation('admin');
  const [saving, setSaving] = useState(false);
  const form = useForm({
    initialValues: { wallet: pm.wallet, note: pm.note, available: pm.available },
    validate: zodResolver(pmSchema),
    validateInputOnBlur: true,
  });
  const save = form.onSubmit(async (values) => {
    setSaving(true);
    try {
      const answer = await savePm(pm.account, { wallet: values.wallet.trim(), note: values.note.trim(), available: values.available });
      if (!answer.ok) showError(answer);
      else showSuccess('notify.success');
    } catch (error) {
      showError(error);
    } finally {
      setSaving(false);
    }
  });
  const name = t(`wallets.${pm.account}`);
  return (
    <Card withBorder radius="lg" padding="lg" component="form" onSubmit={save} noValidate aria-label={name}>
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <WalletLabel wallet={pm.account} size="lg" />
          <Switch size="md" label={t('pms.available')} {...form.getInputProps('available', { type: 'checkbox' })} />
        </Group>
        <TextInput label={t('pms.wallet')} inputMode="tel" required {...form.getInputProps('wallet')} />
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
