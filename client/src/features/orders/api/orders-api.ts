// Order calls of spec §7: product, place, read, customer updates and the own-orders list.
import type { z } from 'zod';
import type { OrderDto, ProductDto } from '#shared/api-types';
import type { submitTopupPaymentSchema, submitWithdrawPaymentSchema } from '#shared/schemas';
import { api } from '../../../lib/api';
import { getCaptcha } from '../../../lib/captcha';

export interface NewOrderInput {
  pm_method: string;
  amount: string;
  onex_id?: string;
  wallet?: string;
  contact_email: string;
}

export const getProduct = (productId: string) => api.get<{ product: ProductDto }>(`/products/${encodeURIComponent(productId)}`);

export async function placeOrder(productId: string, order: NewOrderInput) {
  const captcha = await getCaptcha();
  return api.post<{ id: string }>(`/orders/${encodeURIComponent(productId)}`, { captcha, order });
}

export const getOrder = (id: string) => api.get<{ order: OrderDto }>(`/orders/${encodeURIComponent(id)}`);

export type PaymentInput = z.output<typeof submitTopupPaymentSchema> | z.output<typeof submitWithdrawPaymentSchema>;

async function patchOrder(id: string, order: PaymentInput | { cancel: true }) {
  const captcha = await getCaptcha();
  return api.patch<{ order: OrderDto }>(`/orders/${encodeURIComponent(id)}`, { captcha, order });
}

export const submitPayment = (id: string, payment: PaymentInput) => patchOrder(id, payment);
export const cancelOrder = (id: string) => patchOrder(id, { cancel: true });

export const listOwnOrders = (page: number) => api.get<{ orders: OrderDto[]; pages: number }>('/orders/all', { page });
