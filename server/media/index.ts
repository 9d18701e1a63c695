// Public surface of the media domain: uploaded pictures (users' avatars, products' pictures, ticket pictures),
// processed, kept in the media store (the database, or S3 with MEDIA_S3_URL; decision 250) and served from
// MEDIA_BASE_URL (ticket pictures only through the tickets domain).
export { createAvatarsRepository } from './avatars.repository.js';
export { createAvatarsService, type AvatarsService } from './avatars.service.js';
export { avatarsRoutes } from './avatars.routes.js';
export { createProductImagesRepository } from './product-images.repository.js';
export { createProductImagesService, type ProductImagesService } from './product-images.service.js';
export { productImagesRoutes } from './product-images.routes.js';
export {
  createTicketPictureStore,
  type TicketPictureStore,
  type TicketPictureSize,
  type StoredTicketPicture,
} from './ticket-pictures.js';
export { receiveImageUpload } from './upload.js';
export { ImageBusyError } from './image-queue.js';
export { createMediaObjectsRepository } from './media-objects.repository.js';
export { createMediaStore, type MediaStore, type StoredMedia } from './media-store.js';
export { createS3Bucket } from './s3-bucket.js';
export { mediaRoutes, sendMedia } from './media.routes.js';
export { importDiskMedia } from './disk-import.js';
