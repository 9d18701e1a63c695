import { Alert, Badge, Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WALLETS, type Wallet } from '#shared/constants';
import { VALIDATION_KEYS } from '#shared/error-keys';
import type { DeviceDto } from '#shared/sms/sms-api';
import { ConfirmModal } from '../../../components/confirm-modal';
import { WalletLabel } from '../../../components/wallet-label';
import { translateRuntimeKey } from '../../../i18n/keys';
import { useWalletName } from '../../../i18n/labels';
import { useFormat } from '../../../lib/format';
import { showSuccess } from '../../../lib/notify';
import { refreshQueries, useErrorToast, useQuery } from '../../../lib/query';
import { useSocketEvent } from '../../../lib/socket';
import { useSubmit } from '../../../lib/use-submit';
import { addDevice, devicesQuery, revokeDevice, setDeviceBalance, smsKeys } from '../api/sms-api';
import { LedgerGapsAlert } from '../components/ledger-gaps-alert';
import { DeviceTokenModal } from '../components/device-token-modal';
import { ForwarderSetup } from '../components/forwarder-setup';
import { GATEWAY_VALUES, GatewaySetup, GatewayUrl } from '../components/gateway-setup';

const refreshDevices = () => refreshQueries(smsKeys.devices());

/** /admin/devices — the wallet phones that forward SMS: add (token once, QR), revoke, last seen, today's count. */
export default function AdminDevicesPage() {
  const { t } = useTranslation('sms');
  const format = useFormat();
  const walletName = useWalletName();
  // One query for the page and the alerts; pushes have it read again (counts, last seen, balances).
  const { data, error } = useQuery(devicesQuery());
  useErrorToast(error);
  const devices = data?.devices ?? null;
  useSocketEvent('sms:received', () => void refreshDevices());
  useSocketEvent('devices:silent', () => void refreshDevices());
  useSocketEvent('ledger:gap', () => void refreshDevices());

  const [created, setCreated] = useState<{ token: string; deviceId: string } | null>(null);
  const [revoking, setRevoking] = useState<DeviceDto | null>(null);
  /** The balance typed for each phone (stated again after a gap was looked into). */
  const [stated, setStated] = useState<Record<string, string>>({});

  // The balance is asked for here, not left optional: without it nothing on the phone verifies by itself.
  const form = useForm({
    initialValues: { name: '', account: 'bkash' as Wallet, balance: '' },
    validate: { balance: (value) => (value.trim() ? null : VALIDATION_KEYS.required) },
  });
  const { submit: add, pending: adding } = useSubmit({
    send: (values: typeof form.values) =>
      addDevice({ name: values.name, account: values.account, balance: values.balance.trim() }),
    form,
    fields: ['name', 'account', 'balance'],
    onDone: async (answer) => {
      showSuccess('sms:devices.added');
      setCreated({ token: answer.token, deviceId: answer.device.id });
      form.reset();
      await refreshDevices();
    },
  });
  const { submit: revoke } = useSubmit({
    send: (device: DeviceDto) => revokeDevice(device.id),
    onDone: async () => {
      showSuccess('sms:devices.revoked');
      setRevoking(null);
      await refreshDevices();
    },
  });
  const { submit: state } = useSubmit({
    send: (device: DeviceDto) => setDeviceBalance(device.id, (stated[device.id] ?? '').trim()),
    onDone: async (_answer, device) => {
      showSuccess('sms:devices.balanceSet');
      setStated((s) => ({ ...s, [device.id]: '' }));
      await refreshDevices();
    },
  });

  const fieldError = (field: string) => {
    const key = form.errors[field];
    return typeof key === 'string' ? translateRuntimeKey(key) : undefined;
  };

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('devices.title')}
      </Title>
      <Text c="dimmed">{t('devices.intro')}</Text>
      <LedgerGapsAlert />
      <Card withBorder radius="md">
        <form onSubmit={form.onSubmit((values) => void add(values))} noValidate>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label={t('devices.name')}
              placeholder={t('devices.namePlaceholder')}
              {...form.getInputProps('name')}
              error={fieldError('name')}
              flex="1 1 200px"
            />
            <Select
              label={t('devices.account')}
              data={WALLETS.map((w) => ({ value: w, label: walletName(w) }))}
              value={form.values.account}
              onChange={(value) => value && form.setFieldValue('account', value as Wallet)}
              error={fieldError('account')}
              allowDeselect={false}
              flex="0 1 160px"
            />
            <TextInput
              label={t('devices.balance')}
              description={t('devices.balanceHint')}
              {...form.getInputProps('balance')}
              error={fieldError('balance')}
              inputMode="decimal"
              withAsterisk
              flex="0 1 180px"
            />
            <Button type="submit" loading={adding}>
              {t('devices.add')}
            </Button>
          </Group>
          <Text size="sm" c="dimmed" mt="xs">
            {t('devices.balanceWhy')}
          </Text>
        </form>
      </Card>
      {devices !== null && devices.length === 0 ? <Text c="dimmed">{t('devices.empty')}</Text> : null}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {(devices ?? []).map((device) => (
          <Card key={device.id} withBorder radius="md" data-testid="device-card">
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap">
                <Text fw={700} truncate>
                  {device.name}
                </Text>
                <Badge color={device.silent ? 'red' : 'green'} variant="light">
                  {device.silent ? t('devices.silent') : t('devices.ok')}
                </Badge>
              </Group>
              <WalletLabel wallet={device.account} size="sm" />
              <Text size="sm">
                {t('devices.lastSeen')}: {device.last_seen_at ? format.date(device.last_seen_at) : t('devices.never')}
              </Text>
              <Text size="sm">
                {t('devices.today')}: {format.number(device.sms_today)}
              </Text>
              {device.gateway ? (
                <GatewayUrl deviceId={device.id} />
              ) : (
                <Text size="xs" c="dimmed">
                  {t('devices.gateway.oldDevice', { app: GATEWAY_VALUES.app })}
                </Text>
              )}
              <Text size="sm" data-testid="device-balance">
                {t('devices.balance')}:{' '}
                {device.balance === null ? t('devices.balanceUnknown') : format.money(device.balance, 'BDT')}
              </Text>
              {device.balance === null ? (
                <Alert color="orange" variant="light" p="xs" data-testid="device-no-anchor">
                  <Text size="sm">{t('devices.noAnchor')}</Text>
                </Alert>
              ) : null}
              <Group align="flex-end" gap="xs" wrap="nowrap">
                <TextInput
                  size="xs"
                  aria-label={t('devices.setBalance')}
                  placeholder={t('devices.balance')}
                  value={stated[device.id] ?? ''}
                  onChange={(e) => {
                    const value = e.currentTarget.value;
                    setStated((s) => ({ ...s, [device.id]: value }));
                  }}
                  inputMode="decimal"
                  flex={1}
                />
                <Button
                  size="xs"
                  variant="light"
                  disabled={!(stated[device.id] ?? '').trim()}
                  onClick={() => void state(device)}
                >
                  {t('devices.setBalance')}
                </Button>
              </Group>
              <Group justify="flex-end">
                <Button color="red" variant="light" size="xs" onClick={() => setRevoking(device)}>
                  {t('devices.revoke')}
                </Button>
              </Group>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <Card withBorder radius="md">
        <ForwarderSetup />
      </Card>
      <Card withBorder radius="md">
        <GatewaySetup />
      </Card>
      <ConfirmModal
        opened={revoking !== null}
        title={t('devices.revokeTitle')}
        body={revoking ? t('devices.revokeConfirm', { name: revoking.name }) : null}
        confirmLabel={t('devices.revoke')}
        onConfirm={async () => {
          if (revoking) await revoke(revoking);
        }}
        onClose={() => setRevoking(null)}
      />
      <DeviceTokenModal
        token={created?.token ?? null}
        deviceId={created?.deviceId ?? null}
        onClose={() => setCreated(null)}
      />
    </Stack>
  );
}
