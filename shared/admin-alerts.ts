// The admin's alerts (decision 119): what `GET /api/v1/admin/waiting` answers, the count the admin's
// tab title and favicon show.

/** Items that wait for the shop: orders in the admin's queue and tickets whose last message is the customer's. */
export interface WaitingItemsDto {
  /** The queue as `GET /orders/all` without filters lists it: waiting, pending and recent "paid late" claims. */
  orders: number;
  /** Open tickets whose newest message is the customer's. */
  tickets: number;
  /** Of `orders`, those whose payment is held for the shop's review (the bell lists them apart). */
  held: number;
  /** Wallet phones whose balance ledger has a gap: a message is missing (decision 144). */
  gaps: number;
}

export interface WaitingItemsAnswer {
  ok: true;
  waiting: WaitingItemsDto;
}
