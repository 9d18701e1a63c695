// Proves that a rejected request changed nothing: a counter per table that a row trigger bumps on every insert,
// delete and real update (one whose new row differs from the old), read in one small query. The triggers are the
// test's own, added to the test database once; a change that rolls back takes its count with it. Reads through
// the server's own Prisma client, so it works on PGlite and PostgreSQL alike.
//
// It replaced a hash of every row of every table per take (md5 over string_agg): the hostile suites take one per
// generated request, and the hashes were a third of the API tests' time.
import type { TestServer } from './server.js';

export type Fingerprint = Map<string, string>;

export interface Fingerprinter {
  take(): Promise<Fingerprint>;
  /** Tables whose fingerprint differs between two takes. */
  changed(before: Fingerprint, after: Fingerprint): string[];
}

/** Migration bookkeeping is not the shop's data; the counters are the fingerprint's own. */
const COUNTERS = 'test_fingerprint_changes';
const NOT_DATA = new Set(['_prisma_migrations', COUNTERS]);

export async function createFingerprinter(server: TestServer): Promise<Fingerprinter> {
  const prisma = server.app.ctx.prisma;
  const tables = (
    await prisma.$queryRawUnsafe<{ name: string }[]>(
      `SELECT table_name::text AS name FROM information_schema.tables
       WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
    )
  )
    .map((t) => t.name)
    .filter((name) => !NOT_DATA.has(name));
  if (tables.length === 0) throw new Error('No tables to fingerprint');
  const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
  const literal = (name: string) => `'${name.replace(/'/g, "''")}'`;
  await prisma.$executeRawUnsafe(
    `CREATE TABLE IF NOT EXISTS ${COUNTERS} (name text PRIMARY KEY, n bigint NOT NULL DEFAULT 0)`,
  );
  await prisma.$executeRawUnsafe(`
    CREATE OR REPLACE FUNCTION test_fingerprint_bump() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'UPDATE' AND OLD IS NOT DISTINCT FROM NEW THEN RETURN NULL; END IF;
      UPDATE ${COUNTERS} SET n = n + 1 WHERE name = TG_TABLE_NAME;
      RETURN NULL;
    END $$`);
  for (const name of tables) {
    await prisma.$executeRawUnsafe(
      `INSERT INTO ${COUNTERS} (name) VALUES (${literal(name)}) ON CONFLICT (name) DO NOTHING`,
    );
    await prisma.$executeRawUnsafe(`DROP TRIGGER IF EXISTS test_fingerprint ON ${quote(name)}`);
    await prisma.$executeRawUnsafe(
      `CREATE TRIGGER test_fingerprint AFTER INSERT OR UPDATE OR DELETE ON ${quote(name)} FOR EACH ROW EXECUTE FUNCTION test_fingerprint_bump()`,
    );
  }
  const sql = `SELECT name, n::text AS print FROM ${COUNTERS}`;
  return {
    async take() {
      const rows = await prisma.$queryRawUnsafe<{ name: string; print: string }[]>(sql);
      return new Map(rows.map((row) => [row.name, row.print]));
    },
    changed(before, after) {
      return [...new Set([...before.keys(), ...after.keys()])].filter((name) => before.get(name) !== after.get(name));
    },
  };
}
