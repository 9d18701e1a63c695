// Public surface of the media domain: users' avatars (upload, processing, storage under DATA_DIR/media).
export { createAvatarsRepository } from './avatars.repository.js';
export { createAvatarsService, type AvatarsService } from './avatars.service.js';
export { avatarsRoutes } from './avatars.routes.js';
