// i18next setup. A namespace is two files, locales/en/<ns>.json and locales/bn/<ns>.json, imported in resources.ts
// and locales-bn.ts. English is bundled; the Bengali resources are fetched the first time BN is needed.
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

/** A saved preference switches only when it names a known language (product.md §1.4). */
export function readPreferredLanguage(): Language {
  const saved = readStored(STORAGE_KEYS.language);
  return isLanguage(saved) ? saved : DEFAULT_LANGUAGE;
}

const loaded = new Set<Language>(['EN']);

/** Fetches a language's resources once (the Bengali chunk) and adds them to i18next. */
export async function loadLanguage(language: Language): Promise<void> {
  if (loaded.has(language)) return;
  const { bn } = await import('./locales-bn');
  for (const [ns, bundle] of Object.entries(bn)) i18n.addResourceBundle('bn', ns, bundle, true, true);
  loaded.add(language);
}

let englishRest: Promise<void> | undefined;

/** The English namespaces beyond the home page's (admin, auth, pages…): every lazy route waits for them. */
export function loadAllNamespaces(): Promise<void> {
  englishRest ??= import('./locales-en-rest').then(({ enRest }) => {
    for (const [ns, bundle] of Object.entries(enRest)) i18n.addResourceBundle('en', ns, bundle, true, true);
  });
  return englishRest;
}

void i18n.use(initReactI18next).init({
  resources,
  ns: [...NAMESPACES],
  defaultNS: DEFAULT_NAMESPACE,
  // Feature namespaces can use the shared errors.* / validation.* keys without a prefix.
  fallbackNS: DEFAULT_NAMESPACE,
  lng: locale(DEFAULT_LANGUAGE),
  fallbackLng: 'en',
  supportedLngs: LANGUAGES.map(locale),
  interpolation: { escapeValue: false },
  initAsync: false,
});
syncDocumentLanguage(readPreferredLanguage());

/** The last language asked for: a slower, earlier switch must not win over it. */
let requested: Language = DEFAULT_LANGUAGE;

async function switchTo(language: Language): Promise<void> {
  requested = language;
  await loadLanguage(language);
  if (requested === language) await i18n.changeLanguage(locale(language));
}

/**
 * Settles once the saved language can be shown: at once for English, after the Bengali chunk otherwise. The app
 * renders after it (main.tsx), so a BN visitor never sees English first. A failed fetch leaves English.
 */
export const languageReady: Promise<void> = switchTo(readPreferredLanguage()).catch(() => undefined);

function syncDocumentLanguage(language: Language) {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = locale(language);
}

/** Switches the UI language and remembers it as PREF_LANG. */
export function applyLanguage(language: Language): void {
  writeStored(STORAGE_KEYS.language, language);
  syncDocumentLanguage(language);
  void switchTo(language).catch(() => undefined);
}

export { i18n };
