import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DECISIONS_DIR,
  FOLDED_FILE,
  INDEX_FILE,
  readDecisions,
  readFolded,
  renderIndex,
  statusText,
} from './decision-index.js';

describe('The decision index (docs/decisions/README.md)', () => {
  it('When a record is added, renamed or changes status, then the committed index lists it as the records say', () => {
    const committed = fs.readFileSync(INDEX_FILE, 'utf8');
    const records = readDecisions();
    const missing = records.filter((r) => !committed.includes(`| [${r.number}](${r.file}) |`)).map((r) => r.file);
    expect(missing, 'records missing from docs/decisions/README.md: run `npx tsx scripts/decision-index.ts`').toEqual(
      [],
    );
    expect(committed, 'docs/decisions/README.md is out of date: run `npx tsx scripts/decision-index.ts`').toBe(
      renderIndex(records, readFolded()),
    );
  });

  it('When a record was folded into another, then its number has no file and folded.tsv says where it lives', () => {
    const numbers = new Set(readDecisions().map((r) => r.number));
    const folded = readFolded(FOLDED_FILE);
    expect(
      folded.filter((f) => numbers.has(f.number)).map((f) => f.number),
      'folded numbers that still have a record file',
    ).toEqual([]);
    const pointsNowhere = folded.filter((f) => /^\d{3}\b/.test(f.into) && !numbers.has(f.into.slice(0, 3)));
    expect(
      pointsNowhere.map((f) => `${f.number} → ${f.into}`),
      'folded into a record that does not exist',
    ).toEqual([]);
  });

  it('When records state relations in their own words, then the index shows who superseded or amended whom', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'decisions-'));
    try {
      const write = (file: string, text: string) => fs.writeFileSync(path.join(dir, file), text);
      write(
        '010-transitions.md',
        '# 010 Transitions\n\nDate: 2026-11-25\nStatus: accepted; names superseded by 031 (transitions are\nnamed after commands)\n\n## Context\n',
      );
      write('031-commands.md', '# 031 Commands\n\nDate: 2026-11-26\nStatus: accepted\n');
      write(
        '082-workers.md',
        '# 082 Workers\n\nDate: 2026-11-26\nStatus: accepted\n\n## Decision\n- Amended by decision 128: reads nothing.\n',
      );
      write(
        '128-hand-over.md',
        '# 128. Hand-over\n\nDate: 2026-11-26. Status: accepted. Amends 082.\n\nThis is not amended by 999 in its own words.\n',
      );
      write('129-old.md', '# 129 Old way\n- Date: 2026-11-26\n- Status: superseded\n');
      write('130-new.md', '# 130 New way\nDate: 2026-11-27. Status: accepted (supersedes 129).\n');
      write('README.md', 'not a record');
      const records = readDecisions(dir);
      expect(records.map((r) => [r.number, r.status, r.supersededBy, r.amendedBy])).toEqual([
        ['010', 'accepted', ['031'], []],
        ['031', 'accepted', [], []],
        ['082', 'accepted', [], ['128']],
        ['128', 'accepted', [], []],
        ['129', 'superseded', ['130'], []],
        ['130', 'accepted', [], []],
      ]);
      const index = renderIndex(records);
      expect(index).toContain(
        '| [010](010-transitions.md) | Transitions | accepted | superseded in part by [031](031-commands.md) |',
      );
      expect(index).toContain('| [082](082-workers.md) | Workers | accepted | amended by [128](128-hand-over.md) |');
      expect(index).toContain('| [129](129-old.md) | Old way | superseded | superseded by [130](130-new.md) |');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('When a status runs over two lines, then both are read, and the next field ends it', () => {
    expect(statusText('Date: 2026-11-26. Status: accepted (issue 7).\nContext: something')).toBe('accepted (issue 7).');
    expect(
      statusText(
        'Status: accepted; the timeout on read is superseded by 031 (only\n`GET /orders/{id}` times out)\n\n## Context',
      ),
    ).toBe('accepted; the timeout on read is superseded by 031 (only `GET /orders/{id}` times out)');
    expect(DECISIONS_DIR).toMatch(/docs\/decisions$/);
  });
});
