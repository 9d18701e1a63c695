// Idempotency keys of order creation (issue 7, decision 074): a claim row inserted first (one winner among parallel
// duplicates, by the primary key), then the answer stored on it; rows older than 24 hours no longer count.
import type { Prisma } from '../db/database.js';

export const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;

export type IdempotencyClaim =
  | { outcome: 'claimed' }
  | { outcome: 'existing'; bodyHash: string; answer: { status: number; body: unknown } | null };

export function createIdempotencyRepository(prisma: Prisma) {
  return {
    /** Claims (owner, key) for a request with this body hash, or tells what an earlier request with it got. */
    async claim(owner: string, key: string, bodyHash: string, now = new Date()): Promise<IdempotencyClaim> {
      const cutoff = new Date(now.getTime() - IDEMPOTENCY_TTL_MS);
      await prisma.idempotencyKey.deleteMany({ where: { createdAt: { lt: cutoff } } });
      const inserted = await prisma.idempotencyKey.createMany({ data: [{ owner, key, bodyHash, createdAt: now }], skipDuplicates: true });
      if (inserted.count === 1) return { outcome: 'claimed' };
      const row = await prisma.idempotencyKey.findUnique({ where: { owner_key: { owner, key } } });
      if (!row) return this.claim(owner, key, bodyHash, now); // expired and removed in between
      return {
        outcome: 'existing',
        bodyHash: row.bodyHash,
        answer: row.status === null ? null : { status: row.status, body: row.response },
      };
    },
    async complete(owner: string, key: string, status: number, body: unknown): Promise<void> {
      await prisma.idempotencyKey.updateMany({ where: { owner, key }, data: { status, response: body as object } });
    },
    /** A request that failed before creating anything gives its key back, so a retry can run anew. */
    async release(owner: string, key: string): Promise<void> {
      await prisma.idempotencyKey.deleteMany({ where: { owner, key, status: null } });
    },
  };
}
export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>;
