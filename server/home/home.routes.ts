// GET /home: products, the recent-orders list, the current user (optional token) and the admin-online flag.
// Home is a page, not a domain: it owns no data and gets one read function from each domain it shows.
import { Router } from 'express';
import type { HomeDto, HomeOrderDto, ProductDto } from '#shared/api-types';
import type { UserPresenter } from '../accounts/index.js';

export function homeRoutes(deps: {
  listProducts: () => Promise<ProductDto[]>;
  recentOrders: () => Promise<HomeOrderDto[]>;
  isAdminOnline: () => Promise<boolean>;
  userDto: UserPresenter;
}): Router {
  const router = Router();
  router.get('/home', async (req, res) => {
    const [products, orders, adminOnline] = await Promise.all([deps.listProducts(), deps.recentOrders(), deps.isAdminOnline()]);
    const home: HomeDto = { ok: true, products, orders, user: req.user ? deps.userDto(req.user) : null, adminOnline };
    res.json(home);
  });
  return router;
}
