// `npm run db:migrate`: apply the committed migrations and nothing else.
import { ConfigError, parseConfig } from '../config.js';
import { openDatabase } from './database.js';
import { applyMigrations } from './migrate.js';

try {
  const config = parseConfig();
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const applied = await applyMigrations(db.sql);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date');
  await db.close();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
