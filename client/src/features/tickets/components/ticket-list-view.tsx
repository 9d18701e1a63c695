// A paged, live ticket list with its heading; used by the customer and the admin list pages.
import { Alert, Button, Skeleton, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header';
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
  const { page, setPage, pages, query } = useTicketList();

  return (
    <Stack gap="md">
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={
          newHref && (
            <Button component={Link} to={newHref} size="md" leftSection={<IconPlus size={18} />}>
              {t('list.new')}
            </Button>
          )
        }
      />
      {query.isPending && (
        <Stack gap="xs" aria-busy="true">
          {[0, 1, 2].map((n) => (
            <Skeleton key={n} height={48} radius="md" />
          ))}
        </Stack>
      )}
      {query.isError && (
        <Alert color="red" role="alert">
          {errorMessage(query.error)}
        </Alert>
      )}
      {query.data && (
        <>
          <TicketTable tickets={query.data.supports} hrefOf={hrefOf} showUser={showUser} />
          <PagePicker page={page} pages={pages} onChange={setPage} />
        </>
      )}
    </Stack>
  );
}
