// Claims and the second pair of eyes on an order: staff only.
import type { AdminOrderDto } from '#shared/api-types';
import { api } from '../../../lib/api';
import { getCaptcha } from '../../../lib/captcha';

const orderPath = (id: string, step: 'claim' | 'approve') => `/orders/${encodeURIComponent(id)}/${step}`;

export async function claimOrder(id: string) {
  return api.post<{ order: AdminOrderDto }>(orderPath(id, 'claim'), { captcha: await getCaptcha() });
}

export async function releaseOrder(id: string) {
  return api.delete<{ order: AdminOrderDto }>(orderPath(id, 'claim'), { captcha: await getCaptcha() });
}

export async function approveOrder(id: string) {
  return api.post<{ order: AdminOrderDto }>(orderPath(id, 'approve'), { captcha: await getCaptcha() });
}
