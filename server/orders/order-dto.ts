// Orders as the API shows them: the full order (with its timeline), the home list line and the admin's summary.
import type { AdminOrderDto, HomeOrderDto, OrderView, PublicOrderDto, UserOrderSummaryDto } from '#shared/api-types';
import { isStaffRole, type Wallet } from '#shared/constants';
import type { OrderVerificationDto } from '#shared/sms/sms-api';
import { toMoneyNumber } from '#shared/money';
import { mediaUrl } from '../http/media-url.js';
import { unixSeconds } from '#shared/time';
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
    reason: o.verification === 'held' ? o.verificationReason : null,
  };
}

/** What anyone holding the order's id sees (decision 070): no owner id, no withdrawal code, actors by role only. */
export function toPublicOrderDto(o: OrderRecord): PublicOrderDto {
  return {
    id: o.id,
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
    events: o.events.map((e) => ({
      from: e.fromStatus,
      to: e.toStatus,
      actor: e.actor,
      kind: e.kind as PublicOrderDto['events'][number]['kind'],
      time: unixSeconds(e.createdAt),
    })),
    payment_received: o.verification === 'verified',
    // The customer's page says why the payment waits for a look (issue 23), never that a number is blocked.
    payment_held: o.verification !== 'held' ? null : o.verificationReason === 'payer_mismatch' ? 'payer_mismatch' : 'review',
    late_claim_at: o.lateClaimAt ? unixSeconds(o.lateClaimAt) : null,
    payout_trx_id: o.payoutTrxId,
  };
}

/** The admin's full view, with the SMS verification. */
export function toAdminOrderDto(o: OrderRecord): AdminOrderDto {
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
  };
}

/** Both views of one order, for the pushes to staff and to everyone else (decision 070). */
export const orderViews = (o: OrderRecord): { full: AdminOrderDto; public: PublicOrderDto } => ({ full: toAdminOrderDto(o), public: toPublicOrderDto(o) });

/** The view for whoever asks: the full one for an admin, the public one for anyone else. */
export function toOrderView(o: OrderRecord, viewer: { role: string } | null): OrderView {
  return isStaffRole(viewer?.role) ? toAdminOrderDto(o) : toPublicOrderDto(o);
}

export function toHomeOrderDto(o: RecentOrderRecord, mediaBaseUrl: string): HomeOrderDto {
  return {
    product_id: o.productId,
    created_at: unixSeconds(o.createdAt),
    amount: toMoneyNumber(o.amount),
    pm_amount: toMoneyNumber(o.pmAmount),
    status: o.status,
    userName: o.userName ?? '',
    userLogo: mediaUrl(mediaBaseUrl, o.userLogo),
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
