// Catalogue use cases: list, read, and the admin's edit of a product and its per-method terms.
import type { ProductDto } from '#shared/api-types';
import type { ProductPatch } from '#shared/schemas';
import type { AuditRecorder } from '../audit/index.js';
import type { Publisher } from '../event-bus.js';
import { toProductDto } from './product-dto.js';
import type { ProductRecord, ProductsRepository } from './products.repository.js';
import { catalogueErrors } from './catalogue-errors.js';

/** What the audit log keeps of a product: its own fields and terms, not the picture. */
function auditView(p: ProductRecord) {
  return {
    available: p.available,
    description: p.description,
    description_bn: p.descriptionBn,
    pms: p.pms.map((pm) => ({ account: pm.account, available: pm.available, rate: pm.rate, min: pm.min, max: pm.max })),
  };
}

/** What the catalogue tells the rest of the shop after its commit: public data (the home page, checkout) changed. */
export interface CatalogueEvents {
  'catalogue.changed': { productId?: string; account?: string };
}

/** `mediaBaseUrl`: where product pictures are served from (MEDIA_BASE_URL). */
export function createProductsService(
  products: ProductsRepository,
  mediaBaseUrl: string,
  audit: AuditRecorder,
  events: Publisher<CatalogueEvents>,
) {
  const toDto = (product: Parameters<typeof toProductDto>[0]) => toProductDto(product, mediaBaseUrl);
  return {
    async listProducts(): Promise<ProductDto[]> {
      return (await products.findAll()).map(toDto);
    },
    async getProduct(id: string): Promise<ProductDto> {
      const product = await products.findById(id);
      if (!product) throw catalogueErrors.productNotFound();
      return toDto(product);
    },
    /** The admin's edit, recorded in the audit log in the same transaction. */
    async editProduct(admin: { id: string }, id: string, patch: ProductPatch): Promise<void> {
      const updated = await products.update(id, patch, (tx, before, after) =>
        audit(tx, {
          actorId: admin.id,
          action: 'product.edit',
          targetType: 'product',
          targetId: id,
          before: auditView(before),
          after: auditView(after),
        }),
      );
      if (!updated) throw catalogueErrors.productNotFound();
      await events.publish('catalogue.changed', { productId: id });
    },
  };
}
export type ProductsService = ReturnType<typeof createProductsService>;
