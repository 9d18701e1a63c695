// Which orders the admin's queue lists (the two views of an order are in api-types.ts and server/orders/order-dto.ts).
import type { OrderDto } from './api-types.js';
import { ADMIN_QUEUE_STATUSES } from './order-status.js';
import { SMS_LIMITS } from './sms/sms-api.js';

/** Whether the admin's queue lists the order: pending and waiting ones, and recent "paid late" claims. */
export function isInAdminQueue(
  order: Pick<OrderDto, 'status' | 'late_claim_at'>,
  nowSeconds = Date.now() / 1000,
): boolean {
  if (ADMIN_QUEUE_STATUSES.includes(order.status)) return true;
  return (
    order.status === 'timedout' &&
    order.late_claim_at !== null &&
    nowSeconds - order.late_claim_at < SMS_LIMITS.lateClaimQueueHours * 3600
  );
}
