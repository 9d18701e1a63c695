// Every supported variant of a "money received" SMS with its exact fields, the kinds of message that are not
// payments, and the tricky cases from shop owners' parse-failure reports (docs/decisions/050-sms-formats.md).
// Shapes follow real messages; phone numbers, ids and balances are invented.
import { describe, expect, it } from 'vitest';
import { BUILTIN_TEMPLATES } from './builtin-templates.js';
import { parseSms, walletOfSender, type SmsIgnoredReason, type SmsParseResult } from './parse-sms.js';
import type { SmsAccount, SmsTemplate } from './sms-template.js';
import { REMITTANCE_TEMPLATE, REMITTANCE_TEXT, WALLET_FROM as FROM, dhaka } from './sms-test-fixtures.js';

function parse(account: SmsAccount, text: string, custom: SmsTemplate[] = []): SmsParseResult {
  return parseSms({ account, from: FROM[account], text }, custom);
}

interface Variant {
  name: string;
  account: SmsAccount;
  text: string;
  expected: { templateId: string; amount: string; trx_id: string; sender: string | null; time: number };
}

const VARIANTS: Variant[] = [
  // ---- bKash ----
  {
    name: 'bKash Send Money received, one-word Ref',
    account: 'bkash',
    text: 'You have received Tk 500.00 from 01533123456. Ref 123. Fee Tk 0.00. Balance Tk 1,117.78. TrxID CJU0AB12C6 at 30/10/2025 21:02',
    expected: { templateId: 'bkash.send_money_received', amount: '500.00', trx_id: 'CJU0AB12C6', sender: '01533123456', time: dhaka('2025-10-30T21:02') },
  },
  {
    name: 'bKash Send Money received, no Ref, thousands separator',
    account: 'bkash',
    text: 'You have received Tk 5,075.00 from 01735123456. Fee Tk 0.00. Balance Tk 6,075.50. TrxID BLU1X6Y87P at 30/12/2024 13:22',
    expected: { templateId: 'bkash.send_money_received', amount: '5075.00', trx_id: 'BLU1X6Y87P', sender: '01735123456', time: dhaka('2024-12-30T13:22') },
  },
  {
    name: 'bKash Send Money received, multi-word Ref glued to the number',
    account: 'bkash',
    text: 'You have received Tk 20,172.00 from 01815123456.Ref jazakallah vai. Fee Tk 0.00. Balance Tk 20,329.00. TrxID CAK845MQGS at 20/01/2025 10:53',
    expected: { templateId: 'bkash.send_money_received', amount: '20172.00', trx_id: 'CAK845MQGS', sender: '01815123456', time: dhaka('2025-01-20T10:53') },
  },
  {
    name: 'bKash Send Money received, multi-word Ref (PipraPay issue 30)',
    account: 'bkash',
    text: 'You have received Tk 10.00 from 01712341234. Ref test payment. Fee Tk 0.00. Balance Tk 1,580.14. TrxID DED220AB14 at 17/05/2026 15:45',
    expected: { templateId: 'bkash.send_money_received', amount: '10.00', trx_id: 'DED220AB14', sender: '01712341234', time: dhaka('2026-05-17T15:45') },
  },
  {
    name: 'bKash Send Money received, Ref with full stops inside',
    account: 'bkash',
    text: 'You have received Tk 1,250.00 from 01712345678. Ref Inv. 55 for Mr. Karim. Fee Tk 0.00. Balance Tk 18,345.50. TrxID AB12CD34EF at 26/11/2026 10:15',
    expected: { templateId: 'bkash.send_money_received', amount: '1250.00', trx_id: 'AB12CD34EF', sender: '01712345678', time: dhaka('2026-11-26T10:15') },
  },
  {
    name: 'bKash Send Money received, empty Ref',
    account: 'bkash',
    text: 'You have received Tk 1,250.00 from 01712345678. Ref . Fee Tk 0.00. Balance Tk 18,345.50. TrxID AB12CD34EF at 26/11/2026 10:15',
    expected: { templateId: 'bkash.send_money_received', amount: '1250.00', trx_id: 'AB12CD34EF', sender: '01712345678', time: dhaka('2026-11-26T10:15') },
  },
  {
    name: 'bKash money received from an organisation name, no Fee, trailing full stop',
    account: 'bkash',
    text: 'You have received Tk 63.00 from OnnorokomWeb. Balance Tk 1,082.65. TrxID DE971AB13F at 09/05/2026 21:32.',
    expected: { templateId: 'bkash.send_money_received', amount: '63.00', trx_id: 'DE971AB13F', sender: 'OnnorokomWeb', time: dhaka('2026-05-09T21:32') },
  },
  {
    name: 'bKash money received with Tk. / TK / ৳ spellings and no space before the amount',
    account: 'bkash',
    text: 'You have received TK.600.50 from 01912345678. Fee ৳0.00. Balance Tk.1,234.50. TrxID CKA7Q2LM9P at 26/11/2026 10:15',
    expected: { templateId: 'bkash.send_money_received', amount: '600.50', trx_id: 'CKA7Q2LM9P', sender: '01912345678', time: dhaka('2026-11-26T10:15') },
  },
  {
    name: 'bKash money received written in Bengali digits',
    account: 'bkash',
    text: 'You have received Tk ১,২৫০.০০ from ০১৭১২৩৪৫৬৭৮. Fee Tk ০.০০. Balance Tk ১৮,৩৪৫.৫০. TrxID CKA৭Q২LM৯P at ২৬/১১/২০২৬ ১০:১৫',
    expected: { templateId: 'bkash.send_money_received', amount: '1250.00', trx_id: 'CKA7Q2LM9P', sender: '01712345678', time: dhaka('2026-11-26T10:15') },
  },
  {
    name: 'bKash money received split over lines with CRLF, a 12-hour time and a promo tail',
    account: 'bkash',
    text: 'You have received Tk 1,250.00 from +8801712345678.\r\nRef rent.\r\nFee Tk 0.00.\r\nBalance Tk 18,345.50.\r\nTrxID CKA7Q2LM9P at 26/11/2026 10:15 PM. Download App: https://bKa.sh/8app',
    expected: { templateId: 'bkash.send_money_received', amount: '1250.00', trx_id: 'CKA7Q2LM9P', sender: '01712345678', time: dhaka('2026-11-26T22:15') },
  },
  {
    name: 'bKash merchant payment received, TrxID glued to the balance',
    account: 'bkash',
    text: 'You have received payment Tk 55.00 from 01929123456. Fee Tk 0.00. Balance Tk 55.59.TrxID CJKQGO2GAQ at 20/10/2025 18:00',
    expected: { templateId: 'bkash.merchant_payment_received', amount: '55.00', trx_id: 'CJKQGO2GAQ', sender: '01929123456', time: dhaka('2025-10-20T18:00') },
  },
  {
    name: 'bKash cash-out received by an agent',
    account: 'bkash',
    text: 'Cash Out Tk 785.00 from 01841123456 successful. Fee Tk 0.00. Balance Tk 121,710.33. TrxID AA24AJJH6I at 02/01/2023 22:05',
    expected: { templateId: 'bkash.cash_out_received', amount: '785.00', trx_id: 'AA24AJJH6I', sender: '01841123456', time: dhaka('2023-01-02T22:05') },
  },
  {
    name: 'bKash cash-in received from an agent, with the app promo',
    account: 'bkash',
    text: 'Cash In Tk 500.00 from 01612345678 successful. Fee Tk 0.00. Balance Tk 506.91. TrxID CK710WRQDB at 29/05/2026 19:00. Download App: https://bKa.sh/8app',
    expected: { templateId: 'bkash.cash_in_received', amount: '500.00', trx_id: 'CK710WRQDB', sender: '01612345678', time: dhaka('2026-05-29T19:00') },
  },
  {
    name: 'bKash deposit received from a bank',
    account: 'bkash',
    text: 'You have received a deposit of Tk 1,000.00 from Sonali Bank Account. Fee Tk 0.00. Balance Tk 1,140.34. TrxID CGJ2RQEQX4 at 19/07/2025 15:43',
    expected: { templateId: 'bkash.deposit_received', amount: '1000.00', trx_id: 'CGJ2RQEQX4', sender: 'Sonali Bank Account', time: dhaka('2025-07-19T15:43') },
  },
  // ---- Nagad ----
  {
    name: 'Nagad money received, multi-word Ref',
    account: 'nagad',
    text: 'Money Received.\nAmount: Tk 600.50\nSender: 01712345678\nRef: order 77 rent\nTxnID: 7A1B2C3D\nBalance: Tk 8,781.58\n26/11/2026 10:15',
    expected: { templateId: 'nagad.money_received', amount: '600.50', trx_id: '7A1B2C3D', sender: '01712345678', time: dhaka('2026-11-26T10:15') },
  },
  {
    name: 'Nagad money received, Ref N/A',
    account: 'nagad',
    text: 'Money Received.\nAmount: Tk 499.00\nSender: 01816123456\nRef: 2\nTxnID: 75XVTPVI\nBalance: Tk 8781.58\n05/09/2026 20:29',
    expected: { templateId: 'nagad.money_received', amount: '499.00', trx_id: '75XVTPVI', sender: '01816123456', time: dhaka('2026-09-05T20:29') },
  },
  {
    name: 'Nagad money received, empty Ref line',
    account: 'nagad',
    text: 'Money Received.\nAmount: Tk 1,200.00\nSender: 01812345678\nRef: \nTxnID: 7B2C3D4E\nBalance: Tk 9,400.00\n26/11/2026 21:00',
    expected: { templateId: 'nagad.money_received', amount: '1200.00', trx_id: '7B2C3D4E', sender: '01812345678', time: dhaka('2026-11-26T21:00') },
  },
  {
    name: 'Nagad money received, older format without a Ref line',
    account: 'nagad',
    text: 'Money Received.\nAmount: Tk 430.00\nSender: 01648123456\nTxnID: 70L0HWIY\nBalance: Tk 7454.90\n09/03/2020 17:12',
    expected: { templateId: 'nagad.money_received', amount: '430.00', trx_id: '70L0HWIY', sender: '01648123456', time: dhaka('2020-03-09T17:12') },
  },
  {
    name: 'Nagad money received on one line (line breaks turned into spaces), Ref N/A',
    account: 'nagad',
    text: 'Money Received. Amount: Tk 10.00 Sender: 01929123456 Ref: N/A TxnID: 74HQFMWH Balance: Tk 334.49 20/10/2025 18:03',
    expected: { templateId: 'nagad.money_received', amount: '10.00', trx_id: '74HQFMWH', sender: '01929123456', time: dhaka('2025-10-20T18:03') },
  },
  {
    name: 'Nagad money received with CRLF and a "Nagad:" prefix',
    account: 'nagad',
    text: 'Nagad: Money Received.\r\nAmount: Tk 12,50,000.00\r\nSender: 01712345678\r\nRef: lakh\r\nTxnID: 7C3D4E5F\r\nBalance: Tk 13,00,000.00\r\n26/11/2026 10:15',
    expected: { templateId: 'nagad.money_received', amount: '1250000.00', trx_id: '7C3D4E5F', sender: '01712345678', time: dhaka('2026-11-26T10:15') },
  },
  {
    name: 'Nagad merchant payment received',
    account: 'nagad',
    text: 'Payment Received.\nAmount: Tk 50.00\nCustomer: 01929123456\nTxnID: 74HNEKQ8\nBalance: Tk 247.78\n20/10/2025 17:58',
    expected: { templateId: 'nagad.payment_received', amount: '50.00', trx_id: '74HNEKQ8', sender: '01929123456', time: dhaka('2025-10-20T17:58') },
  },
  {
    name: 'Nagad cash-out received by an uddokta',
    account: 'nagad',
    text: 'Cash Out Received.\nAmount: Tk 2100.00\nCustomer: 01672123456\nTxnID: 71NHMIC5\nComm: Tk 8.61\nBalance: Tk 110060.81\n21/01/2023 18:30',
    expected: { templateId: 'nagad.cash_out_received', amount: '2100.00', trx_id: '71NHMIC5', sender: '01672123456', time: dhaka('2023-01-21T18:30') },
  },
  {
    name: 'Nagad cash-out received with its line breaks lost by a forwarder',
    account: 'nagad',
    text: 'Cash Out Received.Amount: Tk 2100.00Customer: 01672123456TxnID: 71NHMIC5Comm: Tk 8.61Balance: Tk 110060.8121/01/2023 18:30',
    expected: { templateId: 'nagad.cash_out_received', amount: '2100.00', trx_id: '71NHMIC5', sender: '01672123456', time: dhaka('2023-01-21T18:30') },
  },
  {
    name: 'Nagad cash-in received from an uddokta (balance without Tk)',
    account: 'nagad',
    text: 'Cash In Received.\nAmount: Tk 599.00\nUddokta: 01960123456\nTxnID: 75X3V7DE\nBalance: 2957.58\n01/09/2026 22:12',
    expected: { templateId: 'nagad.cash_in_received', amount: '599.00', trx_id: '75X3V7DE', sender: '01960123456', time: dhaka('2026-09-01T22:12') },
  },
  {
    name: 'Nagad B2B received',
    account: 'nagad',
    text: 'B2B Received.\nAmount: Tk 3000.00\nSender: 01810123456\nTxnID: 71R9OL1C\nBalance: Tk 16202.72\n13/03/2023 16:05',
    expected: { templateId: 'nagad.b2b_received', amount: '3000.00', trx_id: '71R9OL1C', sender: '01810123456', time: dhaka('2023-03-13T16:05') },
  },
  // ---- Rocket ----
  {
    name: 'Rocket received from a full account number',
    account: 'rocket',
    text: 'Tk600.50 received from A/C:01712345678 Fee:Tk0, Your A/C Balance: Tk1,015.79 TxnId:1234567890 Date:26-NOV-26 10:15:42 am',
    expected: { templateId: 'rocket.received', amount: '600.50', trx_id: '1234567890', sender: '01712345678', time: dhaka('2026-11-26T10:15:42') },
  },
  {
    name: 'Rocket received from a masked account, pm, with the NexusPay promo',
    account: 'rocket',
    text: 'Tk100.00 received from A/C:***946 Fee:Tk0, Your A/C Balance: Tk100.00 TxnId:6022415176 Date:27-DEC-25 08:43:52 pm. Download https://bit.ly/nexuspay',
    expected: { templateId: 'rocket.received', amount: '100.00', trx_id: '6022415176', sender: '***946', time: dhaka('2025-12-27T20:43:52') },
  },
  {
    name: 'Rocket received, newer format with Ref No and NetBal',
    account: 'rocket',
    text: 'Tk.20.00 received from A/C:***946 Ref No: NA Fee: Tk.00 NetBal: Tk41.00 TxnId: 6022164589 Date:27-DEC-25 07:17:16 pm.',
    expected: { templateId: 'rocket.received', amount: '20.00', trx_id: '6022164589', sender: '***946', time: dhaka('2025-12-27T19:17:16') },
  },
  {
    name: 'Rocket received from a 12-digit account just after midnight',
    account: 'rocket',
    text: 'Tk1,500.00 received from A/C:017123456789 Fee:Tk0, Your A/C Balance: Tk2,515.79 TxnId:6910652299 Date:01-JAN-27 12:05:09 am',
    expected: { templateId: 'rocket.received', amount: '1500.00', trx_id: '6910652299', sender: '017123456789', time: dhaka('2027-01-01T00:05:09') },
  },
  {
    name: 'Rocket cash-out received by an agent',
    account: 'rocket',
    text: 'Cash-Out from A/C: ***097 Tk2,009.00 Comm:Tk8.43; A/C Balance: Tk87,455.82.TxnId: 6017463139 Date:25-DEC-25 05:53:00 pm. Download https://bit.ly/nexuspay',
    expected: { templateId: 'rocket.cash_out_received', amount: '2009.00', trx_id: '6017463139', sender: '***097', time: dhaka('2025-12-25T17:53:00') },
  },
  {
    name: 'Rocket cash-in received from an agent',
    account: 'rocket',
    text: 'Cash-In from A/C: ***4521 Tk500.00 Fee:Tk0; A/C Balance: Tk1,500.00.TxnId: 6017463201 Date:26-NOV-26 06:10:05 pm',
    expected: { templateId: 'rocket.cash_in_received', amount: '500.00', trx_id: '6017463201', sender: '***4521', time: dhaka('2026-11-26T18:10:05') },
  },
];

describe('parseSms: supported variants', () => {
  it.each(VARIANTS)('When a $name SMS arrives, then its exact fields are read', ({ account, text, expected }) => {
    expect(parse(account, text)).toEqual({ kind: 'payment', ...expected });
  });

  it('When the variants are counted, then every built-in template has at least one real-shaped message here', () => {
    const covered = new Set(VARIANTS.map((variant) => variant.expected.templateId));
    expect(BUILTIN_TEMPLATES.map((template) => template.id).filter((id) => !covered.has(id))).toEqual([]);
  });

  it.each(BUILTIN_TEMPLATES.map((template) => [template.id, template] as const))(
    'When the example of %s is parsed, then that template reads it',
    (_id, template) => {
      expect(parse(template.account, template.example)).toMatchObject({ kind: 'payment', templateId: template.id });
    },
  );
});

const IGNORED: { name: string; account: SmsAccount; text: string; reason: SmsIgnoredReason }[] = [
  {
    name: 'bKash Send Money sent by the shop',
    account: 'bkash',
    text: 'Send Money Tk 510.00 to 01813123456 successful. Ref Sajib. Fee Tk 5.00. Balance Tk 4,479.65. TrxID DCK1B9P81H at 20/03/2026 00:08',
    reason: 'outgoing',
  },
  {
    name: 'bKash cash-out made by the shop at an agent',
    account: 'bkash',
    text: 'Cash Out Tk 1,000.00 to 01812345678 successful. Fee Tk 18.50. Balance Tk 216.00. TrxID ZX98YU76TR at 05/10/2026 10:15',
    reason: 'outgoing',
  },
  {
    name: 'bKash cash-in to a customer by the shop as agent',
    account: 'bkash',
    text: 'Cash In Tk 2,000.00 to 01856123456 successful. Fee Tk 0.00. Balance Tk 2,851.16. TrxID AC829VTZTE at 08/03/2023 10:37',
    reason: 'outgoing',
  },
  {
    name: 'bKash payment made to a merchant',
    account: 'bkash',
    text: 'Payment Tk 100.00 to KAHF BANGLADESH LTD-RM67912 is successful. Balance Tk 601.81. TrxID DG705TRZHM at 07/07/2026 20:36',
    reason: 'outgoing',
  },
  {
    name: 'bKash "Payment of" made to a merchant',
    account: 'bkash',
    text: 'Payment of Tk 1,015.50 to AS-SUNNAH FOUNDATION-RM56187 is successful. Balance Tk 1,115.15. TrxID DCD92UO50N at 13/03/2026 15:30',
    reason: 'outgoing',
  },
  {
    name: 'bKash bill paid',
    account: 'bkash',
    text: 'Bill successfully paid.\nBiller: PALLI BIDYUT\nMM/YYYY: 052026\nSMS Account: 1234567890123\nAmount: Tk 485.00\nFee: Tk 0.00\nTrxID: DG7QWE12RT at 26/05/2026 10:00',
    reason: 'outgoing',
  },
  {
    name: 'bKash B2B transfer sent',
    account: 'bkash',
    text: 'B2B Transfer Tk 2,000.00 to 01704123456 successful. Fee Tk 0.00. Balance Tk 7,521.24. TrxID ACD7FJDL8B at 13/03/2023 16:48',
    reason: 'outgoing',
  },
  {
    name: 'Nagad cash-in to a customer by the shop as uddokta',
    account: 'nagad',
    text: 'Cash In Successful.\nAmount: Tk 3000.00\nCustomer: 01827123456\nTxnID: 71R8DC4R\nComm: Tk 12.30\nBalance: Tk 10980.99\n12/03/2023 22:06',
    reason: 'outgoing',
  },
  {
    name: 'Nagad Send Money sent by the shop',
    account: 'nagad',
    text: 'Send Money Successful.\nAmount: Tk 500.00\nReceiver: 01712345678\nRef: back\nTxnID: 72AB34CD\nFee: Tk 0.00\nBalance: Tk 1,200.00\n26/11/2026 10:15',
    reason: 'outgoing',
  },
  {
    name: 'Nagad B2B transfer sent',
    account: 'nagad',
    text: 'B2B Transfer Successful.\nAmount: Tk 3000.00\nReceiver: 01810123456\nTxnID: 71R9VMKW\nBalance: Tk 43462.02\n13/03/2023 17:30',
    reason: 'outgoing',
  },
  {
    name: 'Nagad payment made to a merchant',
    account: 'nagad',
    text: "Payment to 'Daraz' is Successful.\nAmount: Tk 250.00\nTxnID: 73QW12ER\nBalance: Tk 950.00\n26/11/2026 10:15",
    reason: 'outgoing',
  },
  {
    name: 'Rocket money sent',
    account: 'rocket',
    text: 'Tk500.00 sent to A/C:***123 Fee:Tk5.00, Your A/C Balance: Tk100.00 TxnId:6022415180 Date:27-DEC-25 08:50:00 pm',
    reason: 'outgoing',
  },
  {
    name: 'bKash verification code',
    account: 'bkash',
    text: 'Your bKash verification code is 956586. Expires in 2 minutes.',
    reason: 'otp',
  },
  {
    name: 'Nagad OTP',
    account: 'nagad',
    text: 'Your Nagad OTP is 4821. Do not share it with anyone.',
    reason: 'otp',
  },
  {
    name: 'bKash failed Send Money, money returned',
    account: 'bkash',
    text: 'Sorry, your Send Money request to 01765123456 is unsuccessful! Tk 30 has been returned. Balance Tk 73.50. TrxID BKA96AB813 at 10/11/2024 14:00',
    reason: 'failed',
  },
  {
    name: 'Rocket failed transaction',
    account: 'rocket',
    text: 'Your transaction of Tk750.00 has failed due to insufficient balance. Call 16216 for help.',
    reason: 'failed',
  },
  {
    name: 'bKash cashback credited',
    account: 'bkash',
    text: 'Congratulations! You have received Cashback Tk 50.00. Balance Tk 71.91. TrxID DCX12AB34C at 29/05/2026 19:15. Cashback on bkash transaction',
    reason: 'reward',
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
    name: 'bKash Add Money from the owner\'s card',
    account: 'bkash',
    text: 'Add Money Tk 2,000.00 from card successful. Balance Tk 2,500.00. TrxID DAB12CD34E at 26/11/2026 10:15',
    reason: 'not_a_payment',
  },
  {
    name: 'text that is nothing of the above',
    account: 'rocket',
    text: 'Dear customer, our service will be unavailable tonight from 2 to 4.',
    reason: 'not_a_payment',
  },
];

describe('parseSms: messages that are not payments', () => {
  it.each(IGNORED)('When a $name SMS arrives, then it is ignored as $reason', ({ account, text, reason }) => {
    expect(parse(account, text)).toEqual({ kind: 'ignored', reason });
  });

  it('When a perfect bKash payment text comes from a personal number, then it is ignored as untrusted (spoofing)', () => {
    const text = VARIANTS[0].text;
    expect(parseSms({ account: 'bkash', from: '+8801712345678', text })).toEqual({ kind: 'ignored', reason: 'untrusted_sender' });
    expect(parseSms({ account: 'bkash', from: 'bKash-Pay', text })).toEqual({ kind: 'ignored', reason: 'untrusted_sender' });
  });

  it('When another wallet\'s SMS reaches a device of this account, then it is ignored as other_wallet', () => {
    expect(parseSms({ account: 'nagad', from: 'bKash', text: VARIANTS[0].text })).toEqual({ kind: 'ignored', reason: 'other_wallet' });
  });

  it('When a sender id differs in case, spaces or a leading +, then it still is the wallet', () => {
    expect(walletOfSender(' BKASH ')).toBe('bkash');
    expect(walletOfSender('Nagad')).toBe('nagad');
    expect(walletOfSender('+16216')).toBe('rocket');
    expect(walletOfSender('16167')).toBe('nagad');
    expect(walletOfSender('01712345678')).toBeNull();
    expect(parseSms({ account: 'bkash', from: 'BKASH', text: VARIANTS[0].text })).toMatchObject({ kind: 'payment' });
  });
});

describe('parseSms: unreadable payments go to an admin, never a guess', () => {
  const bkash = (amount: string, tail = 'TrxID CJU0AB12C6 at 30/10/2025 21:02') =>
    `You have received Tk ${amount} from 01533123456. Fee Tk 0.00. Balance Tk 1,117.78. ${tail}`;

  it('When the amount is ambiguous (decimal comma?), then the SMS is unparsed, not 125 or 1.25', () => {
    expect(parse('bkash', bkash('1,25'))).toEqual({ kind: 'unparsed', reason: 'amount_unreadable', templateId: 'bkash.send_money_received' });
  });

  it('When the amount has more than two decimals or is zero, then the SMS is unparsed', () => {
    expect(parse('bkash', bkash('1,250.005'))).toMatchObject({ kind: 'unparsed', reason: 'amount_unreadable' });
    expect(parse('bkash', bkash('0.00'))).toMatchObject({ kind: 'unparsed', reason: 'amount_unreadable' });
  });

  it('When the transaction id is too short for an order id, then the SMS is unparsed', () => {
    expect(parse('bkash', bkash('500.00', 'TrxID AB12 at 30/10/2025 21:02'))).toMatchObject({ kind: 'unparsed', reason: 'trx_id_unreadable' });
  });

  it('When the date does not exist, then the SMS is unparsed rather than dated wrongly', () => {
    expect(parse('bkash', bkash('500.00', 'TrxID CJU0AB12C6 at 31/02/2026 21:02'))).toMatchObject({ kind: 'unparsed', reason: 'time_unreadable' });
    expect(parse('bkash', bkash('500.00', 'TrxID CJU0AB12C6 at 30/10/2025 25:02'))).toMatchObject({ kind: 'unparsed', reason: 'time_unreadable' });
  });

  it('When a transaction id has look-alike letters from another alphabet, then no template reads it and it is unparsed', () => {
    const text = 'Payment Received.\nAmount: Tk 50.00\nCustomer: 01929123456\nTxnID: 74HΝΕΚΟ8\nBalance: Tk 247.78\n20/10/2025 17:58';
    expect(parse('nagad', text)).toEqual({ kind: 'unparsed', reason: 'no_template', templateId: null });
  });

  it('When money arrives in a format no template knows, then it is unparsed, even with "failed" in its promo tail', () => {
    const remittance =
      'You have received remittance of Tk 10,000.00 from Western Union. Fee Tk 0.00. Balance Tk 12,000.00. TrxID DKR4QW8ZX1 at 26/11/2026 10:15';
    expect(parse('bkash', remittance)).toEqual({ kind: 'unparsed', reason: 'no_template', templateId: null });
    expect(parse('bkash', `${remittance}. Transaction failed? Call 16247`)).toEqual({ kind: 'unparsed', reason: 'no_template', templateId: null });
  });

  it('When two payment messages arrive glued into one text, then the SMS is ambiguous', () => {
    const two = `${VARIANTS[0].text}\n${VARIANTS[1].text}`;
    expect(parse('bkash', two)).toEqual({ kind: 'unparsed', reason: 'ambiguous', templateId: 'bkash.send_money_received' });
  });

  it('When a payment has a promo tail mentioning failure, then the built-in template still reads it', () => {
    expect(parse('bkash', `${VARIANTS[0].text}. If a transaction failed, call 16247.`)).toMatchObject({ kind: 'payment', trx_id: 'CJU0AB12C6' });
  });
});

describe('parseSms: custom templates', () => {
  const remittance = REMITTANCE_TEMPLATE;
  const text = REMITTANCE_TEXT;

  it('When an admin template reads a new format, then the SMS is a payment by that template', () => {
    expect(parse('bkash', text, [remittance])).toEqual({
      kind: 'payment',
      templateId: 'custom-7',
      amount: '10000.00',
      trx_id: 'DKR4QW8ZX1',
      sender: 'Western Union',
      time: dhaka('2026-11-26T10:15'),
    });
  });

  it('When a template belongs to another account, then it is not used', () => {
    expect(parseSms({ account: 'rocket', from: '16216', text }, [remittance])).toMatchObject({ kind: 'unparsed', reason: 'no_template' });
  });

  it('When a custom template agrees with a built-in one, then the custom one is named; when they disagree, it is ambiguous', () => {
    const agreeing: SmsTemplate = { ...remittance, id: 'custom-8', pattern: String.raw`Tk (?<amount>[\d,.]+) from.*TrxID (?<trx_id>\w+)`, timeFormat: null };
    expect(parse('bkash', VARIANTS[1].text, [agreeing])).toMatchObject({ kind: 'payment', templateId: 'custom-8', amount: '5075.00' });
    const disagreeing: SmsTemplate = { ...agreeing, id: 'custom-9', pattern: String.raw`Balance Tk (?<amount>[\d,.]+?)\. TrxID (?<trx_id>\w+)` };
    expect(parse('bkash', VARIANTS[1].text, [disagreeing])).toEqual({ kind: 'unparsed', reason: 'ambiguous', templateId: 'custom-9' });
  });

  it('When a custom template times out and nothing else reads the SMS, then it is unparsed as template_timeout', () => {
    const timingOut = () => ({ status: 'timeout' as const });
    expect(parseSms({ account: 'bkash', from: 'bKash', text }, [remittance], timingOut)).toEqual({
      kind: 'unparsed',
      reason: 'template_timeout',
      templateId: 'custom-7',
    });
    expect(parseSms({ account: 'bkash', from: 'bKash', text: VARIANTS[0].text }, [remittance], timingOut)).toMatchObject({
      kind: 'payment',
      templateId: 'bkash.send_money_received',
    });
  });
});
