import { Drawer, NavLink, Stack } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { dashboardHref, paths } from '../config';
import { useLogout } from '../lib/logout';
import { userAtom } from '../lib/session';

/** The header's drawer on phones (product.md §2.2), a chunk of its own (app-header.tsx). */
export function MobileMenu({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('common');
  const user = useAtomValue(userAtom);
  const logout = useLogout();
  const links = [
    { href: paths.home.getHref(), label: t('nav.home') },
    ...(user ? [{ href: dashboardHref(user.role), label: t('nav.dashboard') }] : []),
    { href: paths.aboutUs.getHref(), label: t('nav.aboutUs') },
    { href: paths.tos.getHref(), label: t('nav.tos') },
    { href: paths.privacyPolicy.getHref(), label: t('nav.privacyPolicy') },
  ];
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      size="xs"
      title={t('app.name')}
      closeButtonProps={{ 'aria-label': t('nav.closeMenu') }}
    >
      <Stack gap={4}>
        {links.map((link) => (
          <NavLink key={link.href} component={Link} to={link.href} label={link.label} onClick={onClose} py="md" />
        ))}
        <NavLink
          component="button"
          label={t('nav.logout')}
          c="red"
          py="md"
          onClick={() => {
            onClose();
            void logout();
          }}
        />
      </Stack>
    </Drawer>
  );
}
