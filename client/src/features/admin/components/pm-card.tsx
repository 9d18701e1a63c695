import { Button, Card, Group, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { PaymentMethodDto } from '#shared/api-types';
import { pmPatchSchemaFor } from '#shared/schemas';
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
  const schema = pmPatchSchemaFor(pm.account);
  const form = useForm({
    // The number in the UI language's digits; the shared schema reads either.
    initialValues: { wallet: format.digits(pm.wallet), note: pm.note, available: pm.available },
    validate: zodResolver(schema),
    validateInputOnBlur: true,
  });
  const { submit, pending: saving } = useSubmit({
    send: (values: typeof form.values) => savePm(pm.account, schema.parse(values)),
    onDone: () => {
      showSuccess('notify.success');
      void queryClient.invalidateQueries({ queryKey: adminKeys.pms() });
    },
  });
  const save = form.onSubmit((values) => void submit(values));
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
