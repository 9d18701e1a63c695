// Admin calls of spec §7: the order queue and its actions, products, payment methods and the online flag.
import type { AdminInfoDto, OrderDto, PaymentMethodDto, ProductDto } from '#shared/api-types';
import { api } from '../../../lib/api';
import { getCaptcha } from '../../../lib/captcha';

export const listQueue = (page: number) => api.get<{ orders: OrderDto[]; pages: number }>('/orders/all', { page });

export async function setOrderStatus(id: string, status: 'complete' | 'cancelled') {
  const captcha = await getCaptcha();
  return api.patch<{ order: OrderDto }>(`/orders/${encodeURIComponent(id)}`, { captcha, order: { status } });
}

export const listProducts = () => api.get<{ products: ProductDto[] }>('/products/all');

export interface ProductPatch {
  available: boolean;
  description: string;
  pms: { account: string; available: boolean; rate: string; min: string; max: string }[];
}
export async function saveProduct(id: string, product: ProductPatch) {
  const captcha = await getCaptcha();
  return api.patch<{ refresh?: boolean }>(`/products/${encodeURIComponent(id)}`, { captcha, product });
}

export const listPms = () => api.get<{ pms: PaymentMethodDto[] }>('/pms/all');
export async function savePm(account: string, pm: { wallet: string; note: string; available: boolean }) {
  const captcha = await getCaptcha();
  return api.patch<{ pm: PaymentMethodDto }>(`/pms/${encodeURIComponent(account)}`, { captcha, pm });
}

export const getAdminInfo = () => api.get<{ admin: AdminInfoDto }>('/admin');
export async function setAdminOnline(online: boolean) {
  const captcha = await getCaptcha();
  return api.patch<{ admin: AdminInfoDto }>('/admin', { captcha, admin: { online } });
}
