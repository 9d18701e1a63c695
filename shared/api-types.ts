// JSON shapes of the API answers (product.md §7.11, §7). Dates are unix seconds; money is a number rounded to 2 places.
import type { OrderActor, OrderStatus } from './order-status.js';
import type { Role, TicketLanguage, Wallet } from './constants.js';
import type { OrderPayoutDto, OrderVerificationDto } from './sms/sms-api.js';
import type { CancelReason } from './schemas.js';
import type { TelegramLinkDto } from './telegram.js';
import type { PlayerLimitsDto } from './player-limits.js';

export interface UserDto {
  id: string;
  num: number;
  name: string;
  email: string;
  role: Role;
  /** URL of the avatar, or null for the default image. */
  logo: string | null;
  created_at: number;
  orders: number;
  /** Signs in with a second factor. */
  two_factor: boolean;
  /** Mailed when an order completes (a withdrawal paid) or staff answer a ticket (decision 283). */
  mail_updates: boolean;
  /** Only in login/register answers (and the answers that renew the session: password, 2FA changes). */
  jwt?: string;
  /** Only in `GET /users/me`: the account's link to the staff's Telegram bot. */
  telegram?: TelegramLinkDto;
}

/** `POST /login` of an account with two-factor sign-in: no token yet, the second step's challenge. */
export interface LoginChallengeAnswer {
  ok: true;
  otp_required: true;
  challenge: string;
}

/** `POST /account/2fa/setup`: the new secret, and the URL its QR code shows. */
export interface TwoFactorSetupDto {
  secret: string;
  otpauth_url: string;
}

/** `POST /account/2fa/enable`: the recovery codes (shown once) and the caller's fresh session. */
export interface TwoFactorEnabledDto {
  recovery_codes: string[];
  jwt: string;
  user: UserDto;
}

/** `POST /account/2fa/disable`: the caller's fresh session. */
export interface TwoFactorDisabledDto {
  jwt: string;
  user: UserDto;
}

export interface ProductPmDto {
  account: Wallet;
  available: boolean;
  rate: number;
  min: number;
  max: number;
  /**
   * The method's daily cap for top-ups leaves no room today: checkout shows it unavailable until midnight Asia/Dhaka
   * (decision 112). Only this flag is public, never the caps or the day's totals; always false for withdrawals.
   */
  limit_reached: boolean;
  /** The method's business hours: checkout shows it closed, with its opening time, outside them. */
  hours: { open: string; close: string } | null;
  /** The method's note to customers, shown at checkout under the method. */
  note: string;
  /** The note for Bengali readers; '' means show `note`. */
  note_bn: string;
}
export interface ProductDto {
  id: string;
  available: boolean;
  description: string;
  /** The description for Bengali readers; '' means show `description`. */
  description_bn: string;
  /** URL of the product's picture (under MEDIA_BASE_URL), or null. */
  image: string | null;
  pms: ProductPmDto[];
}

export interface PaymentMethodDto {
  account: Wallet;
  wallet: string;
  note: string;
  /** The note for Bengali readers; '' means show `note`. */
  note_bn: string;
  available: boolean;
  /** Daily caps for top-ups, null for none. */
  daily_count_limit: number | null;
  daily_amount_limit: number | null;
  /** Business hours {open, close} ("HH:MM", Asia/Dhaka, may cross midnight); null: always open. */
  hours: { open: string; close: string } | null;
  /** Today's (Asia/Dhaka) waiting, pending and complete top-ups with this method; only in GET /pms/all. */
  today?: { count: number; amount: number };
}

/**
 * Orders have one view per audience (decision 070). Anyone holding an order's id sees the public view: what the
 * customer needs to pay and follow it, and who acted only by role. Admins see the full view: the customer's
 * account, the withdrawal code, and which admin acted.
 */
export interface PublicOrderEventDto {
  from: OrderStatus | null;
  to: OrderStatus;
  actor: OrderActor;
  /** `status` for a move; `sms_linked` (an admin linked an SMS by hand), `late_claim`, `verification_settled`
   * (staff accepted or rejected a held payment, decision 145), `claimed`, `released` and `approved` change
   * no status; so does `payout_wallet_changed` (the customer corrected a withdrawal's payout number, decision 281). */
  kind:
    | 'status'
    | 'sms_linked'
    | 'late_claim'
    | 'verification_settled'
    | 'claimed'
    | 'released'
    | 'approved'
    | 'fulfilment'
    | 'payout_wallet_changed';
  time: number;
  /** In the public view only on the move back to waiting after the cash desk refused a code: the desk's word. */
  note?: string | null;
}

export interface PublicOrderDataDto {
  amount: number;
  rate: number;
  onex_id: string | null;
  wallet: string | null;
  note: string | null;
}

/** `GET /orders/{id}`, a customer's `GET /orders/all`, `order:updated` to watchers and the owner. */
/** The shop's check of a payment as a customer may see it (decision 070): never the SMS, its sender or a ledger reason. */
export const PUBLIC_PAYMENT_STATES = ['none', 'awaiting', 'received', 'differs', 'held', 'rejected'] as const;
export type PublicPaymentState = (typeof PUBLIC_PAYMENT_STATES)[number];

export interface PublicOrderDto {
  id: string;
  /** The short reference customers quote ("A7K-392", decision 284), derived from `id`; not unique. */
  ref: string;
  created_at: number;
  product_id: string;
  status: OrderStatus;
  last_time: number;
  pm_method: Wallet;
  pm_wallet: string;
  pm_amount: number;
  pm_id: string | null;
  pm_coin: string;
  contact_email: string;
  data: PublicOrderDataDto;
  /** Why the admin cancelled, or null; the customer's page shows it in their language. */
  cancel_reason: CancelReason | null;
  /** The admin's note to the customer with the cancel, or null. */
  cancel_note: string | null;
  events: PublicOrderEventDto[];
  /** An SMS from the shop's wallet phone verified the payment: the customer's "payment received ✓". */
  payment_received: boolean;
  /**
   * The payment's SMS is held for the shop's review: `payer_mismatch` when it came from another number
   * than the one the customer named, `review` otherwise; null when nothing is held.
   */
  payment_held: 'payer_mismatch' | 'review' | null;
  /**
   * Where the shop's check of the payment stands, in the customer's terms (decision 070): `none`
   * (nothing to check yet, or a withdrawal), `awaiting` (no confirmation from the shop's wallet yet), `received`,
   * `differs` (the wallet got another amount: `received_amount`), `held` (see `payment_held`) or `rejected`.
   */
  payment_state: PublicPaymentState;
  /** What the shop's wallet received when it differs from `pm_amount` (`payment_state: differs`), else null. */
  received_amount: number | null;
  /** When a timed-out top-up's customer said they paid late (its id is `pm_id`), or null. */
  late_claim_at: number | null;
  /** A completed withdrawal's payout transaction id, or null. */
  payout_trx_id: string | null;
  /**
   * The order's delivery at the betting cash desk (decision 265), or null when the shop does not deliver it itself:
   * `done` means the money is on the customer's 1xBet account (a top-up) or their code was redeemed (a withdrawal).
   * The desk's word on a code it refused is the `note` of the order's move back to waiting (`events`).
   */
  fulfilment: { status: FulfilmentStatus } | null;
}

/** Where an order's delivery at the cash desk stands (decision 265). */
export const FULFILMENT_STATUSES = ['queued', 'sending', 'done', 'refused', 'unknown'] as const;
export type FulfilmentStatus = (typeof FULFILMENT_STATUSES)[number];

/** The staff's view of a delivery: what moved, the desk's operation id and word, when, and how many sends. */
export interface AdminFulfilmentDto {
  status: FulfilmentStatus;
  amount: number | null;
  operation_id: string | null;
  message: string | null;
  at: number;
  attempts: number;
}

export interface AdminOrderEventDto extends PublicOrderEventDto {
  /** The admin who acted, or the customer's account id; null for guests and the shop itself. */
  actor_id: string | null;
  /** The admin's reason (reopen, manual link) or the claimed transaction id. */
  note: string | null;
}

/** The admin's view: the public one plus the owner's account, the withdrawal code and the actors' ids. */
export interface AdminOrderDto extends PublicOrderDto {
  user_id: string | null;
  data: PublicOrderDataDto & { w_code: string | null };
  events: AdminOrderEventDto[];
  /** What the SMS inbox says about this payment. */
  verification: OrderVerificationDto;
  /** The outgoing Send Money SMS that proves a withdrawal was paid, or null (decision 146). */
  payout: OrderPayoutDto | null;
  /** The staff member who claimed the order, or null when nobody holds it. */
  assignee: { id: string; name: string } | null;
  /** Second-person approvals of a withdrawal (the four-eyes rule): who (id and name) and when (unix seconds). */
  approvals: { by: string; name: string; at: number }[];
  /** The withdrawal is at or above the shop's four-eyes threshold: it completes only after another person's approval. */
  approval_required: boolean;
  /**
   * A held top-up's payment: who may accept it by hand (decision 315), 'admin' only or, with 'second_approval', any
   * staff member once someone else approved it (`approvals`); null when nothing is held.
   */
  accept_rule: 'admin' | 'second_approval' | null;
  fulfilment: AdminFulfilmentDto | null;
  /** The payout number before the customer's latest correction (decision 281), or null when never corrected. */
  payout_wallet_before: string | null;
}

/** The admin's view under the name the admin screens use. */
export type OrderDto = AdminOrderDto;

/** Either view: what a screen that serves both audiences receives. The admin's view is a superset. */
export type OrderView = PublicOrderDto | AdminOrderDto;

/** True for the admin's view (it names the owner's account, even when that is null for a guest's order). */
export function isAdminOrderDto(order: OrderView): order is AdminOrderDto {
  return Object.hasOwn(order, 'user_id');
}

export interface HomeOrderDto {
  product_id: string;
  created_at: number;
  amount: number;
  pm_amount: number;
  status: OrderStatus;
  userName: string;
  userLogo: string | null;
}

/** One line of a user's order history on the admin's user page (decision 014): a summary, not a whole order. */
export interface UserOrderSummaryDto {
  id: string;
  created_at: number;
  product_id: string;
  status: OrderStatus;
  pm_amount: number;
  amount: number;
}

/** `GET /users/{id}` (admin): the user, their latest orders and tickets. */
export interface UserDetailsDto {
  user: UserDto;
  orders: UserOrderSummaryDto[];
  tickets: TicketDto[];
  /** A customer's own limits and self-exclusion (decisions 271-272), for staff to read. */
  player_limits?: PlayerLimitsDto;
}

export interface HomeDto {
  ok: true;
  products: ProductDto[];
  orders: HomeOrderDto[];
  user: UserDto | null;
  adminOnline: boolean;
}

/**
 * A ticket message's picture (decision 022): API paths (under /api/v1: `/supports/{id}/pictures/
 * {messageId}`) that answer the JPEG only with the owner's or a staff member's token, and its size so the chat
 * keeps its place.
 */
export interface TicketPictureDto {
  path: string;
  thumb_path: string;
  width: number;
  height: number;
}
export interface TicketMessageDto {
  id: number;
  sender: 'user' | 'admin';
  /** May be empty when the message is a picture alone. */
  text: string;
  time: number;
  picture: TicketPictureDto | null;
}
/** The order a ticket is about, as the ticket's conversation shows it. */
export interface TicketOrderDto {
  id: string;
  created_at: number;
  product_id: string;
  status: OrderStatus;
  /** In the product's currency. */
  amount: number;
  /** In BDT: what the customer pays (top-up) or receives (withdrawal). */
  pm_amount: number;
  pm_method: Wallet;
  /** The shop's wallet number the customer pays to. */
  pm_wallet: string;
  /** A withdrawal's payout number (the customer's own), or null. */
  wallet: string | null;
  pm_id: string | null;
}

export interface TicketDto {
  id: string;
  num: number;
  created_at: number;
  updated_at: number;
  subject: string;
  status: 'open' | 'closed';
  last_text: string;
  /** The owner's account; null for a guest's ticket, keyed by its order (decision 282). */
  user_id: string | null;
  /** The owner's name; a guest's ticket: the order's contact e-mail, maybe empty. */
  name: string;
  userLogo: string | null;
  /** The order the ticket is about (one of the owner's own), or null. */
  order_id: string | null;
  lang: TicketLanguage;
  texts?: TicketMessageDto[];
  /** With the conversation (`texts`): the order `order_id` names, or null (a customer sees only their own). */
  order?: TicketOrderDto | null;
}

/** `GET /recover/{id}?ref=…`: what the confirm page shows when opened from the mailed link. */
export interface RecoveryLinkDto {
  email: string;
  /** Unix seconds from which a new code may be asked for. */
  resend_at: number;
}

export interface AdminInfoDto {
  /** What customers see: the switch when set by hand, otherwise whether staff are at work (decision 217). */
  online: boolean;
  users: number;
  /** The badge follows staff presence (the switch is not set by hand). */
  auto: boolean;
}

export interface ApiError {
  ok: false;
  text: string;
  key: string;
  code?: number;
  errors?: Record<string, string>;
  logout?: true;
  /** Values the message names (the limit, the time to retry, the opening time). */
  params?: Record<string, string | number>;
}
