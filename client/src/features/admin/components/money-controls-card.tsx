// Money controls on /admin/settings: the limits for strangers, the hourly limit, the payer rule, and the
// blocklist (values the shop refuses orders from). Admins only; each change is audited by the server.
import {
  ActionIcon,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BLOCKLIST_KINDS, type BlocklistEntryDto, type BlocklistKind } from '#shared/money-controls';
import type { ShopSettings } from '#shared/shop-settings';
import { translateRuntimeKey } from '../../../i18n/keys';
import { useFormat } from '../../../lib/format';
import { showError, showSuccess } from '../../../lib/notify';
import {
  addBlocklistEntry,
  getShopSettings,
  listBlocklist,
  removeBlocklistEntry,
  saveShopSettings,
} from '../api/admin-api';
import classes from '../../../styles/text.module.css';

type Limits = Pick<
  ShopSettings,
  'payer_required' | 'new_customer_one_open_order' | 'new_customer_max_bdt' | 'orders_per_hour'
>;
const numberOrNull = (value: string | number) => (value === '' ? null : Number(value));

export function MoneyControlsCard() {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const [limits, setLimits] = useState<Limits | null>(null);
  const [entries, setEntries] = useState<BlocklistEntryDto[]>([]);
  const [kind, setKind] = useState<BlocklistKind>('wallet');
  const [value, setValue] = useState('');
  const [reason, setReason] = useState('');
  const [valueError, setValueError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void getShopSettings().then((answer) => (answer.ok ? setLimits(answer.settings) : showError(answer)));
    void listBlocklist().then((answer) => (answer.ok ? setEntries(answer.entries) : showError(answer)));
  }, []);

  const saveLimits = async () => {
    if (!limits) return;
    setBusy(true);
    try {
      const answer = await saveShopSettings(limits);
      if (!answer.ok) return showError(answer);
      setLimits(answer.settings);
      showSuccess('admin:settings.shopSaved');
    } finally {
      setBusy(false);
    }
  };

  const add = async () => {
    setBusy(true);
    setValueError(null);
    try {
      const answer = await addBlocklistEntry({ kind, value, reason });
      if (!answer.ok) {
        const field = answer.errors?.value;
        if (field) setValueError(translateRuntimeKey(field));
        return showError(answer);
      }
      setEntries([answer.entry, ...entries]);
      setValue('');
      setReason('');
    } finally {
      setBusy(false);
    }
  };

  const remove = async (id: number) => {
    const answer = await removeBlocklistEntry(id);
    if (!answer.ok) return showError(answer);
    setEntries(entries.filter((e) => e.id !== id));
  };

  return (
    <Card withBorder radius="md" padding="lg" data-testid="money-controls">
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('moneyControls.title')}
        </Title>
        <Switch
          label={t('moneyControls.payerRequired')}
          checked={limits?.payer_required ?? false}
          disabled={!limits}
          onChange={(e) => limits && setLimits({ ...limits, payer_required: e.currentTarget.checked })}
        />
        <Switch
          label={t('moneyControls.oneOpenOrder')}
          description={t('moneyControls.strangerHint')}
          checked={limits?.new_customer_one_open_order ?? false}
          disabled={!limits}
          onChange={(e) => limits && setLimits({ ...limits, new_customer_one_open_order: e.currentTarget.checked })}
        />
        <Group grow align="flex-start">
          <NumberInput
            label={t('moneyControls.newCustomerMax')}
            description={t('moneyControls.emptyOff')}
            value={limits?.new_customer_max_bdt ?? ''}
            min={1}
            disabled={!limits}
            onChange={(v) => limits && setLimits({ ...limits, new_customer_max_bdt: numberOrNull(v) })}
          />
          <NumberInput
            label={t('moneyControls.ordersPerHour')}
            description={t('moneyControls.emptyOff')}
            value={limits?.orders_per_hour ?? ''}
            min={1}
            allowDecimal={false}
            disabled={!limits}
            onChange={(v) => limits && setLimits({ ...limits, orders_per_hour: numberOrNull(v) })}
          />
        </Group>
        <Button w="fit-content" loading={busy} disabled={!limits} onClick={() => void saveLimits()}>
          {t('settings.saveShop')}
        </Button>

        <Title order={3} size="h5">
          {t('moneyControls.blocklist')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('moneyControls.blocklistHint')}
        </Text>
        <Group align="flex-end" wrap="wrap">
          <Select
            label={t('moneyControls.kind')}
            data={BLOCKLIST_KINDS.map((k) => ({ value: k, label: t(`moneyControls.kinds.${k}`) }))}
            value={kind}
            onChange={(k) => k && setKind(k as BlocklistKind)}
            allowDeselect={false}
            w={160}
          />
          <TextInput
            label={t('moneyControls.value')}
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
            error={valueError}
          />
          <TextInput
            label={t('moneyControls.reason')}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            maxLength={300}
          />
          <Button loading={busy} disabled={value.trim() === ''} onClick={() => void add()} data-testid="blocklist-add">
            {t('moneyControls.add')}
          </Button>
        </Group>
        {entries.length === 0 ? (
          <Text size="sm">{t('moneyControls.empty')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={320}>
            <Table data-testid="blocklist">
              <Table.Tbody>
                {entries.map((e) => (
                  <Table.Tr key={e.id}>
                    <Table.Td>{t(`moneyControls.kinds.${e.kind}`)}</Table.Td>
                    <Table.Td className={classes.breakAll}>
                      {e.kind === 'email' || e.kind === 'ip' ? e.value : format.wallet(e.value)}
                    </Table.Td>
                    <Table.Td>{e.reason}</Table.Td>
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('moneyControls.remove')}
                        onClick={() => void remove(e.id)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
