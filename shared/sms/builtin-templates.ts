// The built-in "money received" templates of bKash, Nagad and Rocket (sources: docs/decisions/050-sms-formats.md).
// Written by us and run without a time budget, so every pattern stays linear: no nested quantifiers, free text
// only through bounded or delimiter-excluding classes, and no two adjacent quantifiers over the same characters.
import type { SmsTemplate } from './sms-template.js';

export interface BuiltinSmsTemplate extends SmsTemplate {
  /** A message of this shape (numbers invented), shown on the templates page and used by the tests. */
  example: string;
}

// ---- fragments (RegExp source; every template is compiled with TEMPLATE_FLAGS = 'is') ----
/** Taka as the wallets write it: Tk, Tk., TK, Taka, BDT, ৳. */
const TK = String.raw`(?:tk|taka|bdt|৳)\.?`;
/** Captured loosely (but bounded: no amount is 20 digits long); normaliseAmount then accepts only exact,
 * well-grouped amounts. */
const AMOUNT = String.raw`(?<amount>\d[\d,]{0,19}(?:\.\d{1,6})?)`;
/** A fee, commission or balance we skip. At most two decimals so that a balance glued to the date that follows
 * it ("Balance: Tk 110060.8121/01/2023 18:30", newlines lost by a forwarder) leaves the date whole. */
const FIGURE = String.raw`\d[\d,]{0,19}(?:\.\d{1,2})?`;
/** The end of one bKash sentence: an optional full stop and spaces ("0.00. Balance", "55.59.TrxID"). */
const STOP = String.raw`(?:\s*\.)?\s*`;
const TRX_LABEL = String.raw`(?:trx|txn)\s*id(?:\s*[:.])?\s*`;
const TRX_ID = String.raw`(?<trx_id>[a-z0-9]{1,70})`;
const CLOCK = String.raw`\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]\.?m\b\.?)?`;
/** "26/11/2026 10:15" (bKash, Nagad). */
const DAY_MONTH_YEAR = String.raw`(?<time>\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}\s+${CLOCK})`;
/** "26-NOV-26 10:15:42 am" (Rocket). */
const DAY_MONTHNAME_YEAR = String.raw`(?<time>\d{1,2}[-/ ][a-z]{3,9}\.?[-/ ,]\s*\d{2,4}\s+${CLOCK})`;

/** bKash's sender: up to the sentence's full stop, starting with a non-space so that the `\s+` before it has
 * one way to match. */
const BKASH_SENDER = String.raw`(?<sender>[^\s.][^\n.]{0,59})`;

/** bKash's tail after the sender: optional Ref (any words, even empty), Fee or commission, Balance, then the
 * TrxID and time. */
const BKASH_TAIL =
  STOP +
  String.raw`(?:ref\b[^\n]{0,200}?\.\s*)?` +
  String.raw`(?:(?:fee|comm(?:ission)?)(?:\s*:)?\s*${TK}\s*${FIGURE}${STOP})?` +
  String.raw`(?:balance(?:\s*:)?\s*${TK}\s*${FIGURE}${STOP})?` +
  `${TRX_LABEL}${TRX_ID}` +
  String.raw`\s+at\s+${DAY_MONTH_YEAR}`;

/** bKash "<verb> Tk X from <sender> successful." messages (cash-in into this wallet, cash-out at this agent). */
function bkashSuccessful(verb: string): string {
  return `${verb}\\s+${TK}\\s*${AMOUNT}\\s+from\\s+(?<sender>[^\\s.][^\\n.]{0,59}?)\\s+successful` + BKASH_TAIL;
}

/** Nagad's multi-line form: "<Title>.\nAmount: Tk X\n<Label>: 01…\nRef: …\nTxnID: …\nBalance: Tk …\n<time>".
 * Each line may also arrive joined by spaces or glued together by a forwarder. */
function nagadReceived(title: string, senderLabel: string): string {
  return (
    String.raw`${title}${STOP}amount\s*:\s*(?:${TK}\s*)?${AMOUNT}\s*` +
    String.raw`${senderLabel}\s*:\s*(?<sender>\S[^\n]{0,39}?)\s*` +
    String.raw`(?:ref\s*:[^\n]{0,200}?\s*)?` +
    `${TRX_LABEL}${TRX_ID}\\s*` +
    String.raw`(?:(?:fee|comm(?:ission)?)\s*:\s*(?:${TK}\s*)?${FIGURE}\s*)?` +
    String.raw`(?:balance\s*:\s*(?:${TK}\s*)?${FIGURE}\s*)?` +
    String.raw`(?:date(?:\s*:)?\s*)?${DAY_MONTH_YEAR}`
  );
}

/** Rocket's account after "A/C:": a masked "***759", a phone number or a 12-digit account. */
const ROCKET_ACCOUNT = String.raw`a\s*/\s*c(?:\s*[:.])?\s*(?<sender>[*x\d]{3,20})`;
/** Rocket's tail: fee, balance and reference in several orders and spellings, then TxnId and Date. */
const ROCKET_TAIL = String.raw`[^\n]{0,300}?${TRX_LABEL}${TRX_ID}(?:\s*[,.])?\s*date(?:\s*[:.])?\s*${DAY_MONTHNAME_YEAR}`;

export const BUILTIN_TEMPLATES: readonly BuiltinSmsTemplate[] = [
  {
    id: 'bkash.send_money_received',
    account: 'bkash',
    label: 'bKash · money received (Send Money to a personal number)',
    pattern: String.raw`you\s+have\s+received\s+${TK}\s*${AMOUNT}\s+from\s+${BKASH_SENDER}` + BKASH_TAIL,
    timeFormat: 'day-month-year',
    example:
      'You have received Tk 1,250.00 from 01712345678. Ref table 4 rent. Fee Tk 0.00. Balance Tk 18,345.50. TrxID CKA7Q2LM9P at 26/11/2026 10:15',
  },
  {
    id: 'bkash.merchant_payment_received',
    account: 'bkash',
    label: 'bKash · payment received (merchant account)',
    pattern: String.raw`you\s+have\s+received\s+payment\s+${TK}\s*${AMOUNT}\s+from\s+${BKASH_SENDER}` + BKASH_TAIL,
    timeFormat: 'day-month-year',
    example: 'You have received payment Tk 750.00 from 01812345678. Fee Tk 0.00. Balance Tk 4,210.75.TrxID CKB3X8N1QD at 26/11/2026 10:22',
  },
  {
    id: 'bkash.cash_out_received',
    account: 'bkash',
    label: 'bKash · cash-out received (agent account)',
    pattern: bkashSuccessful(String.raw`cash(?:\s*-)?\s*out`),
    timeFormat: 'day-month-year',
    example: 'Cash Out Tk 2,000.00 from 01912345678 successful. Fee Tk 0.00. Balance Tk 121,470.33. TrxID CKC5R7T2WB at 26/11/2026 21:05',
  },
  {
    id: 'bkash.cash_in_received',
    account: 'bkash',
    label: 'bKash · cash-in received (an agent deposited into this number)',
    pattern: bkashSuccessful(String.raw`cash(?:\s*-)?\s*in`),
    timeFormat: 'day-month-year',
    example:
      'Cash In Tk 1,000.00 from 01612345678 successful. Fee Tk 0.00. Balance Tk 1,610.90. TrxID CKD1M4P8ZS at 26/11/2026 22:21. Download App: https://bKa.sh/8app',
  },
  {
    id: 'bkash.deposit_received',
    account: 'bkash',
    label: 'bKash · deposit received (from a bank or organisation)',
    pattern: String.raw`you\s+have\s+received\s+a\s+deposit\s+of\s+${TK}\s*${AMOUNT}\s+from\s+${BKASH_SENDER}` + BKASH_TAIL,
    timeFormat: 'day-month-year',
    example:
      'You have received a deposit of Tk 5,000.00 from City Bank Account. Fee Tk 0.00. Balance Tk 9,140.34. TrxID CKE6W2Y5HA at 26/11/2026 15:43',
  },
  {
    id: 'nagad.money_received',
    account: 'nagad',
    label: 'Nagad · money received (Send Money to a personal number)',
    pattern: nagadReceived(String.raw`money\s+received`, 'sender'),
    timeFormat: 'day-month-year',
    example: 'Money Received.\nAmount: Tk 600.50\nSender: 01712345678\nRef: order 77\nTxnID: 7A1B2C3D\nBalance: Tk 8,781.58\n26/11/2026 10:15',
  },
  {
    id: 'nagad.payment_received',
    account: 'nagad',
    label: 'Nagad · payment received (merchant account)',
    pattern: nagadReceived(String.raw`payment\s+received`, 'customer'),
    timeFormat: 'day-month-year',
    example: 'Payment Received.\nAmount: Tk 1,500.00\nCustomer: 01812345678\nTxnID: 74KQ8M2Z\nBalance: Tk 2,247.78\n26/11/2026 17:58',
  },
  {
    id: 'nagad.cash_out_received',
    account: 'nagad',
    label: 'Nagad · cash-out received (uddokta / agent account)',
    pattern: nagadReceived(String.raw`cash(?:\s*-)?\s*out\s+received`, 'customer'),
    timeFormat: 'day-month-year',
    example: 'Cash Out Received.\nAmount: Tk 2100.00\nCustomer: 01912345678\nTxnID: 71NQ4B7X\nComm: Tk 8.61\nBalance: Tk 110060.81\n26/11/2026 18:30',
  },
  {
    id: 'nagad.cash_in_received',
    account: 'nagad',
    label: 'Nagad · cash-in received (an uddokta deposited into this number)',
    pattern: nagadReceived(String.raw`cash(?:\s*-)?\s*in\s+received`, String.raw`(?:uddokta|agent)`),
    timeFormat: 'day-month-year',
    example: 'Cash In Received.\nAmount: Tk 599.00\nUddokta: 01612345678\nTxnID: 75X3V7QE\nBalance: 2957.58\n26/11/2026 22:12',
  },
  {
    id: 'nagad.b2b_received',
    account: 'nagad',
    label: 'Nagad · B2B received (from another uddokta or merchant)',
    pattern: nagadReceived(String.raw`b2b\s+received`, 'sender'),
    timeFormat: 'day-month-year',
    example: 'B2B Received.\nAmount: Tk 3000.00\nSender: 01812345670\nTxnID: 71R9QL1C\nBalance: Tk 16202.72\n26/11/2026 16:05',
  },
  {
    id: 'rocket.received',
    account: 'rocket',
    label: 'Rocket · money received (personal account)',
    pattern: String.raw`${TK}\s*${AMOUNT}\s+received\s+from\s+${ROCKET_ACCOUNT}` + ROCKET_TAIL,
    timeFormat: 'day-monthname-year',
    example:
      'Tk600.50 received from A/C:***759 Fee:Tk0, Your A/C Balance: Tk1,015.79 TxnId:6910652291 Date:26-NOV-26 10:15:42 am. Download https://bit.ly/nexuspay',
  },
  {
    id: 'rocket.cash_out_received',
    account: 'rocket',
    label: 'Rocket · cash-out received (agent account)',
    pattern: String.raw`cash(?:\s*-)?\s*out\s+from\s+${ROCKET_ACCOUNT}\s*${TK}\s*${AMOUNT}` + ROCKET_TAIL,
    timeFormat: 'day-monthname-year',
    example:
      'Cash-Out from A/C: ***097 Tk2,009.00 Comm:Tk8.43; A/C Balance: Tk87,455.82.TxnId: 6017463139 Date:26-NOV-26 05:53:00 pm. Download https://bit.ly/nexuspay',
  },
  {
    id: 'rocket.cash_in_received',
    account: 'rocket',
    label: 'Rocket · cash-in received (an agent deposited into this account)',
    pattern: String.raw`cash(?:\s*-)?\s*in\s+from\s+${ROCKET_ACCOUNT}\s*${TK}\s*${AMOUNT}` + ROCKET_TAIL,
    timeFormat: 'day-monthname-year',
    example: 'Cash-In from A/C: ***4521 Tk500.00 Fee:Tk0; A/C Balance: Tk1,500.00.TxnId: 6017463201 Date:26-NOV-26 06:10:05 pm',
  },
];
