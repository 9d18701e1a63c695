import { Anchor, Button, Card, Group, Select, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { WALLETS, type Wallet } from '#shared/constants';
import { SMS_STATUSES, type SmsDto, type SmsStatus } from '#shared/sms/sms-api';
import { PageHeader } from '../../../components/page-header';
import { PagePicker } from '../../../components/page-picker';
import { WalletLabel } from '../../../components/wallet-label';
import { paths } from '../../../config';
import { translateRuntimeKey } from '../../../i18n/keys';
import { useWalletName } from '../../../i18n/labels';
import { useFormat } from '../../../lib/format';
import { refreshQueries, useErrorToast, usePagedQuery } from '../../../lib/query';
import { LedgerGapsAlert } from '../components/ledger-gaps-alert';
import { useSocketEvent } from '../../../lib/socket';
import { inboxQuery, smsKeys } from '../api/sms-api';
import { LinkSmsModal } from '../components/link-sms-modal';
import { SmsStatusBadge } from '../components/sms-status-badge';
import { TemplatesPanel } from '../components/templates-panel';
import classes from '../../../styles/text.module.css';

function SmsCard({ sms, onLink }: { sms: SmsDto; onLink: (sms: SmsDto) => void }) {
  const { t } = useTranslation('sms');
  const format = useFormat();
  return (
    <Card withBorder radius="md" p="sm" data-testid="sms-row">
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="nowrap">
            <Text fw={700} ff="monospace">
              #{format.digits(String(sms.id))}
            </Text>
            <WalletLabel wallet={sms.account} size="sm" />
            <Text size="sm" c="dimmed">
              {sms.from}
            </Text>
          </Group>
          <SmsStatusBadge status={sms.status} />
        </Group>
        <Group gap="md" wrap="wrap">
          {sms.amount !== null ? (
            <Text size="sm">
              {t('inbox.amount')}: <b>{format.money(sms.amount, 'BDT')}</b>
            </Text>
          ) : null}
          {sms.trx_id ? (
            <Text size="sm">
              {t('inbox.trxId')}: <b style={{ fontFamily: 'monospace' }}>{sms.trx_id}</b>
            </Text>
          ) : null}
          {sms.sender ? (
            <Text size="sm">
              {t('inbox.sender')}: {format.wallet(sms.sender)}
            </Text>
          ) : null}
          <Text size="sm" c="dimmed">
            {t('inbox.received')}: {format.date(sms.received_at)}
          </Text>
        </Group>
        <Text size="sm" className={`${classes.preWrap} ${classes.breakWord}`} c="dimmed">
          {sms.text}
        </Text>
        <Group justify="space-between" wrap="wrap">
          <Text size="xs" c="dimmed">
            {t(`inbox.parse.${sms.parse.kind}`)}
            {sms.parse.reason ? ` · ${translateRuntimeKey(`sms:inbox.reasons.${sms.parse.reason}`, { fallback: 'sms:inbox.parse.unparsed' })}` : ''}
          </Text>
          {sms.order_id ? (
            <Anchor component={Link} to={paths.order.getHref(sms.order_id)} size="sm" ff="monospace">
              {t('inbox.order')}: {sms.order_id.slice(0, 10)}
            </Anchor>
          ) : sms.status === 'unmatched' ? (
            <Button size="xs" variant="light" onClick={() => onLink(sms)}>
              {t('inbox.link')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}

function Inbox() {
  const { t } = useTranslation('sms');
  const walletName = useWalletName();
  const [status, setStatus] = useState<SmsStatus | undefined>(undefined);
  const [account, setAccount] = useState<Wallet | undefined>(undefined);
  const [query, setQuery] = useState('');
  const [q] = useDebouncedValue(query.trim(), 300);
  const [linking, setLinking] = useState<SmsDto | null>(null);
  const list = usePagedQuery(useMemo(() => inboxQuery({ status, account, q: q || undefined }), [status, account, q]));
  const { page, setPage, pages } = list;
  useErrorToast(list.query.error);
  const rows = list.query.data?.sms ?? (list.query.isError ? [] : null);
  const refresh = () => void refreshQueries(smsKeys.inboxes());
  useSocketEvent('sms:received', () => {
    if (page === 1) refresh();
  });

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('inbox.live')}
      </Text>
      <Group gap="sm" wrap="wrap" align="flex-end">
        <TextInput label={t('inbox.search')} value={query} onChange={(e) => { setQuery(e.currentTarget.value); setPage(1); }} style={{ flex: '1 1 220px' }} />
        <Select
          label={t('inbox.status')}
          data={[{ value: 'all', label: t('inbox.allStatuses') }, ...SMS_STATUSES.filter((s) => s !== 'duplicate').map((s) => ({ value: s, label: t(`inbox.statuses.${s}`) }))]}
          value={status ?? 'all'}
          onChange={(value) => { setStatus(!value || value === 'all' ? undefined : (value as SmsStatus)); setPage(1); }}
          allowDeselect={false}
          style={{ flex: '0 1 170px' }}
        />
        <Select
          label={t('inbox.account')}
          data={[{ value: 'all', label: t('inbox.allAccounts') }, ...WALLETS.map((w) => ({ value: w, label: walletName(w) }))]}
          value={account ?? 'all'}
          onChange={(value) => { setAccount(!value || value === 'all' ? undefined : (value as Wallet)); setPage(1); }}
          allowDeselect={false}
          style={{ flex: '0 1 150px' }}
        />
      </Group>
      {rows !== null && rows.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          {t('inbox.empty')}
        </Text>
      ) : null}
      {(rows ?? []).map((sms) => (
        <SmsCard key={sms.id} sms={sms} onLink={setLinking} />
      ))}
      <PagePicker page={page} pages={pages} onChange={setPage} />
      <LinkSmsModal
        sms={linking}
        onClose={() => setLinking(null)}
        onLinked={() => {
          setLinking(null);
          refresh();
        }}
      />
    </Stack>
  );
}

/** /admin/sms — the inbox of forwarded SMS (filters, search, manual link) and the templates editor. */
export default function AdminSmsPage() {
  const { t } = useTranslation('sms');
  return (
    <Stack gap="md">
      <PageHeader title={t('inbox.title')} />
      <LedgerGapsAlert />
      <Tabs defaultValue="inbox" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="inbox">{t('inbox.tabInbox')}</Tabs.Tab>
          <Tabs.Tab value="templates">{t('inbox.tabTemplates')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="inbox" pt="md">
          <Inbox />
        </Tabs.Panel>
        <Tabs.Panel value="templates" pt="md">
          <TemplatesPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
