// Fixtures of the SMS parser's unit tests (shared and server): wallet sender ids, a custom template, a time helper.
import type { SmsAccount, SmsTemplate } from './sms-template.js';

/** The sender id each wallet's messages come from, as a forwarder reports it. */
export const WALLET_FROM: Record<SmsAccount, string> = { bkash: 'bKash', nagad: 'NAGAD', rocket: '16216' };

/** Unix seconds of a wall-clock time in Dhaka ("2026-11-26T10:15"), computed independently of the parser. */
export const dhaka = (local: string): number => Date.parse(`${local}+06:00`) / 1000;

/** An admin-made template for a bKash wording no built-in template reads. */
export const REMITTANCE_TEMPLATE: SmsTemplate = {
  id: 'custom-7',
  account: 'bkash',
  label: 'bKash remittance',
  pattern: String.raw`received remittance of Tk\s*(?<amount>[\d,.]+) from (?<sender>[^.]+)\..*?TrxID (?<trx_id>\w+) at (?<time>[\d/]+ [\d:]+)`,
  timeFormat: 'day-month-year',
};
export const REMITTANCE_TEXT =
  'You have received remittance of Tk 10,000.00 from Western Union. Fee Tk 0.00. Balance Tk 12,000.00. TrxID DKR4QW8ZX1 at 26/11/2026 10:15';
