import { Alert, Anchor, Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { UserOrderSummaryDto } from '#shared/api-types';
import { useOrderColumns } from '../../../components/order-columns';
import { OrderTable, type OrderColumn } from '../../../components/order-table';
import { PlayerLimitsSummary } from '../../../components/player-limits-summary';
import { UserAvatar } from '../../../components/user-avatar';
import { paths } from '../../../config';
import { useFormat } from '../../../lib/format';
import { errorMessage } from '../../../lib/notify';
import { useUserDetails } from '../api/admin-users';
import { CopyEmail } from '../components/copy-email';
import { ROLE_COLORS } from '../components/user-role-modal';

const orderKey = (order: UserOrderSummaryDto) => order.id;
const orderHref = (order: UserOrderSummaryDto) => paths.order.getHref(order.id);

export default function AdminUserPage() {
  const { t } = useTranslation(['users', 'orders', 'common', 'settings']);
  const format = useFormat();
  const { id = '' } = useParams();
  const details = useUserDetails(id);
  const column = useOrderColumns();
  const orderColumns = useMemo(() => {
    // The admin reads the exact status here ('Cancelled by user'), as words rather than the list badge.
    const status: OrderColumn<UserOrderSummaryDto> = {
      key: 'status',
      header: t('orders:table.status'),
      cell: (order) => t(`orderStatus.${order.status}`),
      card: { slot: 'metaEnd' },
    };
    return [
      column.id<UserOrderSummaryDto>({ href: orderHref, size: 'sm' }),
      column.date<UserOrderSummaryDto>(),
      column.amount<UserOrderSummaryDto>((order) => order.amount),
      status,
    ];
  }, [column, t]);

  const back = (
    <Anchor component={Link} to={paths.admin.users.getHref()} fw={600}>
      <Group gap={6} wrap="nowrap">
        <IconArrowLeft size={18} />
        {t('user.back')}
      </Group>
    </Anchor>
  );

  if (details.isPending) return <Skeleton height={240} radius="md" />;
  if (details.isError) {
    return (
      <Stack gap="md">
        {back}
        <Alert color="red" role="alert">
          {errorMessage(details.error)}
        </Alert>
      </Stack>
    );
  }

  const { user, orders, tickets, player_limits: playerLimits } = details.data;
  return (
    <Stack gap="md" maw={1000}>
      {back}
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Group gap="md" wrap="nowrap" align="flex-start">
          <UserAvatar user={user} size={72} />
          <Stack gap={4} miw={0}>
            <Group gap="xs">
              <Title order={1} size="h3">
                {user.name}
              </Title>
              <Badge color={ROLE_COLORS[user.role]} variant="light" tt="none">
                {t(`roles.${user.role}`)}
              </Badge>
            </Group>
            <CopyEmail email={user.email} />
            <Text size="sm" c="dimmed">
              {t('details.num', { num: format.digits(String(user.num)) })} ·{' '}
              {t('details.joined', { date: format.date(user.created_at) })} ·{' '}
              {t('details.orders', { n: format.number(user.orders) })}
            </Text>
          </Stack>
        </Group>
      </Paper>

      {playerLimits ? (
        <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
          <Title order={2} size="h4" mb="sm">
            {t('settings:playerLimits.title')}
          </Title>
          <PlayerLimitsSummary value={playerLimits} />
        </Paper>
      ) : null}

      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
          <Title order={2} size="h4" mb="sm">
            {t('user.orders')}
          </Title>
          <OrderTable
            rows={orders}
            columns={orderColumns}
            rowKey={orderKey}
            minWidth={420}
            striped
            compact
            empty={
              <Text c="dimmed" size="sm">
                {t('user.noOrders')}
              </Text>
            }
          />
        </Paper>
        <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
          <Title order={2} size="h4" mb="sm">
            {t('user.tickets')}
          </Title>
          {tickets.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t('user.noTickets')}
            </Text>
          ) : (
            <Stack gap="xs">
              {tickets.map((ticket) => (
                <Group key={ticket.id} justify="space-between" wrap="nowrap" gap="sm">
                  <Stack gap={0} miw={0}>
                    <Anchor component={Link} to={paths.admin.support.getHref(ticket.id)} fw={600} size="sm">
                      #{format.digits(String(ticket.num))}
                    </Anchor>
                    <Text size="sm" lineClamp={1}>
                      {ticket.last_text}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {format.date(ticket.created_at)}
                    </Text>
                  </Stack>
                  <Badge color={ticket.status === 'open' ? 'teal' : 'gray'} variant="light" tt="none" flex="none">
                    {t(`ticketStatus.${ticket.status}`)}
                  </Badge>
                </Group>
              ))}
            </Stack>
          )}
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}
