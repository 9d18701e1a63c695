// GET /products/all, GET /products/{id}, PATCH /products/{id} (admin) — product.md §6.1.
import { Router } from 'express';
import { idParamSchema, productPatchBodySchema } from '#shared/schemas';
import type { RateLimits } from '../http/rate-limits.js';
import { parseInput } from '../http/validate.js';
import type { CaptchaVerifier } from '../security/captcha.js';
import { currentAdmin, requireAdmin } from '../security/guards.js';
import type { ProductsService } from './products.service.js';
import { catalogueErrors } from './catalogue-errors.js';

/** A malformed id cannot name a product: same 404 as an unknown one. */
function productId(raw: unknown): string {
  const id = idParamSchema.safeParse(raw);
  if (!id.success) throw catalogueErrors.productNotFound();
  return id.data;
}

export function productsRoutes(deps: {
  products: ProductsService;
  captcha: CaptchaVerifier;
  limits: Pick<RateLimits, 'write'>;
}): Router {
  const { products, captcha, limits } = deps;
  const router = Router();

  router.get('/products/all', async (_req, res) => {
    res.json({ ok: true, products: await products.listProducts() });
  });

  router.get('/products/:id', async (req, res) => {
    res.json({ ok: true, text: 'Success', product: await products.getProduct(productId(req.params.id)) });
  });

  router.patch('/products/:id', requireAdmin, ...limits.write, async (req, res) => {
    const id = productId(req.params.id);
    const body = parseInput(productPatchBodySchema, req.body);
    await captcha.verify(body.captcha);
    await products.editProduct(currentAdmin(req), id, body.product);
    res.json({ ok: true, refresh: true, text: 'Success' });
  });

  return router;
}
