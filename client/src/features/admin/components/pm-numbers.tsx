// A payment method's receiving numbers on /admin/pms (the wallet fleet): each with its label, wallet, a
// switch to pause and resume it, its limits, and today's and this month's meters; a form to add one.
import {
  Badge,
  Button,
  Group,
  NumberInput,
  Paper,
  Progress,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Wallet } from '#shared/constants';
import { numberInputSchemaFor, type PaymentNumberDto } from '#shared/wallet-fleet';
import { useFormat } from '../../../lib/format';
import { zodResolver } from '../../../lib/form';
import { showSuccess } from '../../../lib/notify';
import { queryClient } from '../../../lib/query';
import { useSubmit } from '../../../lib/use-submit';
import { translateRuntimeKey } from '../../../i18n/keys';
import { userAtom } from '../../../lib/session';
import { addNumber, adminKeys, editNumber } from '../api/admin-api';
import { WalletChangeFields, walletChangeFailureShown } from './wallet-change-fields';

/** A number that takes no new top-up today: a limit reached. */
export function isNumberFull(n: PaymentNumberDto): boolean {
  return (
    (n.daily_count_limit !== null && n.today.count >= n.daily_count_limit) ||
    (n.daily_amount_limit !== null && n.today.amount >= n.daily_amount_limit) ||
    (n.monthly_amount_limit !== null && n.month.amount >= n.monthly_amount_limit)
  );
}

const refresh = (account: Wallet) => {
  void queryClient.invalidateQueries({ queryKey: adminKeys.numbers(account) });
  void queryClient.invalidateQueries({ queryKey: adminKeys.pms() });
};

function Meter({
  label,
  used,
  limit,
  shown,
}: {
  label: string;
  used: number;
  limit: number | null;
  shown: { used: string; limit: string };
}) {
  const { t } = useTranslation('admin');
  const percent =
    limit === null || limit === 0 ? (limit === 0 ? 100 : 0) : Math.min(100, Math.round((used / limit) * 100));
  return (
    <Stack gap={2}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        <Text size="xs" fw={500}>
          {limit === null ? shown.used : t('pms.usedOfLimit', { used: shown.used, limit: shown.limit })}
        </Text>
      </Group>
      {limit !== null && (
        <Progress
          size="sm"
          value={percent}
          color={percent >= 100 ? 'red' : percent >= 80 ? 'yellow' : 'teal'}
          aria-label={label}
        />
      )}
    </Stack>
  );
}

function NumberRow({ account, number, index }: { account: Wallet; number: PaymentNumberDto; index: number }) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const money = (v: number) => format.money(v, 'BDT');
  const wallet = format.digits(number.wallet);
  const { submit, pending } = useSubmit({
    send: (active: boolean) => editNumber(account, number.id, { active }),
    onDone: (answer) => {
      showSuccess(answer.number.active ? 'admin:pms.numberResumed' : 'admin:pms.numberPaused');
      refresh(account);
    },
  });
  const full = isNumberFull(number);
  const name = number.label || t('pms.unnamed', { n: format.number(index + 1) });
  return (
    <Paper withBorder radius="md" p="sm" data-testid={`number-${number.wallet}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={0} miw={0}>
            <Text fw={600} truncate>
              {name}
            </Text>
            <Text size="sm" ff="monospace">
              {wallet}
            </Text>
            {index === 0 && (
              <Text size="xs" c="dimmed">
                {t('pms.first')}
              </Text>
            )}
          </Stack>
          <Stack gap={4} align="flex-end">
            {!number.active ? (
              <Badge color="gray" variant="light">
                {t('pms.paused')}
              </Badge>
            ) : full ? (
              <Badge color="red" variant="light">
                {t('pms.fullToday')}
              </Badge>
            ) : null}
            <Switch
              checked={number.active}
              disabled={pending}
              label={t('pms.active')}
              aria-label={t('pms.receiving', { wallet })}
              onChange={(e) => void submit(e.currentTarget.checked)}
            />
          </Stack>
        </Group>
        {/* A number shows its limits and how much of each is used, never a second total for the day: the method's
            card has the one total (decision 319). */}
        {number.daily_count_limit === null &&
        number.daily_amount_limit === null &&
        number.monthly_amount_limit === null ? (
          <Text size="xs" c="dimmed">
            {t('pms.noLimits')}
          </Text>
        ) : null}
        {number.daily_count_limit !== null && (
          <Meter
            label={t('pms.limitOf', { what: t('pms.dailyCount') })}
            used={number.today.count}
            limit={number.daily_count_limit}
            shown={{ used: format.number(number.today.count), limit: format.number(number.daily_count_limit) }}
          />
        )}
        {number.daily_amount_limit !== null && (
          <Meter
            label={t('pms.limitOf', { what: t('pms.dailyAmount') })}
            used={number.today.amount}
            limit={number.daily_amount_limit}
            shown={{ used: money(number.today.amount), limit: money(number.daily_amount_limit) }}
          />
        )}
        {number.monthly_amount_limit !== null && (
          <Meter
            label={t('pms.limitOf', { what: t('pms.monthlyAmount') })}
            used={number.month.amount}
            limit={number.monthly_amount_limit}
            shown={{ used: money(number.month.amount), limit: money(number.monthly_amount_limit) }}
          />
        )}
      </Stack>
    </Paper>
  );
}

const emptyNumber = {
  wallet: '',
  confirm_wallet: '',
  otp: '',
  label: '',
  daily_count_limit: '' as number | string,
  daily_amount_limit: '',
  monthly_amount_limit: '',
};

function AddNumberForm({ account, onClose }: { account: Wallet; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const schema = numberInputSchemaFor(account);
  // Empty limit fields are "no limit" (null) for the shared schema.
  const toInput = (v: typeof emptyNumber) => ({
    wallet: v.wallet,
    ...(v.confirm_wallet.trim() === '' ? {} : { confirm_wallet: v.confirm_wallet }),
    label: v.label,
    daily_count_limit: v.daily_count_limit === '' ? null : Number(v.daily_count_limit),
    daily_amount_limit: v.daily_amount_limit.trim() === '' ? null : v.daily_amount_limit,
    monthly_amount_limit: v.monthly_amount_limit.trim() === '' ? null : v.monthly_amount_limit,
  });
  const twoFactor = useAtomValue(userAtom)?.two_factor ?? false;
  // A new receiving number is typed twice, the same (decision 280).
  const validate = (v: typeof emptyNumber) => {
    const errors = zodResolver(schema)(toInput(v));
    if (Object.keys(errors).length > 0) return errors;
    const input = schema.parse(toInput(v));
    return input.confirm_wallet === input.wallet
      ? {}
      : { confirm_wallet: translateRuntimeKey('errors.walletConfirmMismatch') };
  };
  const form = useForm({ initialValues: emptyNumber, validate });
  const { submit, pending } = useSubmit({
    send: (values: typeof emptyNumber) =>
      addNumber(account, schema.parse(toInput(values)), values.otp.trim() === '' ? undefined : values.otp),
    form,
    fields: Object.keys(emptyNumber),
    onFailure: walletChangeFailureShown,
    onDone: () => {
      showSuccess('admin:pms.numberAdded');
      refresh(account);
      onClose();
    },
  });
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="form"
      onSubmit={form.onSubmit((v) => void submit(v))}
      noValidate
      aria-label={t('pms.addNumber')}
    >
      <Stack gap="xs">
        <Group grow align="flex-start">
          <TextInput label={t('pms.numberWallet')} inputMode="tel" required {...form.getInputProps('wallet')} />
          <TextInput label={t('pms.numberLabel')} {...form.getInputProps('label')} />
        </Group>
        <WalletChangeFields form={form} twoFactor={twoFactor} isNew />
        <Group grow align="flex-start">
          <NumberInput
            label={t('pms.dailyCount')}
            min={0}
            allowDecimal={false}
            {...form.getInputProps('daily_count_limit')}
          />
          <TextInput label={t('pms.dailyAmount')} inputMode="decimal" {...form.getInputProps('daily_amount_limit')} />
          <TextInput
            label={t('pms.monthlyAmount')}
            inputMode="decimal"
            {...form.getInputProps('monthly_amount_limit')}
          />
        </Group>
        <Text size="xs" c="dimmed">
          {t('pms.limitsEmpty')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('pms.cancelNumber')}
          </Button>
          <Button type="submit" loading={pending}>
            {t('pms.saveNumber')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

export function PmNumbers({ account, numbers }: { account: Wallet; numbers: PaymentNumberDto[] | undefined }) {
  const { t } = useTranslation('admin');
  const [adding, setAdding] = useState(false);
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t('pms.numbers')}
      </Title>
      <Text size="xs" c="dimmed">
        {t('pms.numbersHint')}
      </Text>
      {numbers?.map((n, i) => (
        <NumberRow key={n.id} account={account} number={n} index={i} />
      ))}
      {adding ? (
        <AddNumberForm account={account} onClose={() => setAdding(false)} />
      ) : (
        <Group>
          <Button variant="light" onClick={() => setAdding(true)}>
            {t('pms.addNumber')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
