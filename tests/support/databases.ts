// Which databases the API tests run against: PGlite always, PostgreSQL when TEST_DATABASE_URL is set.
// Each PostgreSQL test gets a fresh database created for it, dropped afterwards. It is copied from a migrated
// template made once per set of migrations (CREATE DATABASE … TEMPLATE): migrating every fresh database took 2-3 s
// on the loaded 2-core machine, a few hundred times a run; a copy takes a tenth of that.
import crypto from 'node:crypto';
import pg from 'pg';
import { applyMigrations, readMigrations } from '../../server/db/migrate.js';

export type DbKind = 'pglite' | 'postgres';

export function testDatabases(): DbKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/** Any advisory key no shop code takes: the template is built by one process of the run (API or browser). */
const TEMPLATE_LOCK = 727_274_099;

function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

async function connected(connectionString: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString });
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

let template: Promise<string> | undefined;

/**
 * The migrated template's name for the migrations in the tree (their checksums name it, so a changed migration gets a
 * new template and an old one is never used). Built under an advisory lock, migrated by the shop's own code under
 * another name and renamed when done, so no process ever copies a half-built one.
 */
function migratedTemplate(base: string): Promise<string> {
  template ??= (async () => {
    const migrations = readMigrations();
    const digest = crypto.createHash('sha256');
    for (const m of migrations) digest.update(`${m.name}:${m.checksum}\n`);
    const name = `shop_template_${digest.digest('hex').slice(0, 16)}`;
    const admin = await connected(base);
    try {
      await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
      const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (exists.rowCount === 0) {
        const building = `${name}_building_${crypto.randomBytes(3).toString('hex')}`;
        await admin.query(`CREATE DATABASE ${building}`);
        const client = await connected(databaseUrl(base, building));
        try {
          await applyMigrations(
            {
              withSession: (fn) =>
                fn({
                  exec: async (sql) => {
                    await client.query(sql);
                  },
                  query: async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as T[],
                }),
            },
            migrations,
          );
        } finally {
          await client.end().catch(() => undefined);
        }
        await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      }
      // Templates of older migrations (and builds a crash left) are dropped; one still being copied stays.
      const stale = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE 'shop\\_template\\_%' AND datname <> $1`,
        [name],
      );
      for (const row of stale.rows) await admin.query(`DROP DATABASE IF EXISTS ${row.datname}`).catch(() => undefined);
    } finally {
      await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]).catch(() => undefined);
      await admin.end().catch(() => undefined);
    }
    return name;
  })();
  template.catch(() => {
    template = undefined;
  });
  return template;
}

/**
 * A fresh database of the test's own, migrated; `{empty: true}` for tests of the migrations themselves (nothing
 * applied yet).
 */
export async function createPostgresDatabase(
  options: { empty?: boolean } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `shop_test_${crypto.randomBytes(6).toString('hex')}`;
  // CREATE DATABASE copies its template and fails while another session uses it; parallel workers retry.
  for (let attempt = 1; ; attempt += 1) {
    const admin = new pg.Client({ connectionString: base });
    admin.on('error', () => undefined);
    try {
      const from = options.empty ? '' : ` TEMPLATE ${await migratedTemplate(base)}`;
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}${from}`);
      break;
    } catch (error) {
      if (attempt >= 8) throw error;
      // Another tree's run (other migrations) dropped this one's template as stale: it is built again.
      if ((error as { code?: string }).code === '3D000') template = undefined;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt + Math.random() * 200));
    } finally {
      await admin.end().catch(() => undefined);
    }
  }
  return {
    url: databaseUrl(base, name),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      c.on('error', () => undefined);
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
