// The one message a staff chat has about an order: what the queue shows of it, its verification, who
// moved it last, and the buttons while a decision is due. Pure: the same order gives the same text, so an
// unchanged order is never edited again.
import crypto from 'node:crypto';
import type { AdminOrderDto } from '#shared/api-types';
import { productKind } from '#shared/constants';
import type { OrderStatus } from '#shared/order-status';
import type { BotLanguage } from './telegram.repository.js';
import { botDigits, botMoney, botProductMoney, botText, botTime, type TextKey } from './texts.js';

/** The order id as the staff's queue shows it (product.md §7.1: the first 10 characters). */
export const shortOrderId = (id: string): string => id.slice(0, 10);

/** Orders a staff member has to decide on now: they get a message; other orders only get theirs edited. */
export const needsDecision = (order: Pick<AdminOrderDto, 'status'>): boolean => order.status === 'pending';

export const ORDER_ACTIONS = ['claim', 'complete', 'cancel'] as const;

/**
 * Whether the chat offers Complete: a top-up only once its payment is verified (decision 241), a withdrawal only once
 * a Send Money SMS proved its payout. Completing either without asks for what the desk on the website asks for (the
 * staff member's own check and its reason; the payout TrxID), which a button cannot carry.
 */
export const completableHere = (order: Pick<AdminOrderDto, 'product_id' | 'verification' | 'payout'>): boolean =>
  productKind(order.product_id) === 'topup' ? order.verification.status === 'verified' : order.payout !== null;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/**
 * Callback data of a button: the action and the order id as the message shows it. It carries no secret (the full
 * id would let a reader of a forwarded message act as the customer); the order is found from the pressed message.
 */
export const callbackData = (action: OrderAction, orderId: string): string => `o:${action}:${shortOrderId(orderId)}`;

export function parseCallbackData(data: string): { action: OrderAction; shortId: string } | null {
  const match = /^o:(claim|complete|cancel):([A-Za-z0-9_-]{1,10})$/.exec(data);
  return match ? { action: match[1] as OrderAction, shortId: match[2] } : null;
}

export interface InlineKeyboard {
  inline_keyboard: { text: string; callback_data: string }[][];
}

export interface RenderedOrderMessage {
  text: string;
  keyboard?: InlineKeyboard;
  /** What the message shows, for "has it changed?". */
  hash: string;
}

const STATUS_MARK: Record<OrderStatus, string> = {
  waiting: '⏳',
  pending: '🟡',
  complete: '🟢',
  timedout: '⌛',
  user_cancelled: '🔴',
  admin_cancelled: '🔴',
  cancelled: '🔴',
};

/** The last staff move of the order that the message reports: who, when, and how to say it. */
function lastStaffMove(order: AdminOrderDto): { key: TextKey; actorId: string | null; at: Date } | null {
  for (let i = order.events.length - 1; i >= 0; i -= 1) {
    const event = order.events[i];
    if (event.kind !== 'status' || event.actor !== 'admin') continue;
    const key: TextKey | null =
      event.to === 'complete'
        ? 'order.completedBy'
        : event.to === 'admin_cancelled'
          ? 'order.cancelledBy'
          : event.to === 'pending'
            ? 'order.reopenedBy'
            : null;
    if (key) return { key, actorId: event.actor_id, at: new Date(event.time * 1000) };
  }
  return null;
}

/** The staff ids the message names (for the name lookup before rendering). */
export function namedStaff(order: AdminOrderDto): string[] {
  const move = lastStaffMove(order);
  return move?.actorId ? [move.actorId] : [];
}

export function renderOrderMessage(
  order: AdminOrderDto,
  lang: BotLanguage,
  names: ReadonlyMap<string, string>,
  now: Date,
): RenderedOrderMessage {
  const t = (key: TextKey, values?: Record<string, string | number>) => botText(lang, key, values);
  const kind = productKind(order.product_id);
  const method = t(`wallets.${order.pm_method}`);
  const payAmount = botMoney(lang, order.pm_amount, 'BDT');
  const lines = [
    `${STATUS_MARK[order.status]} ${t('order.title', { id: shortOrderId(order.id) })}`,
    t(`products.${order.product_id}` as TextKey),
    t('order.amount', { amount: botProductMoney(lang, order.data.amount, order.product_id) }),
    kind === 'topup'
      ? t('order.pays', { amount: payAmount, method })
      : t('order.receives', { amount: payAmount, method, wallet: botDigits(lang, order.data.wallet ?? '') }),
  ];
  if (kind === 'topup' && order.data.onex_id)
    lines.push(t('order.onexId', { id: botDigits(lang, order.data.onex_id) }));
  const verification = order.verification.status;
  // A payment staff accepted by hand says who (decision 316), never that an SMS proved it.
  const acceptedBy = order.verification.accepted_by;
  if (acceptedBy) lines.push(t('verification.accepted', { name: acceptedBy.name }));
  else if (verification !== 'none') lines.push(t(`verification.${verification}`));
  lines.push(t('order.status', { status: t(`status.${order.status}`) }));
  // Who holds it and who approved it, while a decision is still due.
  if (needsDecision(order)) {
    if (order.assignee) lines.push(t('order.claimedBy', { name: order.assignee.name }));
    if (order.approvals.length > 0)
      lines.push(t('order.approvals', { names: order.approvals.map((a) => a.name).join(', ') }));
    else if (order.approval_required) lines.push(t('order.needsApproval'));
    if (!completableHere(order))
      lines.push(t(productKind(order.product_id) === 'topup' ? 'order.completeOnWebsite' : 'order.payoutOnWebsite'));
  }
  const move = lastStaffMove(order);
  if (move) {
    const name = (move.actorId && names.get(move.actorId)) || t('order.someone');
    lines.push(t(move.key, { name, time: botTime(lang, move.at, now) }));
    if (move.key === 'order.cancelledBy') {
      const reason = order.cancel_note ?? (order.cancel_reason ? t(`cancelReasons.${order.cancel_reason}`) : null);
      if (reason) lines.push(t('order.cancelledReason', { reason }));
    }
  }
  const text = lines.join('\n');
  const keyboard: InlineKeyboard | undefined = needsDecision(order)
    ? {
        inline_keyboard: [
          ORDER_ACTIONS.filter((action) => action !== 'complete' || completableHere(order)).map((action) => ({
            text: t(`buttons.${action}`),
            callback_data: callbackData(action, order.id),
          })),
        ],
      }
    : undefined;
  const hash = crypto
    .createHash('sha256')
    .update(JSON.stringify([text, keyboard ?? null]))
    .digest('base64url');
  return { text, keyboard, hash };
}

/** "Already completed by Rahim 10:42", or why else the order cannot take the action any more. */
export function whyNotActionable(
  order: AdminOrderDto,
  lang: BotLanguage,
  names: ReadonlyMap<string, string>,
  now: Date,
): string {
  const move = lastStaffMove(order);
  const name = (move?.actorId && names.get(move.actorId)) || botText(lang, 'order.someone');
  if (order.status === 'complete' && move)
    return botText(lang, 'toast.completedBy', { name, time: botTime(lang, move.at, now) });
  if (order.status === 'admin_cancelled' && move)
    return botText(lang, 'toast.cancelledBy', { name, time: botTime(lang, move.at, now) });
  if (needsDecision(order) && order.assignee)
    return botText(lang, 'toast.claimedByOther', { name: order.assignee.name });
  return botText(lang, 'toast.notPending', { status: botText(lang, `status.${order.status}`) });
}
