import { Box, Burger, Button, Drawer, Group, NavLink, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { dashboardHref, paths } from '../config';
import { useLogout } from '../lib/logout';
import { tokenAtom, userAtom, userLoadingAtom } from '../lib/session';
import { LanguageSelect } from './language-select';
import { LogoLink } from './logo-link';
import { UserMenu } from './user-menu';

/** Spec §2: no mobile menu on /, on order pages, or without a session token. */
function showsMobileMenu(pathname: string, hasToken: boolean): boolean {
  if (!hasToken || pathname === '/') return false;
  return !pathname.startsWith('/orders/') && !pathname.startsWith('/new/');
}

export function AppHeader() {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const token = useAtomValue(tokenAtom);
  const user = useAtomValue(userAtom);
  const userLoading = useAtomValue(userLoadingAtom);
  const [menuOpened, menu] = useDisclosure(false);
  const withMobileMenu = showsMobileMenu(pathname, token !== null);

  return (
    <Box component="header" px="md" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }} bg="white">
      <Group justify="space-between" h={64} maw={1100} mx="auto" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          {withMobileMenu && (
            <Burger opened={menuOpened} onClick={menu.toggle} hiddenFrom="sm" size="sm" aria-label={t('nav.openMenu')} />
          )}
          <LogoLink />
        </Group>
        <Group gap="sm" wrap="nowrap">
          <LanguageSelect size="xs" />
          {user ? (
            <UserMenu user={user} />
          ) : (
            // While a stored token is being resolved, show neither state to avoid a flash of "Login".
            !(token && userLoading) && (
              <Button component={Link} to={paths.login.getHref()} variant="filled">
                {t('nav.login')}
              </Button>
            )
          )}
        </Group>
      </Group>
      {withMobileMenu && <MobileMenu opened={menuOpened} onClose={menu.close} />}
    </Box>
  );
}

function MobileMenu({ opened, onClose }: { opened: boolean; onClose: () => void }) {
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
    <Drawer opened={opened} onClose={onClose} size="xs" title={t('app.name')} closeButtonProps={{ 'aria-label': t('nav.closeMenu') }}>
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
