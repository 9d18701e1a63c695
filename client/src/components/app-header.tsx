import { Box, Burger, Button, Group } from '@mantine/core';
import { Suspense } from 'react';
import { useDisclosure } from '@mantine/hooks';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '../config';
import { tokenAtom, userAtom, userLoadingAtom } from '../lib/session';
import { LanguageSelect } from './language-select';
import { LogoLink } from './logo-link';
import { lazyComponent } from '../lib/lazy';
import layout from '../styles/layout.module.css';

// The avatar menu and the mobile drawer are not part of the first paint; a placeholder of the avatar's size keeps
// the header still while the menu's chunk arrives.
const UserMenu = lazyComponent(async () => (await import('./user-menu')).UserMenu);
const MobileMenu = lazyComponent(async () => (await import('./mobile-menu')).MobileMenu);
const AVATAR_SIZE = 40;

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
    <Box component="header" px="md" className={layout.headerBar} bg="white">
      <Group justify="space-between" h={64} maw={1100} mx="auto" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          {withMobileMenu && (
            <Burger
              opened={menuOpened}
              onClick={menu.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('nav.openMenu')}
            />
          )}
          <LogoLink />
        </Group>
        <Group gap="sm" wrap="nowrap">
          <LanguageSelect size="xs" />
          {user ? (
            <Suspense fallback={<Box w={AVATAR_SIZE} h={AVATAR_SIZE} />}>
              <UserMenu user={user} />
            </Suspense>
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
      {withMobileMenu && (
        <Suspense fallback={null}>
          <MobileMenu opened={menuOpened} onClose={menu.close} />
        </Suspense>
      )}
    </Box>
  );
}
