// `npm run seed:large`: a PostgreSQL shop database with 1,000,000 orders (and their events), 100,000 users and
// 50,000 tickets (and their messages), with three customers of 20,000 orders each whose orders wait in the admin's
// queue (page 1), for the bench's growth section (BENCH_LARGE_DATABASE_URL).
// SEED_DATABASE_URL names the database: created when missing, migrated, refused when it already holds data.
import pg from 'pg';
import { describeDatabase, withDatabaseName } from './lib/postgres.js';
import { heavyCustomerEmails, LARGE_SEED, SEED_ADMIN, SEED_USER_PASSWORD, seedShopDatabase } from './seed/seed-data.js';

async function ensureDatabase(url: string): Promise<'created' | 'exists'> {
  const probe = new pg.Client({ connectionString: url });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return 'exists';
  } catch (error) {
    if ((error as { code?: string }).code !== '3D000') throw error; // 3D000: the database does not exist
  } finally {
    await probe.end().catch(() => undefined);
  }
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name))
    throw new Error(`will not create a database named ${JSON.stringify(name)}: use letters, digits and _`);
  const admin = new pg.Client({ connectionString: withDatabaseName(url, 'postgres') });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return 'created';
}

async function main(): Promise<void> {
  const url = process.env.SEED_DATABASE_URL;
  if (!url) {
    console.error(
      'SEED_DATABASE_URL is not set. Name a new or empty PostgreSQL database, e.g.\n' +
        '  SEED_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/shop_large npm run seed:large\n' +
        'then run the bench with BENCH_LARGE_DATABASE_URL set to the same URL.',
    );
    process.exit(1);
  }
  const started = Date.now();
  const state = await ensureDatabase(url);
  console.log(`Seeding ${describeDatabase(url)} (${state === 'created' ? 'created now' : 'existing database'}):`);
  const s = LARGE_SEED;
  console.log(
    `  ${s.users.toLocaleString('en')} users, ${s.orders.toLocaleString('en')} orders (${s.pending} pending, ${s.waiting} waiting, ` +
      `${s.heavyCustomers} customers with ${s.bigCustomerOrders.toLocaleString('en')} each, of which ${s.heavyPending} pending and ${s.heavyWaiting} waiting), ` +
      `${s.tickets.toLocaleString('en')} tickets`,
  );
  await seedShopDatabase(url, LARGE_SEED, (line) => console.log(line));
  console.log(`Done in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
  console.log(
    `  admin: ${SEED_ADMIN.email} / ${SEED_ADMIN.password}; heavy customers: ${heavyCustomerEmails(s).join(', ')}; every customer's password: ${SEED_USER_PASSWORD}`,
  );
  console.log(`  bench it: BENCH_LARGE_DATABASE_URL=<the same URL> npm run bench`);
}

main().catch((error: unknown) => {
  console.error(`seed:large failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
