// Which databases the API tests run against: PGlite always, PostgreSQL when TEST_DATABASE_URL is set.
// Each PostgreSQL test gets a fresh database created for it, dropped afterwards.
import crypto from 'node:crypto';
import pg from 'pg';

export type DbKind = 'pglite' | 'postgres';

export function testDatabases(): DbKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `shop_test_${crypto.randomBytes(6).toString('hex')}`;
  // CREATE DATABASE copies template1 and fails while another session uses it; parallel workers retry.
  for (let attempt = 1; ; attempt += 1) {
    const admin = new pg.Client({ connectionString: base });
    admin.on('error', () => undefined);
    try {
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      break;
    } catch (error) {
      if (attempt >= 8) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt + Math.random() * 200));
    } finally {
      await admin.end().catch(() => undefined);
    }
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      c.on('error', () => undefined);
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
