// Order calls of spec §7: product, place, read, customer updates and the own-orders list.
import type { OrderDto, ProductDto } from '#shared/api-types';
import { orderCommandPayload, type PlaceOrderInput, type OrderCommand, type OrderPayment } from '#shared/schemas';
import { api } from '../../../lib/api';
import { getCaptcha } from '../../../lib/captcha';


export const getProduct = (productId: string) => api.get<{ product: ProductDto }>(`/products/${encodeURIComponent(productId)}`);

export async function placeOrder(productId: string, order: PlaceOrderInput) {
  const captcha = await getCaptcha();
  return api.post<{ id: string }>(`/orders/${encodeURIComponent(productId)}`, { captcha, order });
}

export const getOrder = (id: string) => api.get<{ order: OrderDto }>(`/orders/${encodeURIComponent(id)}`);

/** Sends one order command in its wire shape (spec §7), built by the shared `orderCommandPayload`. */
export async function sendOrderCommand(id: string, command: OrderCommand) {
  const captcha = await getCaptcha();
  return api.patch<{ order: OrderDto }>(`/orders/${encodeURIComponent(id)}`, { captcha, order: orderCommandPayload(command) });
}

export const submitPayment = (id: string, payment: OrderPayment) => sendOrderCommand(id, { name: 'submitPayment', payment });
export const cancelOrder = (id: string) => sendOrderCommand(id, { name: 'cancelOrder' });

/** A timed-out top-up's "paid late" claim (issue 9 rule 4). */
export async function claimLatePayment(id: string, pmId: string) {
  const captcha = await getCaptcha();
  return api.post<{ order: OrderDto }>(`/orders/${encodeURIComponent(id)}/late-payment`, { captcha, pm_id: pmId });
}

export const listOwnOrders = (page: number) => api.get<{ orders: OrderDto[]; pages: number }>('/orders/all', { page });
