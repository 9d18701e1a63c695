import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserDto } from '#shared/api-types';
import { PageHeader } from '../../../components/page-header';
import { PagePicker } from '../../../components/page-picker';
import { UserAvatar } from '../../../components/user-avatar';
import { useFormat } from '../../../lib/format';
import { errorMessage } from '../../../lib/notify';
import { updateQueries, usePagedQuery } from '../../../lib/query';
import classes from '../../../styles/text.module.css';
import { userKeys, usersQuery } from '../api/admin-users';
import { CopyEmail } from '../components/copy-email';
import { ROLE_COLORS, UserRoleModal } from '../components/user-role-modal';

type UserList = { users: UserDto[]; pages: number };

export default function AdminUsersPage() {
  const { t } = useTranslation('users');
  const format = useFormat();
  const { page, setPage, pages, query } = usePagedQuery(usersQuery);
  const [selected, setSelected] = useState<UserDto | null>(null);

  const replaceUser = (user: UserDto) => {
    setSelected(user);
    void updateQueries<UserList>(userKeys.all, (list) => ({
      ...list,
      users: list.users.map((u) => (u.id === user.id ? user : u)),
    }));
  };

  const roleBadge = (user: UserDto) => (
    <Badge color={ROLE_COLORS[user.role]} variant="light" tt="none">
      {t(`roles.${user.role}`)}
    </Badge>
  );
  const detailsButton = (user: UserDto) => (
    <Button
      variant="light"
      size="sm"
      onClick={() => setSelected(user)}
      aria-label={t('list.detailsOf', { name: user.name })}
    >
      {t('list.details')}
    </Button>
  );

  return (
    <Stack gap="md">
      <PageHeader title={t('list.title')} subtitle={t('list.subtitle')} />
      {query.isPending && <Skeleton height={200} radius="md" />}
      {query.isError && (
        <Alert color="red" role="alert">
          {errorMessage(query.error)}
        </Alert>
      )}
      {query.data && (
        <>
          <Table visibleFrom="sm" striped highlightOnHover verticalSpacing="sm" aria-label={t('list.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('list.date')}</Table.Th>
                <Table.Th>{t('list.orders')}</Table.Th>
                <Table.Th>{t('list.name')}</Table.Th>
                <Table.Th>{t('list.email')}</Table.Th>
                <Table.Th>{t('list.role')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.data.users.map((user) => (
                <Table.Tr key={user.id}>
                  <Table.Td className={`${classes.nowrap} ${classes.tabular}`}>{format.date(user.created_at)}</Table.Td>
                  <Table.Td className={classes.tabular}>{format.number(user.orders)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <UserAvatar user={user} size="sm" />
                      <Text size="sm">{user.name}</Text>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <CopyEmail email={user.email} />
                  </Table.Td>
                  <Table.Td>{roleBadge(user)}</Table.Td>
                  <Table.Td>{detailsButton(user)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Stack hiddenFrom="sm" gap="sm">
            {query.data.users.map((user) => (
              <Card key={user.id} withBorder radius="md" padding="md">
                <Group justify="space-between" wrap="nowrap" mb="xs">
                  <Group gap="xs" wrap="nowrap" miw={0}>
                    <UserAvatar user={user} size="md" />
                    <Text fw={600} truncate>
                      {user.name}
                    </Text>
                  </Group>
                  {roleBadge(user)}
                </Group>
                <CopyEmail email={user.email} />
                <Group justify="space-between" mt="xs">
                  <Text size="xs" c="dimmed">
                    {format.date(user.created_at)} · {t('details.orders', { n: format.number(user.orders) })}
                  </Text>
                  {detailsButton(user)}
                </Group>
              </Card>
            ))}
          </Stack>
          <PagePicker page={page} pages={pages} onChange={setPage} />
        </>
      )}
      <UserRoleModal user={selected} onClose={() => setSelected(null)} onChanged={replaceUser} />
    </Stack>
  );
}
