import { Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The centred card of the two recovery screens. */
export function RecoveryCard({ title, body, children }: { title: string; body: ReactNode; children: ReactNode }) {
  return (
    <Container size={480} px="md" py={{ base: 'lg', sm: 48 }}>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} shadow="sm">
        <Stack gap="xs" mb="lg">
          <ThemeIcon size={44} radius="xl" variant="light">
            <IconKey size={24} />
          </ThemeIcon>
          <Title order={1} size="h2">
            {title}
          </Title>
          {body ? <Text c="dimmed">{body}</Text> : null}
        </Stack>
        {children}
      </Paper>
    </Container>
  );
}
