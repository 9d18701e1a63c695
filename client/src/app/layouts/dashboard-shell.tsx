import { AppShell, Burger, Group, NavLink, ScrollArea, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout } from '@tabler/icons-react';
import type { ParseKeys } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { LanguageSelect } from '../../components/language-select';
import { LogoLink } from '../../components/logo-link';
import { useLogout } from '../../lib/logout';
import { ReconnectingBanner } from '../../components/reconnecting-banner';
import layout from '../../styles/layout.module.css';

export interface DashboardMenuItem {
  href: string;
  labelKey: ParseKeys<'common'>;
  icon: ReactNode;
  /** Extra paths that also mark the item active (e.g. the area's index route). */
  alsoActiveOn?: string[];
}

/**
 * Side-menu layout of /account and /admin; the menu collapses behind a burger on phones. Its links are compact, so the
 * staff's fifteen fit a screen 800 px high without scrolling.
 */
export function DashboardShell({
  titleKey,
  items,
  banner,
  headerExtra,
}: {
  titleKey: ParseKeys<'common'>;
  items: DashboardMenuItem[];
  banner?: ReactNode;
  /** Controls beside the language switch (the admin's alerts bell). */
  headerExtra?: ReactNode;
}) {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const [opened, navbar] = useDisclosure(false);
  const logout = useLogout();
  const isActive = (item: DashboardMenuItem) =>
    pathname === item.href || pathname.startsWith(`${item.href}/`) || (item.alsoActiveOn ?? []).includes(pathname);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={navbar.toggle} hiddenFrom="sm" size="sm" aria-label={t('nav.openMenu')} />
            <LogoLink />
          </Group>
          <Group gap="md" wrap="nowrap" miw={0}>
            <Text fw={600} c="dimmed" truncate visibleFrom="sm">
              {t(titleKey)}
            </Text>
            {headerExtra}
            <LanguageSelect size="xs" />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" component="nav" aria-label={t(titleKey)}>
        <AppShell.Section grow component={ScrollArea}>
          {items.map((item) => (
            <NavLink
              key={item.href}
              component={Link}
              to={item.href}
              label={t(item.labelKey)}
              leftSection={item.icon}
              active={isActive(item)}
              onClick={navbar.close}
              py={10}
              className={layout.roundedMd}
            />
          ))}
        </AppShell.Section>
        <AppShell.Section>
          <NavLink
            component="button"
            label={t('nav.logout')}
            leftSection={<IconLogout size={20} />}
            c="red"
            py={10}
            onClick={() => void logout()}
          />
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main>
        {/* Every dashboard screen is live (the queue, the customer's orders, tickets): it says when it is offline. */}
        <ReconnectingBanner />
        {banner}
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
