// /admin/audit: the audit log (decision 110): who did what to which thing, newest first, filtered by
// action and admin, paged, exportable as CSV. Each entry reads as a sentence in the reader's language ("Rahim
// completed order 8XK2…") beside what it changed. A table from `sm` up, one card per entry on phones.
import { Button, Card, Group, Select, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AUDIT_ACTIONS, type AuditEntryDto, type AuditListDto } from '#shared/audit';
import { dhakaDate } from '#shared/dhaka';
import { OrderTable, type OrderColumn } from '../../../components/order-table';
import { PageHeader } from '../../../components/page-header';
import { PagePicker } from '../../../components/page-picker';
import { paths } from '../../../config';
import { useFormat } from '../../../lib/format';
import { showError } from '../../../lib/notify';
import { useErrorToast, usePagedQuery } from '../../../lib/query';
import { auditEntriesQuery, downloadAuditCsv, type AuditFilter } from '../api/reports-api';

import { AuditChange } from '../components/audit-change';
import { AuditSentenceText } from '../components/audit-sentence';

const NO_ACTORS: AuditListDto['actors'] = [];

const ALL = '';

/** Where the admin looks at an entry's target, when it has a page. */
function targetHref(entry: AuditEntryDto): string | null {
  switch (entry.target_type) {
    case 'order':
      return paths.order.getHref(entry.target_id);
    case 'user':
      return paths.admin.user.getHref(entry.target_id);
    case 'product':
      return paths.admin.products.getHref();
    case 'pm':
      return paths.admin.pms.getHref();
    case 'device':
      return paths.admin.devices.getHref();
    case 'sms':
    case 'sms_template':
      return paths.admin.sms.getHref();
    case 'webhook':
      return paths.admin.webhooks.getHref();
    case 'ticket':
      return paths.admin.support.getHref(entry.target_id);
    default:
      return null;
  }
}

function useAuditColumns(): OrderColumn<AuditEntryDto>[] {
  const { t } = useTranslation('reports');
  const format = useFormat();
  return useMemo(
    () => [
      {
        key: 'at',
        header: t('audit.columns.at'),
        numeric: true,
        cell: (e) => format.date(e.at),
        card: { slot: 'meta', order: 1 },
      },
      {
        key: 'what',
        header: t('audit.columns.what'),
        cell: (e) => <AuditSentenceText entry={e} href={targetHref(e)} />,
        card: { slot: 'line', order: 0 },
      },
      {
        key: 'change',
        header: t('audit.columns.change'),
        cell: (e) => <AuditChange before={e.before} after={e.after} />,
        card: { slot: 'line', order: 1 },
      },
    ],
    [t, format],
  );
}

export default function AdminAuditPage() {
  const { t } = useTranslation('reports');
  const [filter, setFilter] = useState<AuditFilter>({ action: ALL, actor: ALL });
  const [exporting, setExporting] = useState(false);
  const columns = useAuditColumns();

  const { page, setPage, pages, query } = usePagedQuery(useMemo(() => auditEntriesQuery(filter), [filter]));
  useErrorToast(query.error);
  const items = query.data?.entries ?? (query.isError ? [] : null);
  // The admins who acted, as the last answer names them (kept while the next page loads).
  const actors = query.data?.actors ?? NO_ACTORS;

  const change = (next: Partial<AuditFilter>) => {
    setFilter((f) => ({ ...f, ...next }));
    setPage(1);
  };
  const exportCsv = async () => {
    setExporting(true);
    const failed = await downloadAuditCsv(filter, `audit-${dhakaDate(new Date())}.csv`);
    setExporting(false);
    if (failed) showError(failed);
  };

  const actionOptions = [
    { value: ALL, label: t('audit.actionAll') },
    ...AUDIT_ACTIONS.map((a) => ({ value: a, label: t(`audit.actions.${a}`) })),
  ];
  const actorOptions = [
    { value: ALL, label: t('audit.actorAll') },
    ...actors.map((a) => ({ value: a.id, label: a.name })),
  ];

  return (
    <Stack gap="md">
      <PageHeader title={t('audit.title')} subtitle={t('audit.subtitle')} />
      <Group gap="sm" wrap="wrap" align="flex-end">
        <Select
          label={t('audit.action')}
          data={actionOptions}
          value={filter.action}
          onChange={(value) => change({ action: value ?? ALL })}
          allowDeselect={false}
          searchable
          flex="1 1 220px"
          data-testid="audit-action-filter"
        />
        <Select
          label={t('audit.actor')}
          data={actorOptions}
          value={filter.actor}
          onChange={(value) => change({ actor: value ?? ALL })}
          allowDeselect={false}
          flex="1 1 180px"
          data-testid="audit-actor-filter"
        />
        <Button
          leftSection={<IconDownload size={16} />}
          variant="light"
          loading={exporting}
          onClick={() => void exportCsv()}
          flex="none"
        >
          {t('audit.csv')}
        </Button>
      </Group>
      <Card withBorder radius="md" p={0}>
        <OrderTable
          rows={items}
          columns={columns}
          rowKey={(e) => String(e.id)}
          minWidth={760}
          striped
          empty={
            <Text ta="center" c="dimmed" py="xl">
              {t('audit.empty')}
            </Text>
          }
        />
      </Card>
      <PagePicker page={page} pages={pages} onChange={setPage} />
    </Stack>
  );
}
