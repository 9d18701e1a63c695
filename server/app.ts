// Builds the whole shop from a config without listening: infrastructure (database, migrations, seed, secrets,
// Redis, HTTP kernel), then the domains through the composition root (composition.ts).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';
import express from 'express';
import helmet from 'helmet';
import compression from 'compression';
import type { Config } from './config.js';
import { systemClock, type Clock } from './clock.js';
import { composeShop, type Infrastructure, type Services, type Shop } from './composition.js';
import { createDatabaseMonitor } from './db/availability.js';
import { openDatabase, type StatementObserver } from './db/database.js';
import { applyMigrations } from './db/migrate.js';
import { seedDatabase, type SeedResult } from './db/seed.js';
import { failureBody } from './http/app-error.js';
import { errorMiddleware, notFoundHandler } from './http/error-middleware.js';
import { clientAssets } from './http/client-assets.js';
import { databaseAnswers, healthRoutes } from './http/health.js';
import { inlineScriptHashes, renderIndexPage } from './http/index-page.js';
import { createMetrics, metricsRoutes } from './http/metrics.js';
import { requestObservability } from './http/observability.js';
import { openApiRoutes } from './http/openapi.js';
import { createRateLimits } from './http/rate-limits.js';
import { keepRawBody } from './http/raw-body.js';
import { rejectNulBytes } from './http/validate.js';
import { createLogger, type Logger } from './logger.js';
import { createMailer } from './mail/mailer.js';
import { createCaptchaService } from './security/captcha.js';
import { createLoginThrottle } from './security/login-throttle.js';
import { connectRedis, isRedisUnavailable } from './redis/redis-guard.js';
import { loadOrCreateSecret } from './security/secrets.js';
import { loadVapidKeys } from './push/index.js';

export const CLIENT_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../client/dist');
const VERSION = '1.0.0';

export interface AppOptions {
  /** Multiplies every rate limit (tests that create many accounts from one address use a large value). */
  rateLimitScale?: number;
  /** PGlite in memory instead of DATA_DIR (tests). */
  inMemoryDb?: boolean;
  /**
   * With inMemoryDb: a PGlite data-directory image (`PGlite.dumpDataDir`) to start from instead of an empty
   * cluster. Tests make one migrated image per run (tests/support/pglite-image.ts): loading it takes a fraction
   * of initdb's time.
   */
  inMemoryImage?: Blob;
  logger?: Logger;
  /** Run background work (the timeout sweeper); false in all but one worker of WEB_CONCURRENCY (decision 082). */
  background?: boolean;
  /** The clock of every time-dependent rule (tests hand in one they move); the system's by default. */
  clock?: Clock;
  /** Sees every SQL statement before it runs (tests count the statements of a use case). */
  onStatement?: StatementObserver;
}

export interface Application {
  app: express.Express;
  httpServer: http.Server;
  /** The infrastructure the shop was built from (tests reach the database as `ctx.prisma`). */
  ctx: Infrastructure;
  /** The use cases, for tests and scripts that drive the shop without HTTP. */
  services: Services;
  /** The Socket.IO server and pushes (a cluster worker gives it its adapter and sticky hand-over). */
  realtime: Shop['realtime'];
  /** The shop's event bus (tests count what was published). */
  events: Shop['events'];
  /** The durable job queue (decision 227). */
  jobs: Shop['jobs'];
  /** The order page's kept views (decision 081): a test that writes an order behind the orders domain drops it. */
  orderViews: Shop['orderViews'];
  seed: SeedResult;
  migrationsApplied: string[];
  listen(port?: number): Promise<number>;
  close(): Promise<void>;
}

/**
 * Node answers requests it cannot parse (a URL or headers over its 16 KB limit, broken HTTP) itself, with an empty
 * body; the API promises JSON, so those answers carry the usual failure body.
 */
function answerMalformedRequestsInJson(httpServer: http.Server): void {
  httpServer.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const status = tooLarge ? 431 : 400;
    const body = JSON.stringify(
      tooLarge
        ? failureBody('errors.tooLarge', 'The request is too large')
        : failureBody('errors.badRequest', 'The request could not be understood'),
    );
    socket.end(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}

export async function createApplication(config: Config, options: AppOptions = {}): Promise<Application> {
  const logger = options.logger ?? createLogger(config.logLevel);
  fs.mkdirSync(config.dataDir, { recursive: true });
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    inMemory: options.inMemoryDb,
    inMemoryImage: options.inMemoryImage,
    onStatement: options.onStatement,
  });
  const migrationsApplied = await applyMigrations(db.sql);
  const seed = await seedDatabase(db.prisma, { adminEmail: config.adminEmail, adminPassword: config.adminPassword });
  const jwtSecret = config.jwtSecret ?? (await loadOrCreateSecret(db.prisma, 'jwt'));
  const vapidKeys = await loadVapidKeys(db.prisma, config.vapid.keys);
  // Outages are reported once by these two (decision 076, 077), not as one stack trace per failed request.
  const databaseMonitor = createDatabaseMonitor({ probe: () => db.prisma.$queryRaw`SELECT 1`, logger });
  const redisGuard = config.redisUrl ? await connectRedis(config.redisUrl, logger) : undefined;
  logger.setErrorFilter(
    (error) => databaseMonitor.absorb(error) || (redisGuard !== undefined && isRedisUnavailable(error)),
  );
  const redis = redisGuard?.client;

  // The app must be the server's request listener before Socket.IO attaches, so Socket.IO can intercept its path.
  const app = express();
  const httpServer = http.createServer(app);
  // An idle kept-alive connection is closed by the client first (browsers, undici: 4-5 s; proxies and balancers:
  // 60 s): when the server closed at Node's 5 s, a request sent at that moment met a reset socket.
  httpServer.keepAliveTimeout = 65_000;
  httpServer.headersTimeout = 66_000;
  answerMalformedRequestsInJson(httpServer);
  const ctx: Infrastructure = {
    config,
    db,
    prisma: db.prisma,
    logger,
    jwtSecret,
    redis,
    httpServer,
    captcha: createCaptchaService({
      mode: config.captcha,
      hmacKey: crypto.createHmac('sha256', jwtSecret).update('altcha').digest('hex'),
      prisma: db.prisma,
      redis,
      redisPrefix: config.redisChannelPrefix,
    }),
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, logger }),
    // Every Redis key of the shop under its REDIS_CHANNEL_PREFIX (decision 075): two shops on one Redis count apart.
    limits: createRateLimits({ redis, scale: options.rateLimitScale, redisPrefix: config.redisChannelPrefix }),
    loginThrottle: createLoginThrottle({
      redis,
      scale: options.rateLimitScale,
      redisPrefix: config.redisChannelPrefix,
    }),
    clock: options.clock ?? systemClock,
    vapid: { ...vapidKeys, subject: config.vapid.subject },
  };
  const shop = composeShop(ctx);
  // Files can't move in SQL: the pictures an older shop kept on disk follow the migrations here (decision 250).
  await shop.importDiskMedia();
  const metrics = createMetrics({
    orderStats: () => shop.orderStats.read(),
    databaseUp: () => databaseAnswers(databaseMonitor),
    redisUp: redisGuard ? async () => (await redisGuard.check()) === 'up' : undefined,
    socketCount: () => shop.realtime.socketCount(),
  });

  redisGuard?.onCommand((seconds, outcome) => metrics.observeRedisCommand(seconds, outcome));
  app.use(requestObservability({ logger, metrics }));
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.set('query parser', 'simple');
  // The page carries the run-time settings (GATE_PREFIX, SUPPORT_*) so one build serves any configuration.
  const indexPage = fs.existsSync(path.join(CLIENT_DIST, 'index.html'))
    ? renderIndexPage(fs.readFileSync(path.join(CLIENT_DIST, 'index.html'), 'utf8'), config)
    : undefined;
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // The app shell's inline script (decision 065) by its hash; nothing else inline.
          scriptSrc: ["'self'", ...inlineScriptHashes(indexPage ?? '')],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: [
            "'self'",
            'data:',
            'blob:',
            ...(config.mediaBaseUrl.startsWith('http') ? [new URL(config.mediaBaseUrl).origin] : []),
          ],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", 'ws:', 'wss:'],
          workerSrc: ["'self'", 'blob:'],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );

  const api = express.Router();
  // JSON answers above ~1 KB travel compressed (gzip or brotli, by Accept-Encoding); smaller ones are not worth it.
  api.use(compression({ threshold: 1024 }));
  api.use(express.json({ limit: '100kb', strict: true, verify: keepRawBody }));
  api.use(rejectNulBytes);
  api.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });
  for (const router of shop.deviceRouters) api.use(router);
  api.use(shop.authenticate);
  api.use(shop.twoFactorGate);
  const health = healthRoutes({
    version: VERSION,
    dbKind: db.kind,
    database: databaseMonitor,
    redis: redisGuard,
    telegram: shop.telegramState,
  });
  api.use(health);
  for (const router of shop.routers) api.use(router);
  api.use(notFoundHandler());
  // The public reads from memory first: they authenticate the caller themselves, answer ready (and ready
  // compressed) JSON, and pass anything else on to the API router (decision 081).
  app.use(openApiRoutes(ctx.limits.docs)); // the API document and its reference page, no token read
  app.use('/api/v1', shop.snapshotRoutes);
  app.use('/api/v1', api);
  app.use(health); // GET /health too, where load balancers look
  app.use(metricsRoutes(metrics, config.metricsToken));

  app.use(shop.mediaRouter);
  if (indexPage !== undefined) app.use(clientAssets(CLIENT_DIST, indexPage));
  app.use(notFoundHandler());
  app.use(errorMiddleware(logger, { onDatabaseUnavailable: (error) => databaseMonitor.absorb(error) }));

  shop.serve();
  if (options.background !== false) shop.start();

  let closed = false;
  return {
    app,
    httpServer,
    ctx,
    services: shop.services,
    realtime: shop.realtime,
    events: shop.events,
    jobs: shop.jobs,
    orderViews: shop.orderViews,
    seed,
    migrationsApplied,
    listen(port = config.port) {
      return new Promise((resolve, reject) => {
        httpServer.once('error', reject);
        httpServer.listen(port, () => {
          httpServer.off('error', reject);
          const address = httpServer.address();
          resolve(typeof address === 'object' && address ? address.port : port);
        });
      });
    },
    async close() {
      if (closed) return;
      closed = true;
      await shop.stop(); // closing the sockets also closes the HTTP server
      httpServer.closeAllConnections?.();
      ctx.mailer.close();
      databaseMonitor.stop();
      redisGuard?.close();
      await db.close();
    },
  };
}
