// parseSms: one forwarded SMS → a payment (amount, trx id, sender, time), an ignored message, or an
// unparsed one an admin must look at. Pure (no Node, no DOM), so the admin page can run the same code.
import { BUILTIN_TEMPLATES } from './builtin-templates.js';
import { normaliseSmsText } from './sms-fields.js';
import {
  readCaptures,
  runTemplateDirectly,
  type PaymentFields,
  type SmsAccount,
  type SmsTemplate,
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
  /** `from` is no sender id of any wallet: anyone can text the shop's phone a fake "You have received". */
  | 'untrusted_sender'
  /** `from` is another wallet's sender id than the device's account. */
  | 'other_wallet'
  | 'otp'
  /** Money leaving this wallet: Send Money, cash-in to a customer, payments, bills, recharge, B2B transfer. */
  | 'outgoing'
  /** Cashback, bonus, interest credited by the wallet itself, not by a customer. */
  | 'reward'
  | 'failed'
  | 'promotion'
  /** Balance and account notices. */
  | 'notice'
  | 'not_a_payment';

/** Why a message that looks like money received gave no payment. Stored as unparsed so an admin sees it. */
export type SmsUnparsedReason =
  /** Looks like money received, but no template reads it: a new format, or a custom template is needed. */
  | 'no_template'
  | 'amount_unreadable'
  | 'trx_id_unreadable'
  | 'time_unreadable'
  /** Two templates read different payments from it, or one template matched twice (glued messages). */
  | 'ambiguous'
  /** A custom template ran out of its time budget on the server and nothing else read the message. */
  | 'template_timeout';

export type SmsParseResult =
  | ({ kind: 'payment'; templateId: string } & PaymentFields)
  | { kind: 'ignored'; reason: SmsIgnoredReason }
  | { kind: 'unparsed'; reason: SmsUnparsedReason; templateId: string | null };

/** Runs one custom template on the normalised text. Defaults to runTemplateDirectly (browser, tests); the
 * server passes its time-budgeted runner (server/sms/run-template.ts). */
export type CustomTemplateRunner = (template: SmsTemplate, text: string) => TemplateRunOutcome;

/**
 * The sender ids each wallet's transaction messages come from, compared without case and a leading "+".
 * Alphanumeric ids are what Android reports for bKash and Nagad; Rocket (Dutch-Bangla Bank) texts from the
 * short code 16216. The helplines 16247 (bKash) and 16167 (Nagad) appear in shop owners' allow-lists too.
 */
export const WALLET_SENDER_IDS: Readonly<Record<SmsAccount, readonly string[]>> = {
  bkash: ['bKash', '16247'],
  nagad: ['NAGAD', '16167'],
  rocket: ['16216', 'Rocket'],
};

function senderKey(from: string): string {
  return from.trim().replace(/^\+/, '').replace(/\s+/g, '').toLowerCase();
}

/** The wallet whose sender id `from` is, or null. */
export function walletOfSender(from: string): SmsAccount | null {
  const key = senderKey(from);
  for (const [account, ids] of Object.entries(WALLET_SENDER_IDS) as [SmsAccount, readonly string[]][]) {
    if (ids.some((id) => senderKey(id) === key)) return account;
  }
  return null;
}

// ---- classification of texts no template read (patterns are linear: literal alternations, bounded gaps) ----
const OTP = /\botp\b|verification\s+code|one[\s-]*time\s+(?:password|pin|code)|security\s+code|\bcode\s*(?:is|:)\s*\d{4,8}\b/i;
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
const TRX_MARK = /(?:trx|txn)\s*id|transaction\s*(?:id|no)/i;
const FAILED = /\bunsuccessful\b|\bfailed\b|\bdeclined\b|\bhas\s+been\s+(?:returned|reversed|refunded)\b|\breversal\b|insufficient\s+balance/i;
const PROMOTION = /https?:\/\/|www\.|\boffer\b|\bdiscount\b|\bcashback\b|\bwin\b|\bdial\b|\*\d{3}#|\bcampaign\b|\bdownload\b|\bfree\b|%/i;
const NOTICE = /\bbalance\b|\bpin\b|\baccount\b|a\/c\b/i;

function classifyUnread(text: string): SmsParseResult {
  if (OTP.test(text)) return { kind: 'ignored', reason: 'otp' };
  if (OUTGOING.test(text)) return { kind: 'ignored', reason: 'outgoing' };
  if (OWN_TOP_UP.test(text)) return { kind: 'ignored', reason: 'not_a_payment' };
  if (REWARD.test(text)) return { kind: 'ignored', reason: 'reward' };
  // Before "failed": a real payment in a new format whose promo tail says "failed" must reach an admin.
  if (INCOMING.test(text) && MONEY.test(text) && TRX_MARK.test(text)) return { kind: 'unparsed', reason: 'no_template', templateId: null };
  if (FAILED.test(text)) return { kind: 'ignored', reason: 'failed' };
  if (PROMOTION.test(text)) return { kind: 'ignored', reason: 'promotion' };
  if (NOTICE.test(text)) return { kind: 'ignored', reason: 'notice' };
  return { kind: 'ignored', reason: 'not_a_payment' };
}

type TemplateVerdict =
  | { kind: 'payment'; templateId: string; fields: PaymentFields }
  | { kind: 'unparsed'; templateId: string; reason: SmsUnparsedReason }
  | { kind: 'timeout'; templateId: string }
  | null;

function judge(template: SmsTemplate, outcome: TemplateRunOutcome): TemplateVerdict {
  if (outcome.status === 'timeout') return { kind: 'timeout', templateId: template.id };
  if (outcome.status !== 'matched') return null;
  const read = readCaptures(outcome.captures, template.timeFormat);
  if (!read.ok) return { kind: 'unparsed', templateId: template.id, reason: read.reason };
  if (outcome.repeated) return { kind: 'unparsed', templateId: template.id, reason: 'ambiguous' };
  return { kind: 'payment', templateId: template.id, fields: read.fields };
}

function samePayment(a: PaymentFields, b: PaymentFields): boolean {
  return a.amount === b.amount && a.trx_id.toLowerCase() === b.trx_id.toLowerCase();
}

/**
 * Reads one forwarded SMS. Custom templates of the device's account run first (an admin may override a
 * built-in), then the built-in ones; every template is tried and the message is a payment only when all that
 * read it agree on amount and transaction id. A template that matches but cannot read an exact amount, trx id
 * or time makes the message `unparsed`, never a guessed payment.
 */
export function parseSms(
  input: SmsInput,
  customTemplates: readonly SmsTemplate[] = [],
  runCustom: CustomTemplateRunner = (template, text) => runTemplateDirectly(template.pattern, text),
): SmsParseResult {
  const senderWallet = walletOfSender(input.from);
  if (senderWallet === null) return { kind: 'ignored', reason: 'untrusted_sender' };
  if (senderWallet !== input.account) return { kind: 'ignored', reason: 'other_wallet' };

  const text = normaliseSmsText(input.text);
  const verdicts: NonNullable<TemplateVerdict>[] = [];
  for (const template of customTemplates) {
    if (template.account !== input.account) continue;
    const verdict = judge(template, runCustom(template, text));
    if (verdict) verdicts.push(verdict);
  }
  for (const template of BUILTIN_TEMPLATES) {
    if (template.account !== input.account) continue;
    const verdict = judge(template, runTemplateDirectly(template.pattern, text));
    if (verdict) verdicts.push(verdict);
  }

  const unreadable = verdicts.find((verdict) => verdict.kind === 'unparsed');
  if (unreadable?.kind === 'unparsed') return { kind: 'unparsed', reason: unreadable.reason, templateId: unreadable.templateId };
  const payments = verdicts.flatMap((verdict) => (verdict.kind === 'payment' ? [verdict] : []));
  if (payments.length > 0) {
    const [first] = payments;
    if (payments.some((other) => !samePayment(first.fields, other.fields))) {
      return { kind: 'unparsed', reason: 'ambiguous', templateId: first.templateId };
    }
    return { kind: 'payment', templateId: first.templateId, ...first.fields };
  }
  const timedOut = verdicts.find((verdict) => verdict.kind === 'timeout');
  if (timedOut) return { kind: 'unparsed', reason: 'template_timeout', templateId: timedOut.templateId };
  return classifyUnread(text);
}
