// Which realtime pushes the admin is alerted about (decision 119): a new order (`order:created`), a payment submitted
// (`order:updated` whose newest timeline entry is the customer's waiting → pending, or a "paid late" claim), and a
// customer's ticket message (`ticket:message` from the user). Each alert has a key, so that a push repeated (an
// SMS verifying the same order sends it again) or heard by several tabs alerts once.
import { isAdminOrderDto, type OrderView, type TicketMessageDto } from '#shared/api-types';
import type { AlertKind } from './alert-settings';

export interface Alert {
  kind: AlertKind;
  key: string;
  /** Where a click on its desktop notification leads. */
  orderId?: string;
  ticketId?: string;
  /** The order's product and amount, or the start of the message, for the notification's text. */
  order?: OrderView;
  text?: string;
  /** A ticket message that carries a picture (decision 022): the notification says so when it has no words. */
  picture?: boolean;
}

export function alertOfNewOrder(order: OrderView): Alert | null {
  if (!isAdminOrderDto(order) || order.status !== 'waiting') return null;
  return { kind: 'order', key: `order:${order.id}`, orderId: order.id, order };
}

export function alertOfOrderUpdate(order: OrderView): Alert | null {
  if (!isAdminOrderDto(order)) return null;
  const last = order.events[order.events.length - 1];
  if (!last) return null;
  if (last.kind === 'late_claim') return { kind: 'payment', key: `late:${order.id}`, orderId: order.id, order };
  const paid = last.from === 'waiting' && last.to === 'pending' && last.actor === 'customer';
  return paid && order.status === 'pending'
    ? { kind: 'payment', key: `payment:${order.id}`, orderId: order.id, order }
    : null;
}

export function alertOfTicketMessage(payload: { ticketId: string; message: TicketMessageDto }): Alert | null {
  if (payload.message.sender !== 'user') return null;
  return {
    kind: 'ticket',
    key: `ticket:${payload.ticketId}:${payload.message.id}`,
    ticketId: payload.ticketId,
    text: payload.message.text,
    picture: payload.message.picture !== null,
  };
}
