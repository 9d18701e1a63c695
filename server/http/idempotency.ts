// Retries never double a write (decision 131): a route made `idempotent` answers a repeated Idempotency-Key
// with the first answer. The key is claimed in a row first (one winner among parallel duplicates, by the primary
// key), the answer stored on it; keys belong to the caller (the account, or a guest's address) and last 24 hours.
import crypto from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { VALIDATION_KEYS } from '#shared/error-keys';
import type { Clock } from '../clock.js';
import type { Prisma } from '../db/database.js';
import { AppError, errors } from './app-error.js';

export const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;

export type IdempotencyClaim =
  { outcome: 'claimed' } | { outcome: 'existing'; bodyHash: string; answer: { status: number; body: unknown } | null };

export function createIdempotencyStore(prisma: Prisma, clock: Clock) {
  return {
    /** Claims (owner, key) for a request with this body hash, or tells what an earlier request with it got. */
    async claim(owner: string, key: string, bodyHash: string): Promise<IdempotencyClaim> {
      const now = clock.now();
      await prisma.idempotencyKey.deleteMany({
        where: { createdAt: { lt: new Date(now.getTime() - IDEMPOTENCY_TTL_MS) } },
      });
      const inserted = await prisma.idempotencyKey.createMany({
        data: [{ owner, key, bodyHash, createdAt: now }],
        skipDuplicates: true,
      });
      if (inserted.count === 1) return { outcome: 'claimed' };
      const row = await prisma.idempotencyKey.findUnique({ where: { owner_key: { owner, key } } });
      if (!row) return this.claim(owner, key, bodyHash); // expired and removed in between
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
export type IdempotencyStore = ReturnType<typeof createIdempotencyStore>;

export interface IdempotentRequest {
  /** What makes two requests the same (the parsed body without its captcha). */
  fingerprint: unknown;
  /** The write, answering its status and body. */
  run: () => Promise<{ status: number; body: unknown }>;
}

/**
 * A route handler whose write runs once per Idempotency-Key. `prepare` parses and checks the request (its refusals
 * come first, with or without a key) and says what the request is; a request without a key simply runs. The same
 * key with the same fingerprint gets the first answer (`Idempotent-Replayed: true`), looked up before the write
 * runs (a retry carries the same, already used, captcha); with another fingerprint 422; while the first still runs
 * 409 with Retry-After.
 */
export function idempotent(store: IdempotencyStore, prepare: (req: Request) => IdempotentRequest): RequestHandler {
  return async (req, res) => {
    const { fingerprint, run } = prepare(req);
    const rawKey = req.get('Idempotency-Key');
    if (rawKey === undefined) {
      const answer = await run();
      res.status(answer.status).json(answer.body);
      return;
    }
    if (!IDEMPOTENCY_KEY.test(rawKey))
      throw errors.validation('Idempotency-Key: 8-100 letters, digits, - or _', {
        idempotency_key: VALIDATION_KEYS.invalid,
      });
    // A guest's keys are theirs alone too: another caller reusing a key neither replays nor blocks their order.
    const owner = req.user ? `user:${req.user.id}` : `guest:${req.ip ?? 'unknown'}`;
    const bodyHash = crypto.createHash('sha256').update(JSON.stringify(fingerprint)).digest('hex');
    const claim = await store.claim(owner, rawKey, bodyHash);
    if (claim.outcome === 'existing') {
      if (claim.bodyHash !== bodyHash)
        throw new AppError(
          422,
          'errors.idempotencyMismatch',
          'This Idempotency-Key was already used with another order',
        );
      if (!claim.answer) {
        res.set('Retry-After', '1');
        throw errors.conflict(
          'errors.idempotencyInProgress',
          'The order with this Idempotency-Key is still being placed',
        );
      }
      res.set('Idempotent-Replayed', 'true').status(claim.answer.status).json(claim.answer.body);
      return;
    }
    let answer;
    try {
      answer = await run();
    } catch (error) {
      await store.release(owner, rawKey);
      throw error;
    }
    await store.complete(owner, rawKey, answer.status, answer.body);
    res.status(answer.status).json(answer.body);
  };
}
