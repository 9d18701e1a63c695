// Product pictures (spec §9, decision 092): an admin's JPEG/PNG through the avatar pipeline, stored under
// DATA_DIR/media/products with a server-made name; the previous picture is deleted once the new one is in place.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { AuditRecorder } from '../audit/index.js';
import { AppError } from '../http/app-error.js';
import { catalogueErrors, type CatalogueEvents } from '../catalogue/index.js';
import type { Publisher } from '../event-bus.js';
import type { Logger } from '../logger.js';
import type { UserRecord } from '../security/user-record.js';
import type { ProductImagesRepository } from './product-images.repository.js';
import { processUploadedImage } from './uploaded-image.js';

const OWN_PICTURE = /^products\/[a-f0-9]{32}\.(jpg|png)$/;
const unreadable = () =>
  new AppError(400, 'errors.badProductImage', 'Could not update the product picture', { errors: { pic: 'errors.badProductImage' } });

export function createProductImagesService(deps: {
  images: ProductImagesRepository;
  dataDir: string;
  logger: Logger;
  audit: AuditRecorder;
  events: Publisher<CatalogueEvents>;
}) {
  const mediaDir = path.join(deps.dataDir, 'media');

  async function removeFile(name: string): Promise<void> {
    if (!OWN_PICTURE.test(name)) return; // never touch a path we did not make
    await fs.rm(path.join(mediaDir, name), { force: true }).catch((error: unknown) => deps.logger.error(`Could not delete ${name}`, error));
  }

  return {
    /** The picture replaced, audited (issue 20: `product.image`, the media names before and after). */
    async changeProductImage(admin: UserRecord, productId: string, upload: Buffer): Promise<void> {
      const image = await processUploadedImage(upload, unreadable);
      const name = `products/${crypto.randomBytes(16).toString('hex')}.${image.extension}`;
      await fs.mkdir(path.join(mediaDir, 'products'), { recursive: true });
      await fs.writeFile(path.join(mediaDir, name), image.data, { flag: 'wx' });
      let swapped: { previous: string | null } | null;
      try {
        swapped = await deps.images.swapImage(productId, name, (tx, previous) =>
          deps.audit(tx, { actorId: admin.id, action: 'product.image', targetType: 'product', targetId: productId, before: { image: previous }, after: { image: name } }),
        );
      } catch (error) {
        await removeFile(name);
        throw error;
      }
      if (!swapped) {
        await removeFile(name);
        throw catalogueErrors.productNotFound();
      }
      if (swapped.previous && swapped.previous !== name) await removeFile(swapped.previous);
      await deps.events.publish('catalogue.changed', { productId });
    },
  };
}
export type ProductImagesService = ReturnType<typeof createProductImagesService>;
