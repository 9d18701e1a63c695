// The media_objects table (decision 250): one row per stored picture, with its bytes when they live in the database.
// Slices of the bytes are read through the driver itself, so a large picture is never read whole for one answer.
import { Prisma as P } from '../generated/prisma/client.js';
import type { Prisma, SqlRunner } from '../db/database.js';
import { sqlTime } from '../db/sql-time.js';

export type MediaStoreKind = 'database' | 's3';

export interface MediaObjectRow {
  name: string;
  contentType: string;
  size: number;
  etag: string;
  store: MediaStoreKind;
}

/**
 * Who refers to a picture: a user's avatar, a product's picture, a ticket message's picture or its thumbnail
 * (ticket_messages.picture `<hex>.jpg` is media `tickets/<hex>.jpg` and `tickets/<hex>.thumb.jpg`).
 */
const UNREFERENCED = P.sql`NOT EXISTS (SELECT 1 FROM users u WHERE u.logo = m.name)
  AND NOT EXISTS (SELECT 1 FROM products p WHERE p.image = m.name)
  AND NOT EXISTS (SELECT 1 FROM ticket_messages t WHERE t.picture = regexp_replace(m.name, '^tickets/([a-f0-9]{32})(\\.thumb)?\\.jpg$', '\\1.jpg'))`;

/** Bytes as the drivers give them (pg: Buffer, PGlite: Uint8Array), as a Buffer over the same memory. */
function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

export function createMediaObjectsRepository(prisma: Prisma, sql: Pick<SqlRunner, 'query'>) {
  return {
    /**
     * A new picture's row (its bytes with it when `data` is given); fails if the name exists. Through the driver:
     * Prisma's `Bytes` arguments do not reach PGlite as bytes (its adapter refuses them).
     */
    async insert(row: MediaObjectRow, data: Buffer | null, createdAt: Date): Promise<void> {
      await sql.query(P.sql`INSERT INTO media_objects (name, content_type, size, etag, store, data, created_at)
        VALUES (${row.name}, ${row.contentType}, ${row.size}, ${row.etag}, ${row.store}, ${data}, ${sqlTime(createdAt)})`);
    },

    /** The same, for a picture that may already be there (the disk import, run by several instances at once). */
    async insertIfAbsent(row: MediaObjectRow, data: Buffer | null, createdAt: Date): Promise<void> {
      await sql.query(P.sql`INSERT INTO media_objects (name, content_type, size, etag, store, data, created_at)
        VALUES (${row.name}, ${row.contentType}, ${row.size}, ${row.etag}, ${row.store}, ${data}, ${sqlTime(createdAt)})
        ON CONFLICT (name) DO NOTHING`);
    },

    async exists(name: string): Promise<boolean> {
      return (await prisma.mediaObject.count({ where: { name } })) > 0;
    },

    /** The row without its bytes, or null. */
    async find(name: string): Promise<MediaObjectRow | null> {
      const rows = await sql.query<{
        name: string;
        content_type: string;
        size: number;
        etag: string;
        store: MediaStoreKind;
      }>(P.sql`SELECT name, content_type, size, etag, store FROM media_objects WHERE name = ${name}`);
      const row = rows[0];
      return row
        ? { name: row.name, contentType: row.content_type, size: Number(row.size), etag: row.etag, store: row.store }
        : null;
    },

    /** `length` bytes from `offset` (0-based) of a picture kept in the database; null when the row is gone. */
    async readSlice(name: string, offset: number, length: number): Promise<Buffer | null> {
      const rows = await sql.query<{ slice: Uint8Array | null }>(
        P.sql`SELECT substring(data FROM ${offset + 1}::int FOR ${length}::int) AS slice FROM media_objects WHERE name = ${name}`,
      );
      const slice = rows[0]?.slice;
      return slice ? asBuffer(slice) : null;
    },

    async remove(name: string): Promise<void> {
      await prisma.mediaObject.deleteMany({ where: { name } });
    },

    /** Pictures nothing refers to, written before `before` (older than any upload still in flight). */
    async unreferenced(before: Date, limit: number): Promise<{ name: string; store: MediaStoreKind }[]> {
      return prisma.$queryRaw<{ name: string; store: MediaStoreKind }[]>`
        SELECT m.name, m.store FROM media_objects m WHERE m.created_at < ${sqlTime(before)} AND ${UNREFERENCED} ORDER BY m.created_at LIMIT ${limit}`;
    },

    /** Deletes the row if still nothing refers to it; true when it was deleted. */
    async removeUnreferenced(name: string): Promise<boolean> {
      return (await prisma.$executeRaw`DELETE FROM media_objects m WHERE m.name = ${name} AND ${UNREFERENCED}`) > 0;
    },
  };
}
export type MediaObjectsRepository = ReturnType<typeof createMediaObjectsRepository>;
