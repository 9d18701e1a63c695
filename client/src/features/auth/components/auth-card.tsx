import { Container, Paper } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageHeader } from '../../../components/page-header';

/** The centred card that holds the login and register forms. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <Container size={460} px="md" py={{ base: 'lg', sm: 48 }}>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} shadow="sm">
        <PageHeader title={title} subtitle={subtitle} subtitleSize="md" mb="lg" />
        {children}
      </Paper>
    </Container>
  );
}
