// Two-factor sign-in in tests: turning it on through the API, codes computed from the secret the setup
// answered, and turning it off behind the API's back (a test's own reset).
import { createTotp, timeStep } from '../../server/security/totp.js';
import { signToken } from '../../server/security/tokens.js';
import type { TestUser } from '../factories/users.js';
import type { TestServer } from './server.js';

const totp = createTotp();

/** The code of `secret` for the time-step holding `at` (ms). */
export const codeAt = (secret: string, at = Date.now()): string => totp.codeAt(secret, timeStep(at));

export interface EnabledTwoFactor {
  secret: string;
  recoveryCodes: string[];
}

/** Sets up and enables 2FA for `user` through the API; `user.token` becomes the fresh token the answer carries. */
export async function enableTwoFactor(server: TestServer, user: TestUser, at = Date.now()): Promise<EnabledTwoFactor> {
  const setup = await server.api.post<{ secret: string }>('/account/2fa/setup', {}, user.token);
  if (setup.status !== 200) throw new Error(`2FA setup answered ${setup.status}: ${JSON.stringify(setup.body)}`);
  const enabled = await server.api.post<{ recovery_codes: string[]; jwt: string }>(
    '/account/2fa/enable',
    { code: codeAt(setup.body.secret, at) },
    user.token,
  );
  if (enabled.status !== 200) throw new Error(`2FA enable answered ${enabled.status}: ${JSON.stringify(enabled.body)}`);
  user.token = enabled.body.jwt;
  return { secret: setup.body.secret, recoveryCodes: enabled.body.recovery_codes };
}

/** Turns 2FA off in the database (no token change): a test putting an account back into a known state. */
export async function resetTwoFactor(server: TestServer, userId: string): Promise<void> {
  const { prisma } = server.app.ctx;
  await prisma.$transaction([
    prisma.userTwoFactor.deleteMany({ where: { userId } }),
    prisma.twoFactorRecoveryCode.deleteMany({ where: { userId } }),
    prisma.loginChallenge.deleteMany({ where: { userId } }),
    prisma.user.update({ where: { id: userId }, data: { twoFactor: false } }),
  ]);
}

/** A token for the user as the database holds them now (after a token-version bump). */
export async function freshToken(server: TestServer, userId: string): Promise<string> {
  return signToken(
    server.app.ctx.jwtSecret,
    await server.app.ctx.prisma.user.findUniqueOrThrow({ where: { id: userId } }),
  );
}
