// Accounts: register, log in, change profile or password, change role.
import type { UsersRepository, UserRecord } from '../users/users.repository.js';
import { AppError, errors } from '../http/app-error.js';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords.js';
import { signToken } from './tokens.js';
import type { Prisma } from '../db/database.js';
import type { Role } from '#shared/constants';

export function createAuthService(deps: { users: UsersRepository; prisma: Prisma; jwtSecret: string }) {
  const { users, prisma, jwtSecret } = deps;
  return {
    async register(input: { name: string; email: string; password: string }) {
      const passwordHash = await hashPassword(input.password);
      const user = await users.create({ name: input.name, email: input.email, passwordHash });
      if (!user) {
        throw errors.conflict('errors.emailTaken', 'This e-mail is already registered');
      }
      return { user, jwt: signToken(jwtSecret, user) };
    },

    async login(input: { email: string; password: string }) {
      const user = await users.findByEmail(input.email);
      // Verify against a dummy hash for unknown e-mails, so timing does not tell which e-mails exist.
      const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
      if (!user || !ok) throw errors.unauthorized('errors.invalidCredentials', 'Wrong e-mail or password');
      if (user.role === 'blocked') throw errors.forbidden('errors.blocked', 'Your account is blocked');
      return { user, jwt: signToken(jwtSecret, user) };
    },

    /** Name and/or password of the user themself; a password change revokes older tokens and returns a new one. */
    async updateProfile(user: UserRecord, input: { name?: string; password?: string; new_password?: string }) {
      let passwordHash: string | undefined;
      if (input.new_password !== undefined) {
        if (!(await verifyPassword(user.passwordHash, input.password ?? ''))) {
          throw new AppError(400, 'errors.wrongPassword', 'The current password is wrong', {
            errors: { password: 'errors.wrongPassword' },
          });
        }
        passwordHash = await hashPassword(input.new_password);
      }
      if (input.name === undefined && passwordHash === undefined) {
        throw errors.badRequest('errors.nothingToUpdate', 'Nothing to update');
      }
      const updated = await users.updateProfile(user.id, { name: input.name, passwordHash });
      return { user: updated, jwt: passwordHash ? signToken(jwtSecret, updated) : undefined };
    },

    /** Role change by an admin; the last admin can never be demoted or blocked. Bumps the token version. */
    async changeRole(targetId: string, role: Role) {
      return prisma.$transaction(async (tx) => {
        const target = await tx.user.findUnique({ where: { id: targetId } });
        if (!target) throw errors.notFound('errors.userNotFound', 'User not found');
        if (target.role === role) return;
        if (target.role === 'admin') {
          // Lock the admin rows so two concurrent demotions cannot both pass the count.
          const admins = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM users WHERE role = 'admin' FOR UPDATE`;
          if (admins.length <= 1) throw errors.conflict('errors.lastAdmin', 'The last admin cannot be demoted');
        }
        await tx.user.update({ where: { id: targetId }, data: { role, tokenVersion: { increment: 1 } } });
      });
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
