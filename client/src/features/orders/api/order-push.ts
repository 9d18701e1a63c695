// Web Push (decision 275): the shop's VAPID key, and a browser's subscription to one order (anyone holding its id)
// or to a signed-in customer's account (all their orders).
import { api } from '../../../lib/api';

export interface BrowserPushSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export const getPushKey = () => api.get<{ public_key: string }>('/push/key');

export function subscribePush(target: { orderId: string } | 'account', subscription: BrowserPushSubscription) {
  const path = target === 'account' ? '/account/push' : `/orders/${encodeURIComponent(target.orderId)}/push`;
  return api.post<Record<string, never>>(path, { subscription });
}

export function unsubscribePush(target: { orderId: string } | 'account', endpoint: string) {
  const path = target === 'account' ? '/account/push' : `/orders/${encodeURIComponent(target.orderId)}/push`;
  return api.delete<Record<string, never>>(path, { endpoint });
}
