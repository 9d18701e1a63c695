import { Anchor, Center, Stack, Text } from '@mantine/core';
import { useAtomValue } from 'jotai';
import type { ParseKeys } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router-dom';
import type { Role } from '#shared/constants';
import { paths } from '../../config';
import { userAtom, userLoadingAtom } from '../../lib/session';

const UNAUTHORIZED_KEY: Partial<Record<Role, ParseKeys<'common'>>> = {
  admin: 'errors.adminOnly',
  user: 'errors.userOnly',
};

/** Spec §2 guards: nothing while loading, guests to /login, a wrong role sees the unauthorized code. */
export function RequireRole({ role, children }: { role: Role; children: ReactNode }) {
  const { t } = useTranslation('common');
  const user = useAtomValue(userAtom);
  const loading = useAtomValue(userLoadingAtom);
  if (loading) return null;
  if (!user) return <Navigate to={paths.login.getHref()} replace />;
  if (user.role !== role) {
    return (
      <Center component="main" mih="60vh" p="md">
        <Stack align="center" gap="sm">
          <Text size="lg" fw={600} role="alert">
            {t(UNAUTHORIZED_KEY[role] ?? 'errors.forbidden')}
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
