// Public surface of the orders domain: placing orders, their commands and timeline, lists, the timeout sweep.
export { createOrdersRepository, type OrdersRepository } from './orders.repository.js';
export { createOrdersService, type OrdersService, type OrderPushes } from './orders.service.js';
export { ordersRoutes } from './orders.routes.js';
export { createIdempotencyRepository, type IdempotencyRepository } from './idempotency.repository.js';
export { createSweeper, SWEEP_INTERVAL_MS, type Sweeper } from './order-sweeper.js';
export { createOrderStatsRepository, type OrderStats, type OrderStatsRepository } from './order-stats.repository.js';
export { createShopStatsRepository, type ShopStatsRepository } from './shop-stats.repository.js';
export { createShopStatsService, type ShopStatsService } from './shop-stats.service.js';
export { shopStatsRoutes } from './shop-stats.routes.js';
