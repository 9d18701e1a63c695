// The shop feature (issue 3): catalogue, payment methods, orders, home and admin status, plus the timeout sweeper.
import { Router } from 'express';
import type { AppContext } from '../context.js';
import type { Feature } from '../feature.js';
import { createProductsRepository } from '../products/products.repository.js';
import { createProductsService } from '../products/products.service.js';
import { productsRoutes } from '../products/products.routes.js';
import { createPaymentMethodsRepository } from '../payment-methods/payment-methods.repository.js';
import { paymentMethodsRoutes } from '../payment-methods/payment-methods.routes.js';
import { createAdminStatusRepository } from '../admin-status/admin-status.repository.js';
import { adminStatusRoutes } from '../admin-status/admin-status.routes.js';
import { homeRoutes } from '../home/home.routes.js';
import { createOrdersRepository } from './orders.repository.js';
import { createOrdersService } from './orders.service.js';
import { ordersRoutes } from './orders.routes.js';
import { createSweeper } from './order-sweeper.js';

export const SWEEP_INTERVAL_MS = 2_000;

export interface OrdersFeatureOptions {
  sweepIntervalMs?: number;
}

export function createOrdersFeature(ctx: AppContext, options: OrdersFeatureOptions = {}): Feature {
  const productsRepo = createProductsRepository(ctx.prisma);
  const pmsRepo = createPaymentMethodsRepository(ctx.prisma);
  const adminStatus = createAdminStatusRepository(ctx.prisma);
  const products = createProductsService(productsRepo);
  const orders = createOrdersService(ctx, { orders: createOrdersRepository(ctx.prisma), products: productsRepo, pms: pmsRepo });
  const sweeper = createSweeper(() => orders.timeoutExpired(), options.sweepIntervalMs ?? SWEEP_INTERVAL_MS, ctx.logger);

  const router = Router();
  router.use(homeRoutes(ctx, { products, orders, adminStatus }));
  router.use(productsRoutes(ctx, products));
  router.use(paymentMethodsRoutes(ctx, pmsRepo));
  router.use(adminStatusRoutes(ctx, adminStatus));
  router.use(ordersRoutes(ctx, orders));

  return { router, start: () => sweeper.start(), stop: () => sweeper.stop() };
}
