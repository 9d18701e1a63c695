// GET /stats?range=today|7d|30d (admin): the KPIs of the admin console (issue 10, decision 113).
import { Router } from 'express';
import { statsQuerySchema } from '#shared/stats';
import type { RateLimits } from '../http/rate-limits.js';
import { parseInput } from '../http/validate.js';
import { requireAdmin } from '../security/guards.js';
import type { ShopStatsService } from './shop-stats.service.js';

export function shopStatsRoutes(deps: { stats: ShopStatsService; limits: Pick<RateLimits, 'report'> }): Router {
  const { stats, limits } = deps;
  const router = Router();

  router.get('/stats', requireAdmin, ...limits.report, async (req, res) => {
    const { range } = parseInput(statsQuerySchema, req.query);
    res.json({ ok: true, stats: await stats.readStats(range) });
  });

  return router;
}
