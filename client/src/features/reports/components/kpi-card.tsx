import { Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from '../../../styles/text.module.css';

/** One figure of the statistics page: a label, the figure (or several lines of it) and a short hint. */
export function KpiCard({
  label,
  value,
  hint,
  icon,
  color,
  testId,
}: {
  label: string;
  value: ReactNode;
  hint?: string;
  icon: ReactNode;
  color: string;
  testId: string;
}) {
  return (
    <Card withBorder radius="md" padding="md" data-testid={testId}>
      <Stack gap={6}>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" color={color} radius="md" size="md" aria-hidden>
            {icon}
          </ThemeIcon>
          <Text size="sm" c="dimmed" fw={600} lh={1.3}>
            {label}
          </Text>
        </Group>
        <Text
          component="div"
          fw={700}
          fz={{ base: 'lg', sm: 'xl' }}
          lh={1.25}
          className={`${classes.tabular} ${classes.anywhere}`}
          data-testid={`${testId}-value`}
        >
          {value}
        </Text>
        {hint ? (
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
