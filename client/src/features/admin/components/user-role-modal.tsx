// The Details popup of /admin/users: the user and a role select (admin / operator / user / blocked).
import { Anchor, Badge, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { UserDto } from '#shared/api-types';
import { ROLES, type Role } from '#shared/constants';
import { UserAvatar } from '../../../components/user-avatar';
import { paths } from '../../../config';
import { useFormat } from '../../../lib/format';
import { showSuccess } from '../../../lib/notify';
import { queryClient } from '../../../lib/query';
import { useSubmit } from '../../../lib/use-submit';
import { changeRole, userKeys } from '../api/admin-users';
import { CopyEmail } from './copy-email';

export const ROLE_COLORS: Record<Role, string> = { admin: 'indigo', operator: 'violet', user: 'teal', blocked: 'red' };

export function UserRoleModal({
  user,
  onClose,
  onChanged,
}: {
  user: UserDto | null;
  onClose: () => void;
  onChanged: (user: UserDto) => void;
}) {
  const { t } = useTranslation('users');
  const format = useFormat();
  const [role, setRole] = useState<Role>(user?.role ?? 'user');
  useEffect(() => {
    if (user) setRole(user.role);
  }, [user]);

  const { submit, pending: saving } = useSubmit({
    send: ({ id, next }: { id: string; next: Role }) => changeRole(id, next),
    onFailure: () => {
      if (user) setRole(user.role);
    },
    onDone: (answer) => {
      onChanged(answer.user);
      showSuccess('users:roleChanged');
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
  });
  const save = () => {
    if (user) void submit({ id: user.id, next: role });
  };

  return (
    <Modal opened={user !== null} onClose={onClose} title={t('details.title')} centered radius="lg">
      {user && (
        <Stack gap="md">
          <Group gap="md" wrap="nowrap">
            <UserAvatar user={user} size={56} />
            <Stack gap={0} miw={0}>
              <Text fw={700} truncate>
                {user.name}
              </Text>
              <CopyEmail email={user.email} />
            </Stack>
          </Group>
          <Stack gap={4}>
            <Text size="sm">{t('details.num', { num: format.digits(String(user.num)) })}</Text>
            <Text size="sm">{t('details.joined', { date: format.date(user.created_at) })}</Text>
            <Text size="sm">{t('details.orders', { n: format.number(user.orders) })}</Text>
            <Group gap="xs">
              <Text size="sm">{t('details.currentRole')}</Text>
              <Badge color={ROLE_COLORS[user.role]} variant="light" tt="none">
                {t(`roles.${user.role}`)}
              </Badge>
            </Group>
          </Stack>
          <Select
            label={t('details.role')}
            data={ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
            value={role}
            onChange={(value) => value && setRole(value as Role)}
            allowDeselect={false}
            size="md"
          />
          <Group justify="space-between" wrap="wrap">
            <Anchor component={Link} to={paths.admin.user.getHref(user.id)} size="sm" fw={600}>
              {t('details.fullProfile')}
            </Anchor>
            <Button size="md" loading={saving} disabled={role === user.role} onClick={save}>
              {t('details.save')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
