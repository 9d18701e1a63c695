// Test users created straight in the database, with a real signed token.
import crypto from 'node:crypto';
import type { TestServer } from '../support/server.js';
import { hashPassword } from '../../server/security/passwords.js';
import { signToken } from '../../server/security/tokens.js';
import type { Role } from '#shared/constants';

export interface TestUser {
  id: string;
  email: string;
  name: string;
  password: string;
  role: Role;
  token: string;
}

let counter = 0;

/**
 * One argon2 hash per password for the whole run: a hash is 50-100 ms of CPU on a quiet machine and a second or more on
 * a loaded one, and the suites create thousands of users with the same password. Each stored hash still verifies.
 */
const hashes = new Map<string, Promise<string>>();
function hashOnce(password: string): Promise<string> {
  let hashed = hashes.get(password);
  if (!hashed) {
    hashed = hashPassword(password);
    hashes.set(password, hashed);
  }
  return hashed;
}
export async function createUser(
  server: TestServer,
  overrides: Partial<{ name: string; email: string; password: string; role: Role }> = {},
): Promise<TestUser> {
  counter += 1;
  const password = overrides.password ?? 'password-123';
  const email = (overrides.email ?? `user${counter}-${crypto.randomBytes(3).toString('hex')}@test.local`).toLowerCase();
  const user = await server.app.ctx.prisma.user.create({
    data: {
      id: crypto.randomBytes(12).toString('base64url'),
      name: overrides.name ?? `User ${counter}`,
      email,
      passwordHash: await hashOnce(password),
      role: overrides.role ?? 'user',
    },
  });
  return {
    id: user.id,
    email,
    name: user.name,
    password,
    role: user.role as Role,
    token: signToken(server.app.ctx.jwtSecret, user),
  };
}

export async function loginAdmin(server: TestServer): Promise<TestUser> {
  const admin = await server.app.ctx.prisma.user.findFirstOrThrow({ where: { role: 'admin' } });
  return {
    id: admin.id,
    email: admin.email,
    name: admin.name,
    password: '',
    role: 'admin',
    token: signToken(server.app.ctx.jwtSecret, admin),
  };
}
