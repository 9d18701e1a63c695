// Order calls of product.md §7: product, place, read, customer updates and the own-orders list.
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import type { OrderView, ProductDto, PublicOrderDto } from '#shared/api-types';
import { TYPICAL_WAIT, type TypicalWaitDto } from '#shared/stats';
import { orderCommandPayload, type PlaceOrderInput, type OrderCommand, type OrderPayment } from '#shared/schemas';
import { api, okOrThrow } from '../../../lib/api';
import { getCaptcha } from '../../../lib/captcha';
import { queryOptions, useQuery } from '../../../lib/query';
import { adminOnlineAtom } from '../../../lib/session';

/** Query keys of the orders feature (decision 180); the admin's lists are under `admin`. */
export const orderKeys = {
  all: ['orders'] as const,
  own: () => [...orderKeys.all, 'own'] as const,
  ownPage: (page: number) => [...orderKeys.own(), page] as const,
  detail: (id: string) => [...orderKeys.all, 'detail', id] as const,
  admin: () => [...orderKeys.all, 'admin'] as const,
  queues: () => [...orderKeys.admin(), 'queue'] as const,
  queue: (page: number) => [...orderKeys.queues(), page] as const,
  histories: () => [...orderKeys.admin(), 'history'] as const,
  history: (page: number, filter: object) => [...orderKeys.histories(), page, filter] as const,
  product: (productId: string) => [...orderKeys.all, 'product', productId] as const,
  typicalWait: () => [...orderKeys.all, 'typical-wait'] as const,
  staffOnline: () => [...orderKeys.all, 'staff-online'] as const,
};

export const getProduct = (productId: string) =>
  api.get<{ product: ProductDto }>(`/products/${encodeURIComponent(productId)}`);
export const productQuery = (productId: string) =>
  queryOptions({
    queryKey: orderKeys.product(productId),
    queryFn: async () => (await okOrThrow(getProduct(productId))).product,
  });

const NETWORK_RETRIES = 2;

/**
 * Places an order with one Idempotency-Key for this checkout attempt (decision 131): a network failure is retried
 * with the same key and body, so a lost answer never makes a second order; an answer of the server (4xx) is not.
 */
export async function placeOrder(productId: string, order: PlaceOrderInput) {
  const captcha = await getCaptcha();
  const headers = { 'Idempotency-Key': crypto.randomUUID() };
  const send = () => api.post<{ id: string }>(`/orders/${encodeURIComponent(productId)}`, { captcha, order }, headers);
  let answer = await send();
  for (let retry = 1; retry <= NETWORK_RETRIES && !answer.ok && answer.key === 'errors.network'; retry += 1) {
    await new Promise((resolve) => setTimeout(resolve, 1000 * retry));
    answer = await send();
  }
  return answer;
}

export const getOrder = (id: string) => api.get<{ order: PublicOrderDto }>(`/orders/${encodeURIComponent(id)}`);
export const orderQuery = (id: string) =>
  queryOptions({ queryKey: orderKeys.detail(id), queryFn: async () => (await okOrThrow(getOrder(id))).order });

/**
 * Sends one order command in its wire shape (product.md §7.2), built by the shared `orderCommandPayload`. The answer is
 * the order as the caller may see it: the public view, or the admin's full one (decision 070).
 */
export async function sendOrderCommand<View extends OrderView = PublicOrderDto>(id: string, command: OrderCommand) {
  const captcha = await getCaptcha();
  return api.patch<{ order: View }>(`/orders/${encodeURIComponent(id)}`, {
    captcha,
    order: orderCommandPayload(command),
  });
}

export const submitPayment = (id: string, payment: OrderPayment) =>
  sendOrderCommand(id, { name: 'submitPayment', payment });
export const cancelOrder = (id: string) => sendOrderCommand(id, { name: 'cancelOrder' });

/** A timed-out top-up's "paid late" claim. */
export async function claimLatePayment(id: string, pmId: string) {
  const captcha = await getCaptcha();
  return api.post<{ order: PublicOrderDto }>(`/orders/${encodeURIComponent(id)}/late-payment`, {
    captcha,
    pm_id: pmId,
  });
}

export const listOwnOrders = (page: number) =>
  api.get<{ orders: PublicOrderDto[]; pages: number }>('/orders/all', { page });
export type OwnOrderList = { orders: PublicOrderDto[]; pages: number };
export const ownOrdersQuery = (page: number) =>
  queryOptions({ queryKey: orderKeys.ownPage(page), queryFn: () => okOrThrow(listOwnOrders(page)) });

/** The median minutes from payment to completion over recent orders (decision 113); the server keeps it a minute too. */
export const getTypicalWait = () => api.get<{ wait: TypicalWaitDto }>('/stats/typical-wait');
export const typicalWaitQuery = () =>
  queryOptions({
    queryKey: orderKeys.typicalWait(),
    queryFn: async () => (await okOrThrow(getTypicalWait())).wait,
    staleTime: TYPICAL_WAIT.cacheSeconds * 1000,
  });

/** `GET /players/{onex_id}`: the 1xBet player's masked name, when a cash desk is connected. */
export const getPlayer = (onexId: string, currency: string) =>
  api.get<{ player: { name: string } }>(`/players/${encodeURIComponent(onexId)}`, { currency });

/**
 * Whether staff are at work (GET /admin, public), for the order page's word on who completes it and when
 *. The session's flag when the home page or a realtime event set it; else asked once, and kept
 * in the session, which `admin:online` keeps live.
 */
export function useStaffOnline(): boolean | null {
  const known = useAtomValue(adminOnlineAtom);
  const setKnown = useSetAtom(adminOnlineAtom);
  const asked = useQuery({
    queryKey: orderKeys.staffOnline(),
    queryFn: async () => (await okOrThrow(api.get<{ admin: { online: boolean } }>('/admin'))).admin.online,
    enabled: known === null,
    staleTime: TYPICAL_WAIT.cacheSeconds * 1000,
  });
  useEffect(() => {
    if (known === null && asked.data !== undefined) setKnown(asked.data);
  }, [known, asked.data, setKnown]);
  return known ?? asked.data ?? null;
}
