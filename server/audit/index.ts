// Public surface of the audit domain: the recorder other domains write with (inside their transaction), the list.
export { createAuditRepository, type AuditRepository, type AuditEntryInput } from './audit.repository.js';
export { createAuditService, type AuditService, type AuditRecorder } from './audit.service.js';
export { auditRoutes } from './audit.routes.js';
