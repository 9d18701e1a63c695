// GET /home: products, the recent-orders list, the current user (optional token) and the admin-online flag.
import { Router } from 'express';
import type { HomeDto } from '#shared/api-types';
import type { AppContext } from '../context.js';
import { toUserDto } from '../users/user-dto.js';
import type { ProductsService } from '../products/products.service.js';
import type { OrdersService } from '../orders/orders.service.js';
import type { AdminStatusRepository } from '../admin-status/admin-status.repository.js';

export function homeRoutes(ctx: AppContext, deps: { products: ProductsService; orders: OrdersService; adminStatus: AdminStatusRepository }): Router {
  const router = Router();
  router.get('/home', async (req, res) => {
    const [products, orders, adminOnline] = await Promise.all([
      deps.products.listProducts(),
      deps.orders.recentOrders(),
      deps.adminStatus.isOnline(),
    ]);
    const home: HomeDto = {
      ok: true,
      products,
      orders,
      user: req.user ? toUserDto(req.user, ctx.config.mediaBaseUrl) : null,
      adminOnline,
    };
    res.json(home);
  });
  return router;
}
