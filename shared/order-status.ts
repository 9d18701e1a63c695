// Order statuses and the one transition table the server enforces (design §6).

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

export type OrderActor = 'customer' | 'admin' | 'system';

/** Every allowed move: from → to, and who may make it. Anything else is a 409. */
export const ORDER_TRANSITIONS: Record<string, { from: readonly OrderStatus[]; to: OrderStatus; by: OrderActor }> = {
  submitPayment: { from: ['waiting'], to: 'pending', by: 'customer' },
  cancelByCustomer: { from: ['waiting'], to: 'user_cancelled', by: 'customer' },
  timeout: { from: ['waiting'], to: 'timedout', by: 'system' },
  complete: { from: ['pending'], to: 'complete', by: 'admin' },
  cancelByAdmin: { from: ['pending', 'waiting'], to: 'admin_cancelled', by: 'admin' },
};
export type OrderTransition = keyof typeof ORDER_TRANSITIONS;

/** Orders the admin still has to act on. */
export const ADMIN_QUEUE_STATUSES: readonly OrderStatus[] = ['pending', 'waiting'];

/** The four list-level groups of spec §4 (icon + label). */
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
