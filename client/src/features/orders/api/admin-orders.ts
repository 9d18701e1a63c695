// The admin's side of orders (spec §7): the live queue and the two admin commands on one order.
import type { OrderDto } from '#shared/api-types';
import { api } from '../../../lib/api';
import { getCaptcha } from '../../../lib/captcha';

export const listOrderQueue = (page: number) => api.get<{ orders: OrderDto[]; pages: number }>('/orders/all', { page });

async function setOrderStatus(id: string, status: 'complete' | 'cancelled') {
  const captcha = await getCaptcha();
  return api.patch<{ order: OrderDto }>(`/orders/${encodeURIComponent(id)}`, { captcha, order: { status } });
}

export const completeOrder = (id: string) => setOrderStatus(id, 'complete');
export const cancelOrderAsAdmin = (id: string) => setOrderStatus(id, 'cancelled');
