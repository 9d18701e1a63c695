// The pictures' S3-compatible bucket (MEDIA_S3_URL, decision 250) through the AWS SDK v3: four calls, each bounded in
// time, with the SDK's own retries (every call here is idempotent: a key is written once with bytes that never change).
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { MediaS3Config } from '../config.js';

/**
 * A failed bucket call, as the log shows it. The SDK's own error is not logged as such: a refused or reset socket
 * would read as the database's outage to the logger's filter (db/availability.ts) and vanish into that line.
 */
export class BucketError extends Error {
  constructor(
    what: string,
    /** The S3 error code or socket error, its text and HTTP status: what an operator needs. */
    readonly reason: string,
  ) {
    super(`the bucket failed to ${what}`);
    this.name = 'BucketError';
  }
  /** Fields for a log line. */
  get fields(): { event: string; reason: string } {
    return { event: 'media.bucket_failed', reason: this.reason };
  }
}

function reasonOf(error: unknown): string {
  const e = (error ?? {}) as {
    name?: unknown;
    code?: unknown;
    message?: unknown;
    $metadata?: { httpStatusCode?: unknown };
  };
  const status = typeof e.$metadata?.httpStatusCode === 'number' ? `HTTP ${e.$metadata.httpStatusCode}` : undefined;
  return [
    typeof e.code === 'string' ? e.code : typeof e.name === 'string' ? e.name : undefined,
    typeof e.message === 'string' ? e.message : undefined,
    status,
  ]
    .filter(Boolean)
    .join(': ')
    .slice(0, 500);
}

/** Runs one call, its failure as a BucketError. */
async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new BucketError(what, reasonOf(error));
  }
}

/** Every call fails with a BucketError. */
export interface S3Bucket {
  put(name: string, data: Buffer, contentType: string): Promise<void>;
  /** The object's bytes as they arrive, or null when the bucket has no such object. */
  get(name: string): Promise<Readable | null>;
  /** Whether the object is there with this many bytes. */
  has(name: string, size: number): Promise<boolean>;
  /** Deleting a missing object succeeds (S3's own rule). */
  remove(name: string): Promise<void>;
  close(): void;
}

export function createS3Bucket(config: MediaS3Config): S3Bucket {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Two tries: an S3 that is down fails an upload in seconds, not after the SDK's default backoff.
    maxAttempts: 2,
    // Only the checksums S3 requires: the newer default ones (CRC32 headers, aws-chunked bodies) are refused by
    // several S3-compatible servers, and the SigV4 payload hash already covers the bytes.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: {
      connectionTimeout: 3_000,
      requestTimeout: 10_000,
      throwOnRequestTimeout: true,
      socketTimeout: 10_000,
    },
  });
  const Bucket = config.bucket;
  const keyOf = (name: string) => `${config.prefix}${name}`;

  return {
    async put(name, data, contentType) {
      await call(`store ${name}`, () =>
        client.send(
          new PutObjectCommand({
            Bucket,
            Key: keyOf(name),
            Body: data,
            ContentType: contentType,
            ContentLength: data.length,
          }),
        ),
      );
    },
    get: (name) =>
      call(`read ${name}`, async () => {
        try {
          const answer = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(name) }));
          return (answer.Body as Readable | undefined) ?? null;
        } catch (error) {
          if (error instanceof NoSuchKey) return null;
          throw error;
        }
      }),
    has: (name, size) =>
      call(`look up ${name}`, async () => {
        try {
          const answer = await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(name) }));
          return answer.ContentLength === size;
        } catch (error) {
          if (error instanceof NotFound) return false;
          throw error;
        }
      }),
    async remove(name) {
      await call(`delete ${name}`, () => client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(name) })));
    },
    close() {
      client.destroy();
    },
  };
}
