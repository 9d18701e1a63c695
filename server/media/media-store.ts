// Where every picture lives (decision 250): a media_objects row per picture, its bytes in that row (the default) or in
// the S3 bucket of MEDIA_S3_URL. Every instance reads the same pictures; nothing is kept on an instance's disk.
//
// A picture is stored before the row that refers to it (a user's avatar, a product's picture, a ticket message)
// commits, and retired after that row lets go of it. A failure in between deletes what was stored; a crash in between
// leaves a picture nothing refers to, which the sweep deletes once it is older than any upload still in flight. So
// no reference ever names a picture that is not stored, and nothing stored stays unreferenced for long.
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import type { Clock } from '../clock.js';
import { AppError } from '../http/app-error.js';
import type { Logger } from '../logger.js';
import type { MediaObjectRow, MediaObjectsRepository, MediaStoreKind } from './media-objects.repository.js';
import { BucketError, type S3Bucket } from './s3-bucket.js';

/**
 * A database-kept picture streams in slices of this size: one query for nearly every picture (re-encoded avatars and
 * product pictures are tens of kilobytes), a few for the largest (a 1,600 px ticket photo, a noisy 1,000 px PNG:
 * about 4 MB at worst), and never more than one slice of a picture in memory per answer.
 */
export const MEDIA_SLICE_BYTES = 256 * 1024;
/** An unreferenced picture younger than this may belong to an upload still in flight. */
export const UNREFERENCED_GRACE_MS = 60 * 60_000;
const SWEEP_BATCH = 100;

export const mediaUnavailable = (field?: 'pic') =>
  new AppError(
    503,
    'errors.mediaUnavailable',
    'Pictures cannot be stored or shown right now, please try again in a moment',
    field ? { errors: { [field]: 'errors.mediaUnavailable' } } : undefined,
  );

export interface StoredMedia {
  name: string;
  contentType: string;
  size: number;
  /** A strong ETag (quoted): the SHA-256 of the bytes. */
  etag: string;
  /** The bytes as they are read; null when the picture went away since it was found. */
  open(): Promise<Readable | null>;
}

/** The row a picture's bytes make, ETag included. */
/** What a log line carries of a failure: a bucket's reason as plain fields, anything else as the error itself. */
export const failureFields = (error: unknown): unknown => (error instanceof BucketError ? error.fields : error);

export function describeMedia(name: string, data: Buffer, contentType: string, store: MediaStoreKind): MediaObjectRow {
  const etag = `"${crypto.createHash('sha256').update(data).digest('base64url')}"`;
  return { name, contentType, size: data.length, etag, store };
}

export function createMediaStore(deps: {
  objects: MediaObjectsRepository;
  bucket?: S3Bucket;
  clock: Clock;
  logger: Logger;
}) {
  const { objects, bucket, clock, logger } = deps;
  const kind: MediaStoreKind = bucket ? 's3' : 'database';

  /** The slices of a database-kept picture, read one at a time as the answer drains them. */
  async function openRow(row: MediaObjectRow): Promise<Readable | null> {
    const first = await objects.readSlice(row.name, 0, Math.min(MEDIA_SLICE_BYTES, row.size));
    if (!first) return null;
    let offset = first.length;
    let pending: Buffer | null = first;
    return new Readable({
      read() {
        if (pending) {
          const slice = pending;
          pending = null;
          this.push(slice);
          return;
        }
        if (offset >= row.size) {
          this.push(null);
          return;
        }
        const length = Math.min(MEDIA_SLICE_BYTES, row.size - offset);
        objects.readSlice(row.name, offset, length).then(
          (slice) => {
            if (!slice || slice.length !== length)
              return this.destroy(new Error(`media ${row.name} changed while it was read`));
            offset += length;
            this.push(slice);
          },
          (error: unknown) => this.destroy(error instanceof Error ? error : new Error(String(error))),
        );
      },
    });
  }

  async function openObject(row: MediaObjectRow): Promise<Readable | null> {
    if (!bucket) {
      logger.error(`media ${row.name} is kept in S3, but MEDIA_S3_URL is not set`);
      throw mediaUnavailable();
    }
    try {
      const body = await bucket.get(row.name);
      if (!body) logger.error(`media ${row.name} has a row but no object in the bucket`);
      return body;
    } catch (error) {
      logger.error(`media ${row.name}: the bucket did not answer`, failureFields(error));
      throw mediaUnavailable();
    }
  }

  /** Deletes a picture's bytes and row; a failure is logged and left to the sweep. */
  async function retire(name: string, store: MediaStoreKind, onlyIfUnreferenced: boolean): Promise<boolean> {
    try {
      if (store === 's3') {
        if (!bucket) {
          logger.error(`media ${name} is kept in S3, but MEDIA_S3_URL is not set: not deleted`);
          return false;
        }
        await bucket.remove(name);
      }
      if (onlyIfUnreferenced) return await objects.removeUnreferenced(name);
      await objects.remove(name);
      return true;
    } catch (error) {
      logger.error(`media ${name} could not be deleted (the sweep tries again)`, failureFields(error));
      return false;
    }
  }

  return {
    kind,

    /**
     * Stores a new picture under a name no other picture has. In S3 the row comes first, so a crash before the
     * object is written leaves a row the sweep finds (an object without a row would be found by nothing).
     * An unreachable bucket is 503 `errors.mediaUnavailable`, with nothing left behind.
     */
    async put(name: string, data: Buffer, contentType: string): Promise<void> {
      const row = describeMedia(name, data, contentType, kind);
      if (!bucket) {
        await objects.insert(row, data, clock.now());
        return;
      }
      await objects.insert(row, null, clock.now());
      try {
        await bucket.put(name, data, contentType);
      } catch (error) {
        logger.error(`media ${name}: the bucket refused or did not answer the upload`, failureFields(error));
        await objects
          .remove(name)
          .catch((cleanup: unknown) => logger.error(`media ${name}: row left for the sweep`, cleanup));
        throw mediaUnavailable('pic');
      }
    },

    /** The picture without its bytes (enough for a 304), or null. */
    async find(name: string): Promise<StoredMedia | null> {
      const row = await objects.find(name);
      if (!row) return null;
      return { ...row, open: () => (row.store === 'database' ? openRow(row) : openObject(row)) };
    },

    /** Retires a picture nothing refers to any more (the previous avatar, an upload whose message was refused). */
    async remove(name: string): Promise<void> {
      const row = await objects.find(name).catch(() => null);
      await retire(name, row?.store ?? kind, false);
    },

    /**
     * A picture found on disk (the start-up import): stored unless it already is, so several instances importing the
     * same directory at once, or an import run again after a crash, store it once.
     */
    async adopt(name: string, data: Buffer, contentType: string): Promise<void> {
      const row = describeMedia(name, data, contentType, kind);
      if (!bucket) {
        await objects.insertIfAbsent(row, data, clock.now());
        return;
      }
      if (await objects.exists(name)) return;
      // The file stays on disk until its row commits: an object put twice (two instances) is the same bytes.
      if (!(await bucket.has(name, row.size))) await bucket.put(name, data, contentType);
      await objects.insertIfAbsent(row, null, clock.now());
    },

    /** Deletes pictures nothing refers to (left by a crash or a failed delete); answers how many. */
    async sweep(): Promise<number> {
      const before = new Date(clock.now().getTime() - UNREFERENCED_GRACE_MS);
      let swept = 0;
      for (let batch = 0; batch < 20; batch += 1) {
        const found = await objects.unreferenced(before, SWEEP_BATCH);
        let progressed = false;
        for (const row of found) {
          if (await retire(row.name, row.store, true)) {
            swept += 1;
            progressed = true;
          }
        }
        if (found.length < SWEEP_BATCH || !progressed) break;
      }
      if (swept > 0) logger.info(`media: deleted ${swept} picture(s) nothing refers to`);
      return swept;
    },

    close(): void {
      bucket?.close();
    },
  };
}
export type MediaStore = ReturnType<typeof createMediaStore>;
