import { ActionIcon, Box, Group, Text, Tooltip } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { copyToClipboard } from '../../../lib/clipboard';
import classes from '../../../styles/text.module.css';

/**
 * A value shown large and tabular with a copy button beside it. `nowrap`: a wallet number stays on one line (it would
 * break at its hyphen); `copy={false}`: the customer's own figure, nothing to type anywhere, so no button.
 */
export function CopyValue({
  label,
  value,
  display,
  nowrap = false,
  copy = true,
}: {
  label: string;
  value: string;
  display?: string;
  nowrap?: boolean;
  copy?: boolean;
}) {
  const { t } = useTranslation('orders');
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Box miw={0}>
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        <Text
          fw={700}
          fz={{ base: 22, sm: 26 }}
          className={`${classes.tabular} ${nowrap ? '' : classes.breakAll}`}
          style={nowrap ? { whiteSpace: 'nowrap' } : undefined}
        >
          {display ?? value}
        </Text>
      </Box>
      {copy ? (
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
      ) : null}
    </Group>
  );
}
