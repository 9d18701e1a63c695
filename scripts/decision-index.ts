// The index of the decision records (docs/decisions/README.md), made from the records themselves: number, title,
// status, and the later records that superseded or amended each (decision 192), then the folded numbers of
// folded.tsv and where each now lives. `npx tsx scripts/decision-index.ts` writes it; scripts/decision-index.test.ts
// fails when the committed index differs from what the records make.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const DECISIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/decisions');
export const INDEX_FILE = path.join(DECISIONS_DIR, 'README.md');
/** Numbers whose records were folded into others: `number<TAB>where it lives now<TAB>what it was`. */
export const FOLDED_FILE = path.join(DECISIONS_DIR, 'folded.tsv');

export interface DecisionRecord {
  number: string;
  file: string;
  title: string;
  /** The status word: accepted, proposed, superseded, … */
  status: string;
  /** Later records that replace this one, wholly or in part. */
  supersededBy: string[];
  amendedBy: string[];
}

const RECORD_FILE = /^(\d{3})-[\w.-]+\.md$/;
const HEADING = /^#\s+(\d{3})\.?\s+(.+?)\s*$/m;

/** The text after `Status:`, with the lines that continue it (until a blank line, a heading, a list item or a `Field:`). */
export function statusText(text: string): string {
  const lines = text.split('\n');
  const at = lines.findIndex((line) => /\bStatus:/.test(line));
  if (at < 0) return '';
  const parts = [lines[at].slice(lines[at].indexOf('Status:') + 'Status:'.length)];
  for (const line of lines.slice(at + 1)) {
    if (!line.trim() || /^\s*(#|-|\*|\w[\w ]*:)/.test(line)) break;
    parts.push(line);
  }
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}

const numbersAfter = (text: string, phrase: RegExp) => [...text.matchAll(phrase)].map((m) => m[1]);

/** Reads every record in `dir`, with the relations each states of itself and those later records state of it. */
export function readDecisions(dir = DECISIONS_DIR): DecisionRecord[] {
  const records = fs
    .readdirSync(dir)
    .filter((file) => RECORD_FILE.test(file))
    .sort()
    .map((file) => {
      const text = fs.readFileSync(path.join(dir, file), 'utf8');
      const heading = HEADING.exec(text);
      const number = RECORD_FILE.exec(file)![1];
      if (!heading || heading[1] !== number)
        throw new Error(`${file}: the first heading must be "# ${number} <title>"`);
      const status = statusText(text);
      // What a record says of itself: in its status, or on a line of its own ("- Amended by decision 082: …").
      const ownWord = [
        status,
        ...text.split('\n').filter((line) => /^\s*(?:-\s*)?(?:amended|superseded) by/i.test(line)),
      ].join('\n');
      return {
        number,
        file,
        title: heading[2],
        status: /^[A-Za-z]+/.exec(status)?.[0].toLowerCase() ?? 'unknown',
        supersededBy: numbersAfter(ownWord, /superseded by (?:decision )?(\d{3})/gi),
        amendedBy: numbersAfter(ownWord, /amended by (?:decision )?(\d{3})/gi),
        replaces: numbersAfter(status, /\bsupersedes (?:decision )?(\d{3})/gi),
        amends: numbersAfter(status, /\bamends (?:decision )?(\d{3})/gi),
      };
    });
  const byNumber = new Map(records.map((r) => [r.number, r]));
  for (const record of records) {
    for (const n of record.replaces) byNumber.get(n)?.supersededBy.push(record.number);
    for (const n of record.amends) byNumber.get(n)?.amendedBy.push(record.number);
  }
  return records.map(({ replaces: _replaces, amends: _amends, ...record }) => ({
    ...record,
    supersededBy: [...new Set(record.supersededBy)].sort(),
    amendedBy: [...new Set(record.amendedBy)].sort(),
  }));
}

export interface FoldedRecord {
  number: string;
  /** A record's number, or a document (docs/performance.md, client/README.md) with its section. */
  into: string;
  about: string;
}

/** The rows of folded.tsv (none when the file is absent); its first line is the header. */
export function readFolded(file = FOLDED_FILE): FoldedRecord[] {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .slice(1)
    .filter((line) => line.trim())
    .map((line) => {
      const [number, into, about = ''] = line.split('\t');
      return { number, into, about };
    });
}

export function renderIndex(records: DecisionRecord[], folded: FoldedRecord[] = []): string {
  const link = (n: string) => {
    const target = records.find((r) => r.number === n);
    return target ? `[${n}](${target.file})` : n;
  };
  const later = (r: DecisionRecord) =>
    [
      r.supersededBy.length
        ? `superseded${r.status === 'superseded' ? '' : ' in part'} by ${r.supersededBy.map(link).join(', ')}`
        : '',
      r.amendedBy.length ? `amended by ${r.amendedBy.map(link).join(', ')}` : '',
    ]
      .filter(Boolean)
      .join('; ');
  const rows = records.map(
    (r) => `| [${r.number}](${r.file}) | ${r.title.replace(/\|/g, '\\|')} | ${r.status} | ${later(r)}`.trimEnd() + ' |',
  );
  const into = (target: string) => target.replace(/^(\d{3})\b/, (n) => link(n));
  const foldedRows = folded.map((f) => `| ${f.number} | ${into(f.into)} | ${f.about.replace(/\|/g, '\\|')} |`);
  return [
    '# Decision records',
    '',
    'One file per real decision, `NNN-title.md`: Date, Status, Context, Decision, Alternatives (the options weighed',
    'and why not) and Consequences. A later record that changes a decision says so ("Status: accepted. Amends 144.").',
    'Tuning logs are in `docs/performance.md`, UI details in `client/README.md`. This index is made from the records',
    'by `npx tsx scripts/decision-index.ts`; a unit test (`scripts/decision-index.test.ts`) fails when it is out of date.',
    '',
    '| No. | Decision | Status | Superseded or amended by |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
    ...(foldedRows.length
      ? [
          '## Folded numbers',
          '',
          'Records that only amended or tuned another were folded into it (`folded.tsv`); a comment citing one of these',
          'numbers means the place on its right.',
          '',
          '| No. | Now in | It was |',
          '| --- | --- | --- |',
          ...foldedRows,
          '',
        ]
      : []),
  ].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  fs.writeFileSync(INDEX_FILE, renderIndex(readDecisions(), readFolded()));
  console.log(`Wrote ${path.relative(process.cwd(), INDEX_FILE)}`);
}
