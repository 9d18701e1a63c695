// i18next setup. A namespace is two files, locales/en/<ns>.json and locales/bn/<ns>.json, imported in resources.ts.
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS } from '../config';
import { readStored, writeStored } from '../lib/storage';
import { NAMESPACES, resources } from './resources';

export const LANGUAGES = ['EN', 'BN'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'EN';
export const DEFAULT_NAMESPACE = 'common' as const;

const locale = (language: Language) => language.toLowerCase();

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** A saved preference switches only when it names a known language (spec §1). */
export function readPreferredLanguage(): Language {
  const saved = readStored(STORAGE_KEYS.language);
  return isLanguage(saved) ? saved : DEFAULT_LANGUAGE;
}

void i18n.use(initReactI18next).init({
  resources,
  ns: NAMESPACES,
  defaultNS: DEFAULT_NAMESPACE,
  // Feature namespaces can use the shared errors.* / validation.* keys without a prefix.
  fallbackNS: DEFAULT_NAMESPACE,
  lng: locale(readPreferredLanguage()),
  fallbackLng: 'en',
  supportedLngs: LANGUAGES.map(locale),
  interpolation: { escapeValue: false },
  initAsync: false,
});
syncDocumentLanguage(readPreferredLanguage());

function syncDocumentLanguage(language: Language) {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = locale(language);
}

/** Switches the UI language and remembers it as PREF_LANG. */
export function applyLanguage(language: Language): void {
  writeStored(STORAGE_KEYS.language, language);
  syncDocumentLanguage(language);
  void i18n.changeLanguage(locale(language));
}

export { i18n };
