// POST /products/{id}/image (admin): multipart `pic` and an optional `captcha` field; answers with the product.
import { Router } from 'express';
import type { ProductDto } from '#shared/api-types';
import { idParamSchema } from '#shared/schemas';
import type { RateLimits } from '../http/rate-limits.js';
import type { CaptchaVerifier } from '../security/captcha.js';
import { currentAdmin, requireAdmin } from '../security/guards.js';
import type { ProductImagesService } from './product-images.service.js';
import { ImageBusyError } from './image-queue.js';
import { receiveImageUpload } from './upload.js';
import { catalogueErrors } from '../catalogue/index.js';

export function productImagesRoutes(deps: {
  images: ProductImagesService;
  /** The catalogue's read of one product, for the answer. */
  getProduct: (id: string) => Promise<ProductDto>;
  captcha: CaptchaVerifier;
  limits: Pick<RateLimits, 'write' | 'upload'>;
}): Router {
  const { images, getProduct, captcha, limits } = deps;
  const router = Router();

  router.post('/products/:id/image', requireAdmin, ...limits.write, ...limits.upload, async (req, res) => {
    const id = idParamSchema.safeParse(req.params.id);
    if (!id.success) throw catalogueErrors.productNotFound();
    const upload = await receiveImageUpload(req, res);
    await captcha.verify(upload.captcha);
    await images.changeProductImage(currentAdmin(req), id.data, upload.file()).catch((error: unknown) => {
      if (error instanceof ImageBusyError) res.set('Retry-After', String(error.retryAfterSeconds));
      throw error;
    });
    res.json({ ok: true, text: 'Success', product: await getProduct(id.data) });
  });

  return router;
}
