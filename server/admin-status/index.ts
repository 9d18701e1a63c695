// Public surface of the admin-status domain: the admin's online flag.
export { createAdminStatusRepository } from './admin-status.repository.js';
export { createAdminStatusService, type AdminStatusService, type AdminStatusEvents } from './admin-status.service.js';
export { adminStatusRoutes } from './admin-status.routes.js';
