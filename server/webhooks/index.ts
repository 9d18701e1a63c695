// Public surface of the webhooks domain: the admin's endpoints, the durable queue of deliveries and the
// loop that sends them (decision 157). The shop's events reach it through server/subscriptions.ts.
export { createWebhooksRepository, type WebhooksRepository } from './webhooks.repository.js';
export { createWebhooksService, type WebhooksService } from './webhooks.service.js';
export {
  createWebhookSender,
  postOnce,
  signatureHeader,
  WEBHOOK_DELIVERY,
  type PostAnswer,
  type WebhookSender,
} from './sender.js';
// The address rules other outbound senders (web pushes) follow too (decision 157).
export { AddressRefused, checkHost, hostOf } from './address-guard.js';
export { webhooksRoutes } from './webhooks.routes.js';
export { orderWebhookEvents } from './shop-events.js';
