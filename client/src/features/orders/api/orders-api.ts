// Order calls of spec §7: product, place, read, customer updates and the own-orders list.
import type { OrderView, ProductDto, PublicOrderDto } from '#shared/api-types';
import { orderCommandPayload, type PlaceOrderInput, type OrderCommand, type OrderPayment } from '#shared/schemas';
import { api } from '../../../lib/api';
import { getCaptcha } from '../../../lib/captcha';


export const getProduct = (productId: string) => api.get<{ product: ProductDto }>(`/products/${encodeURIComponent(productId)}`);

const NETWORK_RETRIES = 2;

/**
 * Places an order with one Idempotency-Key for this checkout attempt (decision 074): a network failure is retried
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

/**
 * Sends one order command in its wire shape (spec §7), built by the shared `orderCommandPayload`. The answer is
 * the order as the caller may see it: the public view, or the admin's full one (decision 070).
 */
export async function sendOrderCommand<View extends OrderView = PublicOrderDto>(id: string, command: OrderCommand) {
  const captcha = await getCaptcha();
  return api.patch<{ order: View }>(`/orders/${encodeURIComponent(id)}`, { captcha, order: orderCommandPayload(command) });
}

export const submitPayment = (id: string, payment: OrderPayment) => sendOrderCommand(id, { name: 'submitPayment', payment });
export const cancelOrder = (id: string) => sendOrderCommand(id, { name: 'cancelOrder' });

/** A timed-out top-up's "paid late" claim (issue 9 rule 4). */
export async function claimLatePayment(id: string, pmId: string) {
  const captcha = await getCaptcha();
  return api.post<{ order: PublicOrderDto }>(`/orders/${encodeURIComponent(id)}/late-payment`, { captcha, pm_id: pmId });
}

export const listOwnOrders = (page: number) => api.get<{ orders: PublicOrderDto[]; pages: number }>('/orders/all', { page });
