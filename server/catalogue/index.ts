// Public surface of the catalogue domain: products with their per-method terms, and the shop's wallets.
export { createProductsRepository, type ProductsRepository, type ProductRecord } from './products.repository.js';
export { createProductsService, type ProductsService, type CatalogueEvents } from './products.service.js';
export { catalogueErrors } from './catalogue-errors.js';
export { productsRoutes } from './products.routes.js';
export {
  createPaymentMethodsRepository,
  type PaymentMethodsRepository,
  type PaymentMethodRecord,
} from './payment-methods.repository.js';
export { createPaymentMethodsService, type PaymentMethodsService } from './payment-methods.service.js';
export {
  createPaymentNumbersRepository,
  type PaymentNumbersRepository,
  type PaymentNumberRecord,
} from './payment-numbers.repository.js';
export { paymentMethodsRoutes } from './payment-methods.routes.js';
export { createCatalogueCache, type CatalogueCache } from './catalogue-cache.js';
