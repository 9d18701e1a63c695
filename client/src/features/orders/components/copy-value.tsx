import { ActionIcon, Box, Group, Text, Tooltip } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { copyToClipboard } from '../../../lib/clipboard';
import classes from '../../../styles/text.module.css';

/** A value shown large and tabular with a copy button beside it. */
export function CopyValue({ label, value, display }: { label: string; value: string; display?: string }) {
  const { t } = useTranslation('orders');
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Box miw={0}>
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        <Text fw={700} fz={{ base: 22, sm: 26 }} className={`${classes.tabular} ${classes.breakAll}`}>
          {display ?? value}
        </Text>
      </Box>
      <Tooltip label={t('view.copy')}>
        <ActionIcon
          size={44}
          variant="light"
          onClick={() => void copyToClipboard(value)}
          aria-label={t('view.copyLabel', { label })}
        >
          <IconCopy size={22} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
