// Every error key the server can answer with has a translation in both languages (design §5, §8).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

function serverSources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) return d.name === 'generated' ? [] : serverSources(p);
    return d.name.endsWith('.ts') && !d.name.endsWith('.test.ts') ? [p] : [];
  });
}

function lookup(tree: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), tree);
}

describe('error keys', () => {
  const keys = new Set<string>();
  for (const file of serverSources(path.resolve(import.meta.dirname))) {
    for (const m of fs.readFileSync(file, 'utf8').matchAll(/'((?:errors|validation)\.[A-Za-z]+)'/g)) keys.add(m[1]);
  }

  it('When the server names an error key, then en and bn common.json translate it', () => {
    expect(keys.size).toBeGreaterThan(10);
    for (const lang of ['en', 'bn']) {
      const common = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, `../client/src/i18n/locales/${lang}/common.json`), 'utf8')) as unknown;
      const missing = [...keys].filter((k) => typeof lookup(common, k) !== 'string');
      expect(missing, `${lang} is missing`).toEqual([]);
    }
  });
});
