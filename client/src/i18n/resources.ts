// The locale files, one import per namespace and language. English is the source of the key types
// (i18next.d.ts); bn (locales-bn.ts) must have every English key, which the typecheck checks there and
// locales.test.ts in full. A new namespace is added here and in locales-bn.ts.
import admin from './locales/en/admin.json';
import auth from './locales/en/auth.json';
import common from './locales/en/common.json';
import home from './locales/en/home.json';
import orders from './locales/en/orders.json';
import pages from './locales/en/pages.json';
import recovery from './locales/en/recovery.json';
import settings from './locales/en/settings.json';
import sms from './locales/en/sms.json';
import tickets from './locales/en/tickets.json';
import users from './locales/en/users.json';

const en = { admin, auth, common, home, orders, pages, recovery, settings, sms, tickets, users };
export type LocaleResources = typeof en;
export type LocaleNamespace = keyof LocaleResources;

/** English, the default language, is bundled; Bengali is a chunk of its own loaded when chosen (locales-bn.ts). */
export const resources = { en };

/** Every namespace, `common` first: the order in which keys that arrive at run time are looked up. */
export const NAMESPACES: LocaleNamespace[] = ['common', ...(Object.keys(en) as LocaleNamespace[]).filter((ns) => ns !== 'common')];
