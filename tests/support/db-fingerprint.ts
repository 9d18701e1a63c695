// A cheap fingerprint of every table (row count and a hash of all rows, in one SQL query) to prove that a rejected
// request changed nothing. Reads through the server's own Prisma client, so it works on PGlite and PostgreSQL alike.
import type { TestServer } from './server.js';

export type Fingerprint = Map<string, string>;

export interface Fingerprinter {
  take(): Promise<Fingerprint>;
  /** Tables whose fingerprint differs between two takes. */
  changed(before: Fingerprint, after: Fingerprint): string[];
}

/** Migration bookkeeping is not the shop's data. */
const NOT_DATA = new Set(['_prisma_migrations']);

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
  const sql = tables
    .map(
      (name) =>
        `SELECT '${name.replace(/'/g, "''")}' AS name, count(*)::text || ':' || coalesce(md5(string_agg(r::text, '|' ORDER BY r::text)), '') AS print FROM ${quote(name)} r`,
    )
    .join('\nUNION ALL\n');
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
