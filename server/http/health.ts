// GET /health (product.md §3.10, decision 076): the database, Redis and Telegram (decision 172) reported separately. Database down → 503 (a load
// balancer takes the instance out); Redis down → 200 with status "degraded" (the shop still serves on its own).
import { Router } from 'express';
import type { DatabaseMonitor } from '../db/availability.js';
import type { RedisGuard } from '../redis/redis-guard.js';
import { UNAVAILABLE_RETRY_AFTER_S, unavailableBody } from './error-middleware.js';

const DATABASE_CHECK_TIMEOUT_MS = 2_000;

/** Whether the database answers `SELECT 1` within two seconds. */
export async function databaseAnswers(monitor: DatabaseMonitor): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), DATABASE_CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([monitor.check(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function healthRoutes(deps: {
  version: string;
  dbKind: string;
  database: DatabaseMonitor;
  redis?: RedisGuard;
  /** Whether the staff's Telegram bot reaches Telegram; an outside service, so it never fails the check. */
  telegram?: () => 'up' | 'down' | 'disabled';
}): Router {
  const router = Router();
  router.get('/health', async (_req, res) => {
    const started = Date.now();
    const [databaseUp, redisState] = await Promise.all([
      databaseAnswers(deps.database),
      deps.redis ? deps.redis.check() : Promise.resolve('disabled' as const),
    ]);
    const dbMs = Date.now() - started;
    const parts = {
      database: databaseUp ? 'up' : 'down',
      db: databaseUp ? 'up' : 'down',
      dbKind: deps.dbKind,
      redis: redisState,
      telegram: deps.telegram?.() ?? 'disabled',
      version: deps.version,
    } as const;
    res.set('Cache-Control', 'no-store');
    if (!databaseUp) {
      res
        .status(503)
        .set('Retry-After', String(UNAVAILABLE_RETRY_AFTER_S))
        .json({ ...unavailableBody(), status: 'down', ...parts });
      return;
    }
    res.json({ ok: true, status: redisState === 'down' ? 'degraded' : 'ok', ...parts, dbMs });
  });
  return router;
}
