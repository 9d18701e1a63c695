// Admin calls of product.md §6: products, payment methods and the online flag (the order queue is in features/orders).
import type { AdminInfoDto, PaymentMethodDto, ProductDto } from '#shared/api-types';
import type { ShopSettings, ShopSettingsPatch } from '#shared/shop-settings';
import type { BlocklistEntryDto, BlocklistKind } from '#shared/money-controls';
import type { PaymentNumberDto } from '#shared/wallet-fleet';
import { api, okOrThrow } from '../../../lib/api';
import { getCaptcha } from '../../../lib/captcha';
import { queryOptions, useQuery } from '../../../lib/query';

/** Query keys of the admin feature (decision 180). */
export const adminKeys = {
  all: ['admin'] as const,
  products: () => [...adminKeys.all, 'products'] as const,
  pms: () => [...adminKeys.all, 'pms'] as const,
  numbers: (account: string) => [...adminKeys.all, 'pms', account, 'numbers'] as const,
  info: () => [...adminKeys.all, 'info'] as const,
  shopSettings: () => [...adminKeys.all, 'shop-settings'] as const,
};

export const listProducts = () => api.get<{ products: ProductDto[] }>('/products/all');
export const productsQuery = () =>
  queryOptions({ queryKey: adminKeys.products(), queryFn: () => okOrThrow(listProducts()) });
export const useAdminProducts = () => useQuery(productsQuery());

export interface ProductPatch {
  available: boolean;
  description: string;
  description_bn: string;
  pms: { account: string; available: boolean; rate: string; min: string; max: string }[];
}
export async function saveProduct(id: string, product: ProductPatch) {
  const captcha = await getCaptcha();
  return api.patch<{ refresh?: boolean }>(`/products/${encodeURIComponent(id)}`, { captcha, product });
}

/** A JPEG/PNG for the product (decision 022); the server re-encodes it and answers with the product. */
export async function uploadProductImage(id: string, picture: File) {
  const captcha = await getCaptcha();
  const form = new FormData();
  form.append('captcha', captcha);
  form.append('pic', picture, picture.name);
  return api.upload<{ product: ProductDto }>(`/products/${encodeURIComponent(id)}/image`, form);
}

export const listPms = () => api.get<{ pms: PaymentMethodDto[] }>('/pms/all');
export const pmsQuery = () => queryOptions({ queryKey: adminKeys.pms(), queryFn: () => okOrThrow(listPms()) });
export const useAdminPms = () => useQuery(pmsQuery());
export async function savePm(
  account: string,
  pm: {
    wallet: string;
    note: string;
    note_bn?: string;
    available: boolean;
    hours?: { open: string; close: string } | null;
    daily_count_limit?: number | null;
    daily_amount_limit?: string | null;
    confirm_wallet?: string;
  },
  /** The staff member's current code, when they have two-factor and the wallet changes (decision 280). */
  otp?: string,
) {
  const captcha = await getCaptcha();
  return api.patch<{ pm: PaymentMethodDto }>(`/pms/${encodeURIComponent(account)}`, {
    captcha,
    ...(otp === undefined ? {} : { otp }),
    pm,
  });
}

/** The wallet fleet: a method's receiving numbers with their limits and today's and this month's figures. */
export const listNumbers = (account: string) =>
  api.get<{ numbers: PaymentNumberDto[] }>(`/pms/${encodeURIComponent(account)}/numbers`);
export const numbersQuery = (account: string) =>
  queryOptions({
    queryKey: adminKeys.numbers(account),
    queryFn: async () => (await okOrThrow(listNumbers(account))).numbers,
  });
export const useAdminNumbers = (account: string, enabled = true) => useQuery({ ...numbersQuery(account), enabled });
export interface NewNumber {
  wallet: string;
  label: string;
  daily_count_limit: number | null;
  daily_amount_limit: string | null;
  monthly_amount_limit: string | null;
  confirm_wallet?: string;
}
export async function addNumber(account: string, number: NewNumber, otp?: string) {
  const captcha = await getCaptcha();
  return api.post<{ number: PaymentNumberDto }>(`/pms/${encodeURIComponent(account)}/numbers`, {
    captcha,
    ...(otp === undefined ? {} : { otp }),
    number,
  });
}
/** Pause (`active: false`) or resume a number, or change part of it. */
export async function editNumber(account: string, id: number, number: Partial<NewNumber> & { active?: boolean }) {
  const captcha = await getCaptcha();
  return api.patch<{ number: PaymentNumberDto }>(`/pms/${encodeURIComponent(account)}/numbers/${id}`, {
    captcha,
    number,
  });
}

export const getAdminInfo = () => api.get<{ admin: AdminInfoDto }>('/admin');
export const adminInfoQuery = () =>
  queryOptions({ queryKey: adminKeys.info(), queryFn: async () => (await okOrThrow(getAdminInfo())).admin });
export const useAdminInfo = () => useQuery(adminInfoQuery());
/** true or false by hand; null: follow staff presence (decision 217). */
export async function setAdminOnline(online: boolean | null) {
  const captcha = await getCaptcha();
  return api.patch<{ admin: AdminInfoDto }>('/admin', { captcha, admin: { online } });
}

/** The shop's own rules: admins only. */
export const getShopSettings = () => api.get<{ settings: ShopSettings }>('/shop-settings');
export const shopSettingsQuery = () =>
  queryOptions({
    queryKey: adminKeys.shopSettings(),
    queryFn: async () => (await okOrThrow(getShopSettings())).settings,
  });
export const useShopSettings = () => useQuery(shopSettingsQuery());
export async function saveShopSettings(settings: ShopSettingsPatch) {
  const captcha = await getCaptcha();
  return api.patch<{ settings: ShopSettings }>('/shop-settings', { captcha, settings });
}

// The blocklist: values the shop refuses orders from.
export const listBlocklist = () => api.get<{ entries: BlocklistEntryDto[] }>('/blocklist');
export async function addBlocklistEntry(entry: { kind: BlocklistKind; value: string; reason: string }) {
  const captcha = await getCaptcha();
  return api.post<{ entry: BlocklistEntryDto }>('/blocklist', { captcha, entry });
}
export async function removeBlocklistEntry(id: number) {
  const captcha = await getCaptcha();
  return api.delete<Record<string, never>>(`/blocklist/${id}`, { captcha });
}
