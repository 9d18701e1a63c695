// One Prisma client over either embedded PGlite (default) or a PostgreSQL server (DATABASE_URL),
// plus a raw SQL runner on the same driver for the migration applier.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import type { SqlDriverAdapter, SqlDriverAdapterFactory, SqlQuery } from '@prisma/driver-adapter-utils';
import { PrismaClient, type Prisma as Generated } from '../generated/prisma/client.js';
import { pgliteStatements } from './pglite-statements.js';

export type Prisma = PrismaClient;
/**
 * An open transaction. Repositories that write inside another repository's transaction take it as an opaque
 * handle (e.g. an audit row written in the same transaction as the change it records).
 */
export type Transaction = Generated.TransactionClient;

/** Raw access to the driver; `withSession` holds one connection for the duration (advisory locks). */
export interface SqlSession {
  exec(sql: string): Promise<void>;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}
export interface SqlRunner {
  withSession<T>(fn: (session: SqlSession) => Promise<T>): Promise<T>;
  /**
   * A transaction of plain statements on the driver itself (decision 203): the payment loop's statements without
   * Prisma's per-statement compile. Rolled back when `fn` throws.
   */
  transaction<T>(fn: (q: SqlQueryer) => Promise<T>): Promise<T>;
  /** One plain statement outside a transaction (decision 222): a hot read or a single-statement write. */
  query<T = Record<string, unknown>>(statement: Generated.Sql): Promise<T[]>;
}

/**
 * Runs plain statements (`Prisma.sql` templates). Numbers come back as the driver gives them: statements cast
 * decimals to text, counts to int and times with `sqlTimeText`, so PGlite, PostgreSQL and Prisma agree.
 */
export interface SqlQueryer {
  query<T = Record<string, unknown>>(statement: Generated.Sql): Promise<T[]>;
}

/** Statements inside either kind of transaction: a Prisma one (through `$queryRaw`) or a plain one. */
export type AnyTransaction = Transaction | SqlQueryer;
export function queryerOf(tx: AnyTransaction | PrismaClient): SqlQueryer {
  const prismaTx = tx as Transaction;
  if (typeof prismaTx.$queryRaw !== 'function') return tx as SqlQueryer;
  return { query: <T>(statement: Generated.Sql) => prismaTx.$queryRaw<T[]>(statement) };
}

export interface Database {
  prisma: PrismaClient;
  sql: SqlRunner;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/**
 * Prisma's defaults (2 s to get a connection, 5 s for the whole transaction) turned two admins' clashing clicks on
 * a busy machine into two 500s: the loser waits on the winner's row lock and the pool is shared. Longer bounds
 * let such transactions finish; one that still runs out answers 503 "try again" (http/error-middleware.ts).
 */
const TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 15_000 };

/** Called with each SQL statement Prisma sends, before it runs (tests count the statements of a use case). */
export type StatementObserver = (sql: string) => void;

type Queryable = Pick<SqlDriverAdapter, 'queryRaw' | 'executeRaw'>;

/**
 * The name a plain transaction's statement is prepared under on a PostgreSQL connection (decision 203): the same
 * text is the same statement, so the payment loop's few statements are parsed and planned once per connection.
 */
const preparedNames = new Map<string, string>();
function preparedName(text: string): string {
  let name = preparedNames.get(text);
  if (name === undefined) {
    name = `plain_${crypto.createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    if (preparedNames.size < 1_000) preparedNames.set(text, name);
  }
  return name;
}

/** The same object with its queryRaw and executeRaw reported to `observe` first. */
function observed<T extends Queryable>(target: T, observe: StatementObserver): T {
  return new Proxy(target, {
    get(object, property, receiver) {
      const value: unknown = Reflect.get(object, property, receiver);
      if ((property === 'queryRaw' || property === 'executeRaw') && typeof value === 'function') {
        return (query: SqlQuery) => {
          observe(query.sql);
          return (value as (q: SqlQuery) => unknown).call(object, query);
        };
      }
      if (property === 'startTransaction' && typeof value === 'function') {
        return async (...args: unknown[]) =>
          observed(await (value as (...a: unknown[]) => Promise<Queryable>).apply(object, args), observe);
      }
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(object) : value;
    },
  });
}

/** The adapter factory whose connections report every statement to `observe`, or the factory itself without one. */
function withObserver(
  factory: SqlDriverAdapterFactory,
  observe: StatementObserver | undefined,
): SqlDriverAdapterFactory {
  if (!observe) return factory;
  return new Proxy(factory, {
    get(object, property, receiver) {
      if (property === 'connect') return async () => observed(await object.connect(), observe);
      const value: unknown = Reflect.get(object, property, receiver);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(object) : value;
    },
  });
}

export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  inMemory?: boolean;
  inMemoryImage?: Blob;
  onStatement?: StatementObserver;
}): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server ends (restart, failover) must not crash the process; the pool replaces it.
    pool.on('error', () => undefined);
    const prisma = new PrismaClient({
      adapter: withObserver(new PrismaPg(pool), options.onStatement),
      transactionOptions: TRANSACTION_OPTIONS,
    });
    return {
      prisma,
      kind: 'postgres',
      sql: {
        async query<T>(statement: Generated.Sql) {
          options.onStatement?.(statement.text);
          // Named like the transactions' statements (decision 203): each connection parses and plans it once.
          return (
            await pool.query({
              name: preparedName(statement.text),
              text: statement.text,
              values: statement.values as unknown[],
            })
          ).rows as T[];
        },
        async withSession(fn) {
          const client = await pool.connect();
          try {
            return await fn({
              exec: async (sql) => {
                await client.query(sql);
              },
              query: async (sql, params) => (await client.query(sql, params as unknown[])).rows,
            });
          } finally {
            client.release();
          }
        },
        async transaction(fn) {
          const client = await pool.connect();
          const q: SqlQueryer = {
            query: async <T>(statement: Generated.Sql) => {
              options.onStatement?.(statement.text);
              // Named: each connection parses and plans a statement once (decision 203); its name is its text's hash.
              return (
                await client.query({
                  name: preparedName(statement.text),
                  text: statement.text,
                  values: statement.values as unknown[],
                })
              ).rows as T[];
            },
          };
          let broken = false;
          try {
            // Bounded like Prisma's transactions (TRANSACTION_OPTIONS): a statement stuck on a lock gives up.
            await client.query(`BEGIN; SET LOCAL statement_timeout = ${TRANSACTION_OPTIONS.timeout}`);
            const result = await fn(q);
            await client.query('COMMIT');
            return result;
          } catch (error) {
            await client.query('ROLLBACK').catch(() => {
              broken = true;
            });
            throw error;
          } finally {
            // A connection whose rollback failed is not handed out again.
            client.release(broken);
          }
        },
      },
      async close() {
        await prisma.$disconnect();
        // A client still checked out by work that lost its connection (an outage mid-transaction) would hold
        // pool.end() for ever: wait 5 s for the rest, then leave the stuck sockets to the process's exit.
        await Promise.race([pool.end(), new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
      },
    };
  }

  let lite: PGlite;
  if (options.inMemory) {
    lite = new PGlite(options.inMemoryImage ? { loadDataDir: options.inMemoryImage } : {});
  } else {
    const dir = path.join(options.dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
    lite = new PGlite(dir);
  }
  await lite.waitReady;
  const statements = pgliteStatements(lite);
  // pglite-prisma-adapter bundles an older copy of the adapter types; the runtime contract is the same.
  const adapter = withObserver(new PrismaPGlite(lite) as unknown as SqlDriverAdapterFactory, options.onStatement);
  const prisma = new PrismaClient({ adapter, transactionOptions: TRANSACTION_OPTIONS });
  return {
    prisma,
    kind: 'pglite',
    sql: {
      // Parsed and planned once per text, one call into PGlite per run (decision 222).
      async query<T>(statement: Generated.Sql) {
        options.onStatement?.(statement.text);
        return statements.exclusive(() => statements.run<T>(statement.text, statement.values, false));
      },
      // PGlite is one connection: every call already runs on the same session.
      async withSession(fn) {
        return fn({
          exec: async (sql) => {
            await lite.exec(sql);
          },
          query: async <T>(sql: string, params?: unknown[]) => (await lite.query<T>(sql, params as unknown[])).rows,
        });
      },
      // PGlite's own transaction queues every other statement (Prisma's transactions too) until it ends.
      // Its statements prepared once, as `query`'s (decision 222); PGlite's transaction holds the database meanwhile.
      async transaction(fn) {
        return lite.transaction(() =>
          fn({
            query: async <T>(statement: Generated.Sql) => {
              options.onStatement?.(statement.text);
              return statements.run<T>(statement.text, statement.values, true);
            },
          }),
        );
      },
    },
    async close() {
      await prisma.$disconnect();
      await lite.close();
    },
  };
}
