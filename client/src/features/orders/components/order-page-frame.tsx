import { Container, Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageHeader } from '../../../components/page-header';
import { ReconnectingBanner } from '../../../components/reconnecting-banner';

/** The centred card of the public order screens (/new/:id and /orders/:id); `live` screens say when they are offline. */
export function OrderPageFrame({
  title,
  subtitle,
  children,
  aside,
  live = false,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  aside?: ReactNode;
  live?: boolean;
}) {
  return (
    <Container size={640} px="md" py={{ base: 'md', sm: 40 }}>
      <Stack gap="md">
        {live ? <ReconnectingBanner /> : null}
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} shadow="sm">
          <PageHeader title={title} subtitle={subtitle} subtitleSize="md" mb="lg" />
          {children}
        </Paper>
        {aside}
      </Stack>
    </Container>
  );
}
