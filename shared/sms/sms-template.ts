// SMS templates: a regular expression with named groups per wallet, how it is checked, run and read.
// Pure (no Node, no DOM). Custom templates are admin-written and untrusted: the server runs them through
// server/sms/run-template.ts (time budget); the admin page's live tester runs them here, in the admin's own tab.
import type { Wallet } from '#shared/constants';
import {
  detectTimeFormat,
  normaliseAmount,
  normaliseFigure,
  normaliseSender,
  normaliseSmsText,
  normaliseTrxId,
  parseSmsTime,
  type SmsTimeFormat,
} from './sms-fields.js';

/** A wallet account a device forwards for; the same ids as the shop's payment methods. */
export type SmsAccount = Wallet;

export interface SmsTemplate {
  /** Built-in: `bkash.send_money_received` style; custom: the id the server gives it. */
  id: string;
  account: SmsAccount;
  /** What the admin sees ("bKash · money received (Send Money)"). */
  label: string;
  /** JavaScript RegExp source with named groups `amount`, `trx_id` (required), `sender`, `time`, `fee`, `balance`
   * (optional); see TEMPLATE_GROUPS. */
  pattern: string;
  /** How the `time` group is written; null when the pattern has no `time` group. */
  timeFormat: SmsTimeFormat | null;
}

/** Flags every template is compiled with: case-insensitive, and `.` also matches a line break (admins copy
 * PHP `/s` patterns and expect `.*` to cross the lines of a Nagad message). No `g`, `m`, `u`, `y`. */
export const TEMPLATE_FLAGS = 'is';
/** Longest custom pattern accepted (characters). */
export const TEMPLATE_PATTERN_MAX = 1000;

/** The named groups a template may have. `amount` and `trx_id` are required; `sender` is the payer, `time` the
 * message's own time, `fee` and `balance` what the message states (the ledger chains balances).
 * `commission` (an agent's "Comm") and `counterparty` (whom money was sent to) are read by the built-in
 * templates of outgoing messages; a custom template, which reads money received, may use them too. */
export const TEMPLATE_GROUPS = [
  'amount',
  'trx_id',
  'sender',
  'time',
  'fee',
  'balance',
  'commission',
  'counterparty',
] as const;
export type TemplateGroup = (typeof TEMPLATE_GROUPS)[number];
export const REQUIRED_TEMPLATE_GROUPS: readonly TemplateGroup[] = ['amount', 'trx_id'];

/** i18n keys of a bad custom template (the lead adds EN/BN text for them). */
export const SMS_TEMPLATE_ERRORS = {
  /** Empty, longer than TEMPLATE_PATTERN_MAX, or not a valid JavaScript regular expression. */
  templateInvalid: 'validation.templateInvalid',
  /** Compiles, but lacks a named group `amount` or `trx_id`. */
  templateGroups: 'validation.templateGroups',
  /** Has a `time` group but no time format, or a time format without a `time` group. */
  templateTimeFormat: 'validation.templateTimeFormat',
} as const;
export type SmsTemplateError = (typeof SMS_TEMPLATE_ERRORS)[keyof typeof SMS_TEMPLATE_ERRORS];

/** Why a template that ran did not give a payment; also the `unparsed` reasons of parseSms. */
export type TemplateReadFailure =
  | 'amount_unreadable'
  | 'trx_id_unreadable'
  | 'time_unreadable'
  /** A `fee` or `commission` capture that is not an exact figure. */
  | 'fee_unreadable'
  | 'balance_unreadable'
  | 'repeated';

/** Raw captures of one template run, as the text had them. */
export type TemplateCaptures = Partial<Record<TemplateGroup, string>>;

/** What running a pattern on a text gave. `repeated`: the pattern matched a second time after the first
 * match (two messages glued together), which parseSms refuses as ambiguous. */
export type TemplateRunOutcome =
  | { status: 'matched'; captures: TemplateCaptures; repeated: boolean }
  | { status: 'no_match' }
  | { status: 'invalid' }
  | { status: 'timeout' };

/** What a template read from a message. Money is an exact decimal string with two places, thousands separators
 * removed ("1250.00"); a figure the template did not capture is null. */
export interface TemplateFields {
  amount: string;
  /** As written in the SMS (matching ignores letter case). */
  trx_id: string;
  /** The payer: 01XXXXXXXXX when a phone number, otherwise as written; null when the template has no sender. */
  sender: string | null;
  /** Unix seconds (the SMS's Asia/Dhaka time); null when the template has no time. */
  time: number | null;
  /** The fee the wallet charged this account ("0.00" when the message says so). */
  fee: string | null;
  /** An agent's commission credited with the transaction (Nagad, Rocket "Comm"). */
  commission: string | null;
  /** The balance the message states after the transaction. */
  balance: string | null;
  /** Whom the money went to (outgoing messages): a phone number as 01XXXXXXXXX, a merchant, an account. */
  counterparty: string | null;
}

export type TemplateValidation = { ok: true; groups: TemplateGroup[] } | { ok: false; error: SmsTemplateError };

function compile(pattern: string): RegExp | null {
  if (pattern.length === 0 || pattern.length > TEMPLATE_PATTERN_MAX) return null;
  try {
    return new RegExp(pattern, TEMPLATE_FLAGS);
  } catch {
    return null;
  }
}

/** The named groups a pattern declares: an empty first alternative matches "" at once, without running the
 * pattern, and the match still lists every named group of it (as undefined). */
function namedGroups(pattern: string): string[] | null {
  try {
    const probe = new RegExp(`|(?:${pattern})`, TEMPLATE_FLAGS);
    return Object.keys(probe.exec('')?.groups ?? {});
  } catch {
    return null;
  }
}

/** Whether an admin's pattern can be saved: it compiles as a JavaScript RegExp (with TEMPLATE_FLAGS) and has
 * at least the named groups `amount` and `trx_id`. */
export function validateTemplate(pattern: string): TemplateValidation {
  const names = compile(pattern) ? namedGroups(pattern) : null;
  if (names === null) return { ok: false, error: SMS_TEMPLATE_ERRORS.templateInvalid };
  if (!REQUIRED_TEMPLATE_GROUPS.every((group) => names.includes(group))) {
    return { ok: false, error: SMS_TEMPLATE_ERRORS.templateGroups };
  }
  return { ok: true, groups: TEMPLATE_GROUPS.filter((group) => names.includes(group)) };
}

/** Runs a pattern on an already normalised text, in this thread and without a time budget: for built-in
 * templates and for the admin's live tester. The server runs custom templates with runTemplateWithBudget. */
export function runTemplateDirectly(pattern: string, text: string): TemplateRunOutcome {
  const regex = compile(pattern);
  if (!regex) return { status: 'invalid' };
  const match = regex.exec(text);
  if (!match) return { status: 'no_match' };
  const captures: TemplateCaptures = {};
  for (const group of TEMPLATE_GROUPS) {
    const value = match.groups?.[group];
    if (value !== undefined) captures[group] = value;
  }
  // An empty match would make the remainder check loop on the same place.
  const rest = text.slice(match.index + Math.max(match[0].length, 1));
  return { status: 'matched', captures, repeated: regex.test(rest) };
}

/** A captured figure: null when not captured, false when captured but not an exact figure. */
function figure(raw: string | undefined): string | null | false {
  if (raw === undefined) return null;
  return normaliseFigure(raw) ?? false;
}

/** Turns raw captures into fields, or says which field could not be read exactly. With no `timeFormat` a
 * captured time is read by the one format that fits (tester before a format is chosen). */
export function readCaptures(
  captures: TemplateCaptures,
  timeFormat: SmsTimeFormat | null | undefined,
): { ok: true; fields: TemplateFields } | { ok: false; reason: Exclude<TemplateReadFailure, 'repeated'> } {
  const amount = captures.amount === undefined ? null : normaliseAmount(captures.amount);
  if (amount === null) return { ok: false, reason: 'amount_unreadable' };
  const trxId = captures.trx_id === undefined ? null : normaliseTrxId(captures.trx_id);
  if (trxId === null) return { ok: false, reason: 'trx_id_unreadable' };
  const fee = figure(captures.fee);
  const commission = figure(captures.commission);
  if (fee === false || commission === false) return { ok: false, reason: 'fee_unreadable' };
  const balance = figure(captures.balance);
  if (balance === false) return { ok: false, reason: 'balance_unreadable' };
  let time: number | null = null;
  const rawTime = captures.time?.trim();
  if (rawTime) {
    const format = timeFormat ?? detectTimeFormat(rawTime);
    time = format ? parseSmsTime(rawTime, format) : null;
    if (time === null) return { ok: false, reason: 'time_unreadable' };
  }
  return {
    ok: true,
    fields: {
      amount,
      trx_id: trxId,
      sender: normaliseSender(captures.sender),
      time,
      fee,
      commission,
      balance,
      counterparty: normaliseSender(captures.counterparty),
    },
  };
}

/**
 * What one run of a template says once its captures are read: the one rule parseSms and the live tester share
 *. A match whose figures are not exact, or that matched twice (two messages glued), is
 * `unreadable` with the reason.
 */
export type TemplateReading =
  | { status: 'read'; fields: TemplateFields; captures: TemplateCaptures }
  | { status: 'unreadable'; reason: TemplateReadFailure; captures: TemplateCaptures }
  | { status: 'no_match' }
  | { status: 'invalid' }
  | { status: 'timeout' };

export function readOutcome(
  outcome: TemplateRunOutcome,
  timeFormat: SmsTimeFormat | null | undefined,
): TemplateReading {
  if (outcome.status !== 'matched') return outcome;
  const read = readCaptures(outcome.captures, timeFormat);
  if (!read.ok) return { status: 'unreadable', reason: read.reason, captures: outcome.captures };
  if (outcome.repeated) return { status: 'unreadable', reason: 'repeated', captures: outcome.captures };
  return { status: 'read', fields: read.fields, captures: outcome.captures };
}

export type TemplateTestResult =
  | { ok: true; fields: TemplateFields; captures: TemplateCaptures }
  | { ok: false; error: SmsTemplateError }
  | { ok: false; reason: 'no_match' | 'timeout' | TemplateReadFailure; captures?: TemplateCaptures };

/**
 * The live tester: runs `pattern` on a pasted SMS (normalised like a forwarded one) and returns the fields it
 * would give, with the raw captures, or why it fails (an i18n `error` for a bad pattern, or a `reason`).
 * `run` defaults to running in this thread; the server passes its time-budgeted runner.
 */
export function testTemplate(
  pattern: string,
  text: string,
  timeFormat?: SmsTimeFormat | null,
  run: (pattern: string, text: string) => TemplateRunOutcome = runTemplateDirectly,
): TemplateTestResult {
  const validation = validateTemplate(pattern);
  if (!validation.ok) return validation;
  const reading = readOutcome(run(pattern, normaliseSmsText(text)), timeFormat);
  switch (reading.status) {
    case 'invalid':
      return { ok: false, error: SMS_TEMPLATE_ERRORS.templateInvalid };
    case 'no_match':
    case 'timeout':
      return { ok: false, reason: reading.status };
    case 'unreadable':
      return { ok: false, reason: reading.reason, captures: reading.captures };
    case 'read':
      return { ok: true, fields: reading.fields, captures: reading.captures };
  }
}
