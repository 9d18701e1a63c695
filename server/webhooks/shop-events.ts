// Which webhook events a shop event is (decision 157). An order's change is read by its statuses as
// strings, so a verification status another domain adds later ("held", the ledger's) maps without a change here.
import type { WebhookEventType } from '#shared/webhooks';

const CANCELLED = new Set(['user_cancelled', 'admin_cancelled']);

/** The webhook events of one order change (`before` null: a new order); a change may be several at once. */
export function orderWebhookEvents(
  order: { status: string; verification: string },
  before: { status: string; verification: string } | null,
): WebhookEventType[] {
  if (before === null) return ['order.created'];
  const events: WebhookEventType[] = [];
  const became = (verification: string) => order.verification === verification && before.verification !== verification;
  if (became('verified')) events.push('order.paid');
  if (became('held')) events.push('order.held');
  if (order.status !== before.status) {
    if (order.status === 'complete') events.push('order.completed');
    else if (CANCELLED.has(order.status)) events.push('order.cancelled');
    else if (order.status === 'timedout') events.push('order.timedout');
  }
  return events;
}
