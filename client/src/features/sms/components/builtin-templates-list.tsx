// The built-in templates, read-only, per wallet, each with what it reads and an example.
import { Badge, Card, Code, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import text from '../../../styles/text.module.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WALLETS, type Wallet } from '#shared/constants';
import { BUILTIN_TEMPLATES } from '#shared/sms/builtin-templates';
import { useWalletName } from '../../../i18n/labels';

const READ_COLOURS = { payment: 'green', debit: 'orange', credit: 'gray' } as const;

export function BuiltinTemplatesList() {
  const { t } = useTranslation('sms');
  const walletName = useWalletName();
  const [wallet, setWallet] = useState<Wallet>('bkash');
  const shown = BUILTIN_TEMPLATES.filter((template) => template.account === wallet);
  return (
    <Stack gap="sm" data-testid="builtin-templates">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={0}>
          <Text fw={700}>{t('templates.builtinTitle')}</Text>
          <Text size="sm" c="dimmed">
            {t('templates.builtinIntro')}
          </Text>
        </Stack>
        <SegmentedControl
          aria-label={t('templates.walletPicker')}
          value={wallet}
          onChange={(value) => setWallet(value as Wallet)}
          data={WALLETS.map((w) => ({ value: w, label: walletName(w) }))}
        />
      </Group>
      {shown.map((template) => {
        const name = template.id.slice(template.id.indexOf('.') + 1);
        return (
          <Card key={template.id} withBorder radius="md" p="sm" data-template-id={template.id}>
            <Group justify="space-between" wrap="wrap" gap="xs" mb={6}>
              <Text fw={600}>
                {t(`templates.names.${name}` as 'templates.names.received', { defaultValue: template.label })}
              </Text>
              <Badge variant="light" color={READ_COLOURS[template.reads.kind]} tt="none">
                {t(`templates.reads.${template.reads.kind}`)}
              </Badge>
            </Group>
            <Text size="xs" c="dimmed">
              {t('templates.example')}
            </Text>
            <Code block className={`${text.preWrap} ${text.breakWord}`}>
              {template.example}
            </Code>
          </Card>
        );
      })}
    </Stack>
  );
}
