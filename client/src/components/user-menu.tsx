import { Menu, Text, UnstyledButton } from '@mantine/core';
import { IconHome, IconLayoutDashboard, IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { UserDto } from '#shared/api-types';
import { dashboardHref, paths } from '../config';
import { useFormat } from '../lib/format';
import { useLogout } from '../lib/logout';
import { UserAvatar } from './user-avatar';

/** Avatar menu of a logged-in user (product.md §2.2 header). */
export function UserMenu({ user }: { user: UserDto }) {
  const { t } = useTranslation('common');
  const logout = useLogout();
  const format = useFormat();
  return (
    <Menu position="bottom-end" width={200} shadow="md">
      <Menu.Target>
        <UnstyledButton aria-label={t('nav.userMenu')} data-testid="user-menu">
          <UserAvatar user={user} size={40} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="dark" truncate>
            {user.name}
          </Text>
          {/* The public number of product.md §4.1, shown as 'your id'. */}
          <Text size="xs" c="dimmed" data-testid="your-id">
            {t('user.yourId', { num: format.digits(String(user.num)) })}
          </Text>
        </Menu.Label>
        <Menu.Item component={Link} to={paths.home.getHref()} leftSection={<IconHome size={18} />}>
          {t('nav.home')}
        </Menu.Item>
        <Menu.Item component={Link} to={dashboardHref(user.role)} leftSection={<IconLayoutDashboard size={18} />}>
          {t('nav.dashboard')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red.9" leftSection={<IconLogout size={18} />} onClick={() => void logout()}>
          {t('nav.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
