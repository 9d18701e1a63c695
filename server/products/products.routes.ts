// GET /products/all, GET /products/{id}, PATCH /products/{id} (admin) — spec §7.
import { Router } from 'express';
import { idParamSchema, productPatchBodySchema } from '#shared/schemas';
import { requireAdmin } from '../auth/guards.js';
import { parseInput } from '../http/validate.js';
import { errors } from '../http/app-error.js';
import type { AppContext } from '../context.js';
import type { ProductsService } from './products.service.js';

export function productsRoutes(ctx: AppContext, products: ProductsService): Router {
  const router = Router();

  router.get('/products/all', async (_req, res) => {
    res.json({ ok: true, products: await products.listProducts() });
  });

  router.get('/products/:id', async (req, res) => {
    const id = idParamSchema.safeParse(req.params.id);
    if (!id.success) throw errors.notFound('errors.productNotFound', 'Cannot get product data from server');
    res.json({ ok: true, text: 'Success', product: await products.getProduct(id.data) });
  });

  router.patch('/products/:id', requireAdmin, ...ctx.limits.write, async (req, res) => {
    const id = idParamSchema.safeParse(req.params.id);
    if (!id.success) throw errors.notFound('errors.productNotFound', 'Cannot get product data from server');
    const body = parseInput(productPatchBodySchema, req.body);
    await ctx.captcha.verify(body.captcha);
    await products.editProduct(id.data, body.product);
    res.json({ ok: true, refresh: true, text: 'Success' });
  });

  return router;
}
