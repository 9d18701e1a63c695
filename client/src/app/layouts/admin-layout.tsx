import {
  IconBox,
  IconChartBar,
  IconDeviceMobileMessage,
  IconHistory,
  IconListDetails,
  IconMessage2Check,
  IconMessageBolt,
  IconMessageCircle,
  IconSettings,
  IconUsers,
  IconWallet,
} from '@tabler/icons-react';
import { AdminAlerts } from '../../features/alerts/components/admin-alerts';
import { AlertsHeaderButton } from '../../features/alerts/components/alerts-header-button';
import { SilentDevicesAlert } from '../../features/sms/components/silent-devices-alert';
import { paths } from '../../config';
import { DashboardShell, type DashboardMenuItem } from './dashboard-shell';
import { RequireRole } from './require-role';

const ADMIN_MENU: DashboardMenuItem[] = [
  { href: paths.admin.orders.getHref(), labelKey: 'nav.orders', icon: <IconListDetails size={20} />, alsoActiveOn: [paths.admin.root.getHref()] },
  { href: paths.admin.stats.getHref(), labelKey: 'nav.stats', icon: <IconChartBar size={20} /> },
  { href: paths.admin.supports.getHref(), labelKey: 'nav.supports', icon: <IconMessageCircle size={20} /> },
  { href: paths.admin.replies.getHref(), labelKey: 'nav.replies', icon: <IconMessageBolt size={20} /> },
  { href: paths.admin.users.getHref(), labelKey: 'nav.users', icon: <IconUsers size={20} /> },
  { href: paths.admin.products.getHref(), labelKey: 'nav.products', icon: <IconBox size={20} /> },
  { href: paths.admin.pms.getHref(), labelKey: 'nav.pms', icon: <IconWallet size={20} /> },
  { href: paths.admin.sms.getHref(), labelKey: 'nav.sms', icon: <IconMessage2Check size={20} /> },
  { href: paths.admin.devices.getHref(), labelKey: 'nav.devices', icon: <IconDeviceMobileMessage size={20} /> },
  { href: paths.admin.audit.getHref(), labelKey: 'nav.audit', icon: <IconHistory size={20} /> },
  { href: paths.admin.settings.getHref(), labelKey: 'nav.settings', icon: <IconSettings size={20} /> },
];

export function AdminLayout() {
  return (
    <RequireRole role="admin">
      <DashboardShell
        titleKey="nav.dashboard"
        items={ADMIN_MENU}
        headerExtra={<AlertsHeaderButton />}
        banner={
          <>
            <SilentDevicesAlert />
            <AdminAlerts />
          </>
        }
      />
    </RequireRole>
  );
}
