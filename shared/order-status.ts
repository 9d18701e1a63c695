// Order statuses and the one transition table the server enforces (product.md §7.2).
import type { VerificationStatus } from '#shared/sms/sms-api';

export const ORDER_STATUSES = [
  'waiting',
  'pending',
  'complete',
  'timedout',
  'user_cancelled',
  'admin_cancelled',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The language an order was placed in (its mails are written in it). */
export type OrderLanguage = 'en' | 'bn';

export type OrderActor = 'customer' | 'admin' | 'system';

/** The commands of `PATCH /orders/{id}` (parsed by `orderCommandSchema` in schemas.ts). */
export const ORDER_COMMANDS = [
  'submitPayment',
  'cancelOrder',
  'completeOrder',
  'cancelOrderAsAdmin',
  'reopenOrder',
] as const;
export type OrderCommandName = (typeof ORDER_COMMANDS)[number];
/**
 * Every transition is a command, except those the shop itself makes: the timeout, and the cash desk's answers
 * (decision 265): a withdrawal code it refused goes back to the customer, a delivered order completes itself.
 */
export type OrderTransition = OrderCommandName | 'expireOrder' | 'codeRefused' | 'completeByShop';

export interface TransitionRule {
  from: readonly OrderStatus[];
  to: OrderStatus;
  by: OrderActor;
}

/** Every allowed move: from → to, and who may make it. Anything else is a 409. */
export const ORDER_TRANSITIONS = {
  submitPayment: { from: ['waiting'], to: 'pending', by: 'customer' },
  cancelOrder: { from: ['waiting'], to: 'user_cancelled', by: 'customer' },
  expireOrder: { from: ['waiting'], to: 'timedout', by: 'system' },
  completeOrder: { from: ['pending'], to: 'complete', by: 'admin' },
  cancelOrderAsAdmin: { from: ['pending', 'waiting'], to: 'admin_cancelled', by: 'admin' },
  /** A timed-out top-up whose customer says they paid late: the admin takes it back, saying why. */
  reopenOrder: { from: ['timedout'], to: 'pending', by: 'admin' },
  /** The cash desk refused a withdrawal's code: the customer may send another, their waiting time restarted. */
  codeRefused: { from: ['pending'], to: 'waiting', by: 'system' },
  /** The desk delivered the order (a top-up deposited; a withdrawal redeemed and its payout proven by SMS). */
  completeByShop: { from: ['pending'], to: 'complete', by: 'system' },
} as const satisfies Record<OrderTransition, TransitionRule>;

/**
 * The verification of a top-up's payment (decision 100) moves by these rules only, each applied by the orders domain
 * under the payment's lock: the SMS domain hands it evidence, never writes the order (decision 130).
 */
export const VERIFICATION_TRANSITIONS = {
  /** An SMS of the same wallet, transaction id and amount, inside the order's window. */
  verifyBySms: { from: ['awaiting_sms', 'amount_mismatch'], to: 'verified' },
  /** The SMS agrees in every point but does not chain on its phone's balance ledger (decision 145): it is the
   * order's, and verifies it only when it chains or an admin accepts it. */
  holdBySms: { from: ['awaiting_sms', 'amount_mismatch'], to: 'held' },
  /** The held SMS now chains (a late message closed the gap). */
  verifyByLedger: { from: ['held'], to: 'verified' },
  /** An admin refuses a held payment, saying why. */
  rejectHeld: { from: ['held'], to: 'rejected' },
  /** An SMS with the transaction id says another amount. */
  amountDiffers: { from: ['awaiting_sms', 'amount_mismatch'], to: 'amount_mismatch' },
  /** No SMS (or none that still applies) for the transaction id yet. */
  awaitSms: { from: ['awaiting_sms', 'amount_mismatch'], to: 'awaiting_sms' },
  /** An admin links an SMS to the order by hand, saying why. */
  verifyByHand: { from: ['none', 'awaiting_sms', 'amount_mismatch', 'held'], to: 'verified' },
} as const satisfies Record<string, { from: readonly VerificationStatus[]; to: VerificationStatus }>;
export type VerificationTransition = keyof typeof VERIFICATION_TRANSITIONS;

/** Orders the admin still has to act on. */
export const ADMIN_QUEUE_STATUSES: readonly OrderStatus[] = ['pending', 'waiting'];

/** The four list-level groups of product.md §7.2 (icon + label). */
export type StatusGroup = 'waiting' | 'pending' | 'cancelled' | 'complete' | 'timeout';
export function statusGroup(status: OrderStatus): StatusGroup {
  switch (status) {
    case 'waiting':
      return 'waiting';
    case 'pending':
      return 'pending';
    case 'complete':
      return 'complete';
    case 'timedout':
      return 'timeout';
    default:
      return 'cancelled';
  }
}
