// parseSms: one forwarded SMS → a payment (money received: amount, trx id, payer, time, fee, balance), a debit
// (money leaving the wallet), an ignored message (with the balance movement of a credit no customer paid), or an
// unparsed one an admin must look at. Pure (no Node, no DOM), so the admin page can run the same code.
import { BUILTIN_TEMPLATES, type BuiltinReading, type DebitType } from './builtin-templates.js';
import { normaliseSmsText, subtractDecimals } from './sms-fields.js';
import {
  readOutcome,
  runTemplateDirectly,
  type SmsAccount,
  type SmsTemplate,
  type TemplateCaptures,
  type TemplateFields,
  type TemplateReadFailure,
  type TemplateRunOutcome,
} from './sms-template.js';

export interface SmsInput {
  /** The account of the device that forwarded the SMS. */
  account: SmsAccount;
  /** The SMS sender id as the phone reports it: `bKash`, `NAGAD`, `16216`, … */
  from: string;
  text: string;
}

/** Why a message is not a payment. */
export type SmsIgnoredReason =
  /** `from` is not exactly a wallet's transactional sender id: anyone can text the shop's phone a fake
   * "You have received" from a helpline number, `+16247`, `B K A S H` or a phone number. */
  | 'unknown_sender'
  /** `from` is another wallet's sender id than the device's account. */
  | 'other_wallet'
  | 'otp'
  /** Money leaving this wallet in a wording no built-in template reads (those that do are `debit`). */
  | 'outgoing'
  /** Cashback, bonus, interest credited by the wallet itself, not by a customer. */
  | 'reward'
  /** A failed transaction, or money returned (a Send Money nobody collected). */
  | 'failed'
  | 'promotion'
  /** Balance and account notices. */
  | 'notice'
  | 'not_a_payment';

/** Why a message that looks like a transaction gave no result. Stored as unparsed so an admin sees it. */
export type SmsUnparsedReason =
  /** Looks like money received, but no template reads it: a new format, or a custom template is needed. */
  | 'no_template'
  | 'amount_unreadable'
  | 'trx_id_unreadable'
  | 'time_unreadable'
  | 'fee_unreadable'
  | 'balance_unreadable'
  /** Two TrxID labels or two dates with times (a Ref imitating the message's own fields, or glued messages),
   * a read TrxID or time that is not the message's own trailing one, or templates reading it differently. */
  | 'ambiguous'
  /** A custom template ran out of its time budget on the server and nothing else read the message. */
  | 'template_timeout';

export type { DebitType } from './builtin-templates.js';

/**
 * One step of a wallet's balance, the same for every result that states a balance after a transaction:
 * for a credit, previous balance + amount − fee = balance; for a debit, previous balance − amount − fee = balance,
 * to the paisa. Decimal strings with two places. `fee` is the net charge besides the amount: the stated fee minus
 * an agent's stated commission ("Comm"), so it is negative when an agent earned more than it paid.
 */
export interface LedgerMovement {
  direction: 'credit' | 'debit';
  amount: string;
  fee: string;
  balance: string;
  /** The message's own time (unix seconds), null when it states none. */
  time: number | null;
  trx_id: string | null;
}

/** Money received: may verify an order. Figures the message does not state are null; the fields are the
 * template's (TemplateFields: the payer is `sender`, an agent's "Comm" on a cash-out is `commission`). */
export interface SmsPaymentResult extends Omit<TemplateFields, 'counterparty'> {
  kind: 'payment';
  templateId: string;
}

/** Money leaving this wallet: never a payment, never verifies an order; it moves the balance. */
export interface SmsDebitResult {
  kind: 'debit';
  templateId: string;
  type: DebitType;
  amount: string;
  fee: string | null;
  /** An agent's commission on a cash-in it made (Nagad "Comm"). */
  commission: string | null;
  balance: string | null;
  trx_id: string;
  /** Whom the money went to: 01XXXXXXXXX for a phone number, otherwise as written (merchant, `***336`). */
  counterparty: string | null;
  time: number | null;
}

export interface SmsIgnoredResult {
  kind: 'ignored';
  reason: SmsIgnoredReason;
  /** The balance step of a credit no customer paid (cashback, money returned, Add Money); null otherwise. */
  movement: LedgerMovement | null;
}

export interface SmsUnparsedResult {
  kind: 'unparsed';
  reason: SmsUnparsedReason;
  templateId: string | null;
}

export type SmsParseResult = SmsPaymentResult | SmsDebitResult | SmsIgnoredResult | SmsUnparsedResult;

/** Runs one custom template on the normalised text. Defaults to runTemplateDirectly (browser, tests); the
 * server passes its time-budgeted runner (server/sms/run-template.ts). */
export type CustomTemplateRunner = (template: SmsTemplate, text: string) => TemplateRunOutcome;

/**
 * The one sender id each wallet's transaction messages come from (docs/decisions/140-wallet-sender-ids.md).
 * A message counts only when `from` equals it, letter case and surrounding spaces aside: helplines (16247,
 * 16167), `+16247`, `B K A S H`, `bkash.` and phone numbers are unknown senders.
 */
export const WALLET_SENDER_IDS: Readonly<Record<SmsAccount, readonly [string]>> = {
  bkash: ['bKash'],
  nagad: ['NAGAD'],
  rocket: ['16216'],
};

/** The wallet whose sender id `from` is exactly (letter case and surrounding spaces aside), or null. */
export function walletOfSender(from: string): SmsAccount | null {
  const key = from.trim().toLowerCase();
  for (const [account, [id]] of Object.entries(WALLET_SENDER_IDS) as [SmsAccount, readonly [string]][]) {
    if (id.toLowerCase() === key) return account;
  }
  return null;
}

/** The balance step a result states, or null (payments and debits without a stated balance, other ignored
 * messages, unparsed ones). */
export function ledgerMovement(result: SmsParseResult): LedgerMovement | null {
  if (result.kind === 'ignored') return result.movement;
  if (result.kind === 'unparsed' || result.balance === null) return null;
  return {
    direction: result.kind === 'payment' ? 'credit' : 'debit',
    amount: result.amount,
    fee: subtractDecimals(result.fee ?? '0.00', result.commission ?? '0.00'),
    balance: result.balance,
    time: result.time,
    trx_id: result.trx_id,
  };
}

// ---- anchors: the message's own TrxID label and its one date with a time ----
const TRX_LABELS = /(?:trx|txn)[\s.]*id|transaction\s*(?:id|no\b)/gi;
const LABELLED_ID = /(?:(?:trx|txn)[\s.]*id|transaction\s*(?:id|no\b))\s*[:.]?\s*([a-z0-9_-]+)/i;
/** A date followed by a clock, in any of the shapes the wallets (and custom templates) use. No word boundaries:
 * a forwarder may glue the date to the balance before it. */
const DATE_TIMES = new RegExp(
  [
    String.raw`\d{4}[/.-]\d{1,2}[/.-]\d{1,2}(?:\s+|T)\d{1,2}:\d{2}`,
    String.raw`\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}(?:\s*,\s*|\s+|T)\d{1,2}:\d{2}`,
    String.raw`\d{1,2}[-/ ][a-z]{3,9}\.?[-/ ,]\s*\d{2,4}\s+\d{1,2}:\d{2}`,
  ].join('|'),
  'gi',
);

interface Anchors {
  labels: number;
  /** What follows the one TrxID label ("CJU0AB12C6", or "5762726721Date" when glued). */
  labelledId: string | null;
  dateTimes: string[];
}

function findAnchors(text: string): Anchors {
  const labels = text.match(TRX_LABELS)?.length ?? 0;
  return { labels, labelledId: LABELLED_ID.exec(text)?.[1] ?? null, dateTimes: text.match(DATE_TIMES) ?? [] };
}

const squash = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

/** Whether a template read the message's own TrxID and time, not a look-alike in the payer's Ref. */
function isAnchored(fields: TemplateFields, captures: TemplateCaptures, anchors: Anchors): boolean {
  if (anchors.labelledId !== null && !anchors.labelledId.toLowerCase().startsWith(fields.trx_id.toLowerCase()))
    return false;
  if (captures.time !== undefined && anchors.dateTimes.length === 1) {
    const [own, read] = [squash(anchors.dateTimes[0]), squash(captures.time)];
    if (!own.includes(read) && !read.includes(own)) return false;
  }
  return true;
}

// ---- classification of texts no template read (patterns are linear: literal alternations, bounded gaps) ----
const OTP =
  /\botp\b|verification\s+code|one[\s-]*time\s+(?:password|pin|code)|security\s+code|\bcode\s*(?:is|:)\s*\d{4,8}\b|ওটিপি|ভেরিফিকেশন\s*কোড|গোপন\s*কোড/i;
/** Money leaving the wallet, as the message opens (after an optional "bKash:" style prefix). */
const OUTGOING = new RegExp(
  String.raw`^(?:[a-z]{2,12}\s*:\s*)?(?:` +
    [
      String.raw`send\s+money\b`,
      String.raw`cash(?:\s*-)?\s*(?:out|in)\s+(?:tk|taka|bdt|৳)\.?\s*[\d,.]+\s+to\b`,
      String.raw`cash(?:\s*-)?\s*(?:out|in)\s+(?:to|successful)\b`,
      String.raw`payment\s+(?:of\s+)?(?:tk|taka|bdt|৳)\.?\s*[\d,.]+\s+to\b`,
      String.raw`payment\s+to\b`,
      String.raw`bill\b`,
      String.raw`b2b\s+transfer\b`,
      String.raw`(?:fund\s+)?transfer(?:red)?\s+(?:of\s+)?(?:tk|taka|bdt|৳)`,
      String.raw`you\s+have\s+(?:successfully\s+)?(?:sent|paid|transferred|recharged|purchased|bought)\b`,
      String.raw`(?:mobile\s+)?recharge\b`,
      String.raw`(?:tk|taka|bdt|৳)\.?\s*[\d,.]+\s+(?:sent|transferred|paid)\s+to\b`,
    ].join('|') +
    ')',
  'i',
);
const OWN_TOP_UP = /^(?:[a-z]{2,12}\s*:\s*)?add\s+money\b/i;
const REWARD = /\b(?:received|got|credited|earned)\b[^.\n]{0,40}\b(?:cashback|bonus|reward|interest|profit)\b/i;
const INCOMING = /\b(?:received?|deposit(?:ed)?|credited|cash(?:\s*-)?\s*(?:out|in)\s+from)\b/i;
const MONEY = /(?:tk|taka|bdt|৳)\.?\s*\d/i;
const FAILED =
  /\bunsuccessful\b|\bfailed\b|\bdeclined\b|\bhas\s+been\s+(?:returned|reversed|refunded)\b|\breversal\b|insufficient\s+balance/i;
const PROMOTION =
  /https?:\/\/|www\.|\boffer\b|\bdiscount\b|\bcashback\b|\bwin\b|\bdial\b|\*\d{3}#|\bcampaign\b|\bdownload\b|\bfree\b|%/i;
const NOTICE = /\bbalance\b|\bpin\b|\baccount\b|a\/c\b|পিন|কোড/i;

const ignored = (reason: SmsIgnoredReason, movement: LedgerMovement | null = null): SmsIgnoredResult => ({
  kind: 'ignored',
  reason,
  movement,
});
const unparsed = (reason: SmsUnparsedReason, templateId: string | null): SmsUnparsedResult => ({
  kind: 'unparsed',
  reason,
  templateId,
});

function classifyUnread(text: string, anchors: Anchors): SmsParseResult {
  if (OTP.test(text) && anchors.labels === 0) return ignored('otp');
  if (OUTGOING.test(text)) return ignored('outgoing');
  if (OWN_TOP_UP.test(text)) return ignored('not_a_payment');
  if (REWARD.test(text)) return ignored('reward');
  // Before "failed": a real payment in a new format whose promo tail says "failed" must reach an admin.
  if (INCOMING.test(text) && MONEY.test(text) && anchors.labels > 0) return unparsed('no_template', null);
  if (FAILED.test(text)) return ignored('failed');
  if (PROMOTION.test(text)) return ignored('promotion');
  if (NOTICE.test(text)) return ignored('notice');
  return ignored('not_a_payment');
}

/** Custom templates read money received. */
const CUSTOM_READING: BuiltinReading = { kind: 'payment' };

type TemplateVerdict =
  | { kind: 'read'; templateId: string; reading: BuiltinReading; fields: TemplateFields; captures: TemplateCaptures }
  | { kind: 'unparsed'; templateId: string; reason: Exclude<TemplateReadFailure, 'repeated'> | 'ambiguous' }
  | { kind: 'timeout'; templateId: string }
  | null;

function judge(template: SmsTemplate, reading: BuiltinReading, outcome: TemplateRunOutcome): TemplateVerdict {
  const read = readOutcome(outcome, template.timeFormat);
  switch (read.status) {
    case 'timeout':
      return { kind: 'timeout', templateId: template.id };
    case 'no_match':
    case 'invalid':
      return null;
    case 'unreadable':
      // Matched twice: two messages glued together, which is ambiguous rather than unreadable.
      return {
        kind: 'unparsed',
        templateId: template.id,
        reason: read.reason === 'repeated' ? 'ambiguous' : read.reason,
      };
    case 'read':
      return { kind: 'read', templateId: template.id, reading, fields: read.fields, captures: read.captures };
  }
}

const readingKey = (reading: BuiltinReading) =>
  reading.kind === 'debit'
    ? `debit:${reading.type}`
    : reading.kind === 'credit'
      ? `credit:${reading.reason}`
      : 'payment';

/** Two readings of one message agree when they are the same kind of transaction with the same amount, id and,
 * where both state one, the same balance. */
function sameReading(
  a: Extract<TemplateVerdict, { kind: 'read' }>,
  b: Extract<TemplateVerdict, { kind: 'read' }>,
): boolean {
  return (
    readingKey(a.reading) === readingKey(b.reading) &&
    a.fields.amount === b.fields.amount &&
    a.fields.trx_id.toLowerCase() === b.fields.trx_id.toLowerCase() &&
    (a.fields.balance === null || b.fields.balance === null || a.fields.balance === b.fields.balance)
  );
}

function toResult(verdict: Extract<TemplateVerdict, { kind: 'read' }>): SmsParseResult {
  const { templateId, reading, fields } = verdict;
  const { amount, trx_id, time, fee, commission, balance } = fields;
  switch (reading.kind) {
    case 'payment':
      return { kind: 'payment', templateId, amount, trx_id, sender: fields.sender, time, fee, commission, balance };
    case 'debit':
      return {
        kind: 'debit',
        templateId,
        type: reading.type,
        amount,
        fee,
        commission,
        balance,
        trx_id,
        counterparty: fields.counterparty,
        time,
      };
    case 'credit': {
      const movement: LedgerMovement | null =
        balance === null
          ? null
          : {
              direction: 'credit',
              amount,
              fee: subtractDecimals(fee ?? '0.00', commission ?? '0.00'),
              balance,
              time,
              trx_id,
            };
      return ignored(reading.reason, movement);
    }
  }
}

/**
 * Reads one forwarded SMS.
 * 1. The sender must be exactly the device wallet's transactional sender id (else `unknown_sender` /
 *    `other_wallet`).
 * 2. Anchors: a text with two TrxID labels, or with a TrxID label and two dates with times, is `ambiguous`:
 *    the payer's free-text Ref can imitate the message's own trailing fields, and glued messages look the same.
 * 3. Custom templates of the device's account run first (an admin may override a built-in), then the built-in
 *    ones; every template is tried, and all that read the text must agree on kind, amount, trx id and balance.
 *    A reading whose TrxID or time is not the message's own is `ambiguous`; a template that matches but cannot
 *    read an exact figure makes the message `unparsed`, never a guessed payment.
 * 4. A text no template reads is classified (`otp`, `outgoing`, …), or `unparsed` `no_template` when it looks
 *    like money received.
 */
export function parseSms(
  input: SmsInput,
  customTemplates: readonly SmsTemplate[] = [],
  runCustom: CustomTemplateRunner = (template, text) => runTemplateDirectly(template.pattern, text),
): SmsParseResult {
  const senderWallet = walletOfSender(input.from);
  if (senderWallet === null) return ignored('unknown_sender');
  if (senderWallet !== input.account) return ignored('other_wallet');

  const text = normaliseSmsText(input.text);
  const anchors = findAnchors(text);
  if (anchors.labels > 1) return unparsed('ambiguous', null);

  const verdicts: NonNullable<TemplateVerdict>[] = [];
  for (const template of customTemplates) {
    if (template.account !== input.account) continue;
    const verdict = judge(template, CUSTOM_READING, runCustom(template, text));
    if (verdict) verdicts.push(verdict);
  }
  for (const template of BUILTIN_TEMPLATES) {
    if (template.account !== input.account) continue;
    const verdict = judge(template, template.reads, runTemplateDirectly(template.pattern, text));
    if (verdict) verdicts.push(verdict);
  }

  const matched = verdicts.filter((verdict) => verdict.kind !== 'timeout');
  if (anchors.dateTimes.length > 1 && (anchors.labels > 0 || matched.length > 0))
    return unparsed('ambiguous', matched[0]?.templateId ?? null);
  const unreadable = matched.find((verdict) => verdict.kind === 'unparsed');
  if (unreadable) return unparsed(unreadable.reason, unreadable.templateId);
  const readings = matched.flatMap((verdict) => (verdict.kind === 'read' ? [verdict] : []));
  if (readings.length > 0) {
    const [first] = readings;
    if (readings.some((other) => !sameReading(first, other) || !isAnchored(other.fields, other.captures, anchors))) {
      return unparsed('ambiguous', first.templateId);
    }
    return toResult(first);
  }
  const timedOut = verdicts.find((verdict) => verdict.kind === 'timeout');
  if (timedOut) return unparsed('template_timeout', timedOut.templateId);
  return classifyUnread(text, anchors);
}
