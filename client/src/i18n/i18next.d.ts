// Typed translation keys (i18next CustomTypeOptions): the English locale files are the source of the key types,
// so a misspelt key such as t('orders:list.refres') fails the typecheck.
import 'i18next';
import type { LocaleResources } from './resources';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    fallbackNS: 'common';
    // A defaultValue must not hide a misspelt key either.
    strictKeyChecks: true;
    resources: LocaleResources;
  }
}
