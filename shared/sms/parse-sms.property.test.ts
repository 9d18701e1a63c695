// Property tests: for random amounts (0.01 … 9,999,999.99, with and without separators), transaction ids,
// senders, references and times, a message written in each built-in format parses back to exactly those values.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BUILTIN_TEMPLATES } from './builtin-templates.js';
import { parseSms } from './parse-sms.js';
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
  sender: string;
  /** Unix seconds; whole minutes for bKash and Nagad, whole seconds for Rocket. */
  time: number;
  ref: string | null;
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

/** The amount as a wallet might write it: "1,250.00", "12,50,000", "600.5", "7". */
function writtenAmount(m: Message): string {
  const integer = group(String(Math.floor(m.paisa / 100)), m.grouping);
  const cents = m.paisa % 100;
  if (m.decimals === 'two' || (cents % 10 !== 0 && cents !== 0)) return `${integer}.${pad(cents)}`;
  return cents === 0 ? integer : `${integer}.${cents / 10}`;
}

function expectedAmount(paisa: number): string {
  return `${Math.floor(paisa / 100)}.${pad(paisa % 100)}`;
}

/** Wall-clock parts of a unix time in Dhaka (UTC+6). */
function dhakaParts(time: number) {
  const d = new Date((time + 6 * 3600) * 1000);
  return { y: d.getUTCFullYear(), mo: d.getUTCMonth() + 1, d: d.getUTCDate(), h: d.getUTCHours(), mi: d.getUTCMinutes(), s: d.getUTCSeconds() };
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

const bkashTail = (m: Message) =>
  `${m.ref === null ? '' : ` Ref ${m.ref}.`} Fee Tk 0.00. Balance Tk 12,345.67. TrxID ${m.trxId} at ${dayMonthYear(m.time)}${m.promo}`;
const nagadLines = (m: Message, title: string, label: string, extra = '') =>
  [
    `${title}.`,
    `Amount: Tk ${writtenAmount(m)}`,
    `${label}: ${m.sender}`,
    ...(m.ref === null ? [] : [`Ref: ${m.ref}`]),
    `TxnID: ${m.trxId}`,
    ...(extra ? [extra] : []),
    'Balance: Tk 8,781.58',
    dayMonthYear(m.time),
  ].join(m.lineBreak);
const rocketTail = (m: Message) => ` Fee:Tk0, Your A/C Balance: Tk1,015.79 TxnId:${m.trxId} Date:${rocketTime(m.time)}${m.promo}`;

/** One writer per built-in template: the test below fails when a template is added without one. */
const WRITERS: Record<string, (m: Message) => string> = {
  'bkash.send_money_received': (m) => `You have received Tk ${writtenAmount(m)} from ${m.sender}.${bkashTail(m)}`,
  'bkash.merchant_payment_received': (m) => `You have received payment Tk ${writtenAmount(m)} from ${m.sender}.${bkashTail(m)}`,
  'bkash.cash_out_received': (m) => `Cash Out Tk ${writtenAmount(m)} from ${m.sender} successful.${bkashTail(m)}`,
  'bkash.cash_in_received': (m) => `Cash In Tk ${writtenAmount(m)} from ${m.sender} successful.${bkashTail(m)}`,
  'bkash.deposit_received': (m) => `You have received a deposit of Tk ${writtenAmount(m)} from ${m.sender}.${bkashTail(m)}`,
  'nagad.money_received': (m) => nagadLines(m, 'Money Received', 'Sender'),
  'nagad.payment_received': (m) => nagadLines(m, 'Payment Received', 'Customer'),
  'nagad.cash_out_received': (m) => nagadLines(m, 'Cash Out Received', 'Customer', 'Comm: Tk 8.61'),
  'nagad.cash_in_received': (m) => nagadLines(m, 'Cash In Received', 'Uddokta'),
  'nagad.b2b_received': (m) => nagadLines(m, 'B2B Received', 'Sender'),
  'rocket.received': (m) => `Tk${writtenAmount(m)} received from A/C:${m.sender}${rocketTail(m)}`,
  'rocket.cash_out_received': (m) => `Cash-Out from A/C: ${m.sender} Tk${writtenAmount(m)} Comm:Tk8.43;${rocketTail(m)}`,
  'rocket.cash_in_received': (m) => `Cash-In from A/C: ${m.sender} Tk${writtenAmount(m)}${rocketTail(m)}`,
};

const toBengaliDigits = (text: string) => text.replace(/\d/g, (d) => String.fromCharCode(0x09e6 + Number(d)));

const FROM_2020 = Date.UTC(2020, 0, 1) / 1000;
const TO_2035 = Date.UTC(2035, 11, 31) / 1000;

function messages(account: SmsAccount): fc.Arbitrary<Message> {
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
    sender: account === 'rocket' ? fc.oneof(fc.stringMatching(/^\*{3}\d{3}$/), fc.stringMatching(/^01[3-9]\d{8}$/)) : fc.stringMatching(/^01[3-9]\d{8}$/),
    time: fc.integer({ min: FROM_2020, max: TO_2035 }).map((t) => (account === 'rocket' ? t : t - (t % 60))),
    ref: fc.option(fc.array(fc.stringMatching(/^[A-Za-z0-9/#-]{1,8}$/), { maxLength: 4 }).map((words) => words.join(' ')), { nil: null }),
    lineBreak: fc.constantFrom('\n', '\r\n', ' '),
    bengaliDigits: fc.boolean(),
    promo: fc.constantFrom('', '. Download App: https://bKa.sh/8app', '. Download https://bit.ly/nexuspay'),
  }) as fc.Arbitrary<Message>;
}

describe('parseSms properties', () => {
  it('When the built-in templates are listed, then each has a message writer here', () => {
    expect(BUILTIN_TEMPLATES.map((t) => t.id).filter((id) => !WRITERS[id])).toEqual([]);
  });

  it.each(BUILTIN_TEMPLATES.map((template) => [template.id, template] as const))(
    'When any %s message is generated, then it parses back to exactly its amount, trx id, sender and time',
    (_id, template) => {
      fc.assert(
        fc.property(messages(template.account), (m) => {
          const written = WRITERS[template.id](m);
          const text = m.bengaliDigits ? toBengaliDigits(written) : written;
          expect(parseSms({ account: template.account, from: FROM[template.account], text })).toEqual({
            kind: 'payment',
            templateId: template.id,
            amount: expectedAmount(m.paisa),
            trx_id: m.trxId,
            sender: m.sender,
            time: m.time,
          });
        }),
        { numRuns: 300 },
      );
    },
  );

  it('When any text at all arrives from a wallet, then parseSms answers with one of its three kinds and never throws', () => {
    const kinds = new Set(['payment', 'ignored', 'unparsed']);
    fc.assert(
      fc.property(fc.constantFrom<SmsAccount>('bkash', 'nagad', 'rocket'), fc.string({ maxLength: 2000, unit: 'binary' }), (account, text) => {
        expect(kinds.has(parseSms({ account, from: FROM[account], text }).kind)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
