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

const select = { id: true, email: true, userId: true, attempts: true, expiresAt: true, usedAt: true, sentAt: true } as const;

export function createRecoveryRepository(prisma: Prisma) {
  const live = (id: string, now: Date, maxAttempts: number) => ({
    id,
    usedAt: null,
    expiresAt: { gt: now },
    attempts: { lt: maxAttempts },
  });

  return {
    async latestForEmail(email: string): Promise<RecoveryRecord | null> {
      return prisma.recovery.findFirst({ where: { email }, orderBy: { sentAt: 'desc' }, select });
    },

    /** Stores a new request and retires the e-mail's older unused ones (only the newest code works). */
    async create(data: { id: string; email: string; userId: string | null; codeHash: string; expiresAt: Date; now: Date }): Promise<void> {
      await prisma.$transaction(async (tx) => {
        await tx.recovery.updateMany({ where: { email: data.email, usedAt: null, expiresAt: { gt: data.now } }, data: { expiresAt: data.now } });
        await tx.recovery.create({
          data: { id: data.id, email: data.email, userId: data.userId, codeHash: data.codeHash, expiresAt: data.expiresAt, sentAt: data.now },
        });
      });
    },

    /**
     * Redeems the code: marks the request used and sets the user's password (bumping the token version) in one
     * transaction. Returns the user id, or null when the id/code pair is not live and matching.
     */
    async redeem(input: { id: string; codeHash: string; passwordHash: string; now: Date; maxAttempts: number }): Promise<string | null> {
      return prisma.$transaction(async (tx) => {
        const claimed = await tx.recovery.updateMany({
          where: { ...live(input.id, input.now, input.maxAttempts), codeHash: input.codeHash, userId: { not: null } },
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

    /** Counts a wrong guess; false when the request was no longer live (used, expired, locked or unknown). */
    async countWrongAttempt(id: string, now: Date, maxAttempts: number): Promise<boolean> {
      const updated = await prisma.recovery.updateMany({ where: live(id, now, maxAttempts), data: { attempts: { increment: 1 } } });
      return updated.count === 1;
    },

    async findById(id: string): Promise<RecoveryRecord | null> {
      return prisma.recovery.findUnique({ where: { id }, select });
    },
  };
}
export type RecoveryRepository = ReturnType<typeof createRecoveryRepository>;
