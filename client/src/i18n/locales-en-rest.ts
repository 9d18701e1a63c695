// The English namespaces the home page does not use, and the later half of `orders` (decision 063): a chunk every
// lazy route waits for (decision 063).
import admin from './locales/en/admin.json';
import alerts from './locales/en/alerts.json';
import auth from './locales/en/auth.json';
import consoleNs from './locales/en/console.json';
import pages from './locales/en/pages.json';
import ordersLater from './locales/en/orders-later.json';
import recovery from './locales/en/recovery.json';
import reports from './locales/en/reports.json';
import settings from './locales/en/settings.json';
import sms from './locales/en/sms.json';
import tickets from './locales/en/tickets.json';
import users from './locales/en/users.json';
import type { LaterNamespaces } from './resources';

export const enRest: LaterNamespaces = {
  admin,
  alerts,
  auth,
  console: consoleNs,
  orders: ordersLater,
  pages,
  recovery,
  reports,
  settings,
  sms,
  tickets,
  users,
};
