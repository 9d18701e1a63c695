// The admin's side of orders (spec §7): the live queue and the two admin commands on one order.
import type { OrderDto } from '#shared/api-types';
import { api } from '../../../lib/api';
import { sendOrderCommand } from './orders-api';

export const listOrderQueue = (page: number) => api.get<{ orders: OrderDto[]; pages: number }>('/orders/all', { page });

export const completeOrder = (id: string, payoutTrxId?: string) =>
  sendOrderCommand(id, payoutTrxId ? { name: 'completeOrder', payoutTrxId } : { name: 'completeOrder' });
export const reopenOrder = (id: string, reason: string) => sendOrderCommand(id, { name: 'reopenOrder', reason });
export const cancelOrderAsAdmin = (id: string) => sendOrderCommand(id, { name: 'cancelOrderAsAdmin' });
