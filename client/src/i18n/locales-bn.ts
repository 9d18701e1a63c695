// The Bengali locale files: a chunk of their own, fetched only when BN is chosen (decision 063). Typed as the
// English resources, so a missing Bengali namespace or key fails the typecheck.
import bnAdmin from './locales/bn/admin.json';
import bnAlerts from './locales/bn/alerts.json';
import bnAuth from './locales/bn/auth.json';
import bnCommon from './locales/bn/common.json';
import bnConsole from './locales/bn/console.json';
import bnHome from './locales/bn/home.json';
import bnOrders from './locales/bn/orders.json';
import bnOrdersLater from './locales/bn/orders-later.json';
import bnPages from './locales/bn/pages.json';
import bnRecovery from './locales/bn/recovery.json';
import bnReports from './locales/bn/reports.json';
import bnSettings from './locales/bn/settings.json';
import bnSms from './locales/bn/sms.json';
import bnTickets from './locales/bn/tickets.json';
import bnUsers from './locales/bn/users.json';
import type { LocaleResources } from './resources';

export const bn: LocaleResources = {
  admin: bnAdmin,
  alerts: bnAlerts,
  auth: bnAuth,
  common: bnCommon,
  console: bnConsole,
  home: bnHome,
  orders: { ...bnOrders, ...bnOrdersLater },
  pages: bnPages,
  recovery: bnRecovery,
  reports: bnReports,
  settings: bnSettings,
  sms: bnSms,
  tickets: bnTickets,
  users: bnUsers,
};
