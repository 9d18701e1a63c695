// Product pictures (product.md §6.1, decision 022): an admin's JPEG/PNG through the avatar pipeline, stored in the media
// store as products/<hex>.<jpg|png>; the previous picture is retired once the new one is in place.
import crypto from 'node:crypto';
import type { AuditRecorder } from '../audit/index.js';
import { AppError } from '../http/app-error.js';
import { catalogueErrors, type CatalogueEvents } from '../catalogue/index.js';
import type { Publisher } from '../event-bus.js';
import type { UserRecord } from '../security/user-record.js';
import type { MediaStore } from './media-store.js';
import type { ProductImagesRepository } from './product-images.repository.js';
import { processUploadedImage } from './uploaded-image.js';

const OWN_PICTURE = /^products\/[a-f0-9]{32}\.(jpg|png)$/;
const unreadable = () =>
  new AppError(400, 'errors.badProductImage', 'Could not update the product picture', {
    errors: { pic: 'errors.badProductImage' },
  });

export function createProductImagesService(deps: {
  images: ProductImagesRepository;
  media: MediaStore;
  audit: AuditRecorder;
  events: Publisher<CatalogueEvents>;
}) {
  const { media } = deps;
  /** Never touches a name the shop did not make. */
  const retire = async (name: string) => {
    if (OWN_PICTURE.test(name)) await media.remove(name);
  };

  return {
    /** The picture replaced, audited (`product.image`, the media names before and after). */
    async changeProductImage(admin: UserRecord, productId: string, upload: Buffer): Promise<void> {
      const image = await processUploadedImage(upload, unreadable);
      const name = `products/${crypto.randomBytes(16).toString('hex')}.${image.extension}`;
      await media.put(name, image.data, image.extension === 'png' ? 'image/png' : 'image/jpeg');
      let swapped: { previous: string | null } | null;
      try {
        swapped = await deps.images.swapImage(productId, name, (tx, previous) =>
          deps.audit(tx, {
            actorId: admin.id,
            action: 'product.image',
            targetType: 'product',
            targetId: productId,
            before: { image: previous },
            after: { image: name },
          }),
        );
      } catch (error) {
        await retire(name);
        throw error;
      }
      if (!swapped) {
        await retire(name);
        throw catalogueErrors.productNotFound();
      }
      if (swapped.previous && swapped.previous !== name) await retire(swapped.previous);
      await deps.events.publish('catalogue.changed', { productId });
    },
  };
}
export type ProductImagesService = ReturnType<typeof createProductImagesService>;
