import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { copyToClipboard } from '../../../lib/clipboard';

/** An e-mail with a copy icon ('Copied to clipboard' / 'Cannot copy. Error: ...', product.md §3.4). */
export function CopyEmail({ email }: { email: string }) {
  const { t } = useTranslation('users');
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="sm" truncate maw={240}>
        {email}
      </Text>
      <Tooltip label={t('list.copyEmail')}>
        <ActionIcon
          variant="subtle"
          size={36}
          onClick={() => void copyToClipboard(email)}
          aria-label={t('list.copyEmail')}
        >
          <IconCopy size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
