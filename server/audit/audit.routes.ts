// GET /audit (admin): the audit log, newest first, filtered by action and actor (issue 10).
import { Router } from 'express';
import { auditQuerySchema } from '#shared/audit';
import { parseInput } from '../http/validate.js';
import { requireAdmin } from '../security/guards.js';
import type { AuditService } from './audit.service.js';

export function auditRoutes(deps: { audit: AuditService }): Router {
  const { audit } = deps;
  const router = Router();

  router.get('/audit', requireAdmin, async (req, res) => {
    const q = parseInput(auditQuerySchema, req.query);
    res.json({ ok: true, ...(await audit.listEntries({ action: q.action, actorId: q.actor }, q.page)) });
  });

  return router;
}
