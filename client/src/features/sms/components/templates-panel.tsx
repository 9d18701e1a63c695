// Admin templates: the built-in ones (read-only), "make a template from this SMS", the shop's own
// templates, and a pattern written by hand with the live tester that runs the shared parser code in this tab.
import { Button, Card, Code, Group, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import text from '../../../styles/text.module.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WALLETS, type Wallet } from '#shared/constants';
import { SMS_TIME_FORMATS, type SmsTimeFormat } from '#shared/sms/sms-fields';
import { WalletLabel } from '../../../components/wallet-label';
import { translateRuntimeKey } from '../../../i18n/keys';
import { useWalletName } from '../../../i18n/labels';
import { showSuccess } from '../../../lib/notify';
import { refreshQueries, useErrorToast, useQuery } from '../../../lib/query';
import { useSubmit } from '../../../lib/use-submit';
import { deleteTemplate, saveTemplate, smsKeys, templatesQuery } from '../api/sms-api';
import { BuiltinTemplatesList } from './builtin-templates-list';
import { TemplateBuilder } from './template-builder';
import { TemplateTester } from './template-tester';

interface Draft {
  id: number | null;
  account: Wallet;
  label: string;
  pattern: string;
  timeFormat: SmsTimeFormat | null;
}
const EMPTY: Draft = { id: null, account: 'bkash', label: '', pattern: '', timeFormat: null };

export function TemplatesPanel() {
  const { t } = useTranslation('sms');
  const walletName = useWalletName();
  const { data, error } = useQuery(templatesQuery());
  useErrorToast(error);
  const templates = data?.templates ?? [];
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [sample, setSample] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const { submit: save, pending: busy } = useSubmit({
    send: (d: Draft) =>
      saveTemplate(d.id, { account: d.account, label: d.label, pattern: d.pattern, time_format: d.timeFormat }),
    onFailure: (answer) => {
      setErrors(answer.errors ?? {});
    },
    onDone: async () => {
      setErrors({});
      showSuccess('sms:templates.saved');
      setDraft(EMPTY);
      await refreshQueries(smsKeys.templates());
    },
  });
  const { submit: remove } = useSubmit({
    send: (id: number) => deleteTemplate(id),
    onDone: async () => {
      showSuccess('sms:templates.deleted');
      await refreshQueries(smsKeys.templates());
    },
  });
  const fieldError = (field: string) => (errors[field] ? translateRuntimeKey(errors[field]) : undefined);

  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        {t('templates.intro')}
      </Text>
      <TemplateBuilder />
      {templates.length === 0 ? <Text c="dimmed">{t('templates.empty')}</Text> : null}
      {templates.map((template) => (
        <Card key={template.id} withBorder radius="md" p="sm">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Group gap="xs" wrap="nowrap" miw={0}>
              <WalletLabel wallet={template.account} size="sm" />
              <Text fw={600} truncate>
                {template.label}
              </Text>
            </Group>
            <Group gap="xs">
              <Button
                size="xs"
                variant="light"
                onClick={() =>
                  setDraft({
                    id: template.id,
                    account: template.account,
                    label: template.label,
                    pattern: template.pattern,
                    timeFormat: template.time_format,
                  })
                }
              >
                {t('templates.edit')}
              </Button>
              <Button size="xs" variant="light" color="red" onClick={() => void remove(template.id)}>
                {t('templates.delete')}
              </Button>
            </Group>
          </Group>
          <Code block mt="xs" className={`${text.preWrap} ${text.breakAll}`}>
            {template.pattern}
          </Code>
        </Card>
      ))}
      <Card withBorder radius="md">
        <Stack gap="sm">
          <Text fw={700}>{draft.id === null ? t('templates.advancedTitle') : t('templates.edit')}</Text>
          <Group grow wrap="wrap" align="flex-start">
            <Select
              label={t('inbox.account')}
              data={WALLETS.map((w) => ({ value: w, label: walletName(w) }))}
              value={draft.account}
              onChange={(value) => value && setDraft({ ...draft, account: value as Wallet })}
              allowDeselect={false}
            />
            <TextInput
              label={t('templates.label')}
              value={draft.label}
              onChange={(e) => setDraft({ ...draft, label: e.currentTarget.value })}
              error={fieldError('label')}
            />
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
            data={[
              { value: 'none', label: t('templates.noTime') },
              ...SMS_TIME_FORMATS.map((f) => ({ value: f, label: t(`templates.formats.${f}`) })),
            ]}
            value={draft.timeFormat ?? 'none'}
            onChange={(value) =>
              setDraft({ ...draft, timeFormat: !value || value === 'none' ? null : (value as SmsTimeFormat) })
            }
            error={fieldError('time_format')}
            allowDeselect={false}
          />
          <Textarea
            label={t('templates.sample')}
            value={sample}
            onChange={(e) => setSample(e.currentTarget.value)}
            autosize
            minRows={3}
          />
          <TemplateTester pattern={draft.pattern} timeFormat={draft.timeFormat} sample={sample} />
          <Group justify="flex-end">
            {draft.id !== null ? (
              <Button variant="default" onClick={() => setDraft(EMPTY)}>
                {t('templates.new')}
              </Button>
            ) : null}
            <Button onClick={() => void save(draft)} loading={busy}>
              {draft.id === null ? t('templates.add') : t('templates.update')}
            </Button>
          </Group>
        </Stack>
      </Card>
      <BuiltinTemplatesList />
    </Stack>
  );
}
