import { Anchor, Center, Stack, Text } from '@mantine/core';
import { useAtomValue } from 'jotai';
import type { ParseKeys } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet } from 'react-router-dom';
import { isStaffRole, type Role } from '#shared/constants';
import { paths } from '../../config';
import { userAtom, userLoadingAtom } from '../../lib/session';

/** A role, or `staff`: admins and operators. */
export type RequiredRole = Role | 'staff';

const UNAUTHORIZED_KEY: Partial<Record<RequiredRole, ParseKeys<'common'>>> = {
  admin: 'errors.adminOnly',
  staff: 'errors.adminOnly',
  user: 'errors.userOnly',
};

function allowed(role: RequiredRole, userRole: Role): boolean {
  return role === 'staff' ? isStaffRole(userRole) : userRole === role;
}

/**
 * Spec §2 guards: nothing while loading, guests to /login, a wrong role sees the unauthorized code. An operator on
 * an admin's page sees "not allowed" (the server answers them errors.forbidden too).
 */
export function RequireRole({ role, children }: { role: RequiredRole; children: ReactNode }) {
  const { t } = useTranslation('common');
  const user = useAtomValue(userAtom);
  const loading = useAtomValue(userLoadingAtom);
  if (loading) return null;
  if (!user) return <Navigate to={paths.login.getHref()} replace />;
  if (!allowed(role, user.role)) {
    const key = user.role === 'operator' ? 'errors.forbidden' : (UNAUTHORIZED_KEY[role] ?? 'errors.forbidden');
    return (
      <Center component="main" mih="60vh" p="md">
        <Stack align="center" gap="sm">
          <Text size="lg" fw={600} role="alert">
            {t(key)}
          </Text>
          <Anchor component={Link} to={paths.home.getHref()}>
            {t('nav.home')}
          </Anchor>
        </Stack>
      </Center>
    );
  }
  return children;
}

/** The admin-only pages of the dashboard: users, catalogue, devices, audit, statistics, replies. */
export function AdminOnly() {
  return (
    <RequireRole role="admin">
      <Outlet />
    </RequireRole>
  );
}
