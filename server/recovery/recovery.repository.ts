// Password-recovery requests in the database. Every check-and-change is one conditional update, so that
// concurrent guesses cannot exceed the attempt limit and a code can be redeemed only once.
import type { Prisma } from '../db/database.js';

export interface RecoveryRecord {
  id: string;
  email: string;
  userId: string | null;
  attempts: number;
  expiresAt: Date;
  usedAt: Date | null;
  sentAt: Date;
}

const select = {
  id: true,
  email: true,
  userId: true,
  attempts: true,
  expiresAt: true,
  usedAt: true,
  sentAt: true,
} as const;

export function createRecoveryRepository(prisma: Prisma) {
  return {
    async latestForEmail(email: string): Promise<RecoveryRecord | null> {
      return prisma.recovery.findFirst({ where: { email }, orderBy: { sentAt: 'desc' }, select });
    },

    /** Stores a new request and retires the e-mail's older unused ones (only the newest code works). */
    async create(data: {
      id: string;
      email: string;
      userId: string | null;
      codeHash: string;
      expiresAt: Date;
      now: Date;
    }): Promise<void> {
      await prisma.$transaction(async (tx) => {
        await tx.recovery.updateMany({
          where: { email: data.email, usedAt: null, expiresAt: { gt: data.now } },
          data: { expiresAt: data.now },
        });
        await tx.recovery.create({
          data: {
            id: data.id,
            email: data.email,
            userId: data.userId,
            codeHash: data.codeHash,
            expiresAt: data.expiresAt,
            sentAt: data.now,
          },
        });
      });
    },

    /**
     * Takes one try of a live request before its code is compared: one conditional UPDATE … RETURNING
     * raises the counter, so parallel guesses each use up their own try and none can share a count. Returns the
     * stored hash and e-mail, or null when the request is not live (used, expired, out of tries or unknown).
     */
    async takeAttempt(
      id: string,
      now: Date,
      maxAttempts: number,
    ): Promise<{ codeHash: string; email: string; userId: string | null } | null> {
      const rows = await prisma.$queryRaw<{ code_hash: string; email: string; user_id: string | null }[]>`
        UPDATE recoveries SET attempts = attempts + 1
        WHERE id = ${id} AND used_at IS NULL AND expires_at > ${now} AND attempts < ${maxAttempts}
        RETURNING code_hash, email, user_id`;
      const row = rows[0];
      return row ? { codeHash: row.code_hash, email: row.email, userId: row.user_id } : null;
    },

    /** Codes sent to an e-mail and tries made on its codes since `since` (the daily limits per account). */
    async usageSince(email: string, since: Date): Promise<{ sent: number; tries: number }> {
      const agg = await prisma.recovery.aggregate({
        where: { email, sentAt: { gte: since } },
        _count: { _all: true },
        _sum: { attempts: true },
      });
      return { sent: agg._count._all, tries: agg._sum.attempts ?? 0 };
    },

    /**
     * Redeems the code: marks the request used and sets the user's password (bumping the token version) in one
     * transaction. Returns the user id, or null when the id/code pair is not live and matching.
     */
    async redeem(input: { id: string; codeHash: string; passwordHash: string; now: Date }): Promise<string | null> {
      return prisma.$transaction(async (tx) => {
        // The try was already taken (takeAttempt), so the attempt bound is not checked again here.
        const claimed = await tx.recovery.updateMany({
          where: {
            id: input.id,
            usedAt: null,
            expiresAt: { gt: input.now },
            codeHash: input.codeHash,
            userId: { not: null },
          },
          data: { usedAt: input.now },
        });
        if (claimed.count === 0) return null;
        const row = await tx.recovery.findUniqueOrThrow({ where: { id: input.id }, select: { userId: true } });
        await tx.user.update({
          where: { id: row.userId! },
          data: { passwordHash: input.passwordHash, tokenVersion: { increment: 1 } },
        });
        return row.userId;
      });
    },

    async findById(id: string): Promise<RecoveryRecord | null> {
      return prisma.recovery.findUnique({ where: { id }, select });
    },
  };
}
export type RecoveryRepository = ReturnType<typeof createRecoveryRepository>;
