// The SMS verification contract: request schemas of the device, forwarding, inbox and template
// endpoints, and the JSON shapes they answer with. Shared by the server (validation) and the admin pages.
import { z } from 'zod';
import { WALLETS, type Wallet } from '#shared/constants';
import type { OrderStatus } from '#shared/order-status';
import { asciiDigitsOf } from '#shared/digits';
import { VALIDATION_KEYS } from '#shared/error-keys';
import { idParamSchema, moneyValue } from '#shared/schemas';
import { smsTemplateFieldsSchema } from './sms-template-schema.js';
import type { SmsTimeFormat } from './sms-fields.js';

const V = VALIDATION_KEYS;
const captchaField = z.string().max(20_000).optional();

export const SMS_LIMITS = {
  deviceName: { min: 2, max: 40 },
  from: { max: 40 },
  text: { max: 2000 },
  reason: { min: 3, max: 300 },
  /** How long before the order's creation an SMS may be dated and still verify it (rule 2). */
  matchWindowBeforeMinutes: 10,
  /** An SMS dated this far after the server's clock still counts as "now" (phone clocks run a little fast). */
  clockSkewSeconds: 120,
  /** A device that has sent nothing this long while orders of its wallet wait is silent (rule 6). */
  silentMinutes: 30,
  /** A timed-out top-up accepts a "paid late" claim this long after it timed out (rule 4). */
  lateClaimHours: 24,
  /** A timed-out order's late claim stays in the admin's queue this long, unless reopened (decision 103). */
  lateClaimQueueHours: 48,
} as const;

export const SMS_STATUSES = ['matched', 'unmatched', 'ignored', 'duplicate'] as const;
export type SmsStatus = (typeof SMS_STATUSES)[number];

/**
 * What an SMS is to the staff, in agreement with the order that shows it (decision 197): one state
 * per message. `amount_differs` and `held` are payments an order shows but does not take as verified. A debit
 * (money leaving the wallet, parse reason `outgoing`) is `payout` when it proves a withdrawal's payout (that order is
 * its `state_order_id`), else `payout_unmatched`: money left and no order says why (decision 325).
 */
export const SMS_STATES = [
  'unmatched',
  'amount_differs',
  'held',
  'matched',
  'rejected',
  'payout',
  'payout_unmatched',
  'ignored',
] as const;
export type SmsState = (typeof SMS_STATES)[number];
/** The inbox's filter: one state, or `needs_action` (unmatched, amount differs or held on an open order, and
 * debits no order's payout matches). */
export const SMS_STATE_FILTERS = ['needs_action', ...SMS_STATES] as const;
export type SmsStateFilter = (typeof SMS_STATE_FILTERS)[number];

/** `held`: the payment's SMS does not chain on its phone's balance ledger (decision 145); `rejected`: an admin
 * refused a held one. */
export const VERIFICATION_STATUSES = [
  'verified',
  'held',
  'rejected',
  'amount_mismatch',
  'awaiting_sms',
  'none',
] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/**
 * Why a credit does not verify its order: it does not chain on its phone's balance ledger (decision 145), or (issue
 * 23, decision 145) it came from another number than the order's payer, or from a blocked wallet number.
 */
export const HELD_REASONS = ['balance_gap', 'no_balance', 'no_anchor', 'payer_mismatch', 'blocked_payer'] as const;
export type HeldReason = (typeof HELD_REASONS)[number];

// ---------- devices ----------
export const newDeviceSchema = z.object({
  name: z
    .string({ error: V.required })
    .trim()
    .min(1, V.required)
    .min(SMS_LIMITS.deviceName.min, V.deviceNameLength)
    .max(SMS_LIMITS.deviceName.max, V.deviceNameLength),
  account: z.enum(WALLETS, { error: V.pmInvalid }),
  /** The wallet's balance now, in taka (the ledger's anchor, decision 144). */
  balance: moneyValue(V.balanceInvalid).optional(),
  /** The wallet's fleet number the phone receives on; absent: the wallet's first number. */
  number_id: z.number({ error: V.invalid }).int(V.invalid).positive(V.invalid).optional(),
});
export type NewDeviceInput = z.infer<typeof newDeviceSchema>;
export const createDeviceBodySchema = z.object({ captcha: captchaField, device: newDeviceSchema });
/** `POST /devices/{id}/balance`: the wallet's balance now, stated again (a gap the admin has looked at). */
export const deviceBalanceBodySchema = z.object({ captcha: captchaField, balance: moneyValue(V.balanceInvalid) });

/** `POST /orders/{id}/verification`: a held verification settled by hand (decision 145). */
export const settleVerificationBodySchema = z.object({
  captcha: captchaField,
  decision: z.enum(['accept', 'reject'], { error: V.invalid }),
  reason: z
    .string({ error: V.required })
    .trim()
    .min(SMS_LIMITS.reason.min, V.reasonLength)
    .max(SMS_LIMITS.reason.max, V.reasonLength),
});
export type SettleVerificationInput = z.infer<typeof settleVerificationBodySchema>;
export const captchaOnlyBodySchema = z.object({ captcha: captchaField });

// ---------- forwarding ----------
/** `POST /sms` from a forwarder. `received_at` is unix seconds (a string of digits is accepted too). */
export const forwardSmsBodySchema = z.object({
  from: z.string({ error: V.required }).trim().min(1, V.required).max(SMS_LIMITS.from.max, V.smsFromInvalid),
  text: z.string({ error: V.required }).min(1, V.required).max(SMS_LIMITS.text.max, V.smsTextLong),
  received_at: z
    .preprocess(
      (v) => (typeof v === 'string' && /^\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : v),
      z
        .number({ error: V.receivedAtInvalid })
        .finite(V.receivedAtInvalid)
        .min(946_684_800, V.receivedAtInvalid)
        .max(4_102_444_800, V.receivedAtInvalid),
    )
    .transform((v) => (v > 100_000_000_000 ? Math.floor(v / 1000) : Math.floor(v)))
    .optional(),
});
export type ForwardSmsInput = z.infer<typeof forwardSmsBodySchema>;

// ---------- inbox ----------
export const smsListQuerySchema = z.object({
  page: z
    .preprocess(
      asciiDigitsOf,
      z.coerce.number({ error: V.pageInvalid }).int(V.pageInvalid).min(1, V.pageInvalid).max(1_000_000, V.pageInvalid),
    )
    .default(1),
  status: z.enum(SMS_STATUSES, { error: V.invalid }).optional(),
  state: z.enum(SMS_STATE_FILTERS, { error: V.invalid }).optional(),
  account: z.enum(WALLETS, { error: V.pmInvalid }).optional(),
  /** A transaction id (or part of one) or an exact amount. */
  q: z.string().trim().max(70, V.invalid).optional(),
});
export type SmsListQuery = z.infer<typeof smsListQuerySchema>;

export const linkSmsBodySchema = z.object({
  captcha: captchaField,
  sms: z.object({
    order_id: z.string({ error: V.required }).pipe(idParamSchema),
    reason: z
      .string({ error: V.required })
      .trim()
      .min(SMS_LIMITS.reason.min, V.reasonLength)
      .max(SMS_LIMITS.reason.max, V.reasonLength),
  }),
});

// ---------- templates ----------
export const templateBodySchema = z.object({ captcha: captchaField, template: smsTemplateFieldsSchema });
export const templateTestBodySchema = z.object({
  pattern: z.string().max(2000),
  time_format: z.string().nullable().optional(),
  text: z.string().max(SMS_LIMITS.text.max, V.smsTextLong),
});

// ---------- answers ----------
export interface DeviceDto {
  id: string;
  name: string;
  account: Wallet;
  created_at: number;
  last_seen_at: number | null;
  /** The fleet number it receives on (decision 193); null for a wallet without numbers. */
  number_id: number | null;
  /** SMS forwarded since midnight in Dhaka. */
  sms_today: number;
  /** Nothing for SMS_LIMITS.silentMinutes while orders of its wallet wait. */
  silent: boolean;
  /** Its token can sign SMS Gateway for Android's webhooks (devices added before signed webhooks cannot: add them again). */
  gateway: boolean;
  /** The last chained balance of its ledger (decision 144), null when it has none yet. */
  balance: number | null;
  /** A message missing from its ledger, or null. */
  gap: LedgerGapDto | null;
}

/** "A message is missing between {from} and {to} on {device}: Tk {unexplained} unexplained." */
export interface LedgerGapDto {
  /** Unix seconds: the last chained message (or the stated balance) and the first one that does not chain. */
  from: number;
  to: number;
  sms_id: number;
  unexplained: number;
}

/** Pushed to admins (`ledger:gap`) when a device's gap opens, changes or closes (gap null). */
export interface LedgerGapPayload {
  device: Pick<DeviceDto, 'id' | 'name' | 'account'>;
  gap: LedgerGapDto | null;
}

export interface SmsDto {
  id: number;
  device_id: string;
  account: Wallet;
  from: string;
  text: string;
  amount: number | null;
  trx_id: string | null;
  sender: string | null;
  /** The SMS's own time, unix seconds. */
  received_at: number;
  /** When the shop got it, unix seconds. */
  arrived_at: number;
  /** As stored: taken by an order (`matched`) or not; the inbox shows `state`. */
  status: SmsStatus;
  order_id: string | null;
  /** One state that agrees with its order (decision 197). */
  state: SmsState;
  /** The order that shows this SMS (taken, held, rejected, or its amount differs), or whose payout it proves. */
  state_order_id: string | null;
  /** What the parser made of it: a payment, or why not (sms.ignored.<reason> / sms.unparsed.<reason>). */
  parse: { kind: 'payment' | 'ignored' | 'unparsed'; reason: string | null };
  /** Its step on the phone's balance ledger, null when it moves no balance the shop reads. */
  ledger: {
    direction: 'credit' | 'debit';
    balance: number | null;
    state: 'chained' | 'held' | null;
    reason: HeldReason | null;
    expected_balance: number | null;
  } | null;
}

/** An order an SMS could be linked to by hand (GET /sms/{id}/candidates). */
export interface LinkCandidateDto {
  id: string;
  created_at: number;
  status: OrderStatus;
  verification: VerificationStatus;
  pm_amount: number;
  pm_id: string | null;
  onex_id: string | null;
  /** Its amount is the SMS's amount to the paisa. */
  exact: boolean;
}

export interface SmsTemplateDto {
  id: number;
  account: Wallet;
  label: string;
  pattern: string;
  time_format: SmsTimeFormat | null;
  updated_at: number;
}

/** The order's verification, in the admin's view only. */
export interface OrderVerificationDto {
  status: VerificationStatus;
  sms_id: number | null;
  /** The SMS's amount (for amount_mismatch, beside the order's pm_amount). */
  amount: number | null;
  sender: string | null;
  received_at: number | null;
  /** For `held`: why, and the balance the ledger expected beside the one the SMS states. */
  reason: HeldReason | null;
  expected_balance: number | null;
  stated_balance: number | null;
  /**
   * For a `balance_gap`: when the step the expected balance follows was (the phone's last chained message before this
   * SMS, or the balance an admin stated), unix seconds; the missing message came between then and `received_at`.
   */
  expected_since: number | null;
  /** `verified` by a staff member's hand (a held payment accepted, decision 316): who; null when an SMS verified it. */
  accepted_by: { id: string; name: string } | null;
}

/** The outgoing Send Money SMS that proves a withdrawal was paid (decision 146). */
export interface OrderPayoutDto {
  trx_id: string;
  sms_id: number;
  at: number;
}

export interface SilentDevicesPayload {
  devices: Pick<DeviceDto, 'id' | 'name' | 'account' | 'last_seen_at'>[];
}
