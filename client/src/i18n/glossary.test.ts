// Every Bengali string follows docs/glossary.md: the words it rules out, the only Latin-script words it keeps, and
// no Bengali value left equal to its English one unless the glossary allow-lists the key with a reason.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The client's locale files, the Telegram bot's and the web pushes' (server/telegram/locales, server/push/locales, same layout): one vocabulary.
const localeDirs = [
  fileURLToPath(new URL('./locales', import.meta.url)),
  fileURLToPath(new URL('../../../server/telegram/locales', import.meta.url)),
  fileURLToPath(new URL('../../../server/push/locales', import.meta.url)),
];
const glossary = readFileSync(fileURLToPath(new URL('../../../docs/glossary.md', import.meta.url)), 'utf8');

/** The rows of the table under `## heading`, as arrays of trimmed cells (header and rule rows dropped). */
function tableRows(heading: string): string[][] {
  const section = glossary.split(/^## /m).find((part) => part.startsWith(heading));
  if (!section) throw new Error(`docs/glossary.md has no "## ${heading}" section`);
  return section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2)
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
}

const forbidden = tableRows('Terms').flatMap(([concept, , , avoid]) =>
  avoid ? avoid.split(',').map((word) => ({ word: word.trim(), concept })) : [],
);
const latinKept = new Set(tableRows('Latin script kept in Bengali').map(([word]) => word));
const equalAllowed = new Map(tableRows('Bengali equal to English').map(([key, why]) => [key, why]));

function flatten(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    flatten(child, prefix ? `${prefix}.${key}` : key),
  );
}
const dirOf = new Map(
  localeDirs.flatMap((dir) =>
    readdirSync(join(dir, 'en'))
      .filter((file) => file.endsWith('.json'))
      .map((file) => [file.replace(/\.json$/, ''), dir] as const),
  ),
);
const namespaces = [...dirOf.keys()];
const strings = (lang: 'en' | 'bn', ns: string) =>
  new Map(flatten(JSON.parse(readFileSync(join(dirOf.get(ns)!, lang, `${ns}.json`), 'utf8'))));
/** What a reader sees: interpolation placeholders and Trans tags are not words. */
const visibleText = (value: string) => value.replace(/\{\{\s*\w+\s*\}\}/g, ' ').replace(/<\/?\w+>/g, ' ');

/**
 * Whether `word` begins a word of `text`: Bengali suffixes attach to a ruled-out word (কিউতে) and still count, but a
 * ruled-out word inside another one does not (সংখ্যা for "digit" inside পরিসংখ্যান, "statistics").
 */
function startsAWord(text: string, word: string): boolean {
  for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) {
    if (at === 0 || !/[\u0980-\u09FF]/.test(text[at - 1])) return true;
  }
  return false;
}

describe('Bengali glossary (docs/glossary.md)', () => {
  it('When the glossary is read, then it has terms to enforce and reasons for every exception', () => {
    expect(forbidden.length).toBeGreaterThan(10);
    expect(latinKept.size).toBeGreaterThan(0);
    for (const [key, why] of equalAllowed) expect(why, key).not.toBe('');
  });

  for (const ns of namespaces) {
    it(`When bn/${ns}.json is read, then no value uses a word the glossary rules out`, () => {
      const found = [...strings('bn', ns)].flatMap(([key, value]) =>
        forbidden
          .filter(({ word }) => startsAWord(visibleText(value), word))
          .map(({ word, concept }) => `${key}: "${word}" (${concept})`),
      );
      expect(found).toEqual([]);
    });

    it(`When bn/${ns}.json is read, then Latin script appears only in the words the glossary keeps`, () => {
      const found = [...strings('bn', ns)].flatMap(([key, value]) =>
        (visibleText(value).match(/[A-Za-z][A-Za-z0-9]*/g) ?? [])
          // '1xBet' reads as '1' + 'xBet' in the pattern above: look at the whole token.
          .map((word) => (word === 'xBet' && /1xBet/.test(value) ? '1xBet' : word))
          .filter((word) => !latinKept.has(word))
          .map((word) => `${key}: ${word}`),
      );
      expect(found).toEqual([]);
    });

    it(`When bn/${ns}.json is compared with en, then no value is left in English unless allow-listed`, () => {
      const en = strings('en', ns);
      const same = [...strings('bn', ns)].filter(
        ([key, value]) => en.get(key) === value && !equalAllowed.has(`${ns}:${key}`),
      );
      expect(same.map(([key]) => `${ns}:${key}`)).toEqual([]);
    });
  }

  // "Revoke" a phone or a token is not "cancel" an order (decision 091): a row of the Terms table cannot say it,
  // because বাতিল is the right word for cancelling.
  it('When an English value says revoke, then its Bengali one does not say বাতিল (cancel)', () => {
    const found = namespaces.flatMap((ns) => {
      const bn = strings('bn', ns);
      return [...strings('en', ns)]
        .filter(([key, value]) => /revok/i.test(value) && (bn.get(key) ?? '').includes('বাতিল'))
        .map(([key]) => `${ns}:${key}`);
    });
    expect(found).toEqual([]);
  });

  it('When the statistics page and the queue are named in Bengali, then they say পরিসংখ্যান and অপেক্ষমাণ তালিকা', () => {
    expect(strings('bn', 'reports').get('stats.title')).toBe('পরিসংখ্যান');
    expect(strings('bn', 'common').get('nav.stats')).toBe('পরিসংখ্যান');
    expect(strings('bn', 'console').get('history.tabQueue')).toBe('অপেক্ষমাণ তালিকা');
    expect(forbidden.map(({ word }) => word)).toEqual(expect.arrayContaining(['হিসাব', 'কিউ']));
    expect(startsAWord('অপেক্ষমাণ কিউতে', 'কিউ')).toBe(true);
    expect(startsAWord('পরিসংখ্যান', 'সংখ্যা')).toBe(false);
  });

  it('When an allow-listed key is looked up, then it still exists and is still equal (the list does not rot)', () => {
    for (const entry of equalAllowed.keys()) {
      const [ns, key] = entry.split(':');
      expect(strings('en', ns).get(key), entry).toBeDefined();
      expect(strings('bn', ns).get(key), entry).toBe(strings('en', ns).get(key));
    }
  });
});
