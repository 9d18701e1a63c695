// GET /stats?range=today|7d|30d (admin): the KPIs of the admin console (decision 113); GET /stats/typical-wait
// (public): the median minutes from payment to completion that customers' pages quote (decision 113).
import { Router } from 'express';
import { statsQuerySchema, TYPICAL_WAIT } from '#shared/stats';
import type { RateLimits } from '../http/rate-limits.js';
import { parseInput } from '../http/validate.js';
import { requireAdmin } from '../security/guards.js';
import type { ShopStatsService } from './shop-stats.service.js';

export function shopStatsRoutes(deps: {
  stats: ShopStatsService;
  limits: Pick<RateLimits, 'report' | 'publicStats'>;
}): Router {
  const { stats, limits } = deps;
  const router = Router();

  // Anyone: the figure has no order, customer or amount in it. Kept a minute on the server, so browsers may too.
  router.get('/stats/typical-wait', ...limits.publicStats, async (_req, res) => {
    res.set('Cache-Control', `public, max-age=${TYPICAL_WAIT.cacheSeconds}`);
    res.json({ ok: true, wait: await stats.readTypicalWait() });
  });

  router.get('/stats', requireAdmin, ...limits.report, async (req, res) => {
    const { range } = parseInput(statsQuerySchema, req.query);
    res.json({ ok: true, stats: await stats.readStats(range) });
  });

  return router;
}
