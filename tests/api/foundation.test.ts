// Answers and errors (product.md §3.1), health, captcha (product.md §3.6), migrations (decision 002) and the start command.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { solveCaptcha } from '../support/captcha.js';
import { startTestServer, useTestServer } from '../support/server.js';
import { testDatabases, createPostgresDatabase } from '../support/databases.js';
import { openDatabase } from '../../server/db/database.js';
import { applyMigrations, readMigrations } from '../../server/db/migrate.js';

describe.each(testDatabases())('Answers and errors on %s', (db) => {
  const server = useTestServer({ db });

  it('When asked for health, then it reports the database as up', async () => {
    const res = await server.api.get('/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, db: 'up', dbKind: db });
  });

  it('When the JSON is malformed, then 400 errors.malformed', async () => {
    const res = await server.api.raw('POST', '/login', { body: '{"user":', contentType: 'application/json' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ ok: false, key: 'errors.malformed' });
  });

  it('When the body is 1 MB, then 413 and nothing breaks', async () => {
    const big = JSON.stringify({ user: { name: 'x'.repeat(1_048_576), email: 'a@b.co', password: 'human-pass-4821' } });
    const res = await server.api.raw('POST', '/register', { body: big, contentType: 'application/json' });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ ok: false, key: 'errors.tooLarge' });
    expect((await server.api.get('/health')).status).toBe(200);
  });

  it('When fields are unknown, then they are dropped and never stored', async () => {
    const res = await server.api.post('/register', {
      user: { name: 'Extra', email: 'extra@test.local', password: 'human-pass-4821', role: 'admin', tokenVersion: 99 },
      foo: 1,
    });
    expect(res.status).toBe(201);
    const row = await server.app.ctx.prisma.user.findUniqueOrThrow({ where: { email: 'extra@test.local' } });
    expect(row.role).toBe('user');
    expect(row.tokenVersion).toBe(0);
  });

  it.each([
    ['a string body', 'just text', 'text/plain'],
    ['an array', '[1,2,3]', 'application/json'],
    ['null', 'null', 'application/json'],
    ['numbers for strings', '{"user":{"name":123,"email":456,"password":789}}', 'application/json'],
    ['nested operators', '{"user":{"email":{"not":""},"password":{"gt":""}}}', 'application/json'],
  ])('When login gets %s, then 400 without a 5xx', async (_label, body, contentType) => {
    const res = await server.api.raw('POST', '/login', { body, contentType });
    expect(res.status).toBe(400);
    expect(res.body.ok).toBe(false);
  });

  it('When an API path is unknown, then 404 JSON', async () => {
    const res = await server.api.get('/nope');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ ok: false, key: 'errors.notFound' });
  });

  it('When a page asks for headers, then helmet sets a CSP', async () => {
    const res = await fetch(`${server.url}/api/v1/health`);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-powered-by')).toBeNull();
  });
});

describe('Captcha (ALTCHA) when on', () => {
  const server = useTestServer({ env: { CAPTCHA: 'altcha' } });

  it('When there is no captcha, then register is refused and nothing stored', async () => {
    const before = await server.app.ctx.prisma.user.count();
    const res = await server.api.post('/register', {
      user: { name: 'Nobot', email: 'nobot@test.local', password: 'human-pass-4821' },
    });
    expect(res.status).toBe(400);
    expect(res.body.key).toBe('errors.captcha');
    expect(await server.app.ctx.prisma.user.count()).toBe(before);
  });

  it('When a solved captcha is used, then it works once and its replay is refused', async () => {
    const captcha = await solveCaptcha(server);
    const first = await server.api.post('/register', {
      captcha,
      user: { name: 'Human', email: 'human@test.local', password: 'human-pass-4821' },
    });
    expect(first.status).toBe(201);
    const replay = await server.api.post('/login', {
      captcha,
      user: { email: 'human@test.local', password: 'human-pass-4821' },
    });
    expect(replay.status).toBe(400);
    expect(replay.body.key).toBe('errors.captcha');
    const fresh = await server.api.post('/login', {
      captcha: await solveCaptcha(server),
      user: { email: 'human@test.local', password: 'human-pass-4821' },
    });
    expect(fresh.status).toBe(200);
  });

  it('When a captcha is forged, then it is refused', async () => {
    const captcha = await solveCaptcha(server);
    const decoded = JSON.parse(Buffer.from(captcha, 'base64').toString()) as { number: number };
    decoded.number += 1;
    const forged = Buffer.from(JSON.stringify(decoded)).toString('base64');
    const res = await server.api.post('/login', {
      captcha: forged,
      user: { email: 'human@test.local', password: 'human-pass-4821' },
    });
    expect(res.status).toBe(400);
    expect(
      (
        await server.api.post('/login', {
          captcha: 'garbage',
          user: { email: 'human@test.local', password: 'human-pass-4821' },
        })
      ).status,
    ).toBe(400);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('Migrations on PostgreSQL', () => {
  it('When two instances start at once on one database, then both come up and each migration is applied once', async () => {
    const pg = await createPostgresDatabase({ empty: true });
    try {
      const [a, b] = await Promise.all([
        startTestServer({ databaseUrl: pg.url }),
        startTestServer({ databaseUrl: pg.url }),
      ]);
      try {
        expect([...a.app.migrationsApplied, ...b.app.migrationsApplied].sort()).toEqual(
          readMigrations()
            .map((m) => m.name)
            .sort(),
        );
        expect((await a.api.get('/health')).status).toBe(200);
        expect((await b.api.get('/health')).status).toBe(200);
        const rows = await a.app.ctx.prisma.$queryRaw<
          { migration_name: string; n: bigint }[]
        >`SELECT migration_name, count(*) AS n FROM "_prisma_migrations" GROUP BY migration_name`;
        expect(rows.length).toBe(readMigrations().length);
        for (const r of rows) expect(Number(r.n)).toBe(1);
        expect(await a.app.ctx.prisma.user.count({ where: { role: 'admin' } })).toBe(1);
        expect(await a.app.ctx.prisma.product.count()).toBe(4);
        expect(await a.app.ctx.prisma.paymentMethod.count()).toBe(3);
      } finally {
        await a.close();
        await b.close();
      }
    } finally {
      await pg.drop();
    }
  });
});

describe('Migrations on PGlite', () => {
  it('When migrations run twice, then the second run applies nothing', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-mig-'));
    const db = await openDatabase({ dataDir: dir });
    try {
      expect(await applyMigrations(db.sql)).toEqual(readMigrations().map((m) => m.name));
      expect(await applyMigrations(db.sql)).toEqual([]);
    } finally {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

function runServer(
  env: Record<string, string>,
  until: RegExp,
  timeoutMs = 60_000,
): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const onData = (d: Buffer) => {
      out += d.toString();
      if (until.test(out)) child.kill('SIGTERM');
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

describe('The start command', () => {
  it('When PORT=abc, then the start stops with one line naming PORT and exit code 1', async () => {
    const { code, out } = await runServer({ PORT: 'abc', DATABASE_URL: '' }, /$^/);
    expect(code).toBe(1);
    expect(out.trim()).toBe('Invalid configuration: PORT="abc" must be a port number');
  });

  it('When NODE_ENV=production has no JWT_SECRET, then exit code 1 with one line naming it', async () => {
    const { code, out } = await runServer({ NODE_ENV: 'production', JWT_SECRET: '', DATABASE_URL: '' }, /$^/);
    expect(code).toBe(1);
    expect(out.trim()).toBe(
      'Invalid configuration: JWT_SECRET="" is required when NODE_ENV=production (at least 32 random characters)',
    );
  });

  it('When CAPTCHA=off with NODE_ENV=production, then exit code 1 naming CAPTCHA', async () => {
    const { code, out } = await runServer(
      {
        CAPTCHA: 'off',
        NODE_ENV: 'production',
        DATABASE_URL: '',
        JWT_SECRET: 'a-production-secret-of-at-least-32-chars',
      },
      /$^/,
    );
    expect(code).toBe(1);
    expect(out.trim()).toBe('Invalid configuration: CAPTCHA="off" cannot be off when NODE_ENV=production');
  });

  // Two real starts of the entry on PGlite (the first applies every migration): minutes on a machine busy with tests.
  it(
    'When started on an empty data dir, then it migrates, seeds, prints the generated admin password and stops on SIGTERM',
    { timeout: 180_000 },
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-start-'));
      try {
        const { code, out } = await runServer(
          { PORT: '0', DATA_DIR: dir, DATABASE_URL: '', ADMIN_EMAIL: '', ADMIN_PASSWORD: '', JWT_SECRET: '' },
          /Shop listening/,
        );
        expect(out).toMatch(/Created admin account: admin@shop\.local \/ password: \S{12,}/);
        expect(out).toContain('Applied migrations:');
        expect(code).toBe(0);
        expect(fs.existsSync(path.join(dir, 'pglite'))).toBe(true);
        const second = await runServer(
          { PORT: '0', DATA_DIR: dir, DATABASE_URL: '', ADMIN_EMAIL: '', ADMIN_PASSWORD: '', JWT_SECRET: '' },
          /Shop listening/,
        );
        expect(second.out).not.toContain('Created admin account');
        expect(second.out).not.toContain('Applied migrations');
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
