import {
  Badge,
  Button,
  Card,
  Divider,
  Group,
  NumberInput,
  Progress,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentMethodDto } from '#shared/api-types';
import type { PaymentNumberDto } from '#shared/wallet-fleet';
import { toAsciiDigits } from '#shared/digits';
import { businessHoursSchema } from '#shared/money-controls';
import { pmPatchSchemaFor } from '#shared/schemas';
import { translateRuntimeKey } from '../../../i18n/keys';
import { WalletLabel } from '../../../components/wallet-label';
import { useFormat } from '../../../lib/format';
import { zodResolver } from '../../../lib/form';
import { adminKeys, savePm, useAdminNumbers } from '../api/admin-api';
import { isNumberFull, PmNumbers } from './pm-numbers';
import { showSuccess } from '../../../lib/notify';
import { queryClient } from '../../../lib/query';
import { useSubmit } from '../../../lib/use-submit';
import { userAtom } from '../../../lib/session';
import { WalletChangeFields, walletChangeFailureShown } from './wallet-change-fields';

/**
 * Whether the method takes no top-up today: its daily cap is used up, or every one of its numbers is
 * paused or full. Checkout says so too.
 */
function limitReachedToday(pm: PaymentMethodDto, numbers: PaymentNumberDto[] | undefined): boolean {
  const today = pm.today ?? { count: 0, amount: 0 };
  const capped =
    (pm.daily_count_limit !== null && today.count >= pm.daily_count_limit) ||
    (pm.daily_amount_limit !== null && today.amount >= pm.daily_amount_limit);
  return capped || (numbers !== undefined && numbers.length > 0 && numbers.every((n) => !n.active || isNumberFull(n)));
}

/**
 * One payment method: the shop's receiving wallet number (checked per wallet, decision 193), a note, availability,
 * its daily caps with today's use, and its receiving numbers (the wallet fleet).
 */
export function PmCard({ pm }: { pm: PaymentMethodDto }) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  // Business hours: both empty is always open; "HH:MM" in Bangladesh time, closing may be after midnight.
  const [open, setOpen] = useState(pm.hours?.open ?? '');
  const [close, setClose] = useState(pm.hours?.close ?? '');
  const [hoursError, setHoursError] = useState<string | null>(null);
  // Daily caps: empty is no cap.
  const [countCap, setCountCap] = useState<string | number>(pm.daily_count_limit ?? '');
  const [amountCap, setAmountCap] = useState(
    pm.daily_amount_limit === null ? '' : format.digits(String(pm.daily_amount_limit)),
  );
  const saved = pm.wallet !== '';
  const { data: numbers } = useAdminNumbers(pm.account, saved);
  const schema = pmPatchSchemaFor(pm.account);
  const twoFactor = useAtomValue(userAtom)?.two_factor ?? false;
  // The second typing and the code are asked only when the receiving number changes (decision 280).
  const termsOf = (values: { confirm_wallet: string; otp: string } & Record<string, unknown>) => {
    const { confirm_wallet, otp: _otp, ...rest } = values;
    return { ...rest, ...(confirm_wallet.trim() === '' ? {} : { confirm_wallet }) };
  };
  const form = useForm({
    // The number in the UI language's digits; the shared schema reads either.
    initialValues: {
      wallet: format.digits(pm.wallet),
      note: pm.note,
      note_bn: pm.note_bn,
      available: pm.available,
      confirm_wallet: '',
      otp: '',
    },
    validate: (values) => zodResolver(schema)(termsOf(values)),
    validateInputOnBlur: true,
  });
  const typed = schema.shape.wallet.safeParse(form.values.wallet);
  const walletChanges = saved ? (typed.success ? typed.data : form.values.wallet.trim()) !== pm.wallet : false;
  type Hours = { open: string; close: string } | null;
  type Caps = { daily_count_limit: number | null; daily_amount_limit: string | null };
  const { submit, pending: saving } = useSubmit({
    send: ({ values, hours, caps }: { values: typeof form.values; hours: Hours; caps: Caps }) =>
      savePm(
        pm.account,
        { ...schema.parse({ ...termsOf(values), ...caps }), hours },
        values.otp.trim() === '' ? undefined : values.otp,
      ),
    form,
    fields: [
      'wallet',
      'note',
      'note_bn',
      'available',
      'confirm_wallet',
      'otp',
      'daily_count_limit',
      'daily_amount_limit',
    ],
    onFailure: walletChangeFailureShown,
    onDone: (answer) => {
      if (answer.pm.wallet !== pm.wallet && saved)
        showSuccess('admin:pms.walletChanged', {
          before: format.digits(pm.wallet),
          after: format.digits(answer.pm.wallet),
        });
      else showSuccess('notify.success');
      form.setValues({ confirm_wallet: '', otp: '' });
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
    const caps: Caps = {
      daily_count_limit: countCap === '' ? null : Number(countCap),
      daily_amount_limit: amountCap.trim() === '' ? null : toAsciiDigits(amountCap.trim()),
    };
    const checked = schema.safeParse({ ...termsOf(values), ...caps });
    if (!checked.success) {
      form.setErrors(zodResolver(schema)({ ...termsOf(values), ...caps }));
      return;
    }
    if (walletChanges && checked.data.confirm_wallet !== checked.data.wallet) {
      form.setErrors({ confirm_wallet: translateRuntimeKey('errors.walletConfirmMismatch') });
      return;
    }
    void submit({ values, hours: hours ? hours.data : null, caps });
  });
  const name = t(`wallets.${pm.account}`);
  const today = pm.today ?? { count: 0, amount: 0 };
  const full = limitReachedToday(pm, numbers);
  const status = !pm.available
    ? { color: 'gray', key: 'pms.statusOff' as const }
    : full
      ? { color: 'red', key: 'pms.statusLimitReached' as const }
      : { color: 'teal', key: 'pms.statusAvailable' as const };
  const percent = (used: number, limit: number | null) =>
    limit === null ? null : limit === 0 ? 100 : Math.min(100, Math.round((used / limit) * 100));
  const countPercent = percent(today.count, pm.daily_count_limit);
  const amountPercent = percent(today.amount, pm.daily_amount_limit);
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label={name}>
      <Stack gap="md">
        <form onSubmit={save} noValidate>
          <Stack gap="md">
            <Group justify="space-between" wrap="nowrap">
              <WalletLabel wallet={pm.account} size="lg" />
              <Badge color={status.color} variant="light" size="lg" data-testid={`pm-status-${pm.account}`}>
                {t(status.key)}
              </Badge>
            </Group>
            <Switch size="md" label={t('pms.offered')} {...form.getInputProps('available', { type: 'checkbox' })} />
            <TextInput
              label={t('pms.wallet')}
              description={t(pm.account === 'rocket' ? 'pms.walletHintRocket' : 'pms.walletHintMobile')}
              inputMode="tel"
              required
              {...form.getInputProps('wallet')}
            />
            {walletChanges && <WalletChangeFields form={form} twoFactor={twoFactor} />}
            <Group grow align="flex-start">
              <TextInput
                label={t('pms.opens')}
                placeholder={format.digits('08:00')}
                value={open}
                onChange={(e) => setOpen(e.currentTarget.value)}
                error={hoursError}
              />
              <TextInput
                label={t('pms.closes')}
                placeholder={format.digits('01:00')}
                value={close}
                onChange={(e) => setClose(e.currentTarget.value)}
              />
            </Group>
            <Textarea label={t('pms.note')} autosize minRows={2} maxRows={6} {...form.getInputProps('note')} />
            <Textarea
              label={t('pms.noteBn')}
              description={t('pms.noteBnHint')}
              lang="bn"
              autosize
              minRows={2}
              maxRows={6}
              {...form.getInputProps('note_bn')}
            />
            <Group grow align="flex-start">
              <NumberInput
                label={t('pms.countCap')}
                min={0}
                allowDecimal={false}
                value={countCap}
                onChange={setCountCap}
                error={form.errors.daily_count_limit}
              />
              <TextInput
                label={t('pms.amountCap')}
                inputMode="decimal"
                value={amountCap}
                onChange={(e) => setAmountCap(e.currentTarget.value)}
                error={form.errors.daily_amount_limit}
              />
            </Group>
            <Text size="xs" c="dimmed">
              {t('pms.capHint')}
            </Text>
            <Stack gap={4} data-testid={`pm-used-${pm.account}`}>
              <Group justify="space-between" gap="xs">
                <Text size="sm" fw={500}>
                  {t('pms.usedToday')}
                </Text>
                <Text size="sm">
                  {pm.daily_count_limit === null
                    ? t('pms.orders', { used: format.number(today.count) })
                    : t('pms.ordersOf', {
                        used: format.number(today.count),
                        limit: format.number(pm.daily_count_limit),
                      })}
                  {' · '}
                  {pm.daily_amount_limit === null
                    ? format.money(today.amount, 'BDT')
                    : t('pms.amountOf', {
                        used: format.money(today.amount, 'BDT'),
                        limit: format.money(pm.daily_amount_limit, 'BDT'),
                      })}
                </Text>
              </Group>
              {countPercent !== null && (
                <Progress
                  size="sm"
                  value={countPercent}
                  color={countPercent >= 100 ? 'red' : 'teal'}
                  aria-label={`${t('pms.usedToday')} · ${t('pms.countCap')}`}
                />
              )}
              {amountPercent !== null && (
                <Progress
                  size="sm"
                  value={amountPercent}
                  color={amountPercent >= 100 ? 'red' : 'teal'}
                  aria-label={`${t('pms.usedToday')} · ${t('pms.amountCap')}`}
                />
              )}
            </Stack>
            <Group justify="flex-end">
              <Button type="submit" loading={saving}>
                {t('save')}
              </Button>
            </Group>
          </Stack>
        </form>
        <Divider />
        {saved ? (
          <PmNumbers account={pm.account} numbers={numbers} />
        ) : (
          <Text size="sm" c="dimmed">
            {t('pms.noNumbers')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
