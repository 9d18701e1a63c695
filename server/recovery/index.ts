// Public surface of the recovery domain: password reset by an e-mailed code.
export { createRecoveryRepository } from './recovery.repository.js';
export { createRecoveryService, type RecoveryService } from './recovery.service.js';
export { recoveryRoutes } from './recovery.routes.js';
export { createRecoveryLinkSigner } from './recovery-link.js';
