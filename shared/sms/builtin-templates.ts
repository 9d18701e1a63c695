// The built-in templates of bKash, Nagad and Rocket: money received (a payment that may verify an order), money
// leaving the wallet (a debit) and credits no customer paid (ignored, but they move the balance). Sources:
// docs/decisions/050-sms-formats.md and 141-wallet-sms-kinds-and-balances.md. Written by us and run without a time
// budget, so every pattern stays linear: no nested quantifiers, free text only through bounded or
// delimiter-excluding classes, and no two adjacent quantifiers over the same characters.
import type { SmsTemplate } from './sms-template.js';

/** Money leaving the wallet, by what the wallet calls it. `cash_in` is an agent (uddokta) depositing into a
 * customer's wallet: the agent's own balance goes down. */
export const DEBIT_TYPES = ['send_money', 'cash_out', 'cash_in', 'payment', 'recharge', 'b2b', 'bill'] as const;
export type DebitType = (typeof DEBIT_TYPES)[number];

/** Why a credit that no customer paid is ignored (the same codes as parseSms's ignored reasons). */
export type OwnCreditReason = 'reward' | 'failed' | 'not_a_payment';

/** What a built-in template's message is. */
export type BuiltinReading =
  /** Money received from someone: may verify an order. */
  | { kind: 'payment' }
  /** Money leaving this wallet. */
  | { kind: 'debit'; type: DebitType }
  /** Money credited that no customer paid (cashback, a returned transfer, the owner's own top-up). */
  | { kind: 'credit'; reason: OwnCreditReason };

export interface BuiltinSmsTemplate extends SmsTemplate {
  reads: BuiltinReading;
  /** A message of this shape (numbers invented), shown on the templates page and used by the tests. */
  example: string;
}

// ---- fragments (RegExp source; every template is compiled with TEMPLATE_FLAGS = 'is') ----
/** Taka as the wallets write it: Tk, Tk., TK, Taka, BDT, ৳. */
const TK = String.raw`(?:tk|taka|bdt|৳)\.?`;
/** Captured loosely (but bounded: no amount is 20 digits long); normaliseAmount then accepts only exact,
 * well-grouped amounts. */
const AMOUNT = String.raw`(?<amount>\d[\d,]{0,19}(?:\.\d{1,6})?)`;
/** A fee, commission or balance. At most two decimals so that a balance glued to the date that follows it
 * ("Balance: Tk 110060.8121/01/2023 18:30", newlines lost by a forwarder) leaves the date whole; ending in a digit
 * so that the comma after Rocket's "Fee:Tk0," is not read as part of it. */
const figure = (name: 'fee' | 'commission' | 'balance') => String.raw`(?<${name}>\d(?:[\d,]{0,18}\d)?(?:\.\d{1,2})?)`;
/** The end of one bKash sentence: an optional full stop and spaces ("0.00. Balance", "55.59.TrxID"). */
const STOP = String.raw`(?:\s*\.)?\s*`;
const TRX_LABEL = String.raw`(?:trx|txn)\s*id(?:\s*[:.])?\s*`;
const TRX_ID = String.raw`(?<trx_id>[a-z0-9]{1,70})`;
const CLOCK = String.raw`\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]\.?m\b\.?)?`;
/** "26/11/2026 10:15" (bKash, Nagad). */
const DAY_MONTH_YEAR = String.raw`(?<time>\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}\s+${CLOCK})`;
/** "26-NOV-26 10:15:42 am" (Rocket). */
const DAY_MONTHNAME_YEAR = String.raw`(?<time>\d{1,2}[-/ ][a-z]{3,9}\.?[-/ ,]\s*\d{2,4}\s+${CLOCK})`;

// ---- bKash: "<what> Tk X from/to <whom> successful. Ref …. Fee Tk F. Balance Tk B. TrxID T at <time>" ----
/** bKash's payer: up to the sentence's full stop, starting with a non-space so that the `\s+` before it has one
 * way to match. */
const BKASH_SENDER = String.raw`(?<sender>[^\s.][^\n.]{0,59})`;
/** The payer's own words: anything on the line, even empty or with full stops, up to a full stop. */
const BKASH_REF = String.raw`(?:ref\b[^\n]{0,200}?\.\s*)?`;
/** Fee or commission, and balance, each optional, in the order bKash writes them, right before the TrxID. */
const BKASH_FIGURES =
  String.raw`(?:fee(?:\s*:)?\s*${TK}\s*${figure('fee')}${STOP})?` +
  String.raw`(?:comm(?:ission)?(?:\s*:)?\s*${TK}\s*${figure('commission')}${STOP})?` +
  String.raw`(?:balance(?:\s*:)?\s*${TK}\s*${figure('balance')}${STOP})?`;
const BKASH_STAMP = String.raw`${TRX_LABEL}${TRX_ID}\s+at\s+${DAY_MONTH_YEAR}`;
/** bKash's tail after the first sentence: optional Ref (for Send Money), fee, balance, TrxID and time. */
const bkashTail = (ref: boolean) => STOP + (ref ? BKASH_REF : '') + BKASH_FIGURES + BKASH_STAMP;

/** bKash "<verb> Tk X from|to <whom> [is] successful." messages. */
function bkashVerb(verb: string, preposition: 'from' | 'to'): string {
  const group = preposition === 'from' ? 'sender' : 'counterparty';
  return (
    String.raw`${verb}\s+${TK}\s*${AMOUNT}\s+${preposition}\s+(?<${group}>[^\s.][^\n]{0,59}?)\s+(?:is\s+)?successful` +
    bkashTail(true)
  );
}

// ---- Nagad: "<Title>.\nAmount: Tk X\n<Label>: 01…\nRef: …\nTxnID: …\nFee|Comm: Tk F\nBalance: Tk B\n<time>" ----
/** Each line may also arrive joined by spaces or glued together by a forwarder; "Amt:" and "Bal:" are short
 * labels of some messages. */
function nagadLines(party: { label: string; group: 'sender' | 'counterparty' } | null): string {
  return (
    String.raw`am(?:oun)?t\s*:\s*(?:${TK}\s*)?${AMOUNT}\s*` +
    (party ? String.raw`${party.label}\s*:\s*(?<${party.group}>\S[^\n]{0,39}?)\s*` : '') +
    String.raw`(?:ref\s*:[^\n]{0,200}?\s*)?` +
    String.raw`${TRX_LABEL}${TRX_ID}\s*` +
    String.raw`(?:(?:fee|charge)\s*:\s*(?:${TK}\s*)?${figure('fee')}\s*)?` +
    String.raw`(?:comm(?:ission)?\s*:\s*(?:${TK}\s*)?${figure('commission')}\s*)?` +
    String.raw`(?:bal(?:ance)?\s*:\s*(?:${TK}\s*)?${figure('balance')}\s*)?` +
    String.raw`(?:date(?:\s*:)?\s*)?${DAY_MONTH_YEAR}`
  );
}
const nagad = (title: string, label: string | null, group: 'sender' | 'counterparty' = 'sender') =>
  `${title}${STOP}` + nagadLines(label === null ? null : { label, group });

// ---- Rocket: "… A/C:***759 [Ref No: …] Fee:Tk0, [Comm:Tk C;] Your A/C Balance: TkB TxnId:T Date:<time>" ----
/** The account after "A/C:": a masked "***759", a phone number, or a 12-digit account (with a check digit). */
const rocketAccount = (group: 'sender' | 'counterparty') =>
  String.raw`a\s*/\s*c(?:\s*[:.])?\s*(?<${group}>[*x\d]{3,20}(?:-\d)?)`;
const ROCKET_TAIL =
  String.raw`[\s,;.]*(?:ref\s*no\s*:[^\n]{0,60}?\s*)?` +
  String.raw`(?:fee\s*:\s*${TK}\s*${figure('fee')}[\s,;]*)?` +
  String.raw`(?:comm(?:ission)?\s*:\s*${TK}\s*${figure('commission')}[\s,;]*)?` +
  String.raw`(?:(?:(?:your\s+)?a\s*/\s*c\s+balance|net\s*bal(?:ance)?)\s*:\s*${TK}\s*${figure('balance')}(?:\s*[,.])?\s*)?` +
  String.raw`${TRX_LABEL}${TRX_ID}(?:\s*[,.])?\s*date(?:\s*[:.])?\s*${DAY_MONTHNAME_YEAR}`;

/** Where a wallet's message starts: at the start of the text, after at most a promotion line of its own
 * ("WIN LAND IN DHAKA! … nagad.io/xyz\n") and a short "Nagad:" or "Congratulations!" opening. Anchoring every
 * built-in template here keeps a payer's Ref, which comes later, from being read as a message of its own. */
const START = String.raw`^(?:[^\n]{0,60}\n)?(?:[a-z]{2,20}\s*[:!]\s*)?`;

const PAYMENT: BuiltinReading = { kind: 'payment' };
const debit = (type: DebitType): BuiltinReading => ({ kind: 'debit', type });
const credit = (reason: OwnCreditReason): BuiltinReading => ({ kind: 'credit', reason });

const TEMPLATES: readonly BuiltinSmsTemplate[] = [
  // ---------------- bKash ----------------
  {
    id: 'bkash.send_money_received',
    account: 'bkash',
    label: 'bKash · money received (Send Money to a personal number)',
    reads: PAYMENT,
    pattern: String.raw`you\s+have\s+received\s+${TK}\s*${AMOUNT}\s+from\s+${BKASH_SENDER}` + bkashTail(true),
    timeFormat: 'day-month-year',
    example:
      'You have received Tk 1,250.00 from 01712345678. Ref table 4 rent. Fee Tk 0.00. Balance Tk 18,345.50. TrxID CKA7Q2LM9P at 26/11/2026 10:15',
  },
  {
    id: 'bkash.merchant_payment_received',
    account: 'bkash',
    label: 'bKash · payment received (merchant account)',
    reads: PAYMENT,
    pattern: String.raw`you\s+have\s+received\s+payment\s+${TK}\s*${AMOUNT}\s+from\s+${BKASH_SENDER}` + bkashTail(true),
    timeFormat: 'day-month-year',
    example:
      'You have received payment Tk 750.00 from 01812345678. Fee Tk 0.00. Balance Tk 4,210.75.TrxID CKB3X8N1QD at 26/11/2026 10:22',
  },
  {
    id: 'bkash.cash_out_received',
    account: 'bkash',
    label: 'bKash · cash-out received (agent account)',
    reads: PAYMENT,
    pattern: bkashVerb(String.raw`cash(?:\s*-)?\s*out`, 'from'),
    timeFormat: 'day-month-year',
    example:
      'Cash Out Tk 2,000.00 from 01912345678 successful. Fee Tk 0.00. Balance Tk 121,470.33. TrxID CKC5R7T2WB at 26/11/2026 21:05',
  },
  {
    id: 'bkash.cash_in_received',
    account: 'bkash',
    label: 'bKash · cash-in received (an agent deposited into this number)',
    reads: PAYMENT,
    pattern: bkashVerb(String.raw`cash(?:\s*-)?\s*in`, 'from'),
    timeFormat: 'day-month-year',
    example:
      'Cash In Tk 1,000.00 from 01612345678 successful. Fee Tk 0.00. Balance Tk 1,610.90. TrxID CKD1M4P8ZS at 26/11/2026 22:21. Download App: https://bKa.sh/8app',
  },
  {
    id: 'bkash.deposit_received',
    account: 'bkash',
    label: 'bKash · deposit received (from a bank or organisation)',
    reads: PAYMENT,
    pattern:
      String.raw`you\s+have\s+received\s+a\s+deposit\s+of\s+${TK}\s*${AMOUNT}\s+from\s+${BKASH_SENDER}` +
      bkashTail(true),
    timeFormat: 'day-month-year',
    example:
      'You have received a deposit of Tk 5,000.00 from City Bank Account. Fee Tk 0.00. Balance Tk 9,140.34. TrxID CKE6W2Y5HA at 26/11/2026 15:43',
  },
  {
    id: 'bkash.send_money',
    account: 'bkash',
    label: 'bKash · Send Money sent',
    reads: debit('send_money'),
    pattern: bkashVerb(String.raw`send\s+money`, 'to'),
    timeFormat: 'day-month-year',
    example:
      'Send Money Tk 510.00 to 01813123456 successful. Ref rent. Fee Tk 5.00. Balance Tk 4,479.65. TrxID DCK1B9P81H at 26/11/2026 00:08',
  },
  {
    id: 'bkash.cash_out',
    account: 'bkash',
    label: 'bKash · cash out at an agent',
    reads: debit('cash_out'),
    pattern: bkashVerb(String.raw`cash(?:\s*-)?\s*out`, 'to'),
    timeFormat: 'day-month-year',
    example:
      'Cash Out Tk 1,000.00 to 01812345678 successful. Fee Tk 18.50. Balance Tk 216.00. TrxID ZX98YU76TR at 26/11/2026 10:15',
  },
  {
    id: 'bkash.cash_in',
    account: 'bkash',
    label: 'bKash · cash-in to a customer (agent account)',
    reads: debit('cash_in'),
    pattern: bkashVerb(String.raw`cash(?:\s*-)?\s*in`, 'to'),
    timeFormat: 'day-month-year',
    example:
      'Cash In Tk 2,000.00 to 01856123456 successful. Fee Tk 0.00. Balance Tk 2,851.16. TrxID AC829VTZTE at 26/11/2026 10:37',
  },
  {
    id: 'bkash.payment',
    account: 'bkash',
    label: 'bKash · payment to a merchant',
    reads: debit('payment'),
    pattern: bkashVerb(String.raw`payment(?:\s+of)?`, 'to'),
    timeFormat: 'day-month-year',
    example:
      'Payment Tk 100.00 to KAHF BANGLADESH LTD-RM67912 is successful. Balance Tk 601.81. TrxID DG705TRZHM at 26/11/2026 20:36',
  },
  {
    id: 'bkash.b2b',
    account: 'bkash',
    label: 'bKash · B2B transfer sent (agent account)',
    reads: debit('b2b'),
    pattern: bkashVerb(String.raw`b2b\s+transfer`, 'to'),
    timeFormat: 'day-month-year',
    example:
      'B2B Transfer Tk 2,000.00 to 01704123456 successful. Fee Tk 0.00. Balance Tk 7,521.24. TrxID ACD7FJDL8B at 26/11/2026 16:48',
  },
  {
    id: 'bkash.recharge',
    account: 'bkash',
    label: 'bKash · mobile recharge',
    reads: debit('recharge'),
    pattern:
      String.raw`(?:your\s+)?(?:mobile\s+)?recharge\s+(?:of\s+)?${TK}\s*${AMOUNT}\s+(?:to|for)\s+(?<counterparty>[^\s.][^\n]{0,59}?)\s+(?:is\s+)?successful` +
      bkashTail(false),
    timeFormat: 'day-month-year',
    example:
      'Mobile Recharge Tk 50.00 to 01612345678 successful. Fee Tk 0.00. Balance Tk 950.00. TrxID DH7REC0001 at 26/11/2026 09:00',
  },
  {
    id: 'bkash.bill',
    account: 'bkash',
    label: 'bKash · bill paid',
    reads: debit('bill'),
    pattern:
      String.raw`bill\s+successfully\s+paid.{0,300}?amount\s*:\s*${TK}\s*${AMOUNT}\s*` +
      String.raw`(?:fee\s*:\s*${TK}\s*${figure('fee')}\s*)?(?:balance\s*:\s*${TK}\s*${figure('balance')}\s*)?` +
      BKASH_STAMP,
    timeFormat: 'day-month-year',
    example:
      'Bill successfully paid.\nBiller: PALLI BIDYUT\nMM/YYYY: 112026\nSMS Account: 1234567890123\nAmount: Tk 485.00\nFee: Tk 0.00\nTrxID: DG7QWE12RT at 26/11/2026 10:00',
  },
  {
    id: 'bkash.cashback',
    account: 'bkash',
    label: 'bKash · cashback, bonus or interest credited',
    reads: credit('reward'),
    pattern:
      String.raw`you\s+have\s+received\s+(?:a\s+)?(?:cashback|bonus|reward|interest|profit)\s+(?:of\s+)?${TK}\s*${AMOUNT}` +
      bkashTail(false),
    timeFormat: 'day-month-year',
    example:
      'Congratulations! You have received Cashback Tk 50.00. Balance Tk 71.91. TrxID DCX12AB34C at 26/11/2026 19:15. Cashback on bkash transaction',
  },
  {
    id: 'bkash.returned',
    account: 'bkash',
    label: 'bKash · money returned (a Send Money nobody collected)',
    reads: credit('failed'),
    pattern:
      String.raw`(?:sorry,?\s+)?your\s+[^\s!][^\n!]{0,99}?\s+is\s+unsuccessful!?\s*${TK}\s*${AMOUNT}\s+has\s+been\s+(?:returned|refunded|reversed)` +
      bkashTail(false),
    timeFormat: 'day-month-year',
    example:
      'Sorry, your Send Money request to 01765123456 is unsuccessful! Tk 30 has been returned. Balance Tk 73.50. TrxID BKA96AB813 at 26/11/2026 14:00',
  },
  {
    id: 'bkash.add_money',
    account: 'bkash',
    label: "bKash · Add Money (the owner's own card or bank)",
    reads: credit('not_a_payment'),
    pattern: String.raw`add\s+money\s+${TK}\s*${AMOUNT}\s+from\s+[^\s.][^\n]{0,59}?\s+successful` + bkashTail(false),
    timeFormat: 'day-month-year',
    example: 'Add Money Tk 2,000.00 from card successful. Balance Tk 2,500.00. TrxID DAB12CD34E at 26/11/2026 10:15',
  },
  // ---------------- Nagad ----------------
  {
    id: 'nagad.money_received',
    account: 'nagad',
    label: 'Nagad · money received (Send Money to a personal number)',
    reads: PAYMENT,
    pattern: nagad(String.raw`money\s+received`, 'sender'),
    timeFormat: 'day-month-year',
    example:
      'Money Received.\nAmount: Tk 600.50\nSender: 01712345678\nRef: order 77\nTxnID: 7A1B2C3D\nBalance: Tk 8,781.58\n26/11/2026 10:15',
  },
  {
    id: 'nagad.payment_received',
    account: 'nagad',
    label: 'Nagad · payment received (merchant account)',
    reads: PAYMENT,
    pattern: nagad(String.raw`payment\s+received`, 'customer'),
    timeFormat: 'day-month-year',
    example:
      'Payment Received.\nAmount: Tk 1,500.00\nCustomer: 01812345678\nTxnID: 74KQ8M2Z\nBalance: Tk 2,247.78\n26/11/2026 17:58',
  },
  {
    id: 'nagad.cash_out_received',
    account: 'nagad',
    label: 'Nagad · cash-out received (uddokta / agent account)',
    reads: PAYMENT,
    pattern: nagad(String.raw`cash(?:\s*-)?\s*out\s+received`, 'customer'),
    timeFormat: 'day-month-year',
    example:
      'Cash Out Received.\nAmount: Tk 2100.00\nCustomer: 01912345678\nTxnID: 71NQ4B7X\nComm: Tk 8.61\nBalance: Tk 110060.81\n26/11/2026 18:30',
  },
  {
    id: 'nagad.cash_in_received',
    account: 'nagad',
    label: 'Nagad · cash-in received (an uddokta deposited into this number)',
    reads: PAYMENT,
    pattern: nagad(String.raw`cash(?:\s*-)?\s*in\s+received`, String.raw`(?:uddokta|agent)`),
    timeFormat: 'day-month-year',
    example:
      'Cash In Received.\nAmount: Tk 599.00\nUddokta: 01612345678\nTxnID: 75X3V7QE\nBalance: 2957.58\n26/11/2026 22:12',
  },
  {
    id: 'nagad.b2b_received',
    account: 'nagad',
    label: 'Nagad · B2B received (from another uddokta or merchant)',
    reads: PAYMENT,
    pattern: nagad(String.raw`b2b\s+received`, 'sender'),
    timeFormat: 'day-month-year',
    example:
      'B2B Received.\nAmount: Tk 3000.00\nSender: 01812345670\nTxnID: 71R9QL1C\nBalance: Tk 16202.72\n26/11/2026 16:05',
  },
  {
    id: 'nagad.send_money',
    account: 'nagad',
    label: 'Nagad · Send Money sent',
    reads: debit('send_money'),
    pattern: nagad(String.raw`send\s+money\s+successful`, 'receiver', 'counterparty'),
    timeFormat: 'day-month-year',
    example:
      'Send Money Successful.\nAmount: Tk 660.00\nReceiver: 01321123456\nRef: rent\nTxnID: 73XL3F8B\nFee: Tk 5.00\nBalance: Tk 2400.00\n26/11/2026 12:58',
  },
  {
    id: 'nagad.cash_out',
    account: 'nagad',
    label: 'Nagad · cash out at an uddokta',
    reads: debit('cash_out'),
    pattern: nagad(
      String.raw`cash(?:\s*-)?\s*out\s+successful`,
      String.raw`(?:uddokta|agent|receiver)`,
      'counterparty',
    ),
    timeFormat: 'day-month-year',
    example:
      'Cash Out Successful.\nAmount: Tk 1000.00\nUddokta: 01712345600\nTxnID: 74QW12ER\nFee: Tk 12.50\nBalance: Tk 487.50\n26/11/2026 11:40',
  },
  {
    id: 'nagad.cash_in',
    account: 'nagad',
    label: 'Nagad · cash-in to a customer (uddokta account)',
    reads: debit('cash_in'),
    pattern: nagad(String.raw`cash(?:\s*-)?\s*in\s+successful`, 'customer', 'counterparty'),
    timeFormat: 'day-month-year',
    example:
      'Cash In Successful.\nAmount: Tk 3000.00\nCustomer: 01827123456\nTxnID: 71R8DC4R\nComm: Tk 12.30\nBalance: Tk 10980.99\n26/11/2026 22:06',
  },
  {
    id: 'nagad.payment',
    account: 'nagad',
    label: 'Nagad · payment to a merchant',
    reads: debit('payment'),
    pattern: String.raw`payment\s+to\s+'(?<counterparty>[^'\n]{1,60})'\s+is\s+successful${STOP}` + nagadLines(null),
    timeFormat: 'day-month-year',
    example:
      "Payment to 'Daraz' is Successful.\nAmount: Tk  250.00\nTxnID: 73QW12ER\nBalance: Tk 950.00\n26/11/2026 13:58",
  },
  {
    id: 'nagad.recharge',
    account: 'nagad',
    label: 'Nagad · mobile recharge',
    reads: debit('recharge'),
    pattern: nagad(
      String.raw`(?:mobile\s+)?recharge\s+successful`,
      String.raw`(?:mobile|receiver|number)`,
      'counterparty',
    ),
    timeFormat: 'day-month-year',
    example:
      'Mobile Recharge Successful.\nAmount: Tk 100.00\nMobile: 01712345678\nTxnID: 75RC1D2E\nBalance: Tk 850.00\n26/11/2026 09:30',
  },
  {
    id: 'nagad.b2b',
    account: 'nagad',
    label: 'Nagad · B2B transfer sent (uddokta account)',
    reads: debit('b2b'),
    pattern: nagad(String.raw`b2b\s+transfer\s+successful`, 'receiver', 'counterparty'),
    timeFormat: 'day-month-year',
    example:
      'B2B Transfer Successful.\nAmount: Tk 3000.00\nReceiver: 01810123456\nTxnID: 71R9VMKW\nBalance: Tk 43462.02\n26/11/2026 17:30',
  },
  {
    id: 'nagad.add_money',
    account: 'nagad',
    label: "Nagad · Add Money (the owner's own bank or card)",
    reads: credit('not_a_payment'),
    pattern:
      String.raw`add\s+money\s+from\s+[a-z][a-z ]{0,20}?\s+is\s+successful${STOP}(?:from\s*:\s*[^\s][^\n]{0,59}?\s*)?` +
      nagadLines(null),
    timeFormat: 'day-month-year',
    example:
      'Add Money from Bank is Successful.\nFrom: Eastern Bank PLC.\nAmount: Tk 2100.0\nTxnID: 75NA7YH3\nBalance: Tk 6100.62\n26/11/2026 20:53',
  },
  // ---------------- Rocket ----------------
  {
    id: 'rocket.received',
    account: 'rocket',
    label: 'Rocket · money received (personal account)',
    reads: PAYMENT,
    pattern: String.raw`${TK}\s*${AMOUNT}\s+received\s+from\s+${rocketAccount('sender')}` + ROCKET_TAIL,
    timeFormat: 'day-monthname-year',
    example:
      'Tk600.50 received from A/C:***759 Fee:Tk0, Your A/C Balance: Tk1,015.79 TxnId:6910652291 Date:26-NOV-26 10:15:42 am. Download https://bit.ly/nexuspay',
  },
  {
    id: 'rocket.cash_out_received',
    account: 'rocket',
    label: 'Rocket · cash-out received (agent account)',
    reads: PAYMENT,
    pattern: String.raw`cash(?:\s*-)?\s*out\s+from\s+${rocketAccount('sender')}\s*${TK}\s*${AMOUNT}` + ROCKET_TAIL,
    timeFormat: 'day-monthname-year',
    example:
      'Cash-Out from A/C: ***097 Tk2,009.00 Comm:Tk8.43; A/C Balance: Tk87,455.82.TxnId: 6017463139 Date:26-NOV-26 05:53:00 pm. Download https://bit.ly/nexuspay',
  },
  {
    id: 'rocket.cash_in_received',
    account: 'rocket',
    label: 'Rocket · cash-in received (an agent deposited into this account)',
    reads: PAYMENT,
    pattern: String.raw`cash(?:\s*-)?\s*in\s+from\s+${rocketAccount('sender')}\s*${TK}\s*${AMOUNT}` + ROCKET_TAIL,
    timeFormat: 'day-monthname-year',
    example:
      'Cash-In from A/C: ***4521 Tk500.00 Fee:Tk0; A/C Balance: Tk1,500.00.TxnId: 6017463201 Date:26-NOV-26 06:10:05 pm',
  },
  {
    id: 'rocket.send_money',
    account: 'rocket',
    label: 'Rocket · money sent',
    reads: debit('send_money'),
    pattern: String.raw`${TK}\s*${AMOUNT}\s+(?:sent|transferred)\s+to\s+${rocketAccount('counterparty')}` + ROCKET_TAIL,
    timeFormat: 'day-monthname-year',
    example:
      'Tk2,000.00 transferred to A/C:018687123456 Fee:Tk1.27, Your A/C Balance: Tk311.96 TxnId:1755363871 Date:26-NOV-26 03:28:02 pm. Download https://bit.ly/nexuspay',
  },
  {
    id: 'rocket.cash_out',
    account: 'rocket',
    label: 'Rocket · cash out at an agent',
    reads: debit('cash_out'),
    pattern: String.raw`cash(?:\s*-)?\s*out\s+to\s+${rocketAccount('counterparty')}\s*${TK}\s*${AMOUNT}` + ROCKET_TAIL,
    timeFormat: 'day-monthname-year',
    example:
      'Cash-Out to A/C:***336Tk902.00Fee:Tk15.06 Your A/C Balance: Tk326.89.TxnId:5762726721Date:26-NOV-26 05:59:38 pm. Please download https://bit.ly/nexuspay',
  },
];

export const BUILTIN_TEMPLATES: readonly BuiltinSmsTemplate[] = TEMPLATES.map((template) => ({
  ...template,
  pattern: START + template.pattern,
}));
