// The realtime contract (design §7): event names and payloads, the only thing both sides use.
import type { HomeOrderDto, OrderDto, TicketDto, TicketMessageDto } from './api-types.js';
import type { ErrorKey } from './error-keys.js';

export type Ack<T> = (answer: { data: T } | { error: ErrorKey }) => void;

export interface ServerToClientEvents {
  'order:updated': (order: OrderDto) => void;
  'order:created': (order: OrderDto) => void;
  'ticket:message': (payload: { ticketId: string; message: TicketMessageDto }) => void;
  'ticket:updated': (ticket: TicketDto) => void;
  'admin:online': (payload: { online: boolean }) => void;
  'home:orders': (orders: HomeOrderDto[]) => void;
}

export interface ClientToServerEvents {
  'order:watch': (orderId: string, ack?: Ack<true>) => void;
  'order:unwatch': (orderId: string) => void;
}

export const ROOMS = {
  user: (id: string) => `user:${id}`,
  order: (id: string) => `order:${id}`,
  admins: 'admins',
} as const;
