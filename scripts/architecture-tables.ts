// The two tables of docs/architecture.md that describe the code (each domain's public surface, and which events are
// published by whom and heard by whom) are written from the code, between marker comments, so they cannot drift:
// `npx tsx scripts/architecture-tables.ts` rewrites them; a unit test fails when the committed page differs.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ARCHITECTURE_FILE = path.join(ROOT, 'docs/architecture.md');
const SERVER = path.join(ROOT, 'server');

export interface DomainSurface {
  domain: string;
  about: string;
  values: string[];
  types: string[];
}

/** The names a domain's index.ts exports, values and types apart, in the order written. */
export function readSurface(indexSource: string): { values: string[]; types: string[] } {
  const values: string[] = [];
  const types: string[] = [];
  for (const block of indexSource.matchAll(/export\s+(type\s+)?\{([^}]*)\}/g)) {
    const allTypes = Boolean(block[1]);
    for (const raw of block[2].split(',')) {
      const item = raw.trim();
      if (!item) continue;
      const isType = allTypes || item.startsWith('type ');
      const name = item
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)
        .pop()!
        .trim();
      (isType ? types : values).push(name);
    }
  }
  for (const m of indexSource.matchAll(
    /export\s+(?:async\s+)?(const|let|function|class|interface|type|enum)\s+(\w+)/g,
  )) {
    (m[1] === 'interface' || m[1] === 'type' ? types : values).push(m[2]);
  }
  return { values, types };
}

/** The first sentence of an index.ts's leading comment, less its "Public surface of …" opening. */
function aboutOf(indexSource: string): string {
  const comment = (indexSource.match(/^(?:\/\/.*\n)+/)?.[0] ?? '').replace(/^\/\/\s?/gm, '').replace(/\s+/g, ' ');
  const sentence = comment.split(/(?<=\.)\s/)[0] ?? '';
  return sentence
    .replace(/^Public surface of (the )?/i, '')
    .replace(/\.$/, '')
    .replace(/\|/g, '\\|')
    .trim();
}

export function readDomains(): DomainSurface[] {
  return fs
    .readdirSync(SERVER, { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(SERVER, d.name, 'index.ts')))
    .map((d) => {
      const source = fs.readFileSync(path.join(SERVER, d.name, 'index.ts'), 'utf8');
      return { domain: d.name, about: aboutOf(source), ...readSurface(source) };
    })
    .sort((a, b) => a.domain.localeCompare(b.domain));
}

export interface EventRow {
  event: string;
  publishers: string[];
  subscribers: string[];
}

function serverSources(dir = SERVER): { file: string; text: string }[] {
  const out: { file: string; text: string }[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'generated') out.push(...serverSources(full));
    } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
      out.push({ file: path.relative(SERVER, full), text: fs.readFileSync(full, 'utf8') });
    }
  }
  return out;
}

/** The text between the parenthesis at `open` and its match (strings are not looked into: handlers hold none with parentheses). */
function callArguments(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return text.slice(open + 1, i);
  }
  return text.slice(open + 1);
}

/** Where an event is published: the domain folder, or the file for the kernel (composition, …). */
const placeOf = (file: string): string =>
  file.includes(path.sep) ? file.split(path.sep)[0] : file.replace(/\.ts$/, '');

/**
 * Who publishes each event (`events.publish('name'` in server code) and who hears it: each `events.subscribe('name',
 * …)` named by the first call its handler makes (`realtime.smsReceived`, `telegram.orderChanged`, …).
 */
export function readEvents(): EventRow[] {
  const rows = new Map<string, EventRow>();
  const row = (event: string) =>
    rows.get(event) ?? rows.set(event, { event, publishers: [], subscribers: [] }).get(event)!;
  for (const { file, text } of serverSources()) {
    for (const m of text.matchAll(/events\.publish\('([a-z]+\.[A-Za-z]+)'/g)) {
      const r = row(m[1]);
      if (!r.publishers.includes(placeOf(file))) r.publishers.push(placeOf(file));
    }
    const subscribes = [...text.matchAll(/events\.subscribe\('([a-z]+\.[A-Za-z]+)'/g)];
    // A subscriber is named by what it calls on the composition's objects (realtime.smsReceived, webhooks.emit…);
    // reads it makes to decide (settings.current, logger, clock) are not what it does.
    const objects = new Set(
      [...(text.match(/deps:\s*\{([\s\S]*?)\n\s*\},?\n/)?.[1] ?? '').matchAll(/^\s*(\w+)\??:/gm)].map((k) => k[1]),
    );
    objects.add('homeOrders');
    for (const quiet of ['logger', 'clock']) objects.delete(quiet);
    subscribes.forEach((m) => {
      const body = callArguments(text, m.index! + 'events.subscribe'.length);
      const named = body.match(/^\s*'[^']*',\s*(\w+)\s*$/)?.[1];
      const calls = [...body.matchAll(/\b(?:deps\.)?(\w+)(?:\.(\w+))?\(/g)]
        .filter(
          (c) =>
            (objects.size > 1 ? objects.has(c[1]) : c[2] !== undefined) && `${c[1]}.${c[2]}` !== 'settings.current',
        )
        .map((c) => (c[2] ? `${c[1]}.${c[2]}` : c[1]));
      const r = row(m[1]);
      const where = `${named ?? ([...new Set(calls)].join(' + ') || '(inline)')} (${file.replace(/\.ts$/, '')})`;
      if (!r.subscribers.includes(where)) r.subscribers.push(where);
    });
  }
  return [...rows.values()].sort((a, b) => a.event.localeCompare(b.event));
}

const code = (names: string[]): string => names.map((n) => `\`${n}\``).join(', ');

export function renderSurface(domains: DomainSurface[]): string {
  const lines = ['| domain | what it is | exports | types |', '| --- | --- | --- | --- |'];
  for (const d of domains) lines.push(`| ${d.domain} | ${d.about} | ${code(d.values)} | ${code(d.types)} |`);
  return lines.join('\n');
}

export function renderEvents(events: EventRow[]): string {
  const lines = [
    '| event | published by | subscribers (what they call, and where they subscribe) |',
    '| --- | --- | --- |',
  ];
  for (const e of events)
    lines.push(
      `| \`${e.event}\` | ${e.publishers.join(', ') || '(nobody)'} | ${e.subscribers.join(', ') || '(nobody)'} |`,
    );
  return lines.join('\n');
}

const BLOCKS = {
  surface: () => renderSurface(readDomains()),
  events: () => renderEvents(readEvents()),
} as const;

/** The page with every generated block replaced by what the code says now. */
export function renderArchitecture(page: string): string {
  let out = page;
  for (const [name, render] of Object.entries(BLOCKS)) {
    const start = `<!-- generated:${name} (npx tsx scripts/architecture-tables.ts) -->`;
    const end = `<!-- /generated:${name} -->`;
    const from = out.indexOf(start);
    const to = out.indexOf(end);
    if (from < 0 || to < from) throw new Error(`docs/architecture.md lacks the ${name} markers`);
    out = `${out.slice(0, from + start.length)}\n${render()}\n${out.slice(to)}`;
  }
  return out;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  fs.writeFileSync(ARCHITECTURE_FILE, renderArchitecture(fs.readFileSync(ARCHITECTURE_FILE, 'utf8')));
  console.log('docs/architecture.md: surface and events tables written from the code');
}
