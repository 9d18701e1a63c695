// Throw-away PostgreSQL databases for the bench, created on the server of a base URL and dropped after.
import crypto from 'node:crypto';
import pg from 'pg';

export interface ScratchDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

async function onServer<T>(baseUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: baseUrl });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

export function withDatabaseName(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function createScratchDatabase(baseUrl: string, prefix = 'shop_bench'): Promise<ScratchDatabase> {
  const name = `${prefix}_${crypto.randomBytes(5).toString('hex')}`;
  // CREATE DATABASE copies template1 and fails while another session (a parallel test run) uses it: retry.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await onServer(baseUrl, (c) => c.query(`CREATE DATABASE ${name}`));
      break;
    } catch (error) {
      if (attempt >= 10) throw error;
      await new Promise((r) => setTimeout(r, 150 * attempt));
    }
  }
  return {
    url: withDatabaseName(baseUrl, name),
    name,
    drop: () => onServer(baseUrl, async (c) => void (await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))),
  };
}

/** Host and database of a URL without its credentials, for printing. */
export function describeDatabase(url: string, defaultPort = 5432): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || defaultPort}${u.pathname}`;
}
