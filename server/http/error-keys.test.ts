// Every key the server can answer with (the shared ErrorKey and ValidationKey lists, which AppError and the
// validation helper are typed against) has a translation in both languages (product.md §3.1, §8).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_KEYS, VALIDATION_KEYS } from '#shared/error-keys';

const LOCALES = path.resolve(import.meta.dirname, '../../client/src/i18n/locales');

function lookup(tree: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined),
      tree,
    );
}

describe('error keys', () => {
  const keys = [...ERROR_KEYS, ...Object.values(VALIDATION_KEYS)];

  it.each(['en', 'bn'])('When the server may answer with a key, then %s/common.json translates it', (lang) => {
    const common = JSON.parse(fs.readFileSync(path.join(LOCALES, lang, 'common.json'), 'utf8')) as unknown;
    const missing = keys.filter((key) => {
      const text = lookup(common, key);
      return typeof text !== 'string' || text.trim() === '';
    });
    expect(missing, `${lang} is missing`).toEqual([]);
  });

  it('When the key lists are read, then every key is unique and in its namespace', () => {
    expect(new Set(keys).size).toBe(keys.length);
    expect(ERROR_KEYS.every((key) => key.startsWith('errors.'))).toBe(true);
    expect(Object.values(VALIDATION_KEYS).every((key) => key.startsWith('validation.'))).toBe(true);
  });
});
