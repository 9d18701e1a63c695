// The realtime contract (product.md §12): event names and payloads, the only thing both sides use.
import type { HomeOrderDto, OrderView, TicketDto, TicketMessageDto } from './api-types.js';
import type { CashdeskAlertPayload } from './cashdesk.js';
import type { ErrorKey } from './error-keys.js';
import type { LedgerGapPayload, SilentDevicesPayload, SmsDto } from './sms/sms-api.js';

export type Ack<T> = (answer: { data: T } | { error: ErrorKey }) => void;

export interface ServerToClientEvents {
  /** The admin's view to `admins`; the public view to the order's watchers and its owner (decision 070). */
  'order:updated': (order: OrderView) => void;
  'order:created': (order: OrderView) => void;
  'ticket:message': (payload: { ticketId: string; message: TicketMessageDto }) => void;
  'ticket:updated': (ticket: TicketDto) => void;
  'admin:online': (payload: { online: boolean }) => void;
  'home:orders': (orders: HomeOrderDto[]) => void;
  /** A forwarded SMS was stored (admins only). */
  'sms:received': (sms: SmsDto) => void;
  /** The wallet phones silent for 30 minutes while orders of their wallet wait; an empty list clears the warning. */
  'devices:silent': (payload: SilentDevicesPayload) => void;
  /** A wallet phone's balance ledger misses a message (gap), or no longer does (gap null); admins only. */
  'ledger:gap': (payload: LedgerGapPayload) => void;
  /** A betting cash desk is failing (its automation stopped) or its Limit drifted; staff only. */
  'cashdesk:alert': (payload: CashdeskAlertPayload) => void;
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
