import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserDto } from '#shared/api-types';
import { PagePicker } from '../../../components/page-picker';
import { UserAvatar } from '../../../components/user-avatar';
import { useFormat } from '../../../lib/format';
import { errorMessage } from '../../../lib/notify';
import { fetchUsers } from '../api/admin-users';
import { CopyEmail } from '../components/copy-email';
import { ROLE_COLORS, UserRoleModal } from '../components/user-role-modal';

type State = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; users: UserDto[]; pages: number };

export default function AdminUsersPage() {
  const { t } = useTranslation('users');
  const format = useFormat();
  const [page, setPage] = useState(1);
  const [state, setState] = useState<State>({ status: 'loading' });
  const [selected, setSelected] = useState<UserDto | null>(null);

  const load = useCallback(async () => {
    const answer = await fetchUsers(page);
    setState(answer.ok ? { status: 'ready', users: answer.users, pages: answer.pages } : { status: 'error', message: errorMessage(answer) });
  }, [page]);
  useEffect(() => {
    void load();
  }, [load]);

  const replaceUser = (user: UserDto) => {
    setSelected(user);
    setState((s) => (s.status === 'ready' ? { ...s, users: s.users.map((u) => (u.id === user.id ? user : u)) } : s));
  };

  const roleBadge = (user: UserDto) => (
    <Badge color={ROLE_COLORS[user.role]} variant="light" style={{ textTransform: 'none' }}>
      {t(`roles.${user.role}`)}
    </Badge>
  );
  const detailsButton = (user: UserDto) => (
    <Button variant="light" size="sm" onClick={() => setSelected(user)} aria-label={t('list.detailsOf', { name: user.name })}>
      {t('list.details')}
    </Button>
  );

  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={1} size="h2">
          {t('list.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('list.subtitle')}
        </Text>
      </Stack>
      {state.status === 'loading' && <Skeleton height={200} radius="md" />}
      {state.status === 'error' && (
        <Alert color="red" role="alert">
          {state.message}
        </Alert>
      )}
      {state.status === 'ready' && (
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
              {state.users.map((user) => (
                <Table.Tr key={user.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{format.date(user.created_at)}</Table.Td>
                  <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>{format.number(user.orders)}</Table.Td>
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
            {state.users.map((user) => (
              <Card key={user.id} withBorder radius="md" padding="md">
                <Group justify="space-between" wrap="nowrap" mb="xs">
                  <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
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
          <PagePicker page={page} pages={state.pages} onChange={setPage} />
        </>
      )}
      <UserRoleModal user={selected} onClose={() => setSelected(null)} onChanged={replaceUser} />
    </Stack>
  );
}
