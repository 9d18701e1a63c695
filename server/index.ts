// Entry point: parse the configuration, build the shop, listen; stop gracefully on SIGTERM/SIGINT, and stop and exit
// with code 1 on an unhandled rejection or an uncaught exception, in every mode (process-handlers.ts, decision 190).
import { ConfigError, parseConfig } from './config.js';
import cluster from 'node:cluster';
import { createApplication } from './app.js';
import { attachWorker, leaveCluster, parseWebConcurrency, runPrimary, workerIndex } from './cluster.js';
import { createLogger } from './logger.js';
import { handleProcessEvents } from './process-handlers.js';

async function main(): Promise<void> {
  let config;
  let workers;
  try {
    config = parseConfig();
    workers = parseWebConcurrency(process.env, config);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  if (workers > 1 && cluster.isPrimary) return runPrimary(config, workers, logger);
  const inCluster = cluster.isWorker;
  const processEvents = handleProcessEvents({ logger, role: inCluster ? `worker ${workerIndex()}` : 'single' });
  // In a cluster only worker 0 runs the timeout sweeper (decision 082).
  const application = await createApplication(config, { logger, background: !inCluster || workerIndex() === 0 });
  const { seed, migrationsApplied } = application;
  if (migrationsApplied.length) logger.info(`Applied migrations: ${migrationsApplied.join(', ')}`);
  // The one line that is not JSON and not masked: the operator needs the generated credentials once (product.md §4.6).
  if (seed.createdAdmin) {
    console.log(
      seed.createdAdmin.password
        ? `Created admin account: ${seed.createdAdmin.email} / password: ${seed.createdAdmin.password} (change it after logging in)`
        : `Admin account: ${seed.createdAdmin.email}`,
    );
  }
  processEvents.stopWith(async (reason) => {
    // A failed worker first leaves the cluster, so the primary hands its connections to the other workers at once.
    if (inCluster && reason === 'fault') leaveCluster();
    await application.close();
  });
  if (inCluster) {
    attachWorker(application, config);
    return;
  }
  const port = await application.listen(config.port);
  logger.info(
    `Shop listening on http://localhost:${port} (${application.ctx.db.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'})`,
    {
      port,
      database: application.ctx.db.kind,
      redis: config.redisUrl ? 'on' : 'off',
    },
  );
}

main().catch((error: unknown) => {
  console.error('Failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
