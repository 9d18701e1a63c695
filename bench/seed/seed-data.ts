// Bulk shop data in PostgreSQL with set-based SQL (generate_series, INSERT … SELECT): users, orders with their
// event timelines, tickets with their messages, in realistic shares. Used by `npm run seed:large` (1M orders)
// and by the bench's growth section (the ~1k-row twin made by the same code).
import pg from 'pg';
import { openDatabase } from '../../server/db/database.js';
import { applyMigrations } from '../../server/db/migrate.js';
import { seedDatabase } from '../../server/db/seed.js';
import { hashPassword } from '../../server/security/passwords.js';
import { TICKET_SUBJECTS } from '#shared/constants';

export interface SeedSizes {
  users: number;
  orders: number;
  tickets: number;
  /** Heavy customers: each has `bigCustomerOrders` orders (part of `orders`), some of them in the admin's queue. */
  heavyCustomers: number;
  bigCustomerOrders: number;
  /** Orders of each heavy customer that are paid and waiting for the admin (the oldest of the queue: page 1)
   * and still waiting for payment (part of `pending` and `waiting`). */
  heavyPending: number;
  heavyWaiting: number;
  /** Tickets of the first heavy customer. */
  bigCustomerTickets: number;
  /** Orders still waiting for payment (time left) and paid ones waiting for the admin: the admin's queue. */
  waiting: number;
  pending: number;
}

export const LARGE_SEED: SeedSizes = {
  users: 100_000,
  orders: 1_000_000,
  tickets: 50_000,
  heavyCustomers: 3,
  bigCustomerOrders: 20_000,
  heavyPending: 2,
  heavyWaiting: 2,
  bigCustomerTickets: 30,
  waiting: 300,
  pending: 300,
};

/** The same shape at ~1/1000: the growth section's "small" side. Queue and heavy customers fill more than a page,
 * and the admin's queue page 1 lists the same heavy customers' orders on both sides. */
export const SMALL_SEED: SeedSizes = {
  users: 100,
  orders: 1_000,
  tickets: 50,
  heavyCustomers: 3,
  bigCustomerOrders: 20,
  heavyPending: 2,
  heavyWaiting: 2,
  bigCustomerTickets: 12,
  waiting: 15,
  pending: 15,
};

export const SEED_ADMIN = { email: 'admin@seed.local', password: 'seed-admin-password-1' };
/** The first heavy customer (`bigCustomerOrders` orders, `bigCustomerTickets` tickets). */
export const BIG_CUSTOMER_EMAIL = 'big.customer@seed.local';
/** Every heavy customer's e-mail: big.customer@, big.customer2@, … */
export const heavyCustomerEmails = (sizes: Pick<SeedSizes, 'heavyCustomers'>): string[] =>
  Array.from({ length: sizes.heavyCustomers }, (_, i) =>
    i === 0 ? BIG_CUSTOMER_EMAIL : `big.customer${i + 1}@seed.local`,
  );

/** Refuses sizes whose parts do not fit in their wholes. */
export function checkSizes(sizes: SeedSizes): void {
  const h = sizes.heavyCustomers;
  const problems = [
    h < 1 && 'heavyCustomers must be at least 1',
    h * sizes.heavyPending > sizes.pending && "heavy customers' pending orders exceed pending",
    h * sizes.heavyWaiting > sizes.waiting && "heavy customers' waiting orders exceed waiting",
    sizes.heavyPending + sizes.heavyWaiting > sizes.bigCustomerOrders &&
      "a heavy customer's queued orders exceed its orders",
    h * sizes.bigCustomerOrders > sizes.orders && "heavy customers' orders exceed orders",
    h >= sizes.users && 'heavy customers must be fewer than users',
  ].filter(Boolean);
  if (problems.length) throw new Error(`bad seed sizes: ${problems.join('; ')}`);
}
/** Every seeded customer's password (one hash computed once). */
export const SEED_USER_PASSWORD = 'seed-password-1';

const FIRST_NAMES = [
  'Rahim',
  'Karim',
  'Abdul',
  'Mohammad',
  'Nusrat',
  'Farhana',
  'Tanvir',
  'Sadia',
  'Rafiq',
  'Jamal',
  'Sumaiya',
  'Arif',
  'Shakil',
  'Mim',
  'Rakib',
  'Habib',
  'Nasrin',
  'Imran',
  'Sabbir',
  'Taslima',
];
const LAST_NAMES = [
  'Uddin',
  'Hossain',
  'Ahmed',
  'Islam',
  'Rahman',
  'Khan',
  'Chowdhury',
  'Akter',
  'Begum',
  'Sarkar',
  'Miah',
  'Sheikh',
  'Talukder',
  'Bhuiyan',
  'Das',
];
const USER_TEXTS = [
  'I paid but my order is still pending, please check',
  'My 1xBet balance did not change after the top-up',
  'I sent the money to the wrong number, what can I do?',
  'How long does a withdrawal take?',
  'The transaction ID was refused, I am sure it is correct',
  'Thank you, received',
];
const ADMIN_TEXTS = [
  'We are checking your payment now, please wait a few minutes',
  'Your order is complete, please check your account',
  'Please send us the transaction ID from your wallet app',
  'Withdrawals are paid within 30 minutes while we are online',
  'The transaction ID belongs to another order, please check your SMS',
  'You are welcome',
];

const sqlArray = (values: readonly string[]) => `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`;
/** A random element of a literal array (evaluated per row). */
const pick = (values: readonly string[]) => `(${sqlArray(values)})[1 + floor(random() * ${values.length})::int]`;
/** A url-safe random id of `chars` characters, like the app's base64url ids. */
const randomId = (chars: number) =>
  `left(translate(encode(decode(md5(random()::text || clock_timestamp()::text), 'hex'), 'base64'), '+/=', '-_'), ${chars})`;

export type Log = (line: string) => void;

async function step(client: pg.Client, log: Log, label: string, sql: string, params: unknown[] = []): Promise<void> {
  const t = Date.now();
  const r = await client.query(sql, params);
  log(`  ${label}: ${r.rowCount ?? 0} rows, ${((Date.now() - t) / 1000).toFixed(1)} s`);
}

/** Fills a migrated, first-start-seeded, otherwise empty shop database. */
export async function insertBulkData(client: pg.Client, sizes: SeedSizes, log: Log): Promise<void> {
  checkSizes(sizes);
  const passwordHash = await hashPassword(SEED_USER_PASSWORD);
  const heavyEmails = heavyCustomerEmails(sizes);
  const adminId =
    (await client.query<{ id: string }>(`SELECT id FROM users WHERE role = 'admin' ORDER BY num LIMIT 1`)).rows[0]
      ?.id ?? null;
  // Timestamps are stored as UTC without zone (as Prisma writes them); a synchronous commit per row is not needed here.
  await client.query(`SET TIME ZONE 'UTC'; SET synchronous_commit = off; SET work_mem = '256MB'`);

  await step(
    client,
    log,
    'users',
    `INSERT INTO users (id, name, email, password_hash, role, created_at)
     SELECT ${randomId(16)}, ${pick(FIRST_NAMES)} || ' ' || ${pick(LAST_NAMES)},
            CASE WHEN g <= cardinality($1::text[]) THEN ($1::text[])[g] ELSE 'customer' || g || '@seed.local' END,
            $2, 'user', now() - interval '400 days' + interval '400 days' * (g::float8 / $3::int)
     FROM generate_series(1, $3::int) g`,
    [heavyEmails, passwordHash, sizes.users],
  );
  await client.query(
    `CREATE TEMP TABLE seed_users AS
    SELECT row_number() OVER (ORDER BY num) AS n, id, email FROM users WHERE role = 'user' AND NOT (email = ANY($1::text[]))`,
    [heavyEmails],
  );
  await client.query(
    `CREATE TEMP TABLE seed_heavy AS
    SELECT array_position($1::text[], email) AS k, id, email FROM users WHERE email = ANY($1::text[])`,
    [heavyEmails],
  );
  const { rows: counts } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM seed_users`);
  const others = Number(counts[0].n);
  const big = (await client.query<{ id: string }>(`SELECT id FROM users WHERE email = $1`, [BIG_CUSTOMER_EMAIL]))
    .rows[0].id;

  // Orders: rows 1..pending are paid and waiting for the admin, then the waiting ones (time left), then history.
  // Heavy customers (k = 1..H, round robin): the first H × heavyPending rows, the oldest of the queue (so the
  // admin's queue page 1 lists them), the first H × heavyWaiting waiting rows, and the first rows of history, so
  // that each has bigCustomerOrders in all. History: mostly complete or timed out, over a year.
  const queue = sizes.pending + sizes.waiting;
  const h = sizes.heavyCustomers;
  await step(
    client,
    log,
    'orders',
    `WITH draws AS (
       SELECT g, random() AS r, random() AS p, random() AS m, random() AS u,
         CASE WHEN g <= $6 THEN 1 + (g - 1) % $5
              WHEN g > $1 AND g <= $1 + $7 THEN 1 + (g - $1 - 1) % $5
              WHEN g > $2 AND g <= $2 + $8 THEN 1 + (g - $2 - 1) % $5 END AS heavy_k
       FROM generate_series(1, $3::int) g
     ), base AS (
       SELECT g, heavy_k,
         CASE WHEN g <= $1 THEN 'pending' WHEN g <= $2 THEN 'waiting'
              ELSE (CASE WHEN r < 0.72 THEN 'complete' WHEN r < 0.90 THEN 'timedout' WHEN r < 0.95 THEN 'user_cancelled' ELSE 'admin_cancelled' END)
         END AS status,
         CASE WHEN g <= $6 THEN now() - interval '6 hours' - interval '1 minute' * g
              WHEN g <= $1 THEN now() - interval '6 hours' * random()
              WHEN g <= $2 THEN now() - interval '25 minutes' * random()
              ELSE now() - interval '1 day' - interval '364 days' * random() END AS created_at,
         CASE WHEN p < 0.50 THEN '1xbet_topup_bdt' WHEN p < 0.65 THEN '1xbet_topup_usd' WHEN p < 0.90 THEN '1xbet_withdraw_bdt' ELSE '1xbet_withdraw_usd' END AS product_id,
         CASE WHEN m < 0.60 THEN 'bkash' WHEN m < 0.90 THEN 'nagad' ELSE 'rocket' END AS pm_method,
         CASE WHEN heavy_k IS NULL AND u < 0.6 THEN 1 + floor(random() * $4)::int END AS user_n,
         power(random(), 3) AS size
       FROM draws
     )
     INSERT INTO orders (id, product_id, user_id, status, created_at, updated_at, last_time, pm_method, pm_wallet, pm_coin,
                         amount, rate, pm_amount, pm_id, contact_email, onex_id, wallet, w_code)
     SELECT ${randomId(22)}, b.product_id,
       COALESCE(sh.id, su.id),
       b.status, b.created_at,
       b.created_at + CASE b.status WHEN 'complete' THEN interval '12 minutes' WHEN 'timedout' THEN interval '30 minutes'
                                    WHEN 'user_cancelled' THEN interval '3 minutes' WHEN 'admin_cancelled' THEN interval '15 minutes'
                                    WHEN 'pending' THEN interval '5 minutes' ELSE interval '0' END,
       b.created_at + interval '30 minutes',
       b.pm_method, pm.wallet, 'BDT',
       round(pp.min + (pp.max - pp.min) * b.size::numeric, CASE WHEN b.product_id LIKE '%bdt' THEN 0 ELSE 2 END),
       pp.rate,
       round(round(pp.min + (pp.max - pp.min) * b.size::numeric, CASE WHEN b.product_id LIKE '%bdt' THEN 0 ELSE 2 END) * pp.rate, 2),
       CASE WHEN b.product_id LIKE '%topup%' AND b.status IN ('pending', 'complete', 'admin_cancelled') THEN 'SEED' || b.g END,
       COALESCE(sh.email, su.email, 'guest' || b.g || '@example.com'),
       CASE WHEN b.product_id LIKE '%topup%' OR b.status IN ('pending', 'complete', 'admin_cancelled')
            THEN (100000000 + floor(random() * 899999999))::text END,
       CASE WHEN b.product_id LIKE '%withdraw%' THEN '01' || (3 + floor(random() * 7))::text || lpad(floor(random() * 100000000)::text, 8, '0') END,
       CASE WHEN b.product_id LIKE '%withdraw%' AND b.status IN ('pending', 'complete', 'admin_cancelled') THEN upper(substr(md5(b.g::text), 1, 4)) END
     FROM base b
     JOIN product_pms pp ON pp.product_id = b.product_id AND pp.account = b.pm_method
     JOIN payment_methods pm ON pm.account = b.pm_method
     LEFT JOIN seed_heavy sh ON sh.k = b.heavy_k
     LEFT JOIN seed_users su ON su.n = b.user_n`,
    [
      sizes.pending,
      queue,
      sizes.orders,
      others,
      h,
      h * sizes.heavyPending,
      h * sizes.heavyWaiting,
      h * (sizes.bigCustomerOrders - sizes.heavyPending - sizes.heavyWaiting),
    ],
  );

  // Each order's timeline, as the transitions would have written it; ids ascend in time.
  await step(
    client,
    log,
    'order_events',
    `INSERT INTO order_events (order_id, from_status, to_status, actor, actor_id, created_at)
     SELECT o.id, s.from_status, s.to_status, s.actor,
            CASE s.actor WHEN 'customer' THEN o.user_id WHEN 'admin' THEN $1 END,
            o.created_at + s.after
     FROM orders o
     JOIN (VALUES
       ('waiting', 1, NULL, 'waiting', 'customer', interval '0'),
       ('pending', 1, NULL, 'waiting', 'customer', interval '0'),
       ('pending', 2, 'waiting', 'pending', 'customer', interval '5 minutes'),
       ('complete', 1, NULL, 'waiting', 'customer', interval '0'),
       ('complete', 2, 'waiting', 'pending', 'customer', interval '5 minutes'),
       ('complete', 3, 'pending', 'complete', 'admin', interval '12 minutes'),
       ('timedout', 1, NULL, 'waiting', 'customer', interval '0'),
       ('timedout', 2, 'waiting', 'timedout', 'system', interval '30 minutes'),
       ('user_cancelled', 1, NULL, 'waiting', 'customer', interval '0'),
       ('user_cancelled', 2, 'waiting', 'user_cancelled', 'customer', interval '3 minutes'),
       ('admin_cancelled', 1, NULL, 'waiting', 'customer', interval '0'),
       ('admin_cancelled', 2, 'waiting', 'pending', 'customer', interval '5 minutes'),
       ('admin_cancelled', 3, 'pending', 'admin_cancelled', 'admin', interval '15 minutes')
     ) AS s(status, step, from_status, to_status, actor, after) ON s.status = o.status
     ORDER BY o.created_at + s.after, s.step`,
    [adminId],
  );

  // Tickets: the first heavy customer's first, then random customers; the last month's mostly open, older ones closed.
  await client.query(
    `CREATE TEMP TABLE seed_tickets AS
     SELECT t.g, ${randomId(16)} AS id,
       CASE WHEN t.g <= $1 THEN $2 ELSE su.id END AS user_id,
       ${pick(TICKET_SUBJECTS)} AS subject,
       t.created_at,
       CASE WHEN t.created_at > now() - interval '30 days' AND random() < 0.5 THEN 'open' ELSE 'closed' END AS status,
       1 + floor(random() * 8)::int AS n_msgs
     FROM (SELECT g, 1 + floor(random() * $3)::int AS user_n, now() - interval '365 days' * random() AS created_at
           FROM generate_series(1, $4::int) g) AS t
     LEFT JOIN seed_users su ON su.n = t.user_n`,
    [sizes.bigCustomerTickets, big, others, sizes.tickets],
  );
  const text = (m: string) =>
    `CASE WHEN ${m} % 2 = 1 THEN (${sqlArray(USER_TEXTS)})[1 + (t.g + ${m}) % ${USER_TEXTS.length}] ELSE (${sqlArray(ADMIN_TEXTS)})[1 + (t.g + ${m}) % ${ADMIN_TEXTS.length}] END`;
  await step(
    client,
    log,
    'tickets',
    `INSERT INTO tickets (id, user_id, subject, status, last_text, created_at, updated_at)
     SELECT t.id, t.user_id, t.subject, t.status, ${text('t.n_msgs')}, t.created_at, t.created_at + interval '20 minutes' * (t.n_msgs - 1)
     FROM seed_tickets t ORDER BY t.created_at`,
  );
  await step(
    client,
    log,
    'ticket_messages',
    `INSERT INTO ticket_messages (ticket_id, sender, text, created_at)
     SELECT t.id, CASE WHEN m % 2 = 1 THEN 'user' ELSE 'admin' END, ${text('m')}, t.created_at + interval '20 minutes' * (m - 1)
     FROM seed_tickets t CROSS JOIN LATERAL generate_series(1, t.n_msgs) AS m
     ORDER BY t.created_at, m`,
  );
  await client.query('DROP TABLE seed_users; DROP TABLE seed_heavy; DROP TABLE seed_tickets');
  const t = Date.now();
  await client.query('VACUUM ANALYZE');
  log(`  vacuum analyze: ${((Date.now() - t) / 1000).toFixed(1)} s`);
}

/**
 * Migrates the database with the project's own applier, runs the first-start seed (products, payment methods,
 * admin), refuses a database that already holds customers or orders, then inserts `sizes`.
 */
export async function seedShopDatabase(url: string, sizes: SeedSizes, log: Log): Promise<void> {
  const db = await openDatabase({ databaseUrl: url, dataDir: '.' });
  try {
    const applied = await applyMigrations(db.sql);
    if (applied.length) log(`  migrations applied: ${applied.join(', ')}`);
    await seedDatabase(db.prisma, { adminEmail: SEED_ADMIN.email, adminPassword: SEED_ADMIN.password });
  } finally {
    await db.close();
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ users: string; orders: string; tickets: string }>(
      `SELECT (SELECT count(*) FROM users WHERE role <> 'admin') AS users, (SELECT count(*) FROM orders) AS orders, (SELECT count(*) FROM tickets) AS tickets`,
    );
    const r = rows[0];
    if (Number(r.users) + Number(r.orders) + Number(r.tickets) > 0) {
      throw new Error(
        `the database is not empty (${r.users} customers, ${r.orders} orders, ${r.tickets} tickets): seed a new or empty one`,
      );
    }
    await insertBulkData(client, sizes, log);
  } finally {
    await client.end();
  }
}
