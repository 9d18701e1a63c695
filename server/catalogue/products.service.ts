// Catalogue use cases: list, read, and the admin's edit of a product and its per-method terms.
import type { ProductDto } from '#shared/api-types';
import type { ProductPatch } from '#shared/schemas';
import { errors } from '../http/app-error.js';
import { toProductDto } from './product-dto.js';
import type { ProductsRepository } from './products.repository.js';

/** `mediaBaseUrl`: where product pictures are served from (MEDIA_BASE_URL). */
export function createProductsService(products: ProductsRepository, mediaBaseUrl: string) {
  const toDto = (product: Parameters<typeof toProductDto>[0]) => toProductDto(product, mediaBaseUrl);
  return {
    async listProducts(): Promise<ProductDto[]> {
      return (await products.findAll()).map(toDto);
    },
    async getProduct(id: string): Promise<ProductDto> {
      const product = await products.findById(id);
      if (!product) throw errors.notFound('errors.productNotFound', 'Cannot get product data from server');
      return toDto(product);
    },
    async editProduct(id: string, patch: ProductPatch): Promise<void> {
      if (!(await products.update(id, patch))) throw errors.notFound('errors.productNotFound', 'Cannot get product data from server');
    },
  };
}
export type ProductsService = ReturnType<typeof createProductsService>;
