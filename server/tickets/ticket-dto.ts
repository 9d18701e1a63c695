import type { TicketDto, TicketMessageDto, TicketOrderDto } from '#shared/api-types';
import type { Wallet } from '#shared/constants';
import { toMoneyNumber } from '#shared/money';
import type { OrderStatus } from '#shared/order-status';
import { mediaUrl } from '../http/media-url.js';
import type { TicketMessageRecord, TicketOrderRecord, TicketRecord } from './tickets.repository.js';
import { unixSeconds as seconds } from '#shared/time';

export function toTicketMessageDto(ticketId: string, message: TicketMessageRecord): TicketMessageDto {
  const picturePath = `/supports/${encodeURIComponent(ticketId)}/pictures/${message.id}`;
  const picture = message.picture
    ? {
        path: picturePath,
        thumb_path: `${picturePath}?size=thumb`,
        width: message.picture.width,
        height: message.picture.height,
      }
    : null;
  return { id: message.id, sender: message.sender, text: message.text, time: seconds(message.createdAt), picture };
}

export function toTicketOrderDto(order: TicketOrderRecord): TicketOrderDto {
  return {
    id: order.id,
    created_at: seconds(order.createdAt),
    product_id: order.productId,
    status: order.status as OrderStatus,
    amount: toMoneyNumber(order.amount),
    pm_amount: toMoneyNumber(order.pmAmount),
    pm_method: order.pmMethod as Wallet,
    pm_wallet: order.pmWallet,
    wallet: order.wallet,
    pm_id: order.pmId,
  };
}

/**
 * `name` and `userLogo` are the ticket owner's, whoever wrote last. With `messages` (the conversation) also the
 * order the ticket names, when given.
 */
export function toTicketDto(
  ticket: TicketRecord,
  mediaBaseUrl: string,
  messages?: TicketMessageRecord[],
  order?: TicketOrderRecord | null,
): TicketDto {
  return {
    id: ticket.id,
    num: ticket.num,
    created_at: seconds(ticket.createdAt),
    updated_at: seconds(ticket.updatedAt),
    subject: ticket.subject,
    status: ticket.status,
    last_text: ticket.lastText,
    user_id: ticket.userId,
    name: ticket.ownerName,
    userLogo: mediaUrl(mediaBaseUrl, ticket.ownerLogo),
    order_id: ticket.orderId,
    lang: ticket.lang,
    ...(messages
      ? {
          texts: messages.map((message) => toTicketMessageDto(ticket.id, message)),
          order: order ? toTicketOrderDto(order) : null,
        }
      : {}),
  };
}
