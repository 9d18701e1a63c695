// The admin's side of orders (spec §7): the live queue and the two admin commands on one order.
import type { AdminOrderDto } from '#shared/api-types';
import { api } from '../../../lib/api';
import { sendOrderCommand } from './orders-api';

export const listOrderQueue = (page: number) => api.get<{ orders: AdminOrderDto[]; pages: number }>('/orders/all', { page });

export const completeOrder = (id: string) => sendOrderCommand<AdminOrderDto>(id, { name: 'completeOrder' });
export const cancelOrderAsAdmin = (id: string) => sendOrderCommand<AdminOrderDto>(id, { name: 'cancelOrderAsAdmin' });
