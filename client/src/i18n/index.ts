// i18next setup. Every locales/<lang>/<namespace>.json is picked up automatically, so a feature adds a
// namespace by adding two files (en + bn) and nothing else.
import i18n, { type Resource, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS } from '../config';
import { readStored, writeStored } from '../lib/storage';

export const LANGUAGES = ['EN', 'BN'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'EN';
export const DEFAULT_NAMESPACE = 'common';

const locale = (language: Language) => language.toLowerCase();

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** A saved preference switches only when it names a known language (spec §1). */
export function readPreferredLanguage(): Language {
  const saved = readStored(STORAGE_KEYS.language);
  return isLanguage(saved) ? saved : DEFAULT_LANGUAGE;
}

const modules = import.meta.glob<{ default: ResourceLanguage[string] }>('./locales/*/*.json', { eager: true });

function collectResources(): { resources: Resource; namespaces: string[] } {
  const resources: Resource = {};
  const namespaces = new Set<string>();
  for (const [file, module] of Object.entries(modules)) {
    const match = /\/locales\/([a-z]+)\/([\w-]+)\.json$/.exec(file);
    if (!match) continue;
    const [, lang, ns] = match;
    resources[lang] ??= {};
    resources[lang][ns] = module.default;
    namespaces.add(ns);
  }
  return { resources, namespaces: [...namespaces] };
}

const { resources, namespaces } = collectResources();

void i18n.use(initReactI18next).init({
  resources,
  ns: namespaces,
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
