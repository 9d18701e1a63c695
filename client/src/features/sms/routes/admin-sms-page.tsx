import { Anchor, Box, Button, Card, Group, Select, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { WALLETS, type Wallet } from '#shared/constants';
import { SMS_STATES, type SmsDto, type SmsStateFilter } from '#shared/sms/sms-api';
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
import { SmsStateBadge } from '../components/sms-state-badge';
import { TemplatesPanel } from '../components/templates-panel';
import classes from '../../../styles/text.module.css';

/** One SMS on two or three short lines: its state and money first, where it came from below, the text last. */
function SmsRow({ sms, first, onLink }: { sms: SmsDto; first: boolean; onLink: (sms: SmsDto) => void }) {
  const { t } = useTranslation('sms');
  const format = useFormat();
  const about = [
    `#${format.digits(String(sms.id))}`,
    sms.sender ? format.wallet(sms.sender) : sms.from,
    format.date(sms.received_at),
    sms.parse.kind === 'payment'
      ? null
      : `${t(`inbox.parse.${sms.parse.kind}`)}${sms.parse.reason ? `: ${translateRuntimeKey(`sms:inbox.reasons.${sms.parse.reason}`, { fallback: 'sms:inbox.parse.unparsed' })}` : ''}`,
  ].filter(Boolean);
  return (
    <Box
      px="sm"
      py={8}
      data-testid="sms-row"
      data-sms-id={sms.id}
      style={first ? undefined : { borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      {/* On a phone the order link or Link button drops below the message rather than squeezing it. */}
      <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
        <Stack gap={2} miw={0} flex="1 1 280px">
          <Group gap="xs" wrap="wrap">
            <SmsStateBadge state={sms.state} />
            <WalletLabel wallet={sms.account} size="sm" />
            {sms.amount !== null ? (
              <Text size="sm" fw={700} className={`${classes.tabular} ${classes.nowrap}`}>
                {format.money(sms.amount, 'BDT')}
              </Text>
            ) : null}
            {sms.trx_id ? (
              <Text size="sm" ff="monospace" aria-label={t('inbox.trxId')} className={classes.anywhere}>
                {sms.trx_id}
              </Text>
            ) : null}
          </Group>
          <Text size="xs" c="dimmed" className={classes.tabular}>
            {about.join(' · ')}
          </Text>
          {/* Money that left the wallet says what it was for, or that nothing explains it (decision 325). */}
          {sms.state === 'payout' && sms.state_order_id ? (
            <Text size="sm" data-testid="sms-payout">
              {t('inbox.payoutOf', { id: sms.state_order_id.slice(0, 10) })}
            </Text>
          ) : null}
          {sms.state === 'payout_unmatched' ? (
            <Text size="sm" fw={600} c="red.8" data-testid="sms-payout">
              {t('inbox.payoutNoOrder')}
            </Text>
          ) : null}
          <Text size="xs" c="dimmed" lineClamp={2} title={sms.text} className={classes.breakWord}>
            {sms.text}
          </Text>
        </Stack>
        {sms.state_order_id ? (
          <Anchor component={Link} to={paths.order.getHref(sms.state_order_id)} size="sm" ff="monospace" flex="none">
            {t('inbox.order')}: {sms.state_order_id.slice(0, 10)}
          </Anchor>
        ) : null}
        {sms.status === 'unmatched' && sms.state === 'unmatched' ? (
          <Button size="compact-sm" variant="light" flex="none" onClick={() => onLink(sms)}>
            {t('inbox.link')}
          </Button>
        ) : null}
      </Group>
    </Box>
  );
}

function Inbox() {
  const { t } = useTranslation('sms');
  const walletName = useWalletName();
  // A link may name a message (`?q=<TrxID>`, the books' items): then every state, searching for it.
  const [params] = useSearchParams();
  const linked = params.get('q') ?? '';
  // Opens on the work (decisions 197, 325): unmatched payments, amounts that differ or are held on open orders, and
  // money sent out that no order's payout matches.
  const [state, setState] = useState<SmsStateFilter | undefined>(linked ? undefined : 'needs_action');
  const [account, setAccount] = useState<Wallet | undefined>(undefined);
  const [query, setQuery] = useState(linked);
  const [q] = useDebouncedValue(query.trim(), 300);
  const [linking, setLinking] = useState<SmsDto | null>(null);
  const list = usePagedQuery(useMemo(() => inboxQuery({ state, account, q: q || undefined }), [state, account, q]));
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
        <TextInput
          label={t('inbox.search')}
          value={query}
          onChange={(e) => {
            setQuery(e.currentTarget.value);
            setPage(1);
          }}
          flex="1 1 220px"
        />
        <Select
          label={t('inbox.state')}
          data={[
            { value: 'needs_action', label: t('inbox.needsAction') },
            { value: 'all', label: t('inbox.allStates') },
            ...SMS_STATES.map((s) => ({ value: s, label: t(`inbox.states.${s}`) })),
          ]}
          value={state ?? 'all'}
          onChange={(value) => {
            setState(!value || value === 'all' ? undefined : (value as SmsStateFilter));
            setPage(1);
          }}
          allowDeselect={false}
          flex="0 1 170px"
        />
        <Select
          label={t('inbox.account')}
          data={[
            { value: 'all', label: t('inbox.allAccounts') },
            ...WALLETS.map((w) => ({ value: w, label: walletName(w) })),
          ]}
          value={account ?? 'all'}
          onChange={(value) => {
            setAccount(!value || value === 'all' ? undefined : (value as Wallet));
            setPage(1);
          }}
          allowDeselect={false}
          flex="0 1 150px"
        />
      </Group>
      {rows !== null && rows.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          {state === 'needs_action' && !q && !account ? t('inbox.emptyWork') : t('inbox.empty')}
        </Text>
      ) : null}
      {rows !== null && rows.length > 0 ? (
        <Card withBorder radius="md" p={0}>
          {rows.map((sms, index) => (
            <SmsRow key={sms.id} sms={sms} first={index === 0} onLink={setLinking} />
          ))}
        </Card>
      ) : null}
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
  // The tab is in the address (`?tab=templates`), so a link can open the templates.
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'templates' ? 'templates' : 'inbox';
  return (
    <Stack gap="md">
      <PageHeader title={t('inbox.title')} />
      <LedgerGapsAlert />
      <Tabs
        value={tab}
        onChange={(value) => setParams(value === 'templates' ? { tab: 'templates' } : {}, { replace: true })}
        keepMounted={false}
      >
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
