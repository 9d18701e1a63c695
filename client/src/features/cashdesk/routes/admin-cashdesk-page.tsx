import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CASHDESK_CURRENCIES, type CashdeskCurrency, type CashdeskDto } from '#shared/cashdesk';
import { ConfirmModal } from '../../../components/confirm-modal';
import { PagePicker } from '../../../components/page-picker';
import { useFormat } from '../../../lib/format';
import { showError, showSuccess } from '../../../lib/notify';
import { refreshQueries, useErrorToast, usePagedQuery, useQuery } from '../../../lib/query';
import { useIsAdmin } from '../../../lib/session';
import {
  cashdeskKeys,
  cashdesksQuery,
  changeCashdesk,
  connectCashdesk,
  disconnectCashdesk,
  operationsQuery,
} from '../api/cashdesk-api';

const STATE_COLOR = { ok: 'teal.9', failing: 'red.9', paused: 'gray.7' } as const;

/** /admin/cashdesk: the betting cash desk of each currency; the admin connects and steers, operators read. */
export default function AdminCashdeskPage() {
  const { t } = useTranslation('admin');
  const { data, error } = useQuery(cashdesksQuery());
  useErrorToast(error);
  // A change, or a desk's alert (pushed to the staff's banner, which refreshes the same queries), is read anew.
  const load = () => refreshQueries(cashdeskKeys.all);
  const desks = data ? data.cashdesks : error ? [] : null;

  return (
    <Stack gap="lg">
      <Title order={1}>{t('cashdesk.title')}</Title>
      <Text size="sm" c="dark.6">
        {t('cashdesk.intro')}
      </Text>
      {desks === null
        ? null
        : CASHDESK_CURRENCIES.map((currency) => (
            <DeskCard
              key={currency}
              currency={currency}
              desk={desks.find((d) => d.currency === currency) ?? null}
              reload={load}
            />
          ))}
    </Stack>
  );
}

function DeskCard({
  currency,
  desk,
  reload,
}: {
  currency: CashdeskCurrency;
  desk: CashdeskDto | null;
  reload: () => Promise<void>;
}) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const isAdmin = useIsAdmin();
  const [removing, setRemoving] = useState(false);
  const [autoMax, setAutoMax] = useState<number | string>(desk?.auto_max ?? '');
  useEffect(() => setAutoMax(desk?.auto_max ?? ''), [desk?.auto_max]);

  const change = async (patch: Parameters<typeof changeCashdesk>[1]) => {
    const answer = await changeCashdesk(currency, patch);
    if (!answer.ok) showError(answer);
    else showSuccess('admin:cashdesk.saved');
    await reload();
  };
  const remove = async () => {
    const answer = await disconnectCashdesk(currency);
    if (!answer.ok) showError(answer);
    else showSuccess('admin:cashdesk.disconnected');
    await reload();
  };
  const money = (value: number | null) => (value === null ? '—' : format.money(value, currency));

  return (
    <Card withBorder radius="md" p="lg" data-testid={`cashdesk-${currency}`}>
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h3">
            {t('cashdesk.deskOf', { currency: t(`cashdesk.currency.${currency}`) })}
          </Title>
          {desk ? (
            <Badge color={STATE_COLOR[desk.state]} variant="filled" data-testid={`cashdesk-state-${currency}`}>
              {t(`cashdesk.state.${desk.state}`)}
            </Badge>
          ) : (
            <Badge color="gray.7" variant="outline">
              {t('cashdesk.notConnected')}
            </Badge>
          )}
        </Group>
        {desk ? (
          <>
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
              <Fact label={t('cashdesk.limit')} value={money(desk.limit)} />
              <Fact label={t('cashdesk.balance')} value={money(desk.balance)} />
              <Fact
                label={t('cashdesk.checkedAt')}
                value={desk.checked_at === null ? '—' : format.date(desk.checked_at)}
              />
            </SimpleGrid>
            {desk.last_error ? (
              <Alert color="red" title={t('cashdesk.lastError')}>
                {desk.last_error}
              </Alert>
            ) : null}
            <Group gap="xl" wrap="wrap">
              <Switch
                label={t('cashdesk.topupAuto')}
                checked={desk.topup_auto}
                disabled={!isAdmin}
                onChange={(e) => void change({ topup_auto: e.currentTarget.checked })}
              />
              <Switch
                label={t('cashdesk.withdrawAuto')}
                checked={desk.withdraw_auto}
                disabled={!isAdmin}
                onChange={(e) => void change({ withdraw_auto: e.currentTarget.checked })}
              />
              <Switch
                label={t('cashdesk.paused')}
                checked={desk.paused}
                disabled={!isAdmin}
                onChange={(e) => void change({ paused: e.currentTarget.checked })}
              />
            </Group>
            <Group align="flex-end" wrap="wrap">
              <NumberInput
                label={t('cashdesk.autoMax')}
                description={t('cashdesk.autoMaxHint')}
                value={autoMax}
                onChange={setAutoMax}
                min={1}
                allowDecimal={false}
                disabled={!isAdmin}
                w={260}
              />
              {isAdmin ? (
                <Button
                  variant="light"
                  onClick={() => void change({ auto_max: autoMax === '' ? null : Number(autoMax) })}
                >
                  {t('cashdesk.saveAutoMax')}
                </Button>
              ) : null}
            </Group>
          </>
        ) : null}
        {isAdmin ? <ConnectForm currency={currency} desk={desk} reload={reload} /> : null}
        {isAdmin && desk ? (
          <Group>
            <Button color="red.8" variant="outline" onClick={() => setRemoving(true)}>
              {t('cashdesk.disconnect')}
            </Button>
          </Group>
        ) : null}
        {desk ? <Operations currency={currency} /> : null}
      </Stack>
      <ConfirmModal
        opened={removing}
        onClose={() => setRemoving(false)}
        title={t('cashdesk.disconnectTitle')}
        body={t('cashdesk.disconnectConfirm', { currency: t(`cashdesk.currency.${currency}`) })}
        confirmLabel={t('cashdesk.disconnect')}
        onConfirm={remove}
      />
    </Card>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dark.6">
        {label}
      </Text>
      <Text fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </Stack>
  );
}

/** Connect or replace the desk: the secrets are write-only (left empty, the stored ones stay). */
function ConnectForm({
  currency,
  desk,
  reload,
}: {
  currency: CashdeskCurrency;
  desk: CashdeskDto | null;
  reload: () => Promise<void>;
}) {
  const { t } = useTranslation('admin');
  const [values, setValues] = useState({
    cashdesk_id: desk?.cashdesk_id ?? '',
    login: desk?.login ?? '',
    cashier_pass: '',
    hash: '',
    lng: desk?.lng ?? 'en',
    balance_variant: desk?.balance_variant ?? 'cashierpass',
    currency_id: desk?.currency_id === null || desk?.currency_id === undefined ? '' : String(desk.currency_id),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));

  const submit = async () => {
    setBusy(true);
    setErrors({});
    try {
      const answer = await connectCashdesk(currency, {
        cashdesk_id: values.cashdesk_id,
        login: values.login,
        ...(values.cashier_pass ? { cashier_pass: values.cashier_pass } : {}),
        ...(values.hash ? { hash: values.hash } : {}),
        lng: values.lng,
        balance_variant: values.balance_variant as 'cashierpass' | 'cashdeskid',
        currency_id: values.currency_id === '' ? null : Number(values.currency_id),
        topup_auto: desk?.topup_auto ?? false,
        withdraw_auto: desk?.withdraw_auto ?? false,
        auto_max: desk?.auto_max ?? null,
      });
      if (!answer.ok) {
        setErrors(answer.errors ?? {});
        showError(answer);
        return;
      }
      showSuccess('admin:cashdesk.connected');
      setValues((v) => ({ ...v, cashier_pass: '', hash: '' }));
      await reload();
    } finally {
      setBusy(false);
    }
  };
  const secretHint = desk ? t('cashdesk.secretKept') : undefined;
  const errorOf = (field: string) => (errors[field] ? t('cashdesk.fieldInvalid') : undefined);

  return (
    <Card withBorder radius="md" p="md" bg="gray.0">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {desk ? t('cashdesk.edit') : t('cashdesk.connect')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t('cashdesk.cashdeskId')}
            value={values.cashdesk_id}
            onChange={(e) => set('cashdesk_id')(e.currentTarget.value)}
            error={errorOf('cashdesk_id')}
            required
          />
          <TextInput
            label={t('cashdesk.login')}
            value={values.login}
            onChange={(e) => set('login')(e.currentTarget.value)}
            error={errorOf('login')}
            required
            autoComplete="off"
          />
          <PasswordInput
            label={t('cashdesk.cashierPass')}
            description={secretHint}
            value={values.cashier_pass}
            onChange={(e) => set('cashier_pass')(e.currentTarget.value)}
            error={errorOf('cashier_pass')}
            required={!desk}
            autoComplete="new-password"
          />
          <PasswordInput
            label={t('cashdesk.hash')}
            description={secretHint}
            value={values.hash}
            onChange={(e) => set('hash')(e.currentTarget.value)}
            error={errorOf('hash')}
            required={!desk}
            autoComplete="new-password"
          />
          <TextInput
            label={t('cashdesk.lng')}
            value={values.lng}
            onChange={(e) => set('lng')(e.currentTarget.value)}
            error={errorOf('lng')}
            maxLength={2}
          />
          <Select
            label={t('cashdesk.balanceVariant')}
            value={values.balance_variant}
            onChange={(v) => set('balance_variant')(v ?? 'cashierpass')}
            data={(['cashierpass', 'cashdeskid'] as const).map((value) => ({
              value,
              label: t(`cashdesk.variants.${value}`),
            }))}
            allowDeselect={false}
          />
          <TextInput
            label={t('cashdesk.currencyId')}
            description={t('cashdesk.currencyIdHint')}
            value={values.currency_id}
            onChange={(e) => set('currency_id')(e.currentTarget.value.replace(/\D/g, ''))}
            error={errorOf('currency_id')}
            inputMode="numeric"
          />
        </SimpleGrid>
        <Group>
          <Button loading={busy} onClick={() => void submit()}>
            {desk ? t('cashdesk.saveAndCheck') : t('cashdesk.connectButton')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** The desk's operations as the engine records them (deposits, payouts, drift); none until it runs. */
function Operations({ currency }: { currency: CashdeskCurrency }) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const { page, setPage, query } = usePagedQuery((p) => operationsQuery(currency, p));
  const data = query.data ?? { operations: [], pages: 0 };
  const money = (value: number | null) => (value === null ? '—' : format.money(value, currency));
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t('cashdesk.operations')}
      </Title>
      {data.operations.length === 0 ? (
        <Text size="sm" c="dark.6">
          {t('cashdesk.noOperations')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('cashdesk.at')}</Table.Th>
                <Table.Th>{t('cashdesk.kind')}</Table.Th>
                <Table.Th>{t('cashdesk.order')}</Table.Th>
                <Table.Th>{t('cashdesk.amount')}</Table.Th>
                <Table.Th>{t('cashdesk.limitMove')}</Table.Th>
                <Table.Th>{t('cashdesk.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.operations.map((op) => (
                <Table.Tr key={op.id}>
                  <Table.Td>{format.date(op.at)}</Table.Td>
                  <Table.Td>{t(`cashdesk.kinds.${op.kind}`)}</Table.Td>
                  <Table.Td ff="monospace">{op.order_id ?? '—'}</Table.Td>
                  <Table.Td>{money(op.amount)}</Table.Td>
                  <Table.Td>
                    {money(op.limit_before)} → {money(op.limit_after)}
                  </Table.Td>
                  <Table.Td>
                    {op.status}
                    {op.message ? (
                      <Text size="xs" c="dark.6">
                        {op.message}
                      </Text>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <PagePicker page={page} pages={data.pages} onChange={setPage} />
    </Stack>
  );
}
