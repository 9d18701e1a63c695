// The two views of an order: the admin's (everything) and the public one anyone holding the id gets.
import type { OrderDto } from './api-types.js';

/** No SMS details and no admin notes: only "payment received" (issue 9). */
export function toPublicOrderView(order: OrderDto): OrderDto {
  const { verification: _verification, ...rest } = order;
  return { ...rest, events: order.events.map(({ note: _note, ...event }) => event) };
}
