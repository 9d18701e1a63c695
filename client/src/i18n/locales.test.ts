// en and bn must offer the same keys in every namespace, and every shared validation key must be translated.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { VALIDATION_KEYS } from '#shared/schemas';

// The client's locale files, the Telegram bot's and the web pushes' (server/telegram/locales, server/push/locales, same layout).
const localeDirs = [
  fileURLToPath(new URL('./locales', import.meta.url)),
  fileURLToPath(new URL('../../../server/telegram/locales', import.meta.url)),
  fileURLToPath(new URL('../../../server/push/locales', import.meta.url)),
];
const LANGS = ['en', 'bn'] as const;

function namespaceFiles(lang: string): [string, string][] {
  return localeDirs.flatMap((dir) =>
    readdirSync(join(dir, lang))
      .filter((file) => file.endsWith('.json'))
      .map((file): [string, string] => [file.replace(/\.json$/, ''), dir]),
  );
}
const dirOf = new Map(namespaceFiles('en'));

function namespaces(lang: string): string[] {
  return namespaceFiles(lang)
    .map(([ns]) => ns)
    .sort();
}

function flatKeys(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    flatKeys(child, prefix ? `${prefix}.${key}` : key),
  );
}

function load(lang: string, ns: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(dirOf.get(ns)!, lang, `${ns}.json`), 'utf8')) as Record<string, unknown>;
}

describe('locales', () => {
  it('When the languages are compared, then en and bn have the same namespaces', () => {
    expect(namespaces('bn')).toEqual(namespaces('en'));
  });

  for (const ns of namespaces('en')) {
    it(`When namespace "${ns}" is compared, then en and bn have the same keys`, () => {
      const en = flatKeys(load('en', ns)).sort();
      const bn = flatKeys(load('bn', ns)).sort();
      expect(
        bn.filter((key) => !en.includes(key)),
        'keys only in bn',
      ).toEqual([]);
      expect(
        en.filter((key) => !bn.includes(key)),
        'keys only in en',
      ).toEqual([]);
    });

    it(`When namespace "${ns}" is read, then no value is empty`, () => {
      for (const lang of LANGS) {
        const empty = flatKeys(load(lang, ns)).filter((key) => {
          const value = key
            .split('.')
            .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], load(lang, ns));
          return typeof value !== 'string' || value.trim() === '';
        });
        expect(empty, `${lang}/${ns}`).toEqual([]);
      }
    });
  }

  it('When the shared validation keys are looked up, then every one is translated in en and bn', () => {
    for (const lang of LANGS) {
      const keys = new Set(flatKeys(load(lang, 'common')));
      const missing = Object.values(VALIDATION_KEYS).filter((key) => !keys.has(key));
      expect(missing, `${lang}/common`).toEqual([]);
    }
  });

  it('When the spec wording is checked, then the English messages match it', () => {
    const common = load('en', 'common') as { validation: Record<string, string> };
    expect(common.validation.passwordsMismatch).toBe('Passwords does not match');
    expect(common.validation.codeFormat).toBe('Invalid code format');
    expect(common.validation.ticketRequired).toBe('Please write a message');
    expect(common.validation.ticketShort).toBe('Please write a longer message');
    expect(common.validation.ticketLong).toBe('Maximum 2,000 characters allowed');
  });
});
