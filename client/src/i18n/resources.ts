// The locale files. English is the source of the key types (i18next.d.ts); bn (locales-bn.ts) must have every
// English key, which the typecheck checks there and locales.test.ts in full. What the home page and the header
// need (common, home, orders) is bundled; the other English namespaces are a chunk (locales-en-rest.ts) that every
// lazy route waits for (app/router.tsx), decision 063. A new namespace: a type import and NAMESPACES here, and a
// line in locales-en-rest.ts and locales-bn.ts. `orders` comes in two files: orders.json holds what the home page and
// the shared order components show (statuses, products, the timeline, tables); orders-later.json (checkout, the
// order page, the queue) joins the same namespace with the rest of English (decision 063).
import common from './locales/en/common.json';
import home from './locales/en/home.json';
import orders from './locales/en/orders.json';
import type ordersLater from './locales/en/orders-later.json';
import type admin from './locales/en/admin.json';
import type alerts from './locales/en/alerts.json';
import type auth from './locales/en/auth.json';
import type consoleNs from './locales/en/console.json';
import type pages from './locales/en/pages.json';
import type recovery from './locales/en/recovery.json';
import type reports from './locales/en/reports.json';
import type settings from './locales/en/settings.json';
import type sms from './locales/en/sms.json';
import type tickets from './locales/en/tickets.json';
import type users from './locales/en/users.json';

const firstPaint = { common, home, orders };

export type LocaleResources = Omit<typeof firstPaint, 'orders'> & {
  orders: typeof orders & typeof ordersLater;
  admin: typeof admin;
  alerts: typeof alerts;
  auth: typeof auth;
  console: typeof consoleNs;
  pages: typeof pages;
  recovery: typeof recovery;
  reports: typeof reports;
  settings: typeof settings;
  sms: typeof sms;
  tickets: typeof tickets;
  users: typeof users;
};
export type LocaleNamespace = keyof LocaleResources;
/** The English namespaces that load with the first lazy route. */
export type LaterNamespaces = Omit<LocaleResources, keyof typeof firstPaint> & { orders: typeof ordersLater };

/** English for the first paint; the rest of English and all of Bengali are chunks (i18n/index.ts). */
export const resources = { en: firstPaint };

/** Every namespace, `common` first: the order in which keys that arrive at run time are looked up. */
export const NAMESPACES = [
  'common',
  'admin',
  'alerts',
  'auth',
  'console',
  'home',
  'orders',
  'pages',
  'recovery',
  'reports',
  'settings',
  'sms',
  'tickets',
  'users',
] as const satisfies readonly LocaleNamespace[];

// A namespace missing from NAMESPACES fails the typecheck here.
type Unlisted = Exclude<LocaleNamespace, (typeof NAMESPACES)[number]>;
export const namespacesComplete: [Unlisted] extends [never] ? true : Unlisted = true;
