// Public surface of the orders domain: the only writer of orders and their timeline (commands), the reads (lists,
// export, the home page's recent orders, caps), the timeout sweep, the admin's KPIs and the events it publishes.
export {
  createOrderCommandsRepository,
  type OrderCommandsRepository,
  type OrderBefore,
} from './order-commands.repository.js';
export { createOrderQueriesRepository, type OrderQueriesRepository } from './order-queries.repository.js';
export { createOrdersService, type OrdersService } from './orders.service.js';
export { createOrderAdmission, ownTopupUsage, type OrderAdmission } from './order-admission.js';
export { createOrderListsService, type OrderListsService } from './order-lists.service.js';
export { orderPageRoutes, ordersRoutes } from './orders.routes.js';
export { createOrderViewCache, type OrderViewCache } from './order-view-cache.js';
export { maskName, orderViews } from './order-dto.js';
export { staffRulesOf, type StaffRules } from './four-eyes.js';
export { orderReceiptMail, needsReceipt, RECEIPT_JOB, receiptMailJob } from './order-receipt-mail.js';
export type { FulfilmentRecord, OrderRecord } from './order-row.js';
export type { OrderChanged, OrderEvents } from './order-events.js';
export type { PaymentEvidence, PaymentEvidenceSource } from './payment-evidence.js';
export { SWEEP_INTERVAL_MS } from './order-sweeper.js';
export { createOrderStatsRepository, type OrderStats, type OrderStatsRepository } from './order-stats.repository.js';
export { createShopStatsRepository, type ShopStatsRepository } from './shop-stats.repository.js';
export { createShopStatsService, type ShopStatsService } from './shop-stats.service.js';
export { shopStatsRoutes } from './shop-stats.routes.js';
