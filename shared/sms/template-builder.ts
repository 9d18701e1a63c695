// "Make a template from this SMS" (decision 052): the admin pastes a message and marks its
// amount, TrxID, sender and time (and any text that changes from one message to the next); this builds the
// template's regular expression from the marks, so nobody writes one by hand. Pure (no Node, no DOM): the admin
// page builds and tests it here, the server validates what is saved like any custom template (compiles, named
// groups, time format, and that it reads the message it was made from).
import { detectTimeFormat, normaliseSmsText, type SmsTimeFormat } from './sms-fields.js';
import { TEMPLATE_PATTERN_MAX } from './sms-template.js';

/** What a marked part of the message is: a field the template reads, or `any` for text that varies (a Ref). */
export const BUILDER_PARTS = ['amount', 'trx_id', 'sender', 'time', 'any'] as const;
export type BuilderPart = (typeof BUILDER_PARTS)[number];
/** The parts a message needs marked: without them a template reads no payment. */
export const REQUIRED_BUILDER_PARTS: readonly BuilderPart[] = ['amount', 'trx_id'];

/** One marked part: offsets into the normalised text (`normaliseSmsText`), end exclusive. */
export interface TemplateMark {
  part: BuilderPart;
  start: number;
  end: number;
}

export type BuildFailure =
  /** Two marks cover the same characters. */
  | 'overlap'
  /** A field (not `any`) is marked twice. */
  | 'twice'
  | 'amount_missing'
  | 'trx_id_missing'
  /** The marked time is not a date with a clock in a format the shop reads. */
  | 'time_unreadable'
  /** A mark is empty or outside the text. */
  | 'empty'
  /** Even trimmed to the words around the marks, the pattern is longer than TEMPLATE_PATTERN_MAX. */
  | 'too_long';

export type BuiltTemplate =
  { ok: true; pattern: string; timeFormat: SmsTimeFormat | null } | { ok: false; reason: BuildFailure };

const escapeLiteral = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * Text between marks, made general where messages differ: a run of spaces or line breaks matches any run, every
 * number matches any number (the balance and fee change with each message), words stay as written.
 */
function literal(text: string): string[] {
  const tokens: string[] = [];
  for (const [token] of text.matchAll(/\s+|\d[\d,]*(?:\.\d+)?|[^\s\d]+/g)) {
    if (/^\s/.test(token)) tokens.push(String.raw`\s+`);
    else if (/^\d/.test(token)) tokens.push(String.raw`\d[\d,]*(?:\.\d+)?`);
    else tokens.push(escapeLiteral(token));
  }
  return tokens;
}

/** The time as a shape: digits by count, month names as letters, spaces as any space. */
function timeShape(value: string): string {
  return value.replace(/\s+|\d+|[a-z]+|[^\s\da-z]/gi, (token) => {
    if (/^\s/.test(token)) return String.raw`\s+`;
    if (/^\d/.test(token)) return token.length <= 2 ? String.raw`\d{1,2}` : String.raw`\d{${token.length}}`;
    if (/^[a-z]/i.test(token)) return '[a-z]+';
    return escapeLiteral(token);
  });
}

/** A phone number as the wallets write a payer: 01XXXXXXXXX, with or without +88 / 88. */
const PHONE = /^(?:\+?88)?01\d{9}$/;

function group(part: Exclude<BuilderPart, 'any'>, value: string): string {
  switch (part) {
    case 'amount':
      return String.raw`(?<amount>\d[\d,]*(?:\.\d{1,2})?)`;
    case 'trx_id':
      return String.raw`(?<trx_id>[a-z0-9]+)`;
    case 'sender':
      if (PHONE.test(value)) return String.raw`(?<sender>(?:\+?88)?01\d{9})`;
      return /\s/.test(value) ? String.raw`(?<sender>[^\n]{1,60}?)` : String.raw`(?<sender>\S{1,60})`;
    case 'time':
      return `(?<time>${timeShape(value)})`;
  }
}

/** Builds the pattern from marks on `text` (the pasted message; it is normalised here as every SMS is). */
export function buildTemplate(text: string, marks: readonly TemplateMark[]): BuiltTemplate {
  const message = normaliseSmsText(text);
  const sorted = [...marks].sort((a, b) => a.start - b.start);
  for (const mark of sorted) {
    if (
      mark.start < 0 ||
      mark.end > message.length ||
      mark.end <= mark.start ||
      message.slice(mark.start, mark.end).trim() === ''
    )
      return { ok: false, reason: 'empty' };
  }
  for (let i = 1; i < sorted.length; i++)
    if (sorted[i].start < sorted[i - 1].end) return { ok: false, reason: 'overlap' };
  const fields = sorted.filter((m) => m.part !== 'any').map((m) => m.part);
  if (new Set(fields).size !== fields.length) return { ok: false, reason: 'twice' };
  if (!fields.includes('amount')) return { ok: false, reason: 'amount_missing' };
  if (!fields.includes('trx_id')) return { ok: false, reason: 'trx_id_missing' };

  let timeFormat: SmsTimeFormat | null = null;
  const middle: string[] = [];
  let lead = '';
  let tail = '';
  let at = 0;
  sorted.forEach((mark, i) => {
    // A mark's own spaces at its edges belong to the text around it.
    const raw = message.slice(mark.start, mark.end);
    const start = mark.start + (raw.length - raw.trimStart().length);
    const end = mark.end - (raw.length - raw.trimEnd().length);
    const value = message.slice(start, end);
    const before = message.slice(at, start);
    if (i === 0) lead = before;
    else middle.push(...literal(before));
    if (mark.part === 'any') middle.push('.{0,300}?');
    else middle.push(group(mark.part, value));
    if (mark.part === 'time') timeFormat = detectTimeFormat(value);
    at = end;
  });
  tail = message.slice(at);
  if (sorted.some((m) => m.part === 'time') && timeFormat === null) return { ok: false, reason: 'time_unreadable' };

  // The whole message when it fits; otherwise only the words nearest the first and last marks.
  const leadTokens = literal(lead);
  const tailTokens = literal(tail);
  for (const keep of [Infinity, 12, 6, 2, 0]) {
    const pattern = [
      ...leadTokens.slice(Math.max(0, leadTokens.length - keep)),
      ...middle,
      ...tailTokens.slice(0, keep),
    ].join('');
    if (pattern.length <= TEMPLATE_PATTERN_MAX) return { ok: true, pattern, timeFormat };
  }
  return { ok: false, reason: 'too_long' };
}

/** A part the page offers to pick without selecting text (keyboard, small screens): found by its shape. */
export interface SuggestedPart {
  start: number;
  end: number;
  value: string;
}

const SUGGESTIONS: Record<Exclude<BuilderPart, 'any'>, RegExp> = {
  // Figures after a currency word or on their own: 500, 1,250.00.
  amount: /\d{1,3}(?:,\d{2,3})*(?:\.\d{1,2})?|\d+(?:\.\d{1,2})?/g,
  // Letters and digits together, 8 or more: the wallets' transaction ids.
  trx_id: /\b(?=[A-Z0-9]*\d)(?=[A-Z0-9]*[A-Z])[A-Z0-9]{8,}\b/gi,
  sender: /(?:\+?88)?01\d{9}\b|\*{2,}\d{2,}/g,
  time: /\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}(?:\s*,\s*|\s+)\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]\.?m\.?)?|\d{1,2}[-/ ][a-z]{3,9}\.?[-/ ,]\s*\d{2,4}\s+\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]\.?m\.?)?|\d{4}[/.-]\d{1,2}[/.-]\d{1,2}(?:\s+|T)\d{1,2}:\d{2}(?::\d{2})?/gi,
};

/** Candidates of each field in the normalised message, in order; a number inside a found time is no amount. */
export function suggestParts(text: string): Record<Exclude<BuilderPart, 'any'>, SuggestedPart[]> {
  const message = normaliseSmsText(text);
  const find = (regex: RegExp) =>
    [...message.matchAll(regex)].map((m) => ({ start: m.index, end: m.index + m[0].length, value: m[0] }));
  const time = find(SUGGESTIONS.time);
  const trx = find(SUGGESTIONS.trx_id);
  const sender = find(SUGGESTIONS.sender);
  const taken = [...time, ...trx, ...sender];
  const inside = (p: SuggestedPart) => taken.some((t) => p.start >= t.start && p.end <= t.end);
  return { amount: find(SUGGESTIONS.amount).filter((p) => !inside(p)), trx_id: trx, sender, time };
}
