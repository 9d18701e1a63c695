// The locale files, one import per namespace and language. English is the source of the key types
// (i18next.d.ts); bn must have every English key, which the typecheck checks here and locales.test.ts in full.
import admin from './locales/en/admin.json';
import auth from './locales/en/auth.json';
import common from './locales/en/common.json';
import consoleNs from './locales/en/console.json';
import home from './locales/en/home.json';
import orders from './locales/en/orders.json';
import pages from './locales/en/pages.json';
import recovery from './locales/en/recovery.json';
import settings from './locales/en/settings.json';
import sms from './locales/en/sms.json';
import tickets from './locales/en/tickets.json';
import users from './locales/en/users.json';
import bnAdmin from './locales/bn/admin.json';
import bnAuth from './locales/bn/auth.json';
import bnCommon from './locales/bn/common.json';
import bnConsole from './locales/bn/console.json';
import bnHome from './locales/bn/home.json';
import bnOrders from './locales/bn/orders.json';
import bnPages from './locales/bn/pages.json';
import bnRecovery from './locales/bn/recovery.json';
import bnSettings from './locales/bn/settings.json';
import bnSms from './locales/bn/sms.json';
import bnTickets from './locales/bn/tickets.json';
import bnUsers from './locales/bn/users.json';

const en = { admin, auth, common, console: consoleNs, home, orders, pages, recovery, settings, sms, tickets, users };
export type LocaleResources = typeof en;
export type LocaleNamespace = keyof LocaleResources;

const bn: LocaleResources = { admin: bnAdmin, auth: bnAuth, common: bnCommon, console: bnConsole, home: bnHome, orders: bnOrders, pages: bnPages, recovery: bnRecovery, settings: bnSettings, sms: bnSms, tickets: bnTickets, users: bnUsers };

export const resources = { en, bn };

/** Every namespace, `common` first: the order in which keys that arrive at run time are looked up. */
export const NAMESPACES: LocaleNamespace[] = ['common', ...(Object.keys(en) as LocaleNamespace[]).filter((ns) => ns !== 'common')];
