import { IconHandStop, IconListDetails, IconMessageCircle, IconSettings } from '@tabler/icons-react';
import { paths } from '../../config';
import { DashboardShell, type DashboardMenuItem } from './dashboard-shell';
import { RequireRole } from './require-role';

const ACCOUNT_MENU: DashboardMenuItem[] = [
  {
    href: paths.account.orders.getHref(),
    labelKey: 'nav.orders',
    icon: <IconListDetails size={20} />,
    alsoActiveOn: [paths.account.root.getHref()],
  },
  { href: paths.account.supports.getHref(), labelKey: 'nav.supports', icon: <IconMessageCircle size={20} /> },
  { href: paths.account.settings.getHref(), labelKey: 'nav.settings', icon: <IconSettings size={20} /> },
  { href: paths.account.limits.getHref(), labelKey: 'nav.limits', icon: <IconHandStop size={20} /> },
];

export function AccountLayout() {
  return (
    <RequireRole role="user">
      <DashboardShell titleKey="nav.account" items={ACCOUNT_MENU} />
    </RequireRole>
  );
}
