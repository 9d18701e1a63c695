// Public surface of the media domain: uploaded pictures (users' avatars, products' images), processed and stored
// under DATA_DIR/media, served from MEDIA_BASE_URL.
export { createAvatarsRepository } from './avatars.repository.js';
export { createAvatarsService, type AvatarsService } from './avatars.service.js';
export { avatarsRoutes } from './avatars.routes.js';
export { createProductImagesRepository } from './product-images.repository.js';
export { createProductImagesService, type ProductImagesService } from './product-images.service.js';
export { productImagesRoutes } from './product-images.routes.js';
export { createTicketPictureStore, type TicketPictureStore, type TicketPictureSize, type StoredTicketPicture } from './ticket-pictures.js';
export { receiveImageUpload } from './upload.js';
export { ImageBusyError } from './image-queue.js';
