// Users in the database; returns plain objects (the shared UserRecord shape of the security kernel).
import crypto from 'node:crypto';
import type { Prisma, Transaction } from '../db/database.js';
import { sqlTimeText } from '../db/sql-time.js';
import type { Role } from '#shared/constants';
import type { UserRecord } from '../security/user-record.js';

export type RoleChange = 'changed' | 'unchanged' | 'notFound' | 'lastAdmin';

type Row = Omit<UserRecord, 'role'> & { role: string };
// orderCount is a column kept by triggers on orders (decision 080): loading a user counts nothing.
const toRecord = (row: Row): UserRecord => ({ ...row, role: row.role as Role });

export function createUsersRepository(prisma: Prisma) {
  return {
    async findById(id: string): Promise<UserRecord | null> {
      // Every authenticated request and socket loads its caller: one plain statement, no query plan to compile.
      const [row] = await prisma.$queryRaw<(Omit<Row, 'createdAt'> & { createdAt: string })[]>`
        SELECT id, num, name, email, password_hash AS "passwordHash", role, logo, token_version AS "tokenVersion",
               ${sqlTimeText('created_at')} AS "createdAt", order_count AS "orderCount",
               two_factor AS "twoFactor", mail_updates AS "mailUpdates"
        FROM users WHERE id = ${id}`;
      return row ? toRecord({ ...row, createdAt: new Date(row.createdAt) }) : null;
    },
    async findByEmail(email: string): Promise<UserRecord | null> {
      const row = await prisma.user.findUnique({ where: { email: email.toLowerCase() } });
      return row ? toRecord(row) : null;
    },
    /** Returns null when the e-mail is taken. */
    async create(data: { name: string; email: string; passwordHash: string; role?: Role }): Promise<UserRecord | null> {
      const created = await prisma.user.createMany({
        data: [{ id: crypto.randomBytes(12).toString('base64url'), ...data, email: data.email.toLowerCase() }],
        skipDuplicates: true,
      });
      if (created.count === 0) return null;
      return this.findByEmail(data.email);
    },
    async updateProfile(
      id: string,
      data: { name?: string; passwordHash?: string; mailUpdates?: boolean },
    ): Promise<UserRecord> {
      await prisma.user.update({
        where: { id },
        data: {
          ...(data.name !== undefined ? { name: data.name } : {}),
          ...(data.mailUpdates !== undefined ? { mailUpdates: data.mailUpdates } : {}),
          ...(data.passwordHash !== undefined
            ? { passwordHash: data.passwordHash, tokenVersion: { increment: 1 } }
            : {}),
        },
      });
      return (await this.findById(id))!;
    },
    /** Bumps the token version: every token issued so far stops working (logout). */
    async revokeTokens(id: string): Promise<void> {
      await prisma.user.updateMany({ where: { id }, data: { tokenVersion: { increment: 1 } } });
    },
    async setLogo(id: string, logo: string): Promise<UserRecord> {
      await prisma.user.update({ where: { id }, data: { logo } });
      return (await this.findById(id))!;
    },
    /**
     * Sets a role and bumps the token version (older tokens stop); the last admin is never demoted or blocked.
     * `alsoInTransaction` (the audit entry) runs only when the role changes, and commits with it.
     */
    async changeRole(
      targetId: string,
      role: Role,
      alsoInTransaction?: (tx: Transaction, before: Role) => Promise<void>,
    ): Promise<RoleChange> {
      return prisma.$transaction(async (tx) => {
        const target = await tx.user.findUnique({ where: { id: targetId } });
        if (!target) return 'notFound';
        if (target.role === role) return 'unchanged';
        if (target.role === 'admin') {
          // Lock the admin rows so two concurrent demotions cannot both pass the count.
          const admins = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM users WHERE role = 'admin' FOR UPDATE`;
          if (admins.length <= 1) return 'lastAdmin';
        }
        await tx.user.update({ where: { id: targetId }, data: { role, tokenVersion: { increment: 1 } } });
        await alsoInTransaction?.(tx, target.role as Role);
        return 'changed';
      });
    },
    /** From the trigger-kept row count (decision 080), not a count(*) of the table. */
    async count(): Promise<number> {
      const row = await prisma.rowCount.findUnique({ where: { name: 'users' } });
      return Number(row?.n ?? 0);
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
