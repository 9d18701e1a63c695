// The shop under test on each database the bench has: PGlite always, PostgreSQL (a throw-away database) when
// BENCH_DATABASE_URL or TEST_DATABASE_URL names a server; each block gets a fresh shop, stopped and dropped after.
import { SERVER_CPU, startChild, type BenchChild } from './child.js';
import type { BenchOptions } from './options.js';
import { createScratchDatabase, type ScratchDatabase } from './postgres.js';
import { note } from './report.js';

export type ShopDb = 'pglite' | 'postgres';

const NO_POSTGRES =
  'PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to a server the bench may create databases on)';

/** Runs `block` with a fresh shop (bench/processes/shop-server.ts) per database, one after the other; without
 * PostgreSQL, notes it and adds the line to `skipped`. */
export async function forEachShop(
  opts: BenchOptions,
  skipped: string[],
  block: (db: ShopDb, shop: BenchChild) => Promise<void>,
  /** More of the shop's environment (CASHDESK_API_ROOT), asked for before each shop starts. */
  shopEnv: () => Promise<Record<string, string>> | Record<string, string> = () => ({}),
): Promise<void> {
  let dbs: ShopDb[] = ['pglite'];
  if (opts.postgresBaseUrl) dbs.push('postgres');
  else {
    skipped.push(NO_POSTGRES);
    note(NO_POSTGRES);
  }
  if (opts.databases) dbs = dbs.filter((db) => opts.databases!.includes(db));
  for (const db of dbs) {
    let scratch: ScratchDatabase | undefined;
    let shop: BenchChild | undefined;
    try {
      if (db === 'postgres') scratch = await createScratchDatabase(opts.postgresBaseUrl!);
      shop = await startChild(`shop (${db})`, 'processes/shop-server.ts', {
        cpu: SERVER_CPU,
        env: { ...(await shopEnv()), BENCH_SHOP_DATABASE_URL: scratch?.url ?? '' },
      });
      await block(db, shop);
    } finally {
      await shop?.stop();
      await scratch?.drop();
    }
  }
}
