// Every supported variant of a wallet SMS with its exact fields: money received (payments), money leaving the
// wallet (debits), credits no customer paid (ignored with their balance movement), the kinds of message that are
// not payments, spoofed senders, and texts whose payer-written Ref imitates the message's own TrxID and time.
// Shapes follow real messages (docs/decisions/050-sms-formats.md, 140, 141); where a source masked them, phone
// numbers, ids and balances are invented. Texts marked "inferred" follow a wording no real sample was found for.
import { describe, expect, it } from 'vitest';
import { BUILTIN_TEMPLATES, type DebitType } from './builtin-templates.js';
import {
  ledgerMovement,
  parseSms,
  walletOfSender,
  type LedgerMovement,
  type SmsIgnoredReason,
  type SmsParseResult,
} from './parse-sms.js';
import type { SmsAccount, SmsTemplate } from './sms-template.js';
import { REMITTANCE_TEMPLATE, REMITTANCE_TEXT, WALLET_FROM as FROM, dhaka } from './sms-test-fixtures.js';

function parse(account: SmsAccount, text: string, custom: SmsTemplate[] = []): SmsParseResult {
  return parseSms({ account, from: FROM[account], text }, custom);
}

interface Figures {
  fee?: string;
  commission?: string;
  balance?: string;
}
const figures = (f: Figures) => ({ fee: f.fee ?? null, commission: f.commission ?? null, balance: f.balance ?? null });

interface Variant {
  name: string;
  account: SmsAccount;
  text: string;
  expected: SmsParseResult;
}

function payment(
  templateId: string,
  amount: string,
  trx_id: string,
  sender: string | null,
  time: number,
  f: Figures,
): SmsParseResult {
  return { kind: 'payment', templateId, amount, trx_id, sender, time, ...figures(f) };
}

const PAYMENTS: Variant[] = [
  // ---- bKash ----
  {
    name: 'bKash Send Money received, one-word Ref',
    account: 'bkash',
    text: 'You have received Tk 500.00 from 01533123456. Ref 123. Fee Tk 0.00. Balance Tk 1,117.78. TrxID CJU0AB12C6 at 30/10/2025 21:02',
    expected: payment('bkash.send_money_received', '500.00', 'CJU0AB12C6', '01533123456', dhaka('2025-10-30T21:02'), {
      fee: '0.00',
      balance: '1117.78',
    }),
  },
  {
    name: 'bKash Send Money received, no Ref, thousands separator',
    account: 'bkash',
    text: 'You have received Tk 5,075.00 from 01735123456. Fee Tk 0.00. Balance Tk 6,075.50. TrxID BLU1X6Y87P at 30/12/2024 13:22',
    expected: payment('bkash.send_money_received', '5075.00', 'BLU1X6Y87P', '01735123456', dhaka('2024-12-30T13:22'), {
      fee: '0.00',
      balance: '6075.50',
    }),
  },
  {
    name: 'bKash Send Money received, multi-word Ref glued to the number',
    account: 'bkash',
    text: 'You have received Tk 20,172.00 from 01815123456.Ref jazakallah vai. Fee Tk 0.00. Balance Tk 20,329.00. TrxID CAK845MQGS at 20/01/2025 10:53',
    expected: payment('bkash.send_money_received', '20172.00', 'CAK845MQGS', '01815123456', dhaka('2025-01-20T10:53'), {
      fee: '0.00',
      balance: '20329.00',
    }),
  },
  {
    name: 'bKash Send Money received, multi-word Ref (PipraPay issue 30)',
    account: 'bkash',
    text: 'You have received Tk 10.00 from 01712341234. Ref test payment. Fee Tk 0.00. Balance Tk 1,580.14. TrxID DED220AB14 at 17/05/2026 15:45',
    expected: payment('bkash.send_money_received', '10.00', 'DED220AB14', '01712341234', dhaka('2026-05-17T15:45'), {
      fee: '0.00',
      balance: '1580.14',
    }),
  },
  {
    name: 'bKash Send Money received, Ref with full stops inside',
    account: 'bkash',
    text: 'You have received Tk 1,250.00 from 01712345678. Ref Inv. 55 for Mr. Karim. Fee Tk 0.00. Balance Tk 18,345.50. TrxID AB12CD34EF at 26/11/2026 10:15',
    expected: payment('bkash.send_money_received', '1250.00', 'AB12CD34EF', '01712345678', dhaka('2026-11-26T10:15'), {
      fee: '0.00',
      balance: '18345.50',
    }),
  },
  {
    name: 'bKash Send Money received, empty Ref',
    account: 'bkash',
    text: 'You have received Tk 1,250.00 from 01712345678. Ref . Fee Tk 0.00. Balance Tk 18,345.50. TrxID AB12CD34EF at 26/11/2026 10:15',
    expected: payment('bkash.send_money_received', '1250.00', 'AB12CD34EF', '01712345678', dhaka('2026-11-26T10:15'), {
      fee: '0.00',
      balance: '18345.50',
    }),
  },
  {
    name: 'bKash money received from an organisation name, no Fee, trailing full stop',
    account: 'bkash',
    text: 'You have received Tk 63.00 from OnnorokomWeb. Balance Tk 1,082.65. TrxID DE971AB13F at 09/05/2026 21:32.',
    expected: payment('bkash.send_money_received', '63.00', 'DE971AB13F', 'OnnorokomWeb', dhaka('2026-05-09T21:32'), {
      balance: '1082.65',
    }),
  },
  {
    name: 'bKash money received with Tk. / TK / ৳ spellings and no space before the amount',
    account: 'bkash',
    text: 'You have received TK.600.50 from 01912345678. Fee ৳0.00. Balance Tk.1,234.50. TrxID CKA7Q2LM9P at 26/11/2026 10:15',
    expected: payment('bkash.send_money_received', '600.50', 'CKA7Q2LM9P', '01912345678', dhaka('2026-11-26T10:15'), {
      fee: '0.00',
      balance: '1234.50',
    }),
  },
  {
    name: 'bKash money received written in Bengali digits',
    account: 'bkash',
    text: 'You have received Tk ১,২৫০.০০ from ০১৭১২৩৪৫৬৭৮. Fee Tk ০.০০. Balance Tk ১৮,৩৪৫.৫০. TrxID CKA৭Q২LM৯P at ২৬/১১/২০২৬ ১০:১৫',
    expected: payment('bkash.send_money_received', '1250.00', 'CKA7Q2LM9P', '01712345678', dhaka('2026-11-26T10:15'), {
      fee: '0.00',
      balance: '18345.50',
    }),
  },
  {
    name: 'bKash money received split over lines with CRLF, a 12-hour time and a promo tail',
    account: 'bkash',
    text: 'You have received Tk 1,250.00 from +8801712345678.\r\nRef rent.\r\nFee Tk 0.00.\r\nBalance Tk 18,345.50.\r\nTrxID CKA7Q2LM9P at 26/11/2026 10:15 PM. Download App: https://bKa.sh/8app',
    expected: payment('bkash.send_money_received', '1250.00', 'CKA7Q2LM9P', '01712345678', dhaka('2026-11-26T22:15'), {
      fee: '0.00',
      balance: '18345.50',
    }),
  },
  {
    name: 'bKash merchant payment received, TrxID glued to the balance',
    account: 'bkash',
    text: 'You have received payment Tk 55.00 from 01929123456. Fee Tk 0.00. Balance Tk 55.59.TrxID CJKQGO2GAQ at 20/10/2025 18:00',
    expected: payment(
      'bkash.merchant_payment_received',
      '55.00',
      'CJKQGO2GAQ',
      '01929123456',
      dhaka('2025-10-20T18:00'),
      { fee: '0.00', balance: '55.59' },
    ),
  },
  {
    name: 'bKash cash-out received by an agent',
    account: 'bkash',
    text: 'Cash Out Tk 785.00 from 01841123456 successful. Fee Tk 0.00. Balance Tk 121,710.33. TrxID AA24AJJH6I at 02/01/2023 22:05',
    expected: payment('bkash.cash_out_received', '785.00', 'AA24AJJH6I', '01841123456', dhaka('2023-01-02T22:05'), {
      fee: '0.00',
      balance: '121710.33',
    }),
  },
  {
    name: 'bKash cash-in received from an agent, with the app promo',
    account: 'bkash',
    text: 'Cash In Tk 500.00 from 01612345678 successful. Fee Tk 0.00. Balance Tk 506.91. TrxID CK710WRQDB at 29/05/2026 19:00. Download App: https://bKa.sh/8app',
    expected: payment('bkash.cash_in_received', '500.00', 'CK710WRQDB', '01612345678', dhaka('2026-05-29T19:00'), {
      fee: '0.00',
      balance: '506.91',
    }),
  },
  {
    name: 'bKash deposit received from a bank',
    account: 'bkash',
    text: 'You have received a deposit of Tk 1,000.00 from Sonali Bank Account. Fee Tk 0.00. Balance Tk 1,140.34. TrxID CGJ2RQEQX4 at 19/07/2025 15:43',
    expected: payment(
      'bkash.deposit_received',
      '1000.00',
      'CGJ2RQEQX4',
      'Sonali Bank Account',
      dhaka('2025-07-19T15:43'),
      { fee: '0.00', balance: '1140.34' },
    ),
  },
  // ---- Nagad ----
  {
    name: 'Nagad money received, multi-word Ref',
    account: 'nagad',
    text: 'Money Received.\nAmount: Tk 600.50\nSender: 01712345678\nRef: order 77 rent\nTxnID: 7A1B2C3D\nBalance: Tk 8,781.58\n26/11/2026 10:15',
    expected: payment('nagad.money_received', '600.50', '7A1B2C3D', '01712345678', dhaka('2026-11-26T10:15'), {
      balance: '8781.58',
    }),
  },
  {
    name: 'Nagad money received, Ref 2',
    account: 'nagad',
    text: 'Money Received.\nAmount: Tk 499.00\nSender: 01816123456\nRef: 2\nTxnID: 75XVTPVI\nBalance: Tk 8781.58\n05/09/2026 20:29',
    expected: payment('nagad.money_received', '499.00', '75XVTPVI', '01816123456', dhaka('2026-09-05T20:29'), {
      balance: '8781.58',
    }),
  },
  {
    name: 'Nagad money received, Ref N/A, a round 20,300',
    account: 'nagad',
    text: 'Money Received.\nAmount: Tk 20300.00\nSender: 01700000003\nRef: N/A\nTxnID: 73CCCCCC\nBalance: Tk 20300.32\n23/01/2025 20:58',
    expected: payment('nagad.money_received', '20300.00', '73CCCCCC', '01700000003', dhaka('2025-01-23T20:58'), {
      balance: '20300.32',
    }),
  },
  {
    name: 'Nagad money received, empty Ref line',
    account: 'nagad',
    text: 'Money Received.\nAmount: Tk 1,200.00\nSender: 01812345678\nRef: \nTxnID: 7B2C3D4E\nBalance: Tk 9,400.00\n26/11/2026 21:00',
    expected: payment('nagad.money_received', '1200.00', '7B2C3D4E', '01812345678', dhaka('2026-11-26T21:00'), {
      balance: '9400.00',
    }),
  },
  {
    name: 'Nagad money received, older format without a Ref line',
    account: 'nagad',
    text: 'Money Received.\nAmount: Tk 430.00\nSender: 01648123456\nTxnID: 70L0HWIY\nBalance: Tk 7454.90\n09/03/2020 17:12',
    expected: payment('nagad.money_received', '430.00', '70L0HWIY', '01648123456', dhaka('2020-03-09T17:12'), {
      balance: '7454.90',
    }),
  },
  {
    name: 'Nagad money received on one line (line breaks turned into spaces), Ref N/A',
    account: 'nagad',
    text: 'Money Received. Amount: Tk 10.00 Sender: 01929123456 Ref: N/A TxnID: 74HQFMWH Balance: Tk 334.49 20/10/2025 18:03',
    expected: payment('nagad.money_received', '10.00', '74HQFMWH', '01929123456', dhaka('2025-10-20T18:03'), {
      balance: '334.49',
    }),
  },
  {
    name: 'Nagad money received with CRLF, a "Nagad:" prefix and lakh grouping',
    account: 'nagad',
    text: 'Nagad: Money Received.\r\nAmount: Tk 12,50,000.00\r\nSender: 01712345678\r\nRef: lakh\r\nTxnID: 7C3D4E5F\r\nBalance: Tk 13,00,000.00\r\n26/11/2026 10:15',
    expected: payment('nagad.money_received', '1250000.00', '7C3D4E5F', '01712345678', dhaka('2026-11-26T10:15'), {
      balance: '1300000.00',
    }),
  },
  {
    name: 'Nagad merchant payment received',
    account: 'nagad',
    text: 'Payment Received.\nAmount: Tk 50.00\nCustomer: 01929123456\nTxnID: 74HNEKQ8\nBalance: Tk 247.78\n20/10/2025 17:58',
    expected: payment('nagad.payment_received', '50.00', '74HNEKQ8', '01929123456', dhaka('2025-10-20T17:58'), {
      balance: '247.78',
    }),
  },
  {
    name: 'Nagad cash-out received by an uddokta, with its commission',
    account: 'nagad',
    text: 'Cash Out Received.\nAmount: Tk 2100.00\nCustomer: 01672123456\nTxnID: 71NHMIC5\nComm: Tk 8.61\nBalance: Tk 110060.81\n21/01/2023 18:30',
    expected: payment('nagad.cash_out_received', '2100.00', '71NHMIC5', '01672123456', dhaka('2023-01-21T18:30'), {
      commission: '8.61',
      balance: '110060.81',
    }),
  },
  {
    name: 'Nagad cash-out received with its line breaks lost by a forwarder (balance glued to the date)',
    account: 'nagad',
    text: 'Cash Out Received.Amount: Tk 2100.00Customer: 01672123456TxnID: 71NHMIC5Comm: Tk 8.61Balance: Tk 110060.8121/01/2023 18:30',
    expected: payment('nagad.cash_out_received', '2100.00', '71NHMIC5', '01672123456', dhaka('2023-01-21T18:30'), {
      commission: '8.61',
      balance: '110060.81',
    }),
  },
  {
    name: 'Nagad cash-in received from an uddokta (balance without Tk)',
    account: 'nagad',
    text: 'Cash In Received.\nAmount: Tk 599.00\nUddokta: 01960123456\nTxnID: 75X3V7DE\nBalance: 2957.58\n01/09/2026 22:12',
    expected: payment('nagad.cash_in_received', '599.00', '75X3V7DE', '01960123456', dhaka('2026-09-01T22:12'), {
      balance: '2957.58',
    }),
  },
  {
    name: 'Nagad cash-in received with a promo line first and the short labels Amt: and Bal:',
    account: 'nagad',
    text: 'WIN LAND IN DHAKA! CLICK NOW  nagad.io/xyz\nCash In Received.\nAmt:Tk 200.00\nUddokta:01700000002\nTxnID: 72BBBBBB\nBal:208.65\n27/03/2024 15:54',
    expected: payment('nagad.cash_in_received', '200.00', '72BBBBBB', '01700000002', dhaka('2024-03-27T15:54'), {
      balance: '208.65',
    }),
  },
  {
    name: 'Nagad B2B received',
    account: 'nagad',
    text: 'B2B Received.\nAmount: Tk 3000.00\nSender: 01810123456\nTxnID: 71R9OL1C\nBalance: Tk 16202.72\n13/03/2023 16:05',
    expected: payment('nagad.b2b_received', '3000.00', '71R9OL1C', '01810123456', dhaka('2023-03-13T16:05'), {
      balance: '16202.72',
    }),
  },
  // ---- Rocket ----
  {
    name: 'Rocket received from a full account number',
    account: 'rocket',
    text: 'Tk600.50 received from A/C:01712345678 Fee:Tk0, Your A/C Balance: Tk1,015.79 TxnId:1234567890 Date:26-NOV-26 10:15:42 am',
    expected: payment('rocket.received', '600.50', '1234567890', '01712345678', dhaka('2026-11-26T10:15:42'), {
      fee: '0.00',
      balance: '1015.79',
    }),
  },
  {
    name: 'Rocket received from a masked account, pm, with the NexusPay promo',
    account: 'rocket',
    text: 'Tk100.00 received from A/C:***946 Fee:Tk0, Your A/C Balance: Tk100.00 TxnId:6022415176 Date:27-DEC-25 08:43:52 pm. Download https://bit.ly/nexuspay',
    expected: payment('rocket.received', '100.00', '6022415176', '***946', dhaka('2025-12-27T20:43:52'), {
      fee: '0.00',
      balance: '100.00',
    }),
  },
  {
    name: 'Rocket received, newer format with Ref No and NetBal',
    account: 'rocket',
    text: 'Tk.20.00 received from A/C:***946 Ref No: NA Fee: Tk.00 NetBal: Tk41.00 TxnId: 6022164589 Date:27-DEC-25 07:17:16 pm.',
    expected: payment('rocket.received', '20.00', '6022164589', '***946', dhaka('2025-12-27T19:17:16'), {
      fee: '0.00',
      balance: '41.00',
    }),
  },
  {
    name: 'Rocket received from a 12-digit account just after midnight',
    account: 'rocket',
    text: 'Tk1,500.00 received from A/C:017123456789 Fee:Tk0, Your A/C Balance: Tk2,515.79 TxnId:6910652299 Date:01-JAN-27 12:05:09 am',
    expected: payment('rocket.received', '1500.00', '6910652299', '017123456789', dhaka('2027-01-01T00:05:09'), {
      fee: '0.00',
      balance: '2515.79',
    }),
  },
  {
    name: 'Rocket received from an account written with its check digit',
    account: 'rocket',
    text: 'Tk500.00 received from A/C:01712345678-9. Fee:Tk0, Your A/C Balance: Tk1,234.56 TxnId:1234567891 Date:28-SEP-26 02:30:45 pm.',
    expected: payment('rocket.received', '500.00', '1234567891', '01712345678-9', dhaka('2026-09-28T14:30:45'), {
      fee: '0.00',
      balance: '1234.56',
    }),
  },
  {
    name: 'Rocket cash-out received by an agent, with its commission',
    account: 'rocket',
    text: 'Cash-Out from A/C: ***097 Tk2,009.00 Comm:Tk8.43; A/C Balance: Tk87,455.82.TxnId: 6017463139 Date:25-DEC-25 05:53:00 pm. Download https://bit.ly/nexuspay',
    expected: payment('rocket.cash_out_received', '2009.00', '6017463139', '***097', dhaka('2025-12-25T17:53:00'), {
      commission: '8.43',
      balance: '87455.82',
    }),
  },
  {
    name: 'Rocket cash-in received from an agent (inferred)',
    account: 'rocket',
    text: 'Cash-In from A/C: ***4521 Tk500.00 Fee:Tk0; A/C Balance: Tk1,500.00.TxnId: 6017463201 Date:26-NOV-26 06:10:05 pm',
    expected: payment('rocket.cash_in_received', '500.00', '6017463201', '***4521', dhaka('2026-11-26T18:10:05'), {
      fee: '0.00',
      balance: '1500.00',
    }),
  },
];

function debitOf(
  templateId: string,
  type: DebitType,
  amount: string,
  trx_id: string,
  counterparty: string | null,
  time: number,
  f: Figures,
): SmsParseResult {
  return { kind: 'debit', templateId, type, amount, trx_id, counterparty, time, ...figures(f) };
}

const DEBITS: Variant[] = [
  // ---- bKash ----
  {
    name: 'bKash Send Money sent by the shop, with a Ref and a fee',
    account: 'bkash',
    text: 'Send Money Tk 510.00 to 01813123456 successful. Ref Sajib. Fee Tk 5.00. Balance Tk 4,479.65. TrxID DCK1B9P81H at 20/03/2026 00:08',
    expected: debitOf(
      'bkash.send_money',
      'send_money',
      '510.00',
      'DCK1B9P81H',
      '01813123456',
      dhaka('2026-03-20T00:08'),
      { fee: '5.00', balance: '4479.65' },
    ),
  },
  {
    name: 'bKash Send Money of 20 paisa ending with a full stop',
    account: 'bkash',
    text: 'Send Money Tk 0.20 to 01712345678 successful. Ref 2. Fee Tk 0.00. Balance Tk 0.08. TrxID DFX12AB34C at 07/06/2026 22:45.',
    expected: debitOf(
      'bkash.send_money',
      'send_money',
      '0.20',
      'DFX12AB34C',
      '01712345678',
      dhaka('2026-06-07T22:45'),
      { fee: '0.00', balance: '0.08' },
    ),
  },
  {
    name: 'bKash cash out made by the shop at an agent',
    account: 'bkash',
    text: 'Cash Out Tk 1,000.00 to 01812345678 successful. Fee Tk 18.50. Balance Tk 216.00. TrxID ZX98YU76TR at 05/10/2026 10:15',
    expected: debitOf('bkash.cash_out', 'cash_out', '1000.00', 'ZX98YU76TR', '01812345678', dhaka('2026-10-05T10:15'), {
      fee: '18.50',
      balance: '216.00',
    }),
  },
  {
    name: 'bKash cash-in to a customer by the shop as agent',
    account: 'bkash',
    text: 'Cash In Tk 2,000.00 to 01856123456 successful. Fee Tk 0.00. Balance Tk 2,851.16. TrxID AC829VTZTE at 08/03/2023 10:37',
    expected: debitOf('bkash.cash_in', 'cash_in', '2000.00', 'AC829VTZTE', '01856123456', dhaka('2023-03-08T10:37'), {
      fee: '0.00',
      balance: '2851.16',
    }),
  },
  {
    name: 'bKash "Payment Tk" to a merchant (no fee stated)',
    account: 'bkash',
    text: 'Payment Tk 100.00 to KAHF BANGLADESH LTD-RM67912 is successful. Balance Tk 601.81. TrxID DG705TRZHM at 07/07/2026 20:36',
    expected: debitOf(
      'bkash.payment',
      'payment',
      '100.00',
      'DG705TRZHM',
      'KAHF BANGLADESH LTD-RM67912',
      dhaka('2026-07-07T20:36'),
      { balance: '601.81' },
    ),
  },
  {
    name: 'bKash "Payment of Tk" to a merchant',
    account: 'bkash',
    text: 'Payment of Tk 1,015.50 to AS-SUNNAH FOUNDATION-RM56187 is successful. Balance Tk 1,115.15. TrxID DCD92UO50N at 13/03/2026 15:30',
    expected: debitOf(
      'bkash.payment',
      'payment',
      '1015.50',
      'DCD92UO50N',
      'AS-SUNNAH FOUNDATION-RM56187',
      dhaka('2026-03-13T15:30'),
      { balance: '1115.15' },
    ),
  },
  {
    name: 'bKash B2B transfer sent',
    account: 'bkash',
    text: 'B2B Transfer Tk 2,000.00 to 01704123456 successful. Fee Tk 0.00. Balance Tk 7,521.24. TrxID ACD7FJDL8B at 13/03/2023 16:48',
    expected: debitOf('bkash.b2b', 'b2b', '2000.00', 'ACD7FJDL8B', '01704123456', dhaka('2023-03-13T16:48'), {
      fee: '0.00',
      balance: '7521.24',
    }),
  },
  {
    name: 'bKash mobile recharge (inferred)',
    account: 'bkash',
    text: 'Mobile Recharge Tk 50.00 to 01612345678 successful. Fee Tk 0.00. Balance Tk 950.00. TrxID DH7REC0001 at 01/10/2026 09:00',
    expected: debitOf('bkash.recharge', 'recharge', '50.00', 'DH7REC0001', '01612345678', dhaka('2026-10-01T09:00'), {
      fee: '0.00',
      balance: '950.00',
    }),
  },
  {
    name: 'bKash bill paid (no balance stated)',
    account: 'bkash',
    text: 'Bill successfully paid.\nBiller: PALLI BIDYUT\nMM/YYYY: 052026\nSMS Account: 1234567890123\nAmount: Tk 485.00\nFee: Tk 0.00\nTrxID: DG7QWE12RT at 26/05/2026 10:00',
    expected: debitOf('bkash.bill', 'bill', '485.00', 'DG7QWE12RT', null, dhaka('2026-05-26T10:00'), { fee: '0.00' }),
  },
  // ---- Nagad ----
  {
    name: 'Nagad Send Money sent, on one line, with Ref and fee',
    account: 'nagad',
    text: 'Send Money Successful. Amount: Tk 660.00 Receiver: 01321123456 Ref: tasfia TxnID: 73XL3F8B Fee: Tk 5.00 Balance: Tk 2400.00 16/05/2025 12:58',
    expected: debitOf(
      'nagad.send_money',
      'send_money',
      '660.00',
      '73XL3F8B',
      '01321123456',
      dhaka('2025-05-16T12:58'),
      { fee: '5.00', balance: '2400.00' },
    ),
  },
  {
    name: 'Nagad Send Money sent, multi-line',
    account: 'nagad',
    text: 'Send Money Successful.\nAmount: Tk 500.00\nReceiver: 01712345678\nRef: back\nTxnID: 72AB34CD\nFee: Tk 0.00\nBalance: Tk 1,200.00\n26/11/2026 10:15',
    expected: debitOf(
      'nagad.send_money',
      'send_money',
      '500.00',
      '72AB34CD',
      '01712345678',
      dhaka('2026-11-26T10:15'),
      { fee: '0.00', balance: '1200.00' },
    ),
  },
  {
    name: 'Nagad cash-in to a customer by the shop as uddokta, with its commission, title glued',
    account: 'nagad',
    text: 'Cash In Successful.Amount: Tk 3000.00 Customer: 01827123456 TxnID: 71R8DC4R Comm: Tk 12.30 Balance: Tk 10980.99 12/03/2023 22:06',
    expected: debitOf('nagad.cash_in', 'cash_in', '3000.00', '71R8DC4R', '01827123456', dhaka('2023-03-12T22:06'), {
      commission: '12.30',
      balance: '10980.99',
    }),
  },
  {
    name: 'Nagad B2B transfer sent',
    account: 'nagad',
    text: 'B2B Transfer Successful. Amount: Tk 3000.00 Receiver: 01810123456 TxnID: 71R9VMKW Balance: Tk 43462.02 13/03/2023 17:30',
    expected: debitOf('nagad.b2b', 'b2b', '3000.00', '71R9VMKW', '01810123456', dhaka('2023-03-13T17:30'), {
      balance: '43462.02',
    }),
  },
  {
    name: 'Nagad payment to a merchant, the merchant in quotes',
    account: 'nagad',
    text: "Payment to 'Sample Ministry' is Successful.\nAmount: Tk  107.07\nTxnID: 72DDDDDD\nBalance: Tk 32.90\n03/11/2023 13:58",
    expected: debitOf('nagad.payment', 'payment', '107.07', '72DDDDDD', 'Sample Ministry', dhaka('2023-11-03T13:58'), {
      balance: '32.90',
    }),
  },
  {
    name: 'Nagad cash out at an uddokta (inferred)',
    account: 'nagad',
    text: 'Cash Out Successful.\nAmount: Tk 1000.00\nUddokta: 01712345600\nTxnID: 74QW12ER\nFee: Tk 12.50\nBalance: Tk 487.50\n26/11/2026 11:40',
    expected: debitOf('nagad.cash_out', 'cash_out', '1000.00', '74QW12ER', '01712345600', dhaka('2026-11-26T11:40'), {
      fee: '12.50',
      balance: '487.50',
    }),
  },
  {
    name: 'Nagad mobile recharge (inferred)',
    account: 'nagad',
    text: 'Mobile Recharge Successful.\nAmount: Tk 100.00\nMobile: 01712345678\nTxnID: 75RC1D2E\nBalance: Tk 850.00\n26/11/2026 09:30',
    expected: debitOf('nagad.recharge', 'recharge', '100.00', '75RC1D2E', '01712345678', dhaka('2026-11-26T09:30'), {
      balance: '850.00',
    }),
  },
  // ---- Rocket ----
  {
    name: 'Rocket money transferred to an account',
    account: 'rocket',
    text: 'Tk2,000.00 transferred to A/C:018687123456 Fee:Tk1.27, Your A/C Balance: Tk311.96 TxnId:1755363871 Date:23-MAY-20 03:28:02 pm. Download https://bit.ly/nexuspay',
    expected: debitOf(
      'rocket.send_money',
      'send_money',
      '2000.00',
      '1755363871',
      '018687123456',
      dhaka('2020-05-23T15:28:02'),
      { fee: '1.27', balance: '311.96' },
    ),
  },
  {
    name: 'Rocket money sent to a masked account',
    account: 'rocket',
    text: 'Tk500.00 sent to A/C:***123 Fee:Tk5.00, Your A/C Balance: Tk100.00 TxnId:6022415180 Date:27-DEC-25 08:50:00 pm',
    expected: debitOf(
      'rocket.send_money',
      'send_money',
      '500.00',
      '6022415180',
      '***123',
      dhaka('2025-12-27T20:50:00'),
      { fee: '5.00', balance: '100.00' },
    ),
  },
  {
    name: 'Rocket cash out at an agent, its fields glued without spaces',
    account: 'rocket',
    text: 'Cash-Out to A/C:***336Tk902.00Fee:Tk15.06 Your A/C Balance: Tk326.89.TxnId:5762726721Date:27-SEP-25 05:59:38 pm. Please download https://bit.ly/nexuspay',
    expected: debitOf('rocket.cash_out', 'cash_out', '902.00', '5762726721', '***336', dhaka('2025-09-27T17:59:38'), {
      fee: '15.06',
      balance: '326.89',
    }),
  },
];

function credit(
  reason: SmsIgnoredReason,
  amount: string,
  trx_id: string,
  time: number,
  balance: string,
  fee = '0.00',
): SmsParseResult {
  return { kind: 'ignored', reason, movement: { direction: 'credit', amount, fee, balance, time, trx_id } };
}

const OWN_CREDITS: Variant[] = [
  {
    name: 'bKash cashback credited',
    account: 'bkash',
    text: 'Congratulations! You have received Cashback Tk 50.00. Balance Tk 71.91. TrxID DCX12AB34C at 29/05/2026 19:15. Cashback on bkash transaction',
    expected: credit('reward', '50.00', 'DCX12AB34C', dhaka('2026-05-29T19:15'), '71.91'),
  },
  {
    name: 'bKash cashback of Tk 1 on an agent account',
    account: 'bkash',
    text: 'Congratulations! You have received Cashback Tk 1.00. Balance Tk 91,950.74. TrxID AC889WE2G0 at 08/03/2023 10:50',
    expected: credit('reward', '1.00', 'AC889WE2G0', dhaka('2023-03-08T10:50'), '91950.74'),
  },
  {
    name: 'bKash Send Money nobody collected, returned',
    account: 'bkash',
    text: 'Sorry, your Send Money request to 01765123456 is unsuccessful! Tk 30 has been returned. Balance Tk 73.50. TrxID BKA96AB813 at 10/11/2024 14:00',
    expected: credit('failed', '30.00', 'BKA96AB813', dhaka('2024-11-10T14:00'), '73.50'),
  },
  {
    name: "bKash Add Money from the owner's card (inferred)",
    account: 'bkash',
    text: 'Add Money Tk 2,000.00 from card successful. Balance Tk 2,500.00. TrxID DAB12CD34E at 26/11/2026 10:15',
    expected: credit('not_a_payment', '2000.00', 'DAB12CD34E', dhaka('2026-11-26T10:15'), '2500.00'),
  },
  {
    name: "Nagad Add Money from the owner's bank",
    account: 'nagad',
    text: 'Add Money from Bank is Successful. From: Eastern Bank PLC. Amount: Tk 2100.0 TxnID: 75NA7YH3 Balance: Tk 6100.62 09/07/2026 20:53',
    expected: credit('not_a_payment', '2100.00', '75NA7YH3', dhaka('2026-07-09T20:53'), '6100.62'),
  },
];

describe('parseSms: supported variants', () => {
  it.each(PAYMENTS)(
    'When a $name SMS arrives, then it is a payment with its exact fields',
    ({ account, text, expected }) => {
      expect(parse(account, text)).toEqual(expected);
    },
  );

  it.each(DEBITS)(
    'When a $name SMS arrives, then it is a debit with its exact fields, never a payment',
    ({ account, text, expected }) => {
      expect(parse(account, text)).toEqual(expected);
    },
  );

  it.each(OWN_CREDITS)(
    'When a $name SMS arrives, then it is ignored but carries its credit to the balance',
    ({ account, text, expected }) => {
      expect(parse(account, text)).toEqual(expected);
    },
  );

  it('When the variants are counted, then every built-in template has at least one real-shaped message here', () => {
    const covered = new Set(
      [...PAYMENTS, ...DEBITS].flatMap((v) =>
        v.expected.kind === 'payment' || v.expected.kind === 'debit' ? [v.expected.templateId] : [],
      ),
    );
    const credits = BUILTIN_TEMPLATES.filter((t) => t.reads.kind === 'credit');
    for (const template of credits) {
      const mine = OWN_CREDITS.filter(
        (v) => v.account === template.account && new RegExp(template.pattern, 'is').test(v.text),
      );
      if (mine.length > 0) covered.add(template.id);
    }
    expect(BUILTIN_TEMPLATES.map((template) => template.id).filter((id) => !covered.has(id))).toEqual([]);
  });

  it.each(BUILTIN_TEMPLATES.map((template) => [template.id, template] as const))(
    'When the example of %s is parsed, then that template reads it as what it is',
    (_id, template) => {
      const result = parse(template.account, template.example);
      if (template.reads.kind === 'credit') {
        expect(result).toMatchObject({
          kind: 'ignored',
          reason: template.reads.reason,
          movement: { direction: 'credit' },
        });
      } else {
        expect(result).toMatchObject({ kind: template.reads.kind, templateId: template.id });
      }
    },
  );
});

const IGNORED: { name: string; account: SmsAccount; text: string; reason: SmsIgnoredReason }[] = [
  {
    name: 'bKash verification code',
    account: 'bkash',
    text: 'Your bKash verification code is 956586. Expires in 2 minutes.',
    reason: 'otp',
  },
  {
    name: 'bKash verification code in Bengali (inferred)',
    account: 'bkash',
    text: 'আপনার বিকাশ ভেরিফিকেশন কোড ৪৭১৯২৩। কোডটি কাউকে দেবেন না।',
    reason: 'otp',
  },
  {
    name: 'Nagad e-commerce OTP',
    account: 'nagad',
    text: 'Your One Time Password (OTP) for Nagad ECOM is 482913. Validity for OTP is 10 minutes. Helpline 16167.',
    reason: 'otp',
  },
  {
    name: 'Nagad device registration code',
    account: 'nagad',
    text: 'Never Share Any Code.\nDevice registration request.\nUsername:01700000009\nOTP/Code: 381205\nExpiry time:09:51:32\nUID: AB12CD34EF5',
    reason: 'otp',
  },
  {
    name: 'Rocket (DBBL) card OTP, the code before the word',
    account: 'rocket',
    text: 'Dear Customer, 671016 is your OTP for e-com transaction of Debit Card no# 4840****7242 which will be valid for 5 minutes.',
    reason: 'otp',
  },
  { name: 'Nagad OTP', account: 'nagad', text: 'Your Nagad OTP is 4821. Do not share it with anyone.', reason: 'otp' },
  {
    name: 'outgoing wording no built-in template reads',
    account: 'bkash',
    text: 'You have paid Tk 1,420.00 for DESCO bill. TrxID DFK12AB34X at 01/10/2026 10:00',
    reason: 'outgoing',
  },
  {
    name: 'Nagad cashback without a balance',
    account: 'nagad',
    text: "Congrats! You've received Cashback 5.0 Tk for Mobile Recharge of 100.0 Tk. | 01/02/2024 10:00 | For Details Call 16167",
    reason: 'reward',
  },
  {
    name: 'Nagad warning in Bengali',
    account: 'nagad',
    text: 'সতর্কতা: আপনার পিন বা কোড কাউকে দেবেন না।',
    reason: 'notice',
  },
  {
    name: 'Rocket failed transaction',
    account: 'rocket',
    text: 'Your transaction of Tk750.00 has failed due to insufficient balance. Call 16216 for help.',
    reason: 'failed',
  },
  {
    name: 'bKash promotion',
    account: 'bkash',
    text: 'Get 20% cashback on bKash payment at Daraz! Offer valid till 30 Nov. Details: https://bka.sh/offer',
    reason: 'promotion',
  },
  {
    name: 'Nagad promotion with a USSD code',
    account: 'nagad',
    text: 'Nagad e taka pathan free! Dial *167# ekhoni.',
    reason: 'promotion',
  },
  {
    name: 'bKash balance notice',
    account: 'bkash',
    text: 'Your bKash account balance is Tk 1,234.56 as of 26/11/2026 10:15.',
    reason: 'notice',
  },
  {
    name: 'text that is nothing of the above',
    account: 'rocket',
    text: 'Dear customer, our service will be unavailable tonight from 2 to 4.',
    reason: 'not_a_payment',
  },
];

describe('parseSms: messages that are not payments', () => {
  it.each(IGNORED)(
    'When a $name SMS arrives, then it is ignored as $reason, with no balance movement',
    ({ account, text, reason }) => {
      expect(parse(account, text)).toEqual({ kind: 'ignored', reason, movement: null });
    },
  );

  it("When another wallet's SMS reaches a device of this account, then it is ignored as other_wallet", () => {
    expect(parseSms({ account: 'nagad', from: 'bKash', text: PAYMENTS[0].text })).toEqual({
      kind: 'ignored',
      reason: 'other_wallet',
      movement: null,
    });
  });
});

describe("parseSms: only the wallet's own sender id counts", () => {
  const genuine =
    'You have received Tk 25,000.00 from 01712345678. Fee Tk 0.00. Balance Tk 26,117.78. TrxID SP12345678 at 27/11/2026 00:25';

  it.each(['16247', '+16247', 'B K A S H', 'bkash.', 'bKash-Pay', '01712345678', '+8801712345678', 'bKashNotice', ''])(
    'When a perfect bKash payment text comes from %j, then it is an unknown sender, never a payment',
    (from) => {
      expect(parseSms({ account: 'bkash', from, text: genuine })).toEqual({
        kind: 'ignored',
        reason: 'unknown_sender',
        movement: null,
      });
    },
  );

  it('When a Nagad or Rocket text comes from a helpline, a + prefix or a look-alike, then it is an unknown sender', () => {
    const nagad = PAYMENTS.find((v) => v.account === 'nagad')!.text;
    const rocket = PAYMENTS.find((v) => v.account === 'rocket')!.text;
    for (const from of ['16167', 'N A G A D', 'NAGAD.', 'Nagad Pay']) {
      expect(parseSms({ account: 'nagad', from, text: nagad }), from).toMatchObject({
        kind: 'ignored',
        reason: 'unknown_sender',
      });
    }
    for (const from of ['+16216', '016216', '16 216', 'Rocket', 'DBBL']) {
      expect(parseSms({ account: 'rocket', from, text: rocket }), from).toMatchObject({
        kind: 'ignored',
        reason: 'unknown_sender',
      });
    }
  });

  it('When the sender id differs only in letter case or surrounding spaces, then it is the wallet', () => {
    for (const from of ['bKash', 'BKash ', ' bkash', 'BKASH']) expect(walletOfSender(from), from).toBe('bkash');
    for (const from of ['NAGAD', 'Nagad', ' nagad ']) expect(walletOfSender(from), from).toBe('nagad');
    expect(walletOfSender(' 16216 ')).toBe('rocket');
    expect(parseSms({ account: 'bkash', from: 'BKash ', text: genuine })).toMatchObject({
      kind: 'payment',
      trx_id: 'SP12345678',
    });
  });
});

describe("parseSms: the TrxID and time are the message's own trailing fields", () => {
  it("When the payer's Ref carries a TrxID and a future date before the real ones, then the SMS is ambiguous, not EVIL", () => {
    const attack =
      'You have received Tk 500.00 from 01712345678. Ref a. TrxID EVIL123456 at 29/11/2026 00:25. Fee Tk 0.00. Balance Tk 1,617.78. TrxID REAL123456 at 27/11/2026 00:25';
    expect(parse('bkash', attack)).toEqual({ kind: 'unparsed', reason: 'ambiguous', templateId: null });
  });

  it('When a Nagad Ref carries "TxnID: … <date>", on lines or on one line, then the SMS is ambiguous', () => {
    const lines =
      'Money Received.\nAmount: Tk 500.00\nSender: 01712345678\nRef: a TxnID: NEVIL123 01/01/2026 10:00\nTxnID: 7REAL123\nBalance: Tk 8,781.58\n27/11/2026 00:25';
    expect(parse('nagad', lines)).toEqual({ kind: 'unparsed', reason: 'ambiguous', templateId: null });
    expect(parse('nagad', lines.replace(/\n/g, ' '))).toEqual({
      kind: 'unparsed',
      reason: 'ambiguous',
      templateId: null,
    });
  });

  it('When a Ref carries only a second date with a time, then the SMS is ambiguous too', () => {
    const text =
      'You have received Tk 500.00 from 01712345678. Ref paid 29/11/2026 00:25. Fee Tk 0.00. Balance Tk 1,617.78. TrxID REAL123456 at 27/11/2026 00:25';
    expect(parse('bkash', text)).toMatchObject({ kind: 'unparsed', reason: 'ambiguous' });
  });

  it('When two payment messages arrive glued into one text, then the SMS is ambiguous', () => {
    expect(parse('bkash', `${PAYMENTS[0].text}\n${PAYMENTS[1].text}`)).toEqual({
      kind: 'unparsed',
      reason: 'ambiguous',
      templateId: null,
    });
  });

  it('When a Ref imitates the amount, sender, fee and balance but no TrxID or time, then the genuine fields are read', () => {
    const text =
      'You have received Tk 10.00 from 01712341234. Ref You have received Tk 25,000.00 from 01999999999. Fee Tk 0.00. Balance Tk 99,999.00. Fee Tk 0.00. Balance Tk 1,580.14. TrxID DED220AB14 at 17/05/2026 15:45';
    expect(parse('bkash', text)).toEqual(
      payment('bkash.send_money_received', '10.00', 'DED220AB14', '01712341234', dhaka('2026-05-17T15:45'), {
        fee: '0.00',
        balance: '1580.14',
      }),
    );
  });

  it('When a Ref holds a whole fake "You have received" sentence in a wording no template reads, then no template reads the fake', () => {
    // Built-in templates start where the wallet's message starts, so a payer's Ref is never read as a message.
    const unknownWording =
      'You have received remittance of Tk 10.00 from Western Union. Ref You have received Tk 25,000.00 from 01700000000. Fee Tk 0.00. Balance Tk 1,010.00. TrxID DKR4QW8ZX1 at 26/11/2026 10:15';
    expect(parse('bkash', unknownWording)).toEqual({ kind: 'unparsed', reason: 'no_template', templateId: null });
    const debitWithFakeRef =
      'Send Money Tk 500.00 to 01813123456 successful. Ref You have received Tk 25,000.00 from 01700000000. Fee Tk 0.00. Balance Tk 500.00. TrxID DCK1B9P81H at 20/03/2026 00:08';
    expect(parse('bkash', debitWithFakeRef)).toMatchObject({
      kind: 'debit',
      type: 'send_money',
      amount: '500.00',
      trx_id: 'DCK1B9P81H',
    });
  });

  it('When a custom template reads its TrxID out of the Ref, then the message is ambiguous, not a payment of that id', () => {
    const fromRef: SmsTemplate = {
      ...REMITTANCE_TEMPLATE,
      id: 'custom-ref',
      pattern: String.raw`remittance of Tk\s*(?<amount>[\d,.]+).*?Ref (?<trx_id>\w+)`,
      timeFormat: null,
    };
    const text = REMITTANCE_TEXT.replace('Western Union.', 'Western Union. Ref DKR9FAKE00.');
    expect(parse('bkash', text, [fromRef])).toEqual({
      kind: 'unparsed',
      reason: 'ambiguous',
      templateId: 'custom-ref',
    });
  });
});

describe('parseSms: unreadable payments go to an admin, never a guess', () => {
  const bkash = (amount: string, tail = 'TrxID CJU0AB12C6 at 30/10/2025 21:02', balance = '1,117.78') =>
    `You have received Tk ${amount} from 01533123456. Fee Tk 0.00. Balance Tk ${balance}. ${tail}`;

  it('When the amount is ambiguous (decimal comma?), then the SMS is unparsed, not 125 or 1.25', () => {
    expect(parse('bkash', bkash('1,25'))).toEqual({
      kind: 'unparsed',
      reason: 'amount_unreadable',
      templateId: 'bkash.send_money_received',
    });
  });

  it('When the amount has more than two decimals or is zero, then the SMS is unparsed', () => {
    expect(parse('bkash', bkash('1,250.005'))).toMatchObject({ kind: 'unparsed', reason: 'amount_unreadable' });
    expect(parse('bkash', bkash('0.00'))).toMatchObject({ kind: 'unparsed', reason: 'amount_unreadable' });
  });

  it('When the stated balance is not an exact figure, then the SMS is unparsed', () => {
    expect(parse('bkash', bkash('500.00', undefined, '1,11,7.78'))).toEqual({
      kind: 'unparsed',
      reason: 'balance_unreadable',
      templateId: 'bkash.send_money_received',
    });
  });

  it('When the transaction id is too short for an order id, then the SMS is unparsed', () => {
    expect(parse('bkash', bkash('500.00', 'TrxID AB12 at 30/10/2025 21:02'))).toMatchObject({
      kind: 'unparsed',
      reason: 'trx_id_unreadable',
    });
  });

  it('When the date does not exist, then the SMS is unparsed rather than dated wrongly', () => {
    expect(parse('bkash', bkash('500.00', 'TrxID CJU0AB12C6 at 31/02/2026 21:02'))).toMatchObject({
      kind: 'unparsed',
      reason: 'time_unreadable',
    });
    expect(parse('bkash', bkash('500.00', 'TrxID CJU0AB12C6 at 30/10/2025 25:02'))).toMatchObject({
      kind: 'unparsed',
      reason: 'time_unreadable',
    });
  });

  it('When a transaction id has look-alike letters from another alphabet, then no template reads it and it is unparsed', () => {
    const text =
      'Payment Received.\nAmount: Tk 50.00\nCustomer: 01929123456\nTxnID: 74HΝΕΚΟ8\nBalance: Tk 247.78\n20/10/2025 17:58';
    expect(parse('nagad', text)).toEqual({ kind: 'unparsed', reason: 'no_template', templateId: null });
  });

  it('When money arrives in a format no template knows, then it is unparsed, even with "failed" in its promo tail', () => {
    expect(parse('bkash', REMITTANCE_TEXT)).toEqual({ kind: 'unparsed', reason: 'no_template', templateId: null });
    expect(parse('bkash', `${REMITTANCE_TEXT}. Transaction failed? Call 16247`)).toEqual({
      kind: 'unparsed',
      reason: 'no_template',
      templateId: null,
    });
  });

  it('When a payment has a promo tail mentioning failure, then the built-in template still reads it', () => {
    expect(parse('bkash', `${PAYMENTS[0].text}. If a transaction failed, call 16247.`)).toMatchObject({
      kind: 'payment',
      trx_id: 'CJU0AB12C6',
    });
  });
});

describe('parseSms: custom templates', () => {
  it('When an admin template reads a new format with fee and balance, then the SMS is a payment by that template', () => {
    const withFigures: SmsTemplate = {
      ...REMITTANCE_TEMPLATE,
      pattern: String.raw`received remittance of Tk\s*(?<amount>[\d,.]+) from (?<sender>[^.]+)\. Fee Tk (?<fee>[\d,.]+?)\. Balance Tk (?<balance>[\d,.]+?)\. TrxID (?<trx_id>\w+) at (?<time>[\d/]+ [\d:]+)`,
    };
    expect(parse('bkash', REMITTANCE_TEXT, [withFigures])).toEqual(
      payment('custom-7', '10000.00', 'DKR4QW8ZX1', 'Western Union', dhaka('2026-11-26T10:15'), {
        fee: '0.00',
        balance: '12000.00',
      }),
    );
    expect(parse('bkash', REMITTANCE_TEXT, [REMITTANCE_TEMPLATE])).toEqual(
      payment('custom-7', '10000.00', 'DKR4QW8ZX1', 'Western Union', dhaka('2026-11-26T10:15'), {}),
    );
  });

  it('When a template belongs to another account, then it is not used', () => {
    expect(parseSms({ account: 'rocket', from: '16216', text: REMITTANCE_TEXT }, [REMITTANCE_TEMPLATE])).toMatchObject({
      kind: 'unparsed',
      reason: 'no_template',
    });
  });

  it('When a custom template agrees with a built-in one, then the custom one is named; when they disagree, it is ambiguous', () => {
    const agreeing: SmsTemplate = {
      ...REMITTANCE_TEMPLATE,
      id: 'custom-8',
      pattern: String.raw`Tk (?<amount>[\d,.]+) from.*TrxID (?<trx_id>\w+)`,
      timeFormat: null,
    };
    expect(parse('bkash', PAYMENTS[1].text, [agreeing])).toMatchObject({
      kind: 'payment',
      templateId: 'custom-8',
      amount: '5075.00',
    });
    const disagreeing: SmsTemplate = {
      ...agreeing,
      id: 'custom-9',
      pattern: String.raw`Balance Tk (?<amount>[\d,.]+?)\. TrxID (?<trx_id>\w+)`,
    };
    expect(parse('bkash', PAYMENTS[1].text, [disagreeing])).toEqual({
      kind: 'unparsed',
      reason: 'ambiguous',
      templateId: 'custom-9',
    });
  });

  it('When a custom template reads a debit as money received, then the readings disagree and it is ambiguous', () => {
    const greedy: SmsTemplate = {
      ...REMITTANCE_TEMPLATE,
      id: 'custom-10',
      pattern: String.raw`Tk (?<amount>[\d,.]+) to.*TrxID (?<trx_id>\w+)`,
      timeFormat: null,
    };
    expect(parse('bkash', DEBITS[0].text, [greedy])).toEqual({
      kind: 'unparsed',
      reason: 'ambiguous',
      templateId: 'custom-10',
    });
  });

  it('When a custom template times out and nothing else reads the SMS, then it is unparsed as template_timeout', () => {
    const timingOut = () => ({ status: 'timeout' as const });
    expect(
      parseSms({ account: 'bkash', from: 'bKash', text: REMITTANCE_TEXT }, [REMITTANCE_TEMPLATE], timingOut),
    ).toEqual({
      kind: 'unparsed',
      reason: 'template_timeout',
      templateId: 'custom-7',
    });
    expect(
      parseSms({ account: 'bkash', from: 'bKash', text: PAYMENTS[0].text }, [REMITTANCE_TEMPLATE], timingOut),
    ).toMatchObject({
      kind: 'payment',
      templateId: 'bkash.send_money_received',
    });
  });
});

describe('ledgerMovement', () => {
  /** Paisa of a decimal string, computed independently of the parser. */
  const paisa = (decimal: string) => Math.round(Number(decimal) * 100);
  const next = (previous: number, m: LedgerMovement) =>
    previous + (m.direction === 'credit' ? 1 : -1) * paisa(m.amount) - paisa(m.fee);

  it('When a day of one bKash account is read in order, then each stated balance follows from the previous one to the paisa', () => {
    const day = [
      'You have received Tk 1,250.00 from 01712345678. Ref rent. Fee Tk 0.00. Balance Tk 2,250.00. TrxID DA12CD34EF at 26/11/2026 10:15',
      'Send Money Tk 510.00 to 01813123456 successful. Ref back. Fee Tk 5.00. Balance Tk 1,735.00. TrxID DB12CD34EF at 26/11/2026 10:20',
      'Congratulations! You have received Cashback Tk 10.00. Balance Tk 1,745.00. TrxID DC12CD34EF at 26/11/2026 10:21',
      'Payment Tk 100.00 to KAHF BANGLADESH LTD-RM67912 is successful. Balance Tk 1,645.00. TrxID DD12CD34EF at 26/11/2026 11:00',
      'Cash Out Tk 1,000.00 to 01812345678 successful. Fee Tk 18.50. Balance Tk 626.50. TrxID DE12CD34EF at 26/11/2026 12:00',
      'Sorry, your Send Money request to 01765123456 is unsuccessful! Tk 510 has been returned. Balance Tk 1,136.50. TrxID DF12CD34EF at 26/11/2026 13:00',
    ];
    let balance = paisa('1000.00');
    for (const text of day) {
      const movement = ledgerMovement(parse('bkash', text));
      expect(movement, text).not.toBeNull();
      balance = next(balance, movement!);
      expect(balance, text).toBe(paisa(movement!.balance));
    }
  });

  it("When an agent earns a commission, then the movement's fee is negative so that the same rule chains", () => {
    const cashOut = ledgerMovement(
      parse('nagad', PAYMENTS.find((v) => v.name.startsWith('Nagad cash-out received by'))!.text),
    );
    expect(cashOut).toEqual({
      direction: 'credit',
      amount: '2100.00',
      fee: '-8.61',
      balance: '110060.81',
      time: dhaka('2023-01-21T18:30'),
      trx_id: '71NHMIC5',
    });
    expect(next(paisa('107952.20'), cashOut!)).toBe(paisa('110060.81'));
    const cashIn = ledgerMovement(parse('nagad', DEBITS.find((v) => v.name.startsWith('Nagad cash-in'))!.text));
    expect(cashIn).toMatchObject({ direction: 'debit', amount: '3000.00', fee: '-12.30', balance: '10980.99' });
  });

  it('When a result states no balance or is not a transaction, then there is no movement', () => {
    expect(ledgerMovement(parse('bkash', DEBITS.find((v) => v.name.startsWith('bKash bill'))!.text))).toBeNull();
    expect(ledgerMovement(parse('bkash', REMITTANCE_TEXT, [REMITTANCE_TEMPLATE]))).toBeNull();
    expect(ledgerMovement(parse('bkash', 'Your bKash verification code is 956586.'))).toBeNull();
    expect(ledgerMovement(parse('bkash', REMITTANCE_TEXT))).toBeNull();
  });

  it('When every variant that states a balance is read, then it exposes exactly one movement of its own amount', () => {
    for (const { account, text, expected } of [...PAYMENTS, ...DEBITS, ...OWN_CREDITS]) {
      const movement = ledgerMovement(parse(account, text));
      const stated =
        expected.kind === 'ignored' ? expected.movement?.balance : 'balance' in expected ? expected.balance : null;
      expect(movement?.balance ?? null, text).toBe(stated ?? null);
      if (movement) expect(movement.direction, text).toBe(expected.kind === 'debit' ? 'debit' : 'credit');
    }
  });
});
