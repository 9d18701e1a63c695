// The one page heading: the page's h1, an optional dimmed line under it, extra lines (children)
// and actions on the right (a refresh, 'New ticket'), which wrap under the title on phones.
import { Group, Stack, Text, Title, type MantineSpacing, type StyleProp } from '@mantine/core';
import type { ReactNode } from 'react';

interface PageHeaderProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** 'h2' for a page, 'h3' for a page that is one item (a conversation, an editor). */
  size?: 'h2' | 'h3';
  /** The subtitle's size: 'sm' on dashboard pages, 'md' in a card (sign-in, order). */
  subtitleSize?: 'sm' | 'md';
  actions?: ReactNode;
  children?: ReactNode;
  mb?: StyleProp<MantineSpacing>;
}

export function PageHeader({
  title,
  subtitle,
  size = 'h2',
  subtitleSize = 'sm',
  actions,
  children,
  mb,
}: PageHeaderProps) {
  const heading = (
    <Stack gap={subtitleSize === 'md' ? 4 : 2} mb={actions ? undefined : mb}>
      <Title order={1} size={size}>
        {title}
      </Title>
      {subtitle ? (
        <Text c="dimmed" size={subtitleSize}>
          {subtitle}
        </Text>
      ) : null}
      {children}
    </Stack>
  );
  if (!actions) return heading;
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm" mb={mb}>
      {heading}
      <Group gap="sm">{actions}</Group>
    </Group>
  );
}
