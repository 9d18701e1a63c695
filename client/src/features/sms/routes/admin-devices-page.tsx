import { Badge, Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WALLETS, type Wallet } from '#shared/constants';
import type { DeviceDto } from '#shared/sms/sms-api';
import { ConfirmModal } from '../../../components/confirm-modal';
import { WalletLabel } from '../../../components/wallet-label';
import { translateRuntimeKey } from '../../../i18n/keys';
import { useWalletName } from '../../../i18n/labels';
import { useFormat } from '../../../lib/format';
import { showError, showSuccess } from '../../../lib/notify';
import { useSocketEvent } from '../../../lib/socket';
import { addDevice, listDevices, revokeDevice, setDeviceBalance } from '../api/sms-api';
import { LedgerGapsAlert } from '../components/ledger-gaps-alert';
import { DeviceTokenModal } from '../components/device-token-modal';
import { ForwarderSetup } from '../components/forwarder-setup';
import { GATEWAY_VALUES, GatewaySetup, GatewayUrl } from '../components/gateway-setup';

/** /admin/devices — the wallet phones that forward SMS: add (token once, QR), revoke, last seen, today's count. */
export default function AdminDevicesPage() {
  const { t } = useTranslation('sms');
  const format = useFormat();
  const walletName = useWalletName();
  const [devices, setDevices] = useState<DeviceDto[] | null>(null);
  const [name, setName] = useState('');
  const [account, setAccount] = useState<Wallet>('bkash');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<{ token: string; deviceId: string } | null>(null);
  const [balance, setBalance] = useState('');
  /** The balance typed for each phone (stated again after a gap was looked into). */
  const [stated, setStated] = useState<Record<string, string>>({});

  const load = useCallback(async () => {
    const answer = await listDevices();
    if (!answer.ok) showError(answer);
    setDevices(answer.ok ? answer.devices : []);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  useSocketEvent('sms:received', () => void load());
  useSocketEvent('devices:silent', () => void load());
  useSocketEvent('ledger:gap', () => void load());

  const add = async () => {
    setBusy(true);
    setErrors({});
    try {
      const answer = await addDevice({ name, account, ...(balance.trim() ? { balance: balance.trim() } : {}) });
      if (!answer.ok) {
        setErrors(answer.errors ?? {});
        showError(answer);
        return;
      }
      showSuccess('sms:devices.added');
      setCreated({ token: answer.token, deviceId: answer.device.id });
      setName('');
      setBalance('');
      await load();
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  const [revoking, setRevoking] = useState<DeviceDto | null>(null);
  const revoke = async (device: DeviceDto) => {
    const answer = await revokeDevice(device.id);
    if (!answer.ok) showError(answer);
    else showSuccess('sms:devices.revoked');
    await load();
  };

  const state = async (device: DeviceDto) => {
    const answer = await setDeviceBalance(device.id, (stated[device.id] ?? '').trim());
    if (!answer.ok) {
      showError(answer);
      return;
    }
    showSuccess('sms:devices.balanceSet');
    setStated((s) => ({ ...s, [device.id]: '' }));
    await load();
  };

  const fieldError = (field: string) => (errors[field] ? translateRuntimeKey(errors[field]) : undefined);

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('devices.title')}
      </Title>
      <Text c="dimmed">{t('devices.intro')}</Text>
      <LedgerGapsAlert />
      <Card withBorder radius="md">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label={t('devices.name')}
            placeholder={t('devices.namePlaceholder')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={fieldError('name')}
            flex="1 1 200px"
          />
          <Select
            label={t('devices.account')}
            data={WALLETS.map((w) => ({ value: w, label: walletName(w) }))}
            value={account}
            onChange={(value) => value && setAccount(value as Wallet)}
            allowDeselect={false}
            flex="0 1 160px"
          />
          <TextInput
            label={t('devices.balance')}
            description={t('devices.balanceHint')}
            value={balance}
            onChange={(e) => setBalance(e.currentTarget.value)}
            error={fieldError('balance')}
            inputMode="decimal"
            flex="0 1 160px"
          />
          <Button onClick={() => void add()} loading={busy}>
            {t('devices.add')}
          </Button>
        </Group>
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
                {t('devices.balance')}: {device.balance === null ? t('devices.balanceUnknown') : format.money(device.balance, 'BDT')}
              </Text>
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
                <Button size="xs" variant="light" disabled={!(stated[device.id] ?? '').trim()} onClick={() => void state(device)}>
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
        onConfirm={() => (revoking ? revoke(revoking) : undefined)}
        onClose={() => setRevoking(null)}
      />
      <DeviceTokenModal token={created?.token ?? null} deviceId={created?.deviceId ?? null} onClose={() => setCreated(null)} />
    </Stack>
  );
}
