// The admin's side of orders (product.md §7.12): the live queue, the history with filters, the CSV export and
// the two admin commands on one order.
import type { AdminOrderDto } from '#shared/api-types';
import type { OrderCustomerDto } from '#shared/order-filters';
import type { CancelReason } from '#shared/schemas';
import { api, okOrThrow, type QueryParams } from '../../../lib/api';
import { getCaptcha } from '../../../lib/captcha';
import { queryOptions } from '../../../lib/query';
import { orderKeys, sendOrderCommand } from './orders-api';

export type AdminOrderList = { orders: AdminOrderDto[]; pages: number; customers?: Record<string, OrderCustomerDto> };

/** The filters of the "All orders" tab; empty strings are left out of the query. */
export interface OrderHistoryFilter {
  status: string;
  product: string;
  method: string;
  /** Unix seconds or undefined. */
  from?: number;
  to?: number;
  q: string;
  /** '' any, 'true' verified by SMS, 'hand' accepted by hand (decision 316), 'false' top-ups not verified (decision 012). */
  verified?: string;
}

export function filterQuery(f: OrderHistoryFilter): QueryParams {
  return {
    status: f.status || 'all',
    product: f.product || undefined,
    method: f.method || undefined,
    from: f.from,
    to: f.to,
    q: f.q.trim() || undefined,
    verified: f.verified || undefined,
  };
}

export const listOrderQueue = (page: number) => api.get<AdminOrderList>('/orders/all', { page });
export const listOrderHistory = (page: number, filter: OrderHistoryFilter) =>
  api.get<AdminOrderList>('/orders/all', { page, ...filterQuery(filter) });
export const orderQueueQuery = (page: number) =>
  queryOptions({ queryKey: orderKeys.queue(page), queryFn: () => okOrThrow(listOrderQueue(page)) });
export const orderHistoryQuery = (filter: OrderHistoryFilter) => (page: number) =>
  queryOptions({ queryKey: orderKeys.history(page, filter), queryFn: () => okOrThrow(listOrderHistory(page, filter)) });
export const downloadOrdersCsv = (filter: OrderHistoryFilter, filename: string) =>
  api.download('/orders/export.csv', filterQuery(filter), filename);

/** What the timeline and the audit keep when staff complete a top-up whose payment is not verified (decision 241). */
export const CHECKED_BY_HAND = 'Checked the payment myself';
/** Complete; `checkedByHand` when the payment is not verified and the staff member ticked that they checked it. */
export const completeOrder = (id: string, payoutTrxId?: string, checkedByHand = false) =>
  sendOrderCommand<AdminOrderDto>(id, {
    name: 'completeOrder',
    ...(payoutTrxId ? { payoutTrxId } : {}),
    ...(checkedByHand ? { unverifiedReason: CHECKED_BY_HAND } : {}),
  });
export const reopenOrder = (id: string, reason: string) =>
  sendOrderCommand<AdminOrderDto>(id, { name: 'reopenOrder', reason });
export const cancelOrderAsAdmin = (id: string, why: { reason?: CancelReason; note?: string } = {}) =>
  sendOrderCommand<AdminOrderDto>(id, { name: 'cancelOrderAsAdmin', ...why });

/** Staff settle a held verification (decision 145): accept (verified by hand) or reject, saying why. */
export async function settleVerification(id: string, decision: 'accept' | 'reject', reason: string) {
  const captcha = await getCaptcha();
  return api.post<{ order: AdminOrderDto }>(`/orders/${encodeURIComponent(id)}/verification`, {
    captcha,
    decision,
    reason,
  });
}
