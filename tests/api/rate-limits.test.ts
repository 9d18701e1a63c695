// Rate limits on login, register and recovery (product.md §4.2): wrong passwords per (e-mail, address) and per e-mail
// (a harder captcha, decision 072), requests per address; shared through Redis between instances.
import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { useTestInstances, useTestServer, type TestServer } from '../support/server.js';
import { createUser } from '../factories/users.js';
import { solveCaptcha } from '../support/captcha.js';

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

  it("When an attacker sends 12 wrong passwords from one address, then that pair is refused but the owner's right password from their own address works", async () => {
    const victim = await createUser(server);
    const attacker = '10.0.0.66';
    for (let i = 0; i < 10; i += 1) {
      const res = await post(
        server,
        '/login',
        { user: { email: victim.email, password: `wrong-password-${i}` } },
        attacker,
      );
      expect(res.status).toBe(401);
    }
    for (let i = 10; i < 12; i += 1) {
      const res = await post(
        server,
        '/login',
        { user: { email: victim.email, password: `wrong-password-${i}` } },
        attacker,
      );
      expect(res.status).toBe(429);
      expect(res.body.key).toBe('errors.rateLimited');
    }
    // Even the right password from the attacker's address is refused now: the pair is blocked, not the account.
    expect(
      (await post(server, '/login', { user: { email: victim.email, password: victim.password } }, attacker)).status,
    ).toBe(429);
    expect(
      (await post(server, '/login', { user: { email: victim.email, password: victim.password } }, '10.0.5.5')).status,
    ).toBe(200);
  });

  it('When 19 wrong passwords arrive at once from one address, then ten are checked (401) and nine refused (429): counted before the check', async () => {
    const victim = await createUser(server);
    const answers = await Promise.all(
      Array.from({ length: 19 }, (_, i) =>
        post(server, '/login', { user: { email: victim.email, password: `wrong-password-${i}` } }, '10.0.9.9'),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(9);
    // The refused ones gave their places back: the owner still logs in from elsewhere.
    expect(
      (await post(server, '/login', { user: { email: victim.email, password: victim.password } }, '10.0.9.10')).status,
    ).toBe(200);
  });

  it('When the owner logs in fifteen times in a row, then every login works (successful logins never count)', async () => {
    const owner = await createUser(server);
    for (let i = 0; i < 15; i += 1) {
      expect(
        (await post(server, '/login', { user: { email: owner.email, password: owner.password } }, '10.0.6.6')).status,
      ).toBe(200);
    }
  });

  it('When one address tries many e-mails, then the per-address limit still stops it', async () => {
    let last = 0;
    for (let i = 0; i < 31; i += 1) {
      last = (
        await post(
          server,
          '/login',
          { user: { email: `nobody${i}@test.local`, password: 'wrong-password' } },
          '10.0.7.7',
        )
      ).status;
    }
    expect(last).toBe(429);
  });

  it('When one address registers 10 accounts in an hour, then the 11th is 429 and nothing is stored; another address still can', async () => {
    const before = await server.app.ctx.prisma.user.count();
    for (let i = 0; i < 10; i += 1) {
      const res = await post(
        server,
        '/register',
        { user: { name: `Many ${i}`, email: `many${i}@test.local`, password: 'many-pass-4821' } },
        '10.1.0.1',
      );
      expect(res.status).toBe(201);
    }
    const refused = await post(
      server,
      '/register',
      { user: { name: 'Many 10', email: 'many10@test.local', password: 'many-pass-4821' } },
      '10.1.0.1',
    );
    expect(refused.status).toBe(429);
    expect(await server.app.ctx.prisma.user.count()).toBe(before + 10);
    expect(
      (
        await post(
          server,
          '/register',
          { user: { name: 'Elsewhere', email: 'elsewhere@test.local', password: 'many-pass-4821' } },
          '10.1.0.2',
        )
      ).status,
    ).toBe(201);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)(
  'Rate limits across instances (Redis)',
  () => {
    const [a, b] = useTestInstances(2, { redis: true, rateLimitScale: 1, env: { TRUST_PROXY: '1' } });

    it('When wrong passwords from one address are split over two instances, then the shared pair counter stops the 11th; the owner still logs in', async () => {
      // A fresh e-mail per run: the Redis counters outlive the test databases.
      const email = `shared-${crypto.randomBytes(4).toString('hex')}@test.local`;
      // And fresh addresses: the per-address count (30 logins in 15 minutes) would carry over from an earlier run.
      const net = `10.${crypto.randomInt(10, 250)}.${crypto.randomInt(0, 250)}`;
      await createUser(a, { email, password: 'right-password' });
      for (let i = 0; i < 10; i += 1) {
        const res = await post(
          i % 2 ? b : a,
          '/login',
          { user: { email, password: `wrong-password-${i}` } },
          `${net}.1`,
        );
        expect(res.status).toBe(401);
      }
      expect((await post(a, '/login', { user: { email, password: 'wrong-password-x' } }, `${net}.1`)).status).toBe(429);
      expect((await post(b, '/login', { user: { email, password: 'right-password' } }, `${net}.1`)).status).toBe(429);
      expect((await post(b, '/login', { user: { email, password: 'right-password' } }, `${net}.2`)).status).toBe(200);
    });

    it('When 19 wrong passwords arrive at once over two instances, then the shared counter lets ten through and refuses nine', async () => {
      const email = `parallel-${crypto.randomBytes(4).toString('hex')}@test.local`;
      const net = `10.${crypto.randomInt(10, 250)}.${crypto.randomInt(0, 250)}`;
      await createUser(a, { email, password: 'right-password' });
      const answers = await Promise.all(
        Array.from({ length: 19 }, (_, i) =>
          post(i % 2 ? b : a, '/login', { user: { email, password: `wrong-password-${i}` } }, `${net}.1`),
        ),
      );
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s === 401)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(9);
    });

    it('When the shop counts on Redis, then its rate-limit and login-throttle keys are under its REDIS_CHANNEL_PREFIX, none under the bare names', async () => {
      const email = `prefixed-${crypto.randomBytes(4).toString('hex')}@test.local`;
      await post(a, '/login', { user: { email, password: 'wrong-password-1' } }, `10.${crypto.randomInt(10, 250)}.0.1`);
      const redis = new Redis(process.env.TEST_REDIS_URL!, { lazyConnect: true });
      try {
        await redis.connect();
        const prefix = a.config.redisChannelPrefix;
        const throttle = await redis.keys(`${prefix}:lt:*${email}*`);
        expect(throttle.length).toBeGreaterThanOrEqual(3);
        expect(await redis.keys(`${prefix}:rl:login-ip:*`)).not.toEqual([]);
        expect(await redis.keys(`lt:*${email}*`)).toEqual([]);
      } finally {
        redis.disconnect();
      }
    });
  },
);

describe.runIf(process.env.TEST_REDIS_URL)('Captcha replays on Redis', () => {
  const server = useTestServer({ redis: true, env: { CAPTCHA: 'altcha' } });

  it("When a solution is used, then its replay key is under the shop's prefix and a replay is refused", async () => {
    const captcha = await solveCaptcha(server);
    const user = await createUser(server);
    expect((await server.api.post('/recover', { captcha, email: user.email })).status).toBe(200);
    expect((await server.api.post('/recover', { captcha, email: user.email })).body.key).toBe('errors.captcha');
    const redis = new Redis(process.env.TEST_REDIS_URL!, { lazyConnect: true });
    try {
      await redis.connect();
      expect(await redis.keys(`${server.config.redisChannelPrefix}:captcha:used:*`)).toHaveLength(1);
    } finally {
      redis.disconnect();
    }
  });
});

describe('Login under a distributed guessing attack (real captcha)', () => {
  const server = useTestServer({ rateLimitScale: 1, env: { TRUST_PROXY: '1', CAPTCHA: 'altcha' } });

  it('When ten addresses guess one e-mail, then its login asks for the harder captcha, and the owner who solves it gets in', async () => {
    const owner = await createUser(server);
    for (let i = 0; i < 10; i += 1) {
      const res = await post(
        server,
        '/login',
        { captcha: await solveCaptcha(server), user: { email: owner.email, password: `guess-${i}-wrong` } },
        `10.3.0.${i + 1}`,
      );
      expect(res.status).toBe(401);
    }
    const normal = await post(
      server,
      '/login',
      { captcha: await solveCaptcha(server), user: { email: owner.email, password: owner.password } },
      '10.3.1.1',
    );
    expect(normal.status).toBe(400);
    expect(normal.body.key).toBe('errors.captchaHarder');
    const hard = await post(
      server,
      '/login',
      { captcha: await solveCaptcha(server, 'hard'), user: { email: owner.email, password: owner.password } },
      '10.3.1.1',
    );
    expect(hard.status).toBe(200);
    // Another account is not affected.
    const other = await createUser(server);
    expect(
      (
        await post(
          server,
          '/login',
          { captcha: await solveCaptcha(server), user: { email: other.email, password: other.password } },
          '10.3.1.1',
        )
      ).status,
    ).toBe(200);
  });
});
