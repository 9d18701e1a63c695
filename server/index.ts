// Entry point: parse the configuration, build the shop, listen, and stop gracefully on SIGTERM/SIGINT.
import { ConfigError, parseConfig } from './config.js';
import { createApplication } from './app.js';
import { createLogger } from './logger.js';

async function main(): Promise<void> {
  let config;
  try {
    config = parseConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  const application = await createApplication(config, { logger });
  const { seed, migrationsApplied } = application;
  if (migrationsApplied.length) logger.info(`Applied migrations: ${migrationsApplied.join(', ')}`);
  // The one line that is not JSON and not masked: the operator needs the generated credentials once (design §2).
  if (seed.createdAdmin) {
    console.log(
      seed.createdAdmin.password
        ? `Created admin account: ${seed.createdAdmin.email} / password: ${seed.createdAdmin.password} (change it after logging in)`
        : `Admin account: ${seed.createdAdmin.email}`,
    );
  }
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} received, shutting down`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    application.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error('Shutdown failed', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  const port = await application.listen(config.port);
  logger.info(`Shop listening on http://localhost:${port} (${application.ctx.db.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'})`, {
    port,
    database: application.ctx.db.kind,
    redis: config.redisUrl ? 'on' : 'off',
  });

  process.on('unhandledRejection', (reason) => {
    logger.error('Unhandled rejection', reason);
  });
}

main().catch((error: unknown) => {
  console.error('Failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
