// The catalogue as placing an order reads it (decision 222): a product with its terms and a shop wallet,
// each read once and kept until the catalogue changes (`catalogue.changed` here; through the instance bus's
// 'public' topic, which every catalogue change publishes, in the other instances). Caps are never read from here:
// placing a capped top-up reads them in its own statement.
import type { PaymentMethodRecord, PaymentMethodsRepository } from './payment-methods.repository.js';
import type { PaymentNumberRecord, PaymentNumbersRepository } from './payment-numbers.repository.js';
import type { ProductRecord, ProductsRepository } from './products.repository.js';
import { keptReads } from '../kept-reads.js';

/**
 * `maxAgeMs`: with other instances, how old a kept entry may get (a bus message lost while Redis reconnected); none
 * with one instance, whose own changes drop it.
 */
export function createCatalogueCache(deps: {
  products: Pick<ProductsRepository, 'findById'>;
  paymentMethods: Pick<PaymentMethodsRepository, 'findByAccount'>;
  numbers?: Pick<PaymentNumbersRepository, 'list'>;
  maxAgeMs?: number;
}) {
  const fleets = keptReads<string, PaymentNumberRecord[]>(deps.maxAgeMs);
  const products = keptReads<string, ProductRecord | null>(deps.maxAgeMs);
  const methods = keptReads<string, PaymentMethodRecord | null>(deps.maxAgeMs);

  return {
    findById: (id: string) => products.read(id, () => deps.products.findById(id)),
    findByAccount: (account: string) => methods.read(account, () => deps.paymentMethods.findByAccount(account)),
    /** A method's fleet numbers, first first; their limits and pause are checked again when an order takes room. */
    numbersOf: (account: string) => fleets.read(account, async () => (deps.numbers ? deps.numbers.list(account) : [])),
    /** The catalogue changed (here or in another instance): read it again. */
    dropped(): void {
      products.clear();
      methods.clear();
      fleets.clear();
    },
  };
}
export type CatalogueCache = ReturnType<typeof createCatalogueCache>;
