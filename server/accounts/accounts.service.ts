// Accounts: register, log in, change profile or password, change role.
import type { Role } from '#shared/constants';
import type { AuditRecorder } from '../audit/index.js';
import type { Publisher } from '../event-bus.js';
import { AppError, errors } from '../http/app-error.js';
import { refuseCommonPassword } from '../security/password-strength.js';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../security/passwords.js';
import { signToken } from '../security/tokens.js';
import type { UserRecord } from '../security/user-record.js';
import type { UsersRepository } from './users.repository.js';
import { accountErrors } from './accounts-errors.js';

/** What happens to a user's live connections when their tokens are revoked (the realtime domain's sockets). */
export interface SessionEnds {
  disconnectUser(userId: string): void;
}

/** What the accounts domain tells the rest of the shop after its commit. */
export interface AccountEvents {
  /** A customer's name or picture changed: they show beside their orders on the public home page. */
  'profile.changed': { userId: string };
}

/** The second factor's part in a login (two-factor.service.ts). */
export interface LoginChallenges {
  openChallenge(user: UserRecord): Promise<string>;
}

export function createAccountsService(deps: {
  users: UsersRepository;
  jwtSecret: string;
  audit: AuditRecorder;
  sessions: SessionEnds;
  twoFactor: LoginChallenges;
  events: Publisher<AccountEvents>;
}) {
  const { users, jwtSecret, sessions } = deps;
  return {
    async register(input: { name: string; email: string; password: string }) {
      await refuseCommonPassword(input.password, 'password', [input.name, input.email]);
      const passwordHash = await hashPassword(input.password);
      const user = await users.create({ name: input.name, email: input.email, passwordHash });
      if (!user) {
        throw accountErrors.emailTaken();
      }
      return { user, jwt: signToken(jwtSecret, user) };
    },

    /** A token, or with two-factor sign-in on only the challenge of the second step. */
    async login(input: {
      email: string;
      password: string;
    }): Promise<{ user: UserRecord; jwt: string } | { user: UserRecord; challenge: string }> {
      const user = await users.findByEmail(input.email);
      // Verify against a dummy hash for unknown e-mails, so timing does not tell which e-mails exist.
      const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
      if (!user || !ok) throw errors.unauthorized('errors.invalidCredentials', 'Wrong e-mail or password');
      if (user.role === 'blocked') throw errors.forbidden('errors.blocked', 'Your account is blocked');
      if (user.twoFactor) return { user, challenge: await deps.twoFactor.openChallenge(user) };
      return { user, jwt: signToken(jwtSecret, user) };
    },

    /**
     * Name, password and/or the mail setting of the user themself; a password change revokes older tokens and
     * returns a new one.
     */
    async updateProfile(
      user: UserRecord,
      input: { name?: string; password?: string; new_password?: string; mail_updates?: boolean },
    ) {
      let passwordHash: string | undefined;
      if (input.new_password !== undefined) {
        if (!(await verifyPassword(user.passwordHash, input.password ?? ''))) {
          throw new AppError(400, 'errors.wrongPassword', 'The current password is wrong', {
            errors: { password: 'errors.wrongPassword' },
          });
        }
        await refuseCommonPassword(input.new_password, 'new_password', [user.name, user.email]);
        passwordHash = await hashPassword(input.new_password);
      }
      if (input.name === undefined && passwordHash === undefined && input.mail_updates === undefined) {
        throw errors.badRequest('errors.nothingToUpdate', 'Nothing to update');
      }
      const updated = await users.updateProfile(user.id, {
        name: input.name,
        passwordHash,
        mailUpdates: input.mail_updates,
      });
      if (passwordHash) sessions.disconnectUser(user.id);
      if (input.name !== undefined) await deps.events.publish('profile.changed', { userId: user.id });
      return { user: updated, jwt: passwordHash ? signToken(jwtSecret, updated) : undefined };
    },

    /** Ends every session of the user: their tokens stop working and their sockets close (decision 004). */
    async logout(user: UserRecord): Promise<void> {
      await users.revokeTokens(user.id);
      sessions.disconnectUser(user.id);
    },

    /** Role change by an admin; the last admin can never be demoted or blocked. Answers the user as now stored. */
    async changeRole(admin: UserRecord, targetId: string, role: Role): Promise<UserRecord> {
      const outcome = await users.changeRole(targetId, role, (tx, before) =>
        deps.audit(tx, {
          actorId: admin.id,
          action: 'user.role',
          targetType: 'user',
          targetId,
          before: { role: before },
          after: { role },
        }),
      );
      if (outcome === 'notFound') throw accountErrors.userNotFound();
      if (outcome === 'lastAdmin') throw accountErrors.lastAdmin();
      if (outcome === 'changed') sessions.disconnectUser(targetId);
      const user = await users.findById(targetId);
      if (!user) throw accountErrors.userNotFound();
      return user;
    },
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;
