// Two-factor sign-in in the database (decision 161): the encrypted TOTP secret, the recovery codes'
// hashes and the login challenges. Every acceptance is one conditional statement, so on any number of instances a
// code, a recovery code or a challenge is used once: the last used time-step only moves forward, a recovery code
// is marked used only while unused, a challenge is counted before its code is compared and deleted when used.
import type { Prisma, Transaction } from '../db/database.js';
import { sqlTime } from '../db/sql-time.js';

export interface TwoFactorRecord {
  userId: string;
  secret: string | null;
  pendingSecret: string | null;
  enabledAt: Date | null;
  lastStep: number | null;
}

export interface ChallengeRecord {
  userId: string;
  tokenVersion: number;
  attempts: number;
}

/** What a change of the second factor writes with it (its audit entry), in its transaction. */
export type AlsoInTransaction = (tx: Transaction) => Promise<void>;

export function createTwoFactorRepository(prisma: Prisma) {
  /** Moves the last used step forward to `step`; false when this or a later step was already used. */
  async function useStep(db: Prisma | Transaction, userId: string, step: number): Promise<boolean> {
    const moved = await db.$executeRaw`
      UPDATE user_two_factor SET last_step = ${step}
      WHERE user_id = ${userId} AND secret IS NOT NULL AND (last_step IS NULL OR last_step < ${step})`;
    return moved === 1;
  }
  /** Marks an unused recovery code used; false when it is unknown or was used. */
  async function useRecoveryCode(
    db: Prisma | Transaction,
    userId: string,
    codeHash: string,
    now: Date,
  ): Promise<boolean> {
    const used = await db.$executeRaw`
      UPDATE two_factor_recovery_codes SET used_at = ${sqlTime(now)}
      WHERE user_id = ${userId} AND code_hash = ${codeHash} AND used_at IS NULL`;
    return used === 1;
  }

  return {
    async find(userId: string): Promise<TwoFactorRecord | null> {
      const row = await prisma.userTwoFactor.findUnique({ where: { userId } });
      return row ? { ...row, lastStep: row.lastStep === null ? null : Number(row.lastStep) } : null;
    },

    /** A new secret waiting for its first code (setup); replaces an earlier pending one. Not while enabled. */
    async savePending(userId: string, sealedSecret: string): Promise<boolean> {
      const saved = await prisma.$executeRaw`
        INSERT INTO user_two_factor (user_id, pending_secret) VALUES (${userId}, ${sealedSecret})
        ON CONFLICT (user_id) DO UPDATE SET pending_secret = EXCLUDED.pending_secret WHERE user_two_factor.secret IS NULL`;
      return saved === 1;
    },

    /**
     * Turns the pending secret on with its first code's step, stores the recovery codes' hashes, sets the user's
     * flag and bumps their token version, all in one transaction. False when another request enabled it first or
     * the pending secret changed (a second setup) since it was read.
     */
    async enable(
      c: { userId: string; pendingSecret: string; step: number; codeHashes: string[]; now: Date },
      also: AlsoInTransaction,
    ): Promise<boolean> {
      return prisma.$transaction(async (tx) => {
        const moved = await tx.$executeRaw`
          UPDATE user_two_factor SET secret = pending_secret, pending_secret = NULL, enabled_at = ${sqlTime(c.now)}, last_step = ${c.step}
          WHERE user_id = ${c.userId} AND secret IS NULL AND pending_secret = ${c.pendingSecret}`;
        if (moved !== 1) return false;
        await tx.twoFactorRecoveryCode.deleteMany({ where: { userId: c.userId } });
        await tx.twoFactorRecoveryCode.createMany({
          data: c.codeHashes.map((codeHash) => ({ userId: c.userId, codeHash })),
        });
        await tx.user.update({ where: { id: c.userId }, data: { twoFactor: true, tokenVersion: { increment: 1 } } });
        await also(tx);
        return true;
      });
    },

    /**
     * Turns the second factor off once `prove` accepted a code inside the same transaction (so a failed disable
     * uses nothing up): the secret, the codes and the user's challenges go, the flag is cleared and the token
     * version bumped. Answers what `prove` found.
     */
    async disable(
      userId: string,
      prove: (tx: Transaction) => Promise<boolean>,
      also: AlsoInTransaction,
    ): Promise<boolean> {
      return prisma.$transaction(async (tx) => {
        // The row lock serialises two disables of one account.
        const [row] = await tx.$queryRaw<
          { user_id: string }[]
        >`SELECT user_id FROM user_two_factor WHERE user_id = ${userId} AND secret IS NOT NULL FOR UPDATE`;
        if (!row || !(await prove(tx))) return false;
        await tx.userTwoFactor.delete({ where: { userId } });
        await tx.twoFactorRecoveryCode.deleteMany({ where: { userId } });
        await tx.loginChallenge.deleteMany({ where: { userId } });
        await tx.user.update({ where: { id: userId }, data: { twoFactor: false, tokenVersion: { increment: 1 } } });
        await also(tx);
        return true;
      });
    },

    useStep: (userId: string, step: number, tx?: Transaction) => useStep(tx ?? prisma, userId, step),
    useRecoveryCode: (userId: string, codeHash: string, now: Date, tx?: Transaction) =>
      useRecoveryCode(tx ?? prisma, userId, codeHash, now),

    async createChallenge(c: {
      id: string;
      userId: string;
      tokenVersion: number;
      expiresAt: Date;
      now: Date;
    }): Promise<void> {
      // Expired challenges of anyone are cleared on the way (bounded: the index on expires_at).
      await prisma.$executeRaw`DELETE FROM login_challenges WHERE expires_at < ${sqlTime(c.now)}`;
      await prisma.loginChallenge.create({
        data: { id: c.id, userId: c.userId, tokenVersion: c.tokenVersion, expiresAt: c.expiresAt },
      });
    },

    /**
     * Counts one try of a live challenge before its code is compared: null when it is unknown, expired or has used
     * up its tries (then it can never answer again).
     */
    async countTry(id: string, now: Date, maxAttempts: number): Promise<ChallengeRecord | null> {
      const [row] = await prisma.$queryRaw<{ userId: string; tokenVersion: number; attempts: number }[]>`
        UPDATE login_challenges SET attempts = attempts + 1
        WHERE id = ${id} AND expires_at > ${sqlTime(now)} AND attempts < ${maxAttempts}
        RETURNING user_id AS "userId", token_version AS "tokenVersion", attempts`;
      return row ?? null;
    },

    /**
     * Uses the challenge: deleted, and `prove` (the code's acceptance) run in the same transaction. Nothing is
     * used up when either fails: another request used the challenge first, or the code was wrong.
     */
    async useChallenge(
      id: string,
      prove: (tx: Transaction) => Promise<boolean>,
    ): Promise<'used' | 'gone' | 'wrongCode'> {
      return prisma
        .$transaction(async (tx) => {
          const deleted = await tx.$executeRaw`DELETE FROM login_challenges WHERE id = ${id}`;
          if (deleted !== 1) return 'gone' as const;
          if (!(await prove(tx))) throw new WrongCode();
          return 'used' as const;
        })
        .catch((error: unknown) => {
          if (error instanceof WrongCode) return 'wrongCode' as const;
          throw error;
        });
    },
  };
}

/** Rolls back a challenge's use when its code was wrong. */
class WrongCode extends Error {}

export type TwoFactorRepository = ReturnType<typeof createTwoFactorRepository>;
