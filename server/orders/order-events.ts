// What the orders domain tells the rest of the shop, after its commit (decision 130).
import type { Wallet } from '#shared/constants';
import type { OrderBefore } from './order-commands.repository.js';
import type { OrderRecord } from './order-row.js';

export interface OrderChanged {
  /** The order as it now stands, read once after the write: subscribers never read it again. */
  order: OrderRecord;
  /** What it was before the change; null for a new order. */
  before: OrderBefore | null;
  /**
   * The order is new or its status moved: the public home page's recent orders and the day's capped methods may
   * have changed. A change of verification alone leaves public data as it was.
   */
  publicChanged: boolean;
}

export interface OrderEvents {
  'order.changed': OrderChanged;
  /** A top-up was refused because its method's daily cap is full (the cap bites: staff may want another number). */
  'method.limitReached': { wallet: Wallet };
}

/** An order's change as the event says it. */
export const orderChanged = (order: OrderRecord, before: OrderBefore | null): OrderChanged => ({
  order,
  before,
  publicChanged: before === null || before.status !== order.status,
});
