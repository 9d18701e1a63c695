// Public surface of the webhooks domain (issue 25): the admin's endpoints, the durable queue of deliveries and the
// loop that sends them (decisions 155-157). The shop's events reach it through server/subscriptions.ts.
export { createWebhooksRepository, type WebhooksRepository } from './webhooks.repository.js';
export { createWebhooksService, type WebhooksService } from './webhooks.service.js';
export { createWebhookSender, signatureHeader, WEBHOOK_DELIVERY, type WebhookSender } from './sender.js';
export { webhooksRoutes } from './webhooks.routes.js';
export { orderWebhookEvents } from './shop-events.js';
