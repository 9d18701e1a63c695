// GET /audit (admin): the audit log, newest first, filtered by action and actor, with the actors that have entries
// (decision 110); GET /audit/export.csv.
import { Router } from 'express';
import { AUDIT_CSV_COLUMNS, auditQuerySchema } from '#shared/audit';
import { dhakaDate, dhakaDateTime } from '#shared/dhaka';
import { sendCsv, userText } from '../http/csv.js';
import type { RateLimits } from '../http/rate-limits.js';
import { parseInput } from '../http/validate.js';
import { requireAdmin } from '../security/guards.js';
import type { AuditService } from './audit.service.js';

export function auditRoutes(deps: { audit: AuditService; limits: Pick<RateLimits, 'export' | 'report'> }): Router {
  const { audit, limits } = deps;
  const router = Router();

  router.get('/audit', requireAdmin, ...limits.report, async (req, res) => {
    const q = parseInput(auditQuerySchema, req.query);
    const [list, actors] = await Promise.all([
      audit.listEntries({ action: q.action, actorId: q.actor }, q.page),
      audit.listActors(),
    ]);
    res.json({ ok: true, ...list, actors });
  });

  router.get('/audit/export.csv', requireAdmin, ...limits.export, async (req, res) => {
    const { action, actor } = parseInput(auditQuerySchema, req.query);
    async function* rows() {
      for await (const e of audit.each({ action, actorId: actor })) {
        yield [
          e.id,
          dhakaDateTime(e.at),
          userText(e.actorName),
          e.actorId,
          e.action,
          e.targetType,
          e.targetId,
          userText(JSON.stringify(e.before)),
          userText(JSON.stringify(e.after)),
        ];
      }
    }
    await sendCsv(res, `audit-${dhakaDate(new Date())}.csv`, AUDIT_CSV_COLUMNS, rows());
  });

  return router;
}
