// Calls of the outbound webhooks' endpoints: the admin's webhooks, their delivery log, retry and test.
import type { WebhookDeliveryDto, WebhookDto, WebhookEventType } from '#shared/webhooks';
import { api } from '../../../lib/api';
import { getCaptcha } from '../../../lib/captcha';

export const listWebhooks = () => api.get<{ webhooks: WebhookDto[] }>('/webhooks');
export async function addWebhook(webhook: { url: string; events: WebhookEventType[] }) {
  const captcha = await getCaptcha();
  return api.post<{ webhook: WebhookDto; secret: string }>('/webhooks', { captcha, webhook });
}
export async function changeWebhook(
  id: string,
  webhook: { enabled?: boolean; url?: string; events?: WebhookEventType[] },
) {
  const captcha = await getCaptcha();
  return api.patch<{ webhook: WebhookDto }>(`/webhooks/${encodeURIComponent(id)}`, { captcha, webhook });
}
export async function deleteWebhook(id: string) {
  const captcha = await getCaptcha();
  return api.delete<object>(`/webhooks/${encodeURIComponent(id)}`, { captcha });
}
export const listDeliveries = (id: string) =>
  api.get<{ deliveries: WebhookDeliveryDto[] }>(`/webhooks/${encodeURIComponent(id)}/deliveries`);
export async function retryDelivery(id: string, delivery: number) {
  const captcha = await getCaptcha();
  return api.post<{ delivery: WebhookDeliveryDto }>(
    `/webhooks/${encodeURIComponent(id)}/deliveries/${delivery}/retry`,
    { captcha },
  );
}
export async function sendTestEvent(id: string) {
  const captcha = await getCaptcha();
  return api.post<{ delivery: WebhookDeliveryDto }>(`/webhooks/${encodeURIComponent(id)}/test`, { captcha });
}
