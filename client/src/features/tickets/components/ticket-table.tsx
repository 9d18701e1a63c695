// The ticket list of /account/supports and /admin/supports: a table on wide screens, cards on phones.
import { Anchor, Box, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { TicketDto } from '#shared/api-types';
import { UserAvatar } from '../../../components/user-avatar';
import { useFormat } from '../../../lib/format';
import { TicketStatusBadge } from './ticket-status-badge';
import classes from '../../../styles/text.module.css';

interface TicketTableProps {
  tickets: TicketDto[];
  hrefOf: (id: string) => string;
  /** The admin list also shows whose ticket it is. */
  showUser?: boolean;
}

export function TicketTable({ tickets, hrefOf, showUser = false }: TicketTableProps) {
  const { t } = useTranslation('tickets');
  const format = useFormat();
  const ticketNumber = (ticket: TicketDto) => `#${format.digits(String(ticket.num))}`;

  if (tickets.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {t('list.empty')}
      </Text>
    );
  }

  const userCell = (ticket: TicketDto) => (
    <Group gap="xs" wrap="nowrap">
      <UserAvatar user={{ name: ticket.name, role: 'user', logo: ticket.userLogo }} size="sm" />
      <Text size="sm" truncate>
        {ticket.name}
      </Text>
    </Group>
  );

  return (
    <>
      <Table visibleFrom="sm" striped highlightOnHover verticalSpacing="sm" aria-label={t('list.tableLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('list.id')}</Table.Th>
            <Table.Th>{t('list.date')}</Table.Th>
            {showUser && <Table.Th>{t('list.user')}</Table.Th>}
            <Table.Th>{t('list.message')}</Table.Th>
            <Table.Th>{t('list.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tickets.map((ticket) => (
            <Table.Tr key={ticket.id}>
              <Table.Td>
                <Anchor
                  component={Link}
                  to={hrefOf(ticket.id)}
                  fw={600}
                  aria-label={t('list.open', { num: ticketNumber(ticket) })}
                >
                  {ticketNumber(ticket)}
                </Anchor>
              </Table.Td>
              <Table.Td className={`${classes.nowrap} ${classes.tabular}`}>{format.date(ticket.created_at)}</Table.Td>
              {showUser && <Table.Td maw={180}>{userCell(ticket)}</Table.Td>}
              <Table.Td maw={360}>
                <Text size="sm" lineClamp={2}>
                  {ticket.last_text || t('chat.picture')}
                </Text>
              </Table.Td>
              <Table.Td>
                <TicketStatusBadge status={ticket.status} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>

      <Stack hiddenFrom="sm" gap="sm">
        {tickets.map((ticket) => (
          <Card key={ticket.id} withBorder radius="md" padding="md" component={Link} to={hrefOf(ticket.id)}>
            <Group justify="space-between" wrap="nowrap" mb={6}>
              <Text fw={700}>{ticketNumber(ticket)}</Text>
              <TicketStatusBadge status={ticket.status} />
            </Group>
            {showUser && <Box mb={6}>{userCell(ticket)}</Box>}
            <Text size="sm" lineClamp={2} mb={6}>
              {ticket.last_text || t('chat.picture')}
            </Text>
            <Text size="xs" c="dimmed">
              {format.date(ticket.created_at)}
            </Text>
          </Card>
        ))}
      </Stack>
    </>
  );
}
