// A paged, live ticket list with its heading; used by the customer and the admin list pages.
import { Alert, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PagePicker } from '../../../components/page-picker';
import { errorMessage } from '../../../lib/notify';
import { useTicketList } from '../api/tickets';
import { TicketTable } from './ticket-table';

interface TicketListViewProps {
  title: string;
  subtitle: string;
  hrefOf: (id: string) => string;
  newHref?: string;
  showUser?: boolean;
}

export function TicketListView({ title, subtitle, hrefOf, newHref, showUser }: TicketListViewProps) {
  const { t } = useTranslation('tickets');
  const [page, setPage] = useState(1);
  const { state } = useTicketList(page);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text c="dimmed" size="sm">
            {subtitle}
          </Text>
        </Stack>
        {newHref && (
          <Button component={Link} to={newHref} size="md" leftSection={<IconPlus size={18} />}>
            {t('list.new')}
          </Button>
        )}
      </Group>
      {state.status === 'loading' && (
        <Stack gap="xs" aria-busy="true">
          {[0, 1, 2].map((n) => (
            <Skeleton key={n} height={48} radius="md" />
          ))}
        </Stack>
      )}
      {state.status === 'error' && (
        <Alert color="red" role="alert">
          {errorMessage(state.failure.ok ? null : state.failure)}
        </Alert>
      )}
      {state.status === 'ready' && (
        <>
          <TicketTable tickets={state.tickets} hrefOf={hrefOf} showUser={showUser} />
          <PagePicker page={page} pages={state.pages} onChange={setPage} />
        </>
      )}
    </Stack>
  );
}
