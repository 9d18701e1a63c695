// Property tests: for random amounts (0.01 … 9,999,999.99, with and without separators), transaction ids,
// senders, references, times and balances, a message written in each built-in format parses back to exactly those
// values and is what it is (payment, debit, or an ignored credit with its balance step). Whatever the payer writes
// into the Ref, even a fake TrxID, date, amount or balance, never changes what a genuine message reads as: at worst
// the message becomes ambiguous. A text with two TrxID labels is never a payment.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BUILTIN_TEMPLATES, type BuiltinSmsTemplate } from './builtin-templates.js';
import { parseSms, type SmsParseResult } from './parse-sms.js';
import type { SmsAccount } from './sms-template.js';
import { WALLET_FROM as FROM } from './sms-test-fixtures.js';

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

interface Message {
  paisa: number;
  /** How the amount is written: thousands grouping and how many decimals. */
  grouping: 'none' | 'western' | 'lakh';
  decimals: 'two' | 'short';
  trxId: string;
  /** The payer, or whom the money went to. */
  party: string;
  /** Unix seconds; whole minutes for bKash and Nagad, whole seconds for Rocket. */
  time: number;
  ref: string | null;
  /** The balance after, in paisa (any: the parser does not check it, the ledger does). */
  balance: number;
  lineBreak: '\n' | '\r\n' | ' ';
  bengaliDigits: boolean;
  promo: string;
}

function group(integer: string, style: Message['grouping']): string {
  if (style === 'none' || integer.length <= 3) return integer;
  const last3 = integer.slice(-3);
  const head = integer.slice(0, -3);
  const size = style === 'western' ? 3 : 2;
  const parts: string[] = [];
  for (let end = head.length; end > 0; end -= size) parts.unshift(head.slice(Math.max(0, end - size), end));
  return `${parts.join(',')},${last3}`;
}

const decimal = (paisa: number) => `${Math.floor(paisa / 100)}.${pad(paisa % 100)}`;
/** The amount as a wallet might write it: "1,250.00", "12,50,000", "600.5", "7". */
function writtenAmount(m: Message): string {
  const integer = group(String(Math.floor(m.paisa / 100)), m.grouping);
  const cents = m.paisa % 100;
  if (m.decimals === 'two' || (cents % 10 !== 0 && cents !== 0)) return `${integer}.${pad(cents)}`;
  return cents === 0 ? integer : `${integer}.${cents / 10}`;
}
/** A balance as bKash and Rocket write it: Western grouping, two decimals. */
const writtenBalance = (m: Message) =>
  `${group(String(Math.floor(m.balance / 100)), 'western')}.${pad(m.balance % 100)}`;

/** Wall-clock parts of a unix time in Dhaka (UTC+6). */
function dhakaParts(time: number) {
  const d = new Date((time + 6 * 3600) * 1000);
  return {
    y: d.getUTCFullYear(),
    mo: d.getUTCMonth() + 1,
    d: d.getUTCDate(),
    h: d.getUTCHours(),
    mi: d.getUTCMinutes(),
    s: d.getUTCSeconds(),
  };
}
const dayMonthYear = (time: number) => {
  const p = dhakaParts(time);
  return `${pad(p.d)}/${pad(p.mo)}/${p.y} ${pad(p.h)}:${pad(p.mi)}`;
};
const rocketTime = (time: number) => {
  const p = dhakaParts(time);
  const hour12 = p.h % 12 === 0 ? 12 : p.h % 12;
  return `${pad(p.d)}-${MONTHS[p.mo - 1]}-${pad(p.y % 100)} ${pad(hour12)}:${pad(p.mi)}:${pad(p.s)} ${p.h < 12 ? 'am' : 'pm'}`;
};

// ---- writers: one per built-in template; FIGURES says which fee and commission each writes ----
const bkashStamp = (m: Message) => `TrxID ${m.trxId} at ${dayMonthYear(m.time)}${m.promo}`;
const bkashTail = (m: Message, ref = true) =>
  `${ref && m.ref !== null ? ` Ref ${m.ref}.` : ''} Fee Tk 0.00. Balance Tk ${writtenBalance(m)}. ${bkashStamp(m)}`;
const nagadLines = (m: Message, title: string, label: string | null, extra = '') =>
  [
    `${title}.`,
    `Amount: Tk ${writtenAmount(m)}`,
    ...(label === null ? [] : [`${label}: ${m.party}`]),
    ...(m.ref === null ? [] : [`Ref: ${m.ref}`]),
    `TxnID: ${m.trxId}`,
    ...(extra ? [extra] : []),
    `Balance: Tk ${decimal(m.balance)}`,
    dayMonthYear(m.time),
  ].join(m.lineBreak);
const rocketStamp = (m: Message) => `TxnId:${m.trxId} Date:${rocketTime(m.time)}${m.promo}`;
const rocketTail = (m: Message) => ` Fee:Tk0, Your A/C Balance: Tk${writtenBalance(m)} ${rocketStamp(m)}`;

const WRITERS: Record<string, (m: Message) => string> = {
  'bkash.send_money_received': (m) => `You have received Tk ${writtenAmount(m)} from ${m.party}.${bkashTail(m)}`,
  'bkash.merchant_payment_received': (m) =>
    `You have received payment Tk ${writtenAmount(m)} from ${m.party}.${bkashTail(m)}`,
  'bkash.cash_out_received': (m) => `Cash Out Tk ${writtenAmount(m)} from ${m.party} successful.${bkashTail(m)}`,
  'bkash.cash_in_received': (m) => `Cash In Tk ${writtenAmount(m)} from ${m.party} successful.${bkashTail(m)}`,
  'bkash.deposit_received': (m) =>
    `You have received a deposit of Tk ${writtenAmount(m)} from ${m.party}.${bkashTail(m)}`,
  'bkash.send_money': (m) => `Send Money Tk ${writtenAmount(m)} to ${m.party} successful.${bkashTail(m)}`,
  'bkash.cash_out': (m) => `Cash Out Tk ${writtenAmount(m)} to ${m.party} successful.${bkashTail(m)}`,
  'bkash.cash_in': (m) => `Cash In Tk ${writtenAmount(m)} to ${m.party} successful.${bkashTail(m)}`,
  'bkash.payment': (m) => `Payment of Tk ${writtenAmount(m)} to ${m.party} is successful.${bkashTail(m)}`,
  'bkash.b2b': (m) => `B2B Transfer Tk ${writtenAmount(m)} to ${m.party} successful.${bkashTail(m)}`,
  'bkash.recharge': (m) => `Mobile Recharge Tk ${writtenAmount(m)} to ${m.party} successful.${bkashTail(m, false)}`,
  'bkash.bill': (m) =>
    [
      'Bill successfully paid.',
      'Biller: DESCO',
      'SMS Account: 1234567890123',
      `Amount: Tk ${writtenAmount(m)}`,
      'Fee: Tk 0.00',
      bkashStamp(m),
    ].join(m.lineBreak),
  'bkash.cashback': (m) => `Congratulations! You have received Cashback Tk ${writtenAmount(m)}.${bkashTail(m, false)}`,
  'bkash.returned': (m) =>
    `Sorry, your Send Money request to ${m.party} is unsuccessful! Tk ${writtenAmount(m)} has been returned.${bkashTail(m, false)}`,
  'bkash.add_money': (m) => `Add Money Tk ${writtenAmount(m)} from card successful.${bkashTail(m, false)}`,
  'nagad.money_received': (m) => nagadLines(m, 'Money Received', 'Sender'),
  'nagad.payment_received': (m) => nagadLines(m, 'Payment Received', 'Customer'),
  'nagad.cash_out_received': (m) => nagadLines(m, 'Cash Out Received', 'Customer', 'Comm: Tk 8.61'),
  'nagad.cash_in_received': (m) => nagadLines(m, 'Cash In Received', 'Uddokta'),
  'nagad.b2b_received': (m) => nagadLines(m, 'B2B Received', 'Sender'),
  'nagad.send_money': (m) => nagadLines(m, 'Send Money Successful', 'Receiver', 'Fee: Tk 5.00'),
  'nagad.cash_out': (m) => nagadLines(m, 'Cash Out Successful', 'Uddokta', 'Fee: Tk 12.50'),
  'nagad.cash_in': (m) => nagadLines(m, 'Cash In Successful', 'Customer', 'Comm: Tk 12.30'),
  'nagad.payment': (m) => nagadLines(m, `Payment to '${m.party}' is Successful`, null),
  'nagad.recharge': (m) => nagadLines(m, 'Mobile Recharge Successful', 'Mobile'),
  'nagad.b2b': (m) => nagadLines(m, 'B2B Transfer Successful', 'Receiver'),
  'nagad.add_money': (m) =>
    [
      'Add Money from Bank is Successful.',
      `From: ${m.party}`,
      `Amount: Tk ${writtenAmount(m)}`,
      ...(m.ref === null ? [] : [`Ref: ${m.ref}`]),
      `TxnID: ${m.trxId}`,
    ]
      .concat([`Balance: Tk ${decimal(m.balance)}`, dayMonthYear(m.time)])
      .join(m.lineBreak),
  'rocket.received': (m) => `Tk${writtenAmount(m)} received from A/C:${m.party}${rocketTail(m)}`,
  'rocket.cash_out_received': (m) =>
    `Cash-Out from A/C: ${m.party} Tk${writtenAmount(m)} Comm:Tk8.43; A/C Balance: Tk${writtenBalance(m)}.${rocketStamp(m)}`,
  'rocket.cash_in_received': (m) => `Cash-In from A/C: ${m.party} Tk${writtenAmount(m)}${rocketTail(m)}`,
  'rocket.send_money': (m) => `Tk${writtenAmount(m)} transferred to A/C:${m.party}${rocketTail(m)}`,
  'rocket.cash_out': (m) =>
    `Cash-Out to A/C:${m.party}Tk${writtenAmount(m)}Fee:Tk15.06 Your A/C Balance: Tk${writtenBalance(m)}.${rocketStamp(m)}`,
};

/** Fee and commission each writer states (null: not stated). */
const FIGURES: Record<string, { fee: string | null; commission: string | null }> = {
  'nagad.cash_out_received': { fee: null, commission: '8.61' },
  'nagad.send_money': { fee: '5.00', commission: null },
  'nagad.cash_out': { fee: '12.50', commission: null },
  'nagad.cash_in': { fee: null, commission: '12.30' },
  'rocket.cash_out_received': { fee: null, commission: '8.43' },
  'rocket.cash_out': { fee: '15.06', commission: null },
};
const figuresOf = (template: BuiltinSmsTemplate) =>
  FIGURES[template.id] ??
  (template.account === 'nagad' ? { fee: null, commission: null } : { fee: '0.00', commission: null });
/** Templates whose message names no party the parser returns. */
const NO_PARTY = new Set(['bkash.bill', 'bkash.cashback', 'bkash.returned', 'bkash.add_money', 'nagad.add_money']);

function expected(template: BuiltinSmsTemplate, m: Message): SmsParseResult {
  const { fee, commission } = figuresOf(template);
  const [amount, balance, time, trx_id] = [
    decimal(m.paisa),
    template.id === 'bkash.bill' ? null : decimal(m.balance),
    m.time,
    m.trxId,
  ];
  const party = NO_PARTY.has(template.id) ? null : m.party;
  switch (template.reads.kind) {
    case 'payment':
      return {
        kind: 'payment',
        templateId: template.id,
        amount,
        trx_id,
        sender: party,
        time,
        fee,
        commission,
        balance,
      };
    case 'debit':
      return {
        kind: 'debit',
        templateId: template.id,
        type: template.reads.type,
        amount,
        fee,
        commission,
        balance,
        trx_id,
        counterparty: party,
        time,
      };
    case 'credit':
      return {
        kind: 'ignored',
        reason: template.reads.reason,
        movement: { direction: 'credit', amount, fee: fee ?? '0.00', balance: balance!, time, trx_id },
      };
  }
}

const toBengaliDigits = (text: string) => text.replace(/\d/g, (d) => String.fromCharCode(0x09e6 + Number(d)));

const FROM_2020 = Date.UTC(2020, 0, 1) / 1000;
const TO_2035 = Date.UTC(2035, 11, 31) / 1000;
const REF_WORD = /^[A-Za-z0-9/#-]{1,8}$/;

function messages(
  template: BuiltinSmsTemplate,
  ref: fc.Arbitrary<string> = fc.array(fc.stringMatching(REF_WORD), { maxLength: 4 }).map((w) => w.join(' ')),
): fc.Arbitrary<Message> {
  const { account } = template;
  const phone = fc.stringMatching(/^01[3-9]\d{8}$/);
  return fc.record({
    paisa: fc.integer({ min: 1, max: 999_999_999 }),
    grouping: fc.constantFrom('none', 'western', 'lakh'),
    decimals: fc.constantFrom('two', 'short'),
    trxId:
      account === 'bkash'
        ? fc.stringMatching(/^[A-Z0-9]{10}$/)
        : account === 'nagad'
          ? fc.stringMatching(/^[A-Z0-9]{8}$/)
          : fc.stringMatching(/^[0-9]{10}$/),
    party:
      account === 'rocket'
        ? fc.oneof(fc.stringMatching(/^\*{3}\d{3}$/), fc.stringMatching(/^01[3-9]\d{9}$/))
        : template.id === 'nagad.payment'
          ? fc.stringMatching(/^[A-Z][A-Za-z]{2,12}( [A-Z][A-Za-z]{1,10})?$/)
          : template.id === 'nagad.add_money'
            ? fc.constant('Eastern Bank PLC.')
            : phone,
    time: fc.integer({ min: FROM_2020, max: TO_2035 }).map((t) => (account === 'rocket' ? t : t - (t % 60))),
    ref: fc.option(ref, { nil: null }),
    balance: fc.integer({ min: 0, max: 99_999_999_999 }),
    lineBreak: fc.constantFrom('\n', '\r\n', ' '),
    bengaliDigits: fc.boolean(),
    promo: fc.constantFrom('', '. Download App: https://bKa.sh/8app', '. Download https://bit.ly/nexuspay'),
  }) as fc.Arbitrary<Message>;
}

function write(template: BuiltinSmsTemplate, m: Message): string {
  const written = WRITERS[template.id](m);
  return m.bengaliDigits ? toBengaliDigits(written) : written;
}

/** Whether a template's message has a payer-written Ref. */
function hasRef(template: BuiltinSmsTemplate): boolean {
  const probe: Message = {
    ...{ paisa: 100, grouping: 'none', decimals: 'two', trxId: 'AB12CD34EF', party: '01712345678', time: FROM_2020 },
    ...{ ref: 'REFPROBE', balance: 0, lineBreak: '\n', bengaliDigits: false, promo: '' },
  };
  return WRITERS[template.id](probe).includes('REFPROBE');
}
const WITH_REF = BUILTIN_TEMPLATES.filter(hasRef);

/** What makes a text ambiguous, written here independently of the parser: a TrxID label, a date with a time. */
const LABEL = /(?:trx|txn)[\s.]*id|transaction\s*(?:id|no\b)/i;
const DATE_TIME =
  /\d{4}[/.-]\d{1,2}[/.-]\d{1,2}(?:\s+|T)\d{1,2}:\d{2}|\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}(?:\s*,\s*|\s+|T)\d{1,2}:\d{2}|\d{1,2}[-/ ][a-z]{3,9}\.?[-/ ,]\s*\d{2,4}\s+\d{1,2}:\d{2}/i;

/** Fragments a payer can type into the Ref to imitate the message's own fields. */
const FAKE_FRAGMENTS = fc.constantFrom(
  'TrxID',
  'TxnID:',
  'Trx ID',
  'TxnId:',
  'EVIL123456',
  'at',
  '29/11/2026 00:25',
  '01/01/2030 10:00',
  '26-NOV-26 10:15:42 am',
  'Fee Tk 0.00.',
  'Balance Tk 99,999.00.',
  'Balance: Tk 1.00',
  'You have received Tk 25,000.00 from 01700000000.',
  'Amount: Tk 9,999.00',
  'Tk',
  '.',
);
const hostileRef = fc
  .array(fc.oneof(fc.stringMatching(REF_WORD), FAKE_FRAGMENTS), { minLength: 1, maxLength: 6 })
  .map((words) => words.join(' '))
  .filter((ref) => ref.length <= 120);

describe('parseSms properties', () => {
  it('When the built-in templates are listed, then each has a message writer here', () => {
    expect(BUILTIN_TEMPLATES.map((t) => t.id).filter((id) => !WRITERS[id])).toEqual([]);
  });

  it.each(BUILTIN_TEMPLATES.map((template) => [template.id, template] as const))(
    'When any %s message is generated, then it parses back to exactly what it is, with its amount, id, party, time and figures',
    (_id, template) => {
      fc.assert(
        fc.property(messages(template), (m) => {
          expect(
            parseSms({ account: template.account, from: FROM[template.account], text: write(template, m) }),
          ).toEqual(expected(template, m));
        }),
        { numRuns: 150 },
      );
    },
  );

  it.each(WITH_REF.map((template) => [template.id, template] as const))(
    'When the payer writes anything into the Ref of a %s message, then it reads the genuine fields or is ambiguous, never other ones',
    (_id, template) => {
      fc.assert(
        fc.property(messages(template, hostileRef), (m) => {
          const result = parseSms({
            account: template.account,
            from: FROM[template.account],
            text: write(template, m),
          });
          const imitates = m.ref !== null && (LABEL.test(m.ref) || DATE_TIME.test(m.ref));
          if (imitates) expect(result).toMatchObject({ kind: 'unparsed', reason: 'ambiguous' });
          else expect(result).toEqual(expected(template, m));
        }),
        { numRuns: 200 },
      );
    },
  );

  it('When a second TrxID label is put anywhere between the words of any genuine message, then it is never a payment', () => {
    const label = fc.constantFrom('TrxID', 'TxnID:', 'Trx ID', 'TxnId:', 'Transaction ID');
    fc.assert(
      fc.property(
        fc.constantFrom(...BUILTIN_TEMPLATES).chain((template) => fc.tuple(fc.constant(template), messages(template))),
        label,
        fc.stringMatching(/^[A-Z0-9]{6,12}$/),
        fc.nat(),
        ([template, m], extra, id, at) => {
          const words = write(template, m).split(' ');
          const cut = at % (words.length + 1);
          const text = [...words.slice(0, cut), `${extra} ${id}`, ...words.slice(cut)].join(' ');
          const result = parseSms({ account: template.account, from: FROM[template.account], text });
          expect(result.kind).not.toBe('payment');
          expect(result).toEqual({ kind: 'unparsed', reason: 'ambiguous', templateId: null });
        },
      ),
      { numRuns: 250 },
    );
  });

  it('When any text at all arrives from a wallet, then parseSms answers with one of its four kinds and never throws', () => {
    const kinds = new Set(['payment', 'debit', 'ignored', 'unparsed']);
    fc.assert(
      fc.property(
        fc.constantFrom<SmsAccount>('bkash', 'nagad', 'rocket'),
        fc.string({ maxLength: 2000, unit: 'binary' }),
        (account, text) => {
          expect(kinds.has(parseSms({ account, from: FROM[account], text }).kind)).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });
});
