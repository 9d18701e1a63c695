// Users in the database; returns plain objects (the shared UserRecord shape of the security kernel).
import crypto from 'node:crypto';
import type { Prisma } from '../db/database.js';
import type { Role } from '#shared/constants';
import type { UserRecord } from '../security/user-record.js';

export type RoleChange = 'changed' | 'unchanged' | 'notFound' | 'lastAdmin';

const withCount = { _count: { select: { orders: true } } } as const;
type Row = Omit<UserRecord, 'orderCount' | 'role'> & { role: string; _count: { orders: number } };
const toRecord = (row: Row): UserRecord => {
  const { _count, ...rest } = row;
  return { ...rest, role: rest.role as Role, orderCount: _count.orders };
};

export function createUsersRepository(prisma: Prisma) {
  return {
    async findById(id: string): Promise<UserRecord | null> {
      const row = await prisma.user.findUnique({ where: { id }, include: withCount });
      return row ? toRecord(row) : null;
    },
    async findByEmail(email: string): Promise<UserRecord | null> {
      const row = await prisma.user.findUnique({ where: { email: email.toLowerCase() }, include: withCount });
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
    async updateProfile(id: string, data: { name?: string; passwordHash?: string }): Promise<UserRecord> {
      await prisma.user.update({
        where: { id },
        data: {
          ...(data.name !== undefined ? { name: data.name } : {}),
          ...(data.passwordHash !== undefined ? { passwordHash: data.passwordHash, tokenVersion: { increment: 1 } } : {}),
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
    /** Sets a role and bumps the token version (older tokens stop); the last admin is never demoted or blocked. */
    async changeRole(targetId: string, role: Role): Promise<RoleChange> {
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
        return 'changed';
      });
    },
    async count(): Promise<number> {
      return prisma.user.count();
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
