// Orders as the API shows them: the full order (with its timeline), the home list line and the admin's summary.
import type {
  AdminOrderDto,
  HomeOrderDto,
  PublicPaymentState,
  OrderView,
  PublicOrderDto,
  UserOrderSummaryDto,
} from '#shared/api-types';
import { isStaffRole, type Wallet } from '#shared/constants';
import type { HeldReason, OrderVerificationDto, VerificationStatus } from '#shared/sms/sms-api';
import { toMoneyNumber } from '#shared/money';
import { mediaUrl } from '../http/media-url.js';
import { unixSeconds } from '#shared/time';
import { acceptRule, DEFAULT_STAFF_RULES, needsSecondApproval, type StaffRules } from './four-eyes.js';
import type { OrderRecord } from './order-row.js';
import type { RecentOrderRecord, UserOrderSummaryRecord } from './order-queries.repository.js';

function toVerificationDto(o: OrderRecord): OrderVerificationDto {
  const sms = o.verificationSms;
  return {
    status: o.verification,
    sms_id: sms?.id ?? null,
    amount: sms?.amount == null ? null : toMoneyNumber(sms.amount),
    sender: sms?.sender ?? null,
    received_at: sms ? unixSeconds(sms.receivedAt) : null,
    // The order's own reason (its payer) comes first; else the ledger's, kept on the held SMS.
    reason:
      o.verification === 'held' ? ((o.verificationReason ?? sms?.ledgerReason ?? 'no_balance') as HeldReason) : null,
    expected_balance:
      o.verification === 'held' && sms?.expectedBalance != null ? toMoneyNumber(sms.expectedBalance) : null,
    stated_balance: o.verification === 'held' && sms?.balance != null ? toMoneyNumber(sms.balance) : null,
    expected_since: o.verification === 'held' && sms?.expectedSince != null ? unixSeconds(sms.expectedSince) : null,
    accepted_by:
      o.verification === 'verified' && o.acceptedBy ? { id: o.acceptedBy.id, name: o.acceptedBy.name } : null,
  };
}

/** The verification (decision 100) as the customer's page may tell it (decision 070). */
const PUBLIC_PAYMENT_STATE: Record<VerificationStatus, PublicPaymentState> = {
  none: 'none',
  awaiting_sms: 'awaiting',
  verified: 'received',
  amount_mismatch: 'differs',
  held: 'held',
  rejected: 'rejected',
};

/** Timeline entries only staff see: who claimed, released and approved the order, and the cash desk's word on its delivery. */
const STAFF_EVENT_KINDS = new Set(['claimed', 'released', 'approved', 'fulfilment']);

/** The only move from pending back to waiting: the cash desk refused the withdrawal's code (the shop's own step). */
const isCodeRefusal = (e: OrderRecord['events'][number]) =>
  e.kind === 'status' && e.fromStatus === 'pending' && e.toStatus === 'waiting' && e.actor === 'system';

/** What anyone holding the order's id sees (decision 070): no owner id, no withdrawal code, actors by role only. */
export function toPublicOrderDto(o: OrderRecord): PublicOrderDto {
  return {
    id: o.id,
    ref: o.ref,
    created_at: unixSeconds(o.createdAt),
    product_id: o.productId,
    status: o.status,
    last_time: unixSeconds(o.lastTime),
    pm_method: o.pmMethod as Wallet,
    pm_wallet: o.pmWallet,
    pm_amount: toMoneyNumber(o.pmAmount),
    pm_id: o.pmId,
    pm_coin: o.pmCoin,
    contact_email: o.contactEmail,
    data: {
      amount: toMoneyNumber(o.amount),
      rate: Number(o.rate),
      onex_id: o.onexId,
      wallet: o.wallet,
      note: o.note,
    },
    cancel_reason: o.cancelReason,
    cancel_note: o.cancelNote,
    // Claims and approvals are the staff's own business.
    events: o.events
      .filter((e) => !STAFF_EVENT_KINDS.has(e.kind))
      .map((e) => ({
        from: e.fromStatus,
        to: e.toStatus,
        actor: e.actor,
        kind: e.kind as PublicOrderDto['events'][number]['kind'],
        time: unixSeconds(e.createdAt),
        // The cash desk's word on a withdrawal code it refused is the customer's to read (decision 265).
        ...(isCodeRefusal(e) && e.note ? { note: e.note } : {}),
      })),
    payment_received: o.verification === 'verified',
    // The customer's page says why the payment waits for a look, never that a number is blocked.
    payment_held:
      o.verification !== 'held' ? null : o.verificationReason === 'payer_mismatch' ? 'payer_mismatch' : 'review',
    payment_state: PUBLIC_PAYMENT_STATE[o.verification],
    // The amount the customer's own payment brought, only when it is not the order's: no SMS, sender or balance.
    received_amount:
      o.verification === 'amount_mismatch' && o.verificationSms?.amount != null
        ? toMoneyNumber(o.verificationSms.amount)
        : null,
    late_claim_at: o.lateClaimAt ? unixSeconds(o.lateClaimAt) : null,
    payout_trx_id: o.payoutTrxId,
    // The customer sees where the delivery stands; the desk's word on a refused code is on the move back to waiting.
    fulfilment: o.fulfilment ? { status: o.fulfilment.status } : null,
  };
}

/** The event's note of a payout correction is "<before> <after>" (decision 281): the latest one's before. */
function payoutWalletBefore(o: OrderRecord): string | null {
  const last = o.events.findLast((e) => e.kind === 'payout_wallet_changed');
  return last?.note?.split(' ')[0] ?? null;
}

/** The admin's full view, with the SMS verification, the claim and the approvals (the four-eyes threshold given). */
export function toAdminOrderDto(o: OrderRecord, rules: StaffRules = DEFAULT_STAFF_RULES): AdminOrderDto {
  const view = toPublicOrderDto(o);
  return {
    ...view,
    user_id: o.userId,
    data: { ...view.data, w_code: o.wCode },
    events: o.events.map((e) => ({
      from: e.fromStatus,
      to: e.toStatus,
      actor: e.actor,
      actor_id: e.actorId,
      kind: e.kind as PublicOrderDto['events'][number]['kind'],
      note: e.note,
      time: unixSeconds(e.createdAt),
    })),
    verification: toVerificationDto(o),
    payout:
      o.payoutSmsId !== null && o.payoutSmsTrxId !== null && o.payoutSmsAt !== null
        ? { trx_id: o.payoutSmsTrxId, sms_id: o.payoutSmsId, at: unixSeconds(o.payoutSmsAt) }
        : null,
    assignee: o.assignee ? { id: o.assignee.id, name: o.assignee.name } : null,
    approvals: o.events
      .filter((e) => e.kind === 'approved' && e.actorId !== null)
      .map((e) => ({ by: e.actorId!, name: e.note ?? '', at: unixSeconds(e.createdAt) })),
    approval_required: needsSecondApproval(o, rules.fourEyesBdt),
    accept_rule: acceptRule(o, rules),
    fulfilment: o.fulfilment
      ? {
          status: o.fulfilment.status,
          amount: o.fulfilment.amount === null ? null : toMoneyNumber(o.fulfilment.amount),
          operation_id: o.fulfilment.operationId,
          message: o.fulfilment.message,
          at: unixSeconds(o.fulfilment.at),
          attempts: o.fulfilment.attempts,
        }
      : null,
    payout_wallet_before: payoutWalletBefore(o),
  };
}

/** Both views of one order, for the pushes to staff and to everyone else (decision 070). */
export const orderViews = (
  o: OrderRecord,
  rules: StaffRules = DEFAULT_STAFF_RULES,
): { full: AdminOrderDto; public: PublicOrderDto } => ({
  full: toAdminOrderDto(o, rules),
  public: toPublicOrderDto(o),
});

/** The view for whoever asks: the full one for an admin, the public one for anyone else. */
export function toOrderView(
  o: OrderRecord,
  viewer: { role: string } | null,
  rules: StaffRules = DEFAULT_STAFF_RULES,
): OrderView {
  return isStaffRole(viewer?.role) ? toAdminOrderDto(o, rules) : toPublicOrderDto(o);
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * A customer's name as the public sees it by default (decision 216): its first and last letters around three stars
 * (`Rahim Uddin` → `R***n`, `রহিম` → `র***ম`), so the word count and length tell nothing either. Letters are
 * graphemes: a Bengali conjunct stays whole.
 */
export function maskName(name: string): string {
  const letters = Array.from(graphemes.segment(name.trim()), (s) => s.segment);
  if (letters.length === 0) return '';
  if (letters.length <= 2) return `${letters[0]}***`;
  return `${letters[0]}***${letters[letters.length - 1]}`;
}

/** The home page's line; `showNames` (the `home_show_names` setting) shows the full name and photo. */
export function toHomeOrderDto(o: RecentOrderRecord, mediaBaseUrl: string, showNames = false): HomeOrderDto {
  return {
    product_id: o.productId,
    created_at: unixSeconds(o.createdAt),
    amount: toMoneyNumber(o.amount),
    pm_amount: toMoneyNumber(o.pmAmount),
    status: o.status,
    userName: showNames ? (o.userName ?? '') : maskName(o.userName ?? ''),
    userLogo: showNames ? mediaUrl(mediaBaseUrl, o.userLogo) : null,
  };
}

export function toUserOrderSummaryDto(o: UserOrderSummaryRecord): UserOrderSummaryDto {
  return {
    id: o.id,
    created_at: unixSeconds(o.createdAt),
    product_id: o.productId,
    status: o.status,
    pm_amount: toMoneyNumber(o.pmAmount),
    amount: toMoneyNumber(o.amount),
  };
}
