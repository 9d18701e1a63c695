// Applies the committed SQL migrations in order, once, under an advisory lock, recording them in
// Prisma's own `_prisma_migrations` table (decision 002). Same code for PGlite and PostgreSQL.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SqlRunner } from './database.js';

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../prisma/migrations');
const LOCK_KEY = 727_274_001;

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

export interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

export function readMigrations(dir = MIGRATIONS_DIR): MigrationFile[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(dir, d.name, 'migration.sql')))
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(path.join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: crypto.createHash('sha256').update(sql).digest('hex') };
    });
}

/** Returns the names of the migrations this call applied (empty when another instance already did). */
export async function applyMigrations(
  runner: Pick<SqlRunner, 'withSession'>,
  migrations = readMigrations(),
): Promise<string[]> {
  return runner.withSession(async (session) => {
    // `pg_advisory_lock` returns void, which drivers cannot always decode: select a constant instead.
    await session.query(`SELECT 1 AS locked FROM (SELECT pg_advisory_lock(${LOCK_KEY})) AS l`);
    try {
      await session.exec(CREATE_TABLE);
      const done = await session.query<{ migration_name: string; checksum: string }>(
        `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
      );
      const applied = new Map(done.map((r) => [r.migration_name, r.checksum]));
      const ran: string[] = [];
      for (const m of migrations) {
        const previous = applied.get(m.name);
        if (previous !== undefined) {
          if (previous !== m.checksum) throw new Error(`Migration ${m.name} was changed after it was applied`);
          continue;
        }
        const id = crypto.randomUUID();
        const escapedName = m.name.replace(/'/g, "''");
        // One transaction per migration: its statements and its record commit together.
        await session
          .exec(
            `BEGIN;\n${m.sql}\n;INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, started_at, applied_steps_count) VALUES ('${id}', '${m.checksum}', now(), '${escapedName}', now(), 1);\nCOMMIT;`,
          )
          .catch(async (error: unknown) => {
            await session.exec('ROLLBACK').catch(() => undefined);
            throw error;
          });
        ran.push(m.name);
      }
      return ran;
    } finally {
      await session.query(`SELECT 1 AS unlocked FROM (SELECT pg_advisory_unlock(${LOCK_KEY})) AS l`);
    }
  });
}
