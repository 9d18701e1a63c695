// Prometheus metrics (prom-client), decision 078. Process metrics (event-loop lag, memory, CPU, GC) are collected
// once per process; the shop's own live in a registry per application (tests run several in one process).
// Values that come from the database are read when Prometheus scrapes, at most every few seconds.
import crypto from 'node:crypto';
import { Router, type Request } from 'express';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { rateLimit } from 'express-rate-limit';
import { failureBody } from './app-error.js';

const processRegistry = new Registry();
collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 20 });

export interface OrderStatsSource {
  byStatus: Record<string, number>;
  oldestAgeSeconds: Record<string, number | null>;
}

export interface MetricsSources {
  orderStats: () => Promise<OrderStatsSource>;
  databaseUp: () => Promise<boolean>;
  /** Undefined when the shop runs without Redis. */
  redisUp?: () => Promise<boolean>;
  socketCount: () => number;
}

export interface Metrics {
  registry: Registry;
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  /** How long a Redis command waited; `refused` ones never touched the network (the breaker was open). */
  observeRedisCommand(seconds: number, outcome: 'ok' | 'failed' | 'refused'): void;
  /** Text in Prometheus' exposition format, process metrics included. */
  render(): Promise<{ contentType: string; body: string }>;
}

const ORDER_STATS_CACHE_MS = 5_000;

export function createMetrics(sources: MetricsSources): Metrics {
  const registry = new Registry();
  const httpDuration = new Histogram({
    name: 'shop_http_request_duration_seconds',
    help: 'HTTP request latency by route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  const redisCommands = new Histogram({
    name: 'shop_redis_command_duration_seconds',
    help: 'Time a request waited on one Redis command, by outcome (refused: the breaker was open, no wait)',
    labelNames: ['outcome'] as const,
    buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });

  let cached: { at: number; stats: OrderStatsSource } | undefined;
  const orderStats = async (): Promise<OrderStatsSource | undefined> => {
    if (cached && Date.now() - cached.at < ORDER_STATS_CACHE_MS) return cached.stats;
    try {
      cached = { at: Date.now(), stats: await sources.orderStats() };
      return cached.stats;
    } catch {
      cached = undefined;
      return undefined; // the database is down: shop_database_up says so, stale counts would mislead
    }
  };

  new Gauge({
    name: 'shop_orders',
    help: 'Orders in the database by status',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const stats = await orderStats();
      if (stats) for (const [status, count] of Object.entries(stats.byStatus)) this.set({ status }, count);
    },
  });
  new Gauge({
    name: 'shop_oldest_order_age_seconds',
    help: 'Age of the oldest order still waiting for payment (waiting) or for an admin (pending); 0 when none',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const stats = await orderStats();
      if (stats) for (const [status, age] of Object.entries(stats.oldestAgeSeconds)) this.set({ status }, age ?? 0);
    },
  });
  new Gauge({
    name: 'shop_sockets_connected',
    help: 'Socket.IO connections open on this instance',
    registers: [registry],
    collect() {
      this.set(sources.socketCount());
    },
  });
  new Gauge({
    name: 'shop_database_up',
    help: '1 when the database answers, 0 when it does not',
    registers: [registry],
    async collect() {
      this.set((await sources.databaseUp()) ? 1 : 0);
    },
  });
  const redisUp = sources.redisUp;
  if (redisUp) {
    new Gauge({
      name: 'shop_redis_up',
      help: '1 when Redis answers, 0 when it does not (only with REDIS_URL)',
      registers: [registry],
      async collect() {
        this.set((await redisUp()) ? 1 : 0);
      },
    });
  }

  return {
    registry,
    observeRequest(method, route, status, seconds) {
      httpDuration.observe({ method, route, status: String(status) }, seconds);
    },
    observeRedisCommand(seconds, outcome) {
      redisCommands.observe({ outcome }, seconds);
    },
    async render() {
      const [own, process] = await Promise.all([registry.metrics(), processRegistry.metrics()]);
      return { contentType: registry.contentType, body: `${own}\n${process}` };
    },
  };
}

function bearer(req: Request): string | undefined {
  const header = req.get('authorization');
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

function sameSecret(given: string | undefined, expected: string): boolean {
  if (!given) return false;
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

/** GET /metrics for `Authorization: Bearer <METRICS_TOKEN>`; without a configured token the path does not exist. */
export function metricsRoutes(metrics: Metrics, token: string | undefined): Router {
  const router = Router();
  if (!token) {
    // Not served, and not left to the client's page fallback either: an API-style 404.
    router.get('/metrics', (_req, res) => {
      res.status(404).json(failureBody('errors.notFound', 'Not found'));
    });
    return router;
  }
  router.get(
    '/metrics',
    rateLimit({
      windowMs: 60_000,
      limit: 120,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      handler: (_req, res) => {
        res
          .status(429)
          .json(failureBody('errors.rateLimited', 'Too many attempts, please wait a little and try again'));
      },
    }),
    async (req, res) => {
      if (!sameSecret(bearer(req), token)) {
        res
          .status(401)
          .set('WWW-Authenticate', 'Bearer')
          .json(failureBody('errors.unauthorized', 'A valid metrics token is required'));
        return;
      }
      const { contentType, body } = await metrics.render();
      res.set('Cache-Control', 'no-store').type(contentType).send(body);
    },
  );
  return router;
}
