// Rate limits on login, register and recovery (design §10): per account and per client address, shared through
// Redis between instances.
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestInstances, useTestServer, type TestServer } from '../support/server.js';
import { createUser } from '../factories/users.js';

async function post(server: TestServer, path: string, body: unknown, ip: string) {
  const res = await fetch(`${server.url}/api/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { key?: string } };
}

describe('Rate limits', () => {
  const server = useTestServer({ rateLimitScale: 1, env: { TRUST_PROXY: '1' } });

  it('When one account gets 10 wrong passwords, then the next try is 429 even with the right one; other accounts still log in', async () => {
    const victim = await createUser(server);
    const other = await createUser(server);
    for (let i = 0; i < 10; i += 1) {
      const res = await post(server, '/login', { user: { email: victim.email, password: `wrong-password-${i}` } }, `10.0.0.${i + 1}`);
      expect(res.status).toBe(401);
    }
    const blocked = await post(server, '/login', { user: { email: victim.email, password: victim.password } }, '10.0.1.1');
    expect(blocked.status).toBe(429);
    expect(blocked.body.key).toBe('errors.rateLimited');
    expect((await post(server, '/login', { user: { email: other.email, password: other.password } }, '10.0.1.1')).status).toBe(200);
  });

  it('When one address registers 10 accounts in an hour, then the 11th is 429 and nothing is stored; another address still can', async () => {
    const before = await server.app.ctx.prisma.user.count();
    for (let i = 0; i < 10; i += 1) {
      const res = await post(server, '/register', { user: { name: `Many ${i}`, email: `many${i}@test.local`, password: 'password-1' } }, '10.1.0.1');
      expect(res.status).toBe(201);
    }
    const refused = await post(server, '/register', { user: { name: 'Many 10', email: 'many10@test.local', password: 'password-1' } }, '10.1.0.1');
    expect(refused.status).toBe(429);
    expect(await server.app.ctx.prisma.user.count()).toBe(before + 10);
    expect((await post(server, '/register', { user: { name: 'Elsewhere', email: 'elsewhere@test.local', password: 'password-1' } }, '10.1.0.2')).status).toBe(201);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)('Rate limits across instances (Redis)', () => {
  const [a, b] = useTestInstances(2, { redis: true, rateLimitScale: 1, env: { TRUST_PROXY: '1' } });

  it('When wrong passwords are split over two instances, then the shared counter still stops the 11th', async () => {
    // A fresh e-mail per run: the Redis counters outlive the test databases.
    const email = `shared-${crypto.randomBytes(4).toString('hex')}@test.local`;
    await createUser(a, { email, password: 'right-password' });
    for (let i = 0; i < 10; i += 1) {
      const res = await post(i % 2 ? b : a, '/login', { user: { email, password: `wrong-password-${i}` } }, `10.2.0.${i + 1}`);
      expect(res.status).toBe(401);
    }
    expect((await post(a, '/login', { user: { email, password: 'right-password' } }, '10.2.1.1')).status).toBe(429);
    expect((await post(b, '/login', { user: { email, password: 'right-password' } }, '10.2.1.1')).status).toBe(429);
  });
});
