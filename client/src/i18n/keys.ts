// Keys known only at run time — server error keys (`errors.*`, `validation.*`), zod messages — narrowed once here
// to the typed keys, so the rest of the client never casts a key.
import type { ParseKeys, TOptions } from 'i18next';
import { i18n } from './index';
import { NAMESPACES, type LocaleNamespace } from './resources';

/** Any key of any namespace: `ns:key`, or a `common` key without prefix ('notify.copied', 'admin:orders.completed'). */
export type TranslationKey = ParseKeys<['common', ...LocaleNamespace[]]>;

/**
 * Whether a namespace translates `key`, looked up in `ns` order: by default common first, then the feature
 * namespaces; a feature that words its own endpoints' errors passes its namespace first.
 */
export function isTranslationKey(key: string, ns: readonly LocaleNamespace[] = NAMESPACES): key is TranslationKey {
  return i18n.exists(key, { ns: [...ns] });
}

/** The translation of a typed key in the first namespace of `ns` that has it. */
export function translate(
  key: TranslationKey,
  options?: TOptions,
  ns: readonly LocaleNamespace[] = NAMESPACES,
): string {
  return i18n.t(key, { ...options, ns: [...ns] });
}

/** A key from the server or a schema: its translation when known, else `fallback` (or the key itself). */
export function translateRuntimeKey(
  key: string,
  { fallback, ns = NAMESPACES }: { fallback?: TranslationKey; ns?: readonly LocaleNamespace[] } = {},
): string {
  if (isTranslationKey(key, ns)) return translate(key, undefined, ns);
  return fallback ? translate(fallback, undefined, ns) : key;
}
