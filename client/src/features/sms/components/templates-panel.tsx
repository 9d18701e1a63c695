// Admin templates: list, edit, and a live tester that runs the same shared parser code in this tab as you type.
import { Alert, Button, Card, Code, Group, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WALLETS, type Wallet } from '#shared/constants';
import type { SmsTemplateDto } from '#shared/sms/sms-api';
import { SMS_TIME_FORMATS, type SmsTimeFormat } from '#shared/sms/sms-fields';
import { testTemplate } from '#shared/sms/sms-template';
import { WalletLabel } from '../../../components/wallet-label';
import { translateRuntimeKey } from '../../../i18n/keys';
import { useWalletName } from '../../../i18n/labels';
import { useFormat } from '../../../lib/format';
import { showError, showSuccess } from '../../../lib/notify';
import { deleteTemplate, listTemplates, saveTemplate } from '../api/sms-api';

interface Draft {
  id: number | null;
  account: Wallet;
  label: string;
  pattern: string;
  timeFormat: SmsTimeFormat | null;
}
const EMPTY: Draft = { id: null, account: 'bkash', label: '', pattern: '', timeFormat: null };

function TemplateTester({ draft, sample }: { draft: Draft; sample: string }) {
  const { t } = useTranslation('sms');
  const format = useFormat();
  const result = useMemo(() => (draft.pattern && sample ? testTemplate(draft.pattern, sample, draft.timeFormat) : null), [draft.pattern, draft.timeFormat, sample]);
  if (!result) return null;
  if (result.ok) {
    const f = result.fields;
    return (
      <Alert color="green" variant="light" data-testid="template-test">
        {t('templates.testOk', {
          amount: format.amount(f.amount),
          trx: f.trx_id,
          sender: f.sender ?? '—',
          time: f.time === null ? '—' : format.date(f.time),
          fee: f.fee === null ? '—' : format.amount(f.fee),
          balance: f.balance === null ? '—' : format.amount(f.balance),
        })}
      </Alert>
    );
  }
  const reason = 'error' in result ? translateRuntimeKey(result.error) : t(`templates.reasons.${result.reason}`);
  return (
    <Alert color="red" variant="light" data-testid="template-test">
      {t('templates.testFail', { reason })}
    </Alert>
  );
}

export function TemplatesPanel() {
  const { t } = useTranslation('sms');
  const walletName = useWalletName();
  const [templates, setTemplates] = useState<SmsTemplateDto[]>([]);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [sample, setSample] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    const answer = await listTemplates();
    if (!answer.ok) showError(answer);
    else setTemplates(answer.templates);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const save = async () => {
    setBusy(true);
    setErrors({});
    try {
      const answer = await saveTemplate(draft.id, { account: draft.account, label: draft.label, pattern: draft.pattern, time_format: draft.timeFormat });
      if (!answer.ok) {
        setErrors(answer.errors ?? {});
        showError(answer);
        return;
      }
      showSuccess('sms:templates.saved');
      setDraft(EMPTY);
      await load();
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };
  const remove = async (id: number) => {
    const answer = await deleteTemplate(id);
    if (!answer.ok) showError(answer);
    else showSuccess('sms:templates.deleted');
    await load();
  };
  const fieldError = (field: string) => (errors[field] ? translateRuntimeKey(errors[field]) : undefined);

  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        {t('templates.intro')}
      </Text>
      {templates.length === 0 ? <Text c="dimmed">{t('templates.empty')}</Text> : null}
      {templates.map((template) => (
        <Card key={template.id} withBorder radius="md" p="sm">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
              <WalletLabel wallet={template.account} size="sm" />
              <Text fw={600} truncate>
                {template.label}
              </Text>
            </Group>
            <Group gap="xs">
              <Button size="xs" variant="light" onClick={() => setDraft({ id: template.id, account: template.account, label: template.label, pattern: template.pattern, timeFormat: template.time_format })}>
                {t('templates.edit')}
              </Button>
              <Button size="xs" variant="light" color="red" onClick={() => void remove(template.id)}>
                {t('templates.delete')}
              </Button>
            </Group>
          </Group>
          <Code block mt="xs" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {template.pattern}
          </Code>
        </Card>
      ))}
      <Card withBorder radius="md">
        <Stack gap="sm">
          <Text fw={700}>{draft.id === null ? t('templates.new') : t('templates.edit')}</Text>
          <Group grow wrap="wrap" align="flex-start">
            <Select
              label={t('inbox.account')}
              data={WALLETS.map((w) => ({ value: w, label: walletName(w) }))}
              value={draft.account}
              onChange={(value) => value && setDraft({ ...draft, account: value as Wallet })}
              allowDeselect={false}
            />
            <TextInput label={t('templates.label')} value={draft.label} onChange={(e) => setDraft({ ...draft, label: e.currentTarget.value })} error={fieldError('label')} />
          </Group>
          <Textarea
            label={t('templates.pattern')}
            value={draft.pattern}
            onChange={(e) => setDraft({ ...draft, pattern: e.currentTarget.value })}
            error={fieldError('pattern')}
            autosize
            minRows={2}
            styles={{ input: { fontFamily: 'monospace' } }}
          />
          <Select
            label={t('templates.timeFormat')}
            data={[{ value: 'none', label: t('templates.noTime') }, ...SMS_TIME_FORMATS.map((f) => ({ value: f, label: t(`templates.formats.${f}`) }))]}
            value={draft.timeFormat ?? 'none'}
            onChange={(value) => setDraft({ ...draft, timeFormat: !value || value === 'none' ? null : (value as SmsTimeFormat) })}
            error={fieldError('time_format')}
            allowDeselect={false}
          />
          <Textarea label={t('templates.sample')} value={sample} onChange={(e) => setSample(e.currentTarget.value)} autosize minRows={3} />
          <TemplateTester draft={draft} sample={sample} />
          <Group justify="flex-end">
            {draft.id !== null ? (
              <Button variant="default" onClick={() => setDraft(EMPTY)}>
                {t('templates.new')}
              </Button>
            ) : null}
            <Button onClick={() => void save()} loading={busy}>
              {draft.id === null ? t('templates.add') : t('templates.update')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
