import {
  IconBox,
  IconChartBar,
  IconDeviceMobileMessage,
  IconHistory,
  IconWebhook,
  IconCashRegister,
  IconListDetails,
  IconMessage2Check,
  IconMessageBolt,
  IconMessageCircle,
  IconSettings,
  IconShieldLock,
  IconUsers,
  IconWallet,
  IconScale,
} from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { Navigate, useLocation } from 'react-router-dom';
import { AdminAlerts, SoundUnlockControl } from '../../features/alerts/components/admin-alerts';
import { AlertsHeaderButton } from '../../features/alerts/components/alerts-header-button';
import { CashdeskAlerts } from '../../features/cashdesk/components/cashdesk-alerts';
import { SilentDevicesAlert } from '../../features/sms/components/silent-devices-alert';
import { paths } from '../../config';
import { twoFactorRequiredAtom, useIsAdmin, userAtom } from '../../lib/session';
import { DashboardShell, type DashboardMenuItem } from './dashboard-shell';
import { RequireRole } from './require-role';

/** `adminOnly`: hidden from operators, whose calls there the server refuses. */
const STAFF_MENU: (DashboardMenuItem & { adminOnly?: boolean })[] = [
  {
    href: paths.admin.orders.getHref(),
    labelKey: 'nav.orders',
    icon: <IconListDetails size={20} />,
    alsoActiveOn: [paths.admin.root.getHref()],
  },
  { href: paths.admin.stats.getHref(), labelKey: 'nav.stats', icon: <IconChartBar size={20} />, adminOnly: true },
  { href: paths.admin.books.getHref(), labelKey: 'nav.books', icon: <IconScale size={20} /> },
  { href: paths.admin.supports.getHref(), labelKey: 'nav.supports', icon: <IconMessageCircle size={20} /> },
  {
    href: paths.admin.replies.getHref(),
    labelKey: 'nav.replies',
    icon: <IconMessageBolt size={20} />,
    adminOnly: true,
  },
  { href: paths.admin.users.getHref(), labelKey: 'nav.users', icon: <IconUsers size={20} />, adminOnly: true },
  { href: paths.admin.products.getHref(), labelKey: 'nav.products', icon: <IconBox size={20} />, adminOnly: true },
  { href: paths.admin.pms.getHref(), labelKey: 'nav.pms', icon: <IconWallet size={20} />, adminOnly: true },
  { href: paths.admin.sms.getHref(), labelKey: 'nav.sms', icon: <IconMessage2Check size={20} /> },
  {
    href: paths.admin.devices.getHref(),
    labelKey: 'nav.devices',
    icon: <IconDeviceMobileMessage size={20} />,
    adminOnly: true,
  },
  { href: paths.admin.audit.getHref(), labelKey: 'nav.audit', icon: <IconHistory size={20} />, adminOnly: true },
  { href: paths.admin.webhooks.getHref(), labelKey: 'nav.webhooks', icon: <IconWebhook size={20} />, adminOnly: true },
  { href: paths.admin.cashdesk.getHref(), labelKey: 'nav.cashdesk', icon: <IconCashRegister size={20} /> },
  { href: paths.admin.settings.getHref(), labelKey: 'nav.settings', icon: <IconSettings size={20} /> },
  { href: paths.admin.security.getHref(), labelKey: 'nav.security', icon: <IconShieldLock size={20} /> },
];

/** The staff dashboard: admins see every page, operators the queue, tickets, SMS inbox, settings and security. */
export function AdminLayout() {
  const user = useAtomValue(userAtom);
  const needsSecondFactor = useAtomValue(twoFactorRequiredAtom);
  const { pathname } = useLocation();
  const isAdmin = useIsAdmin();
  // STAFF_2FA=required: until the second factor is on, the setup is the only page that works.
  if (needsSecondFactor && user && !user.two_factor && pathname !== paths.admin.security.getHref()) {
    return <Navigate to={paths.admin.security.getHref()} replace />;
  }
  return (
    <RequireRole role="staff">
      <DashboardShell
        titleKey="nav.dashboard"
        items={STAFF_MENU.filter((item) => isAdmin || !item.adminOnly)}
        headerExtra={
          <>
            <SoundUnlockControl />
            <AlertsHeaderButton />
          </>
        }
        banner={
          <>
            {isAdmin ? <SilentDevicesAlert /> : null}
            <CashdeskAlerts />
            <AdminAlerts />
          </>
        }
      />
    </RequireRole>
  );
}
