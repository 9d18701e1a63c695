import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, useTestServer } from '../support/server.js';
import { testDatabases } from '../support/databases.js';
import { startSmtpCatcher, type CaughtMail, type SmtpCatcher } from '../support/smtp.js';
import { createUser, type TestUser } from '../factories/users.js';
import type { UserDto } from '#shared/api-types';
import { createRecoveryLinkSigner } from '../../server/recovery/index.js';

const codeOf = (mail: CaughtMail) => {
  const match = /(\d{3}) (\d{3})/.exec(mail.text);
  if (!match) throw new Error(`No code in mail: ${mail.text}`);
  return `${match[1]}${match[2]}`;
};

/** The recovery id and signed reference of the mailed link (decision 021). */
const linkOf = (mail: CaughtMail) => {
  const match = /\/recovery\/([\w-]+)\?pass&ref=([\w.-]+)/.exec(mail.text);
  if (!match) throw new Error(`No link in mail: ${mail.text}`);
  return { id: match[1], ref: match[2] };
};

/** A code that is surely not the mailed one. */
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe.each(testDatabases())('Password recovery on %s', (db) => {
  let smtp: SmtpCatcher;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
  });
  afterAll(async () => {
    await smtp?.close();
  });
  // Registered after the catcher's hooks: starts once its URL is known and closes before it.
  const server = useTestServer(() => ({ db, env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://shop.example' } }));

  async function requestCode(user: TestUser): Promise<{ id: string; code: string; mail: CaughtMail }> {
    const after = smtp.mails.length;
    const res = await server.api.post('/recover', { email: user.email.toUpperCase() });
    expect(res.status).toBe(200);
    const id = res.body.id as string;
    const mail = await smtp.waitForMail(user.email, { after });
    return { id, code: codeOf(mail), mail };
  }

  it('When a registered user asks for a code, then a bilingual mail with a 6-digit code and the link arrives', async () => {
    const user = await createUser(server, { name: 'Rahim' });
    const { id, code, mail } = await requestCode(user);
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.subject).toContain('Password reset code');
    expect(mail.subject).toContain('পাসওয়ার্ড');
    expect(mail.text).toContain('Your password reset code is');
    expect(mail.text).toContain('আপনার পাসওয়ার্ড রিসেট কোড');
    expect(mail.text).toContain('১৫ মিনিট');
    expect(mail.text).toContain(`https://shop.example/recovery/${id}?pass`);
    expect(mail.html).toContain(`https://shop.example/recovery/${id}`);
    expect(mail.html).toContain('lang="bn"');
    const row = await server.app.ctx.prisma.recovery.findUniqueOrThrow({ where: { id } });
    expect(row.codeHash).not.toContain(code);
    const minutes = (row.expiresAt.getTime() - row.createdAt.getTime()) / 60_000;
    expect(minutes).toBeCloseTo(15, 1);
  });

  it('When the code is confirmed, then the password changes, the user is logged in, and older tokens stop', async () => {
    const user = await createUser(server, { password: 'old-password-1' });
    const { id, code } = await requestCode(user);
    const res = await server.api.patch<{ user: UserDto }>(`/recover/${id}`, {
      code: `${code.slice(0, 3)}-${code.slice(3)} `,
      password: 'brand-new-pass',
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: user.id, email: user.email, role: 'user', jwt: expect.any(String) });
    const old = await server.api.get('/users/me', user.token);
    expect(old.status).toBe(401);
    expect(old.body.logout).toBe(true);
    expect((await server.api.get('/users/me', res.body.user.jwt)).status).toBe(200);
    expect((await server.api.post('/login', { user: { email: user.email, password: 'brand-new-pass' } })).status).toBe(
      200,
    );
    expect((await server.api.post('/login', { user: { email: user.email, password: 'old-password-1' } })).status).toBe(
      401,
    );

    const again = await server.api.patch(`/recover/${id}`, { code, password: 'third-password' });
    expect(again.status).toBe(400);
    expect(again.body.key).toBe('errors.recoveryInvalid');
  });

  it('When the mailed link is opened on any device, then its reference gives the e-mail and the resend time; a changed one is refused', async () => {
    const user = await createUser(server);
    const { id, mail } = await requestCode(user);
    const link = linkOf(mail);
    expect(link.id).toBe(id);
    expect(mail.html).toContain(`ref=${link.ref}`);
    const res = await server.api.get(`/recover/${id}?ref=${link.ref}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, email: user.email, resend_at: expect.any(Number) });
    const resendIn = (res.body.resend_at as number) - Date.now() / 1000;
    expect(resendIn).toBeGreaterThan(50);
    expect(resendIn).toBeLessThanOrEqual(61);

    const [seconds, signature] = link.ref.split('.');
    const tampered = `${seconds}.${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    const other = linkOf((await requestCode(await createUser(server))).mail);
    for (const query of [
      `ref=${tampered}`,
      `ref=${Number(seconds) + 3600}.${signature}`,
      `ref=${other.ref}`,
      'ref=',
      '',
    ]) {
      const refused = await server.api.get(`/recover/${id}?${query}`);
      expect(refused.status, query).toBe(400);
      expect(refused.body.key, query).toBe('errors.recoveryLinkInvalid');
    }
    expect((await server.api.get(`/recover/unknown-id-123?ref=${link.ref}`)).body.key).toBe(
      'errors.recoveryLinkInvalid',
    );
    // Looking does not count as a guess.
    expect((await server.app.ctx.prisma.recovery.findUniqueOrThrow({ where: { id } })).attempts).toBe(0);
  });

  it('When the link has expired, or its code was used, then it is refused with a key that says which', async () => {
    const user = await createUser(server);
    const { id, code, mail } = await requestCode(user);
    const signer = createRecoveryLinkSigner(server.config.jwtSecret!);
    const expired = signer.sign(id, user.email, new Date(Date.now() - 1000));
    const late = await server.api.get(`/recover/${id}?ref=${expired}`);
    expect(late.status).toBe(400);
    expect(late.body.key).toBe('errors.recoveryLinkExpired');

    expect((await server.api.patch(`/recover/${id}`, { code, password: 'brand-new-pass' })).status).toBe(200);
    const used = await server.api.get(`/recover/${id}?ref=${linkOf(mail).ref}`);
    expect(used.status).toBe(400);
    expect(used.body.key).toBe('errors.recoveryInvalid');
  });

  it('When the code is wrong five times, then the request is locked even for the right code', async () => {
    const user = await createUser(server, { password: 'old-password-1' });
    const { id, code } = await requestCode(user);
    for (let i = 0; i < 5; i++) {
      const res = await server.api.patch(`/recover/${id}`, { code: otherCode(code), password: 'brand-new-pass' });
      expect(res.status).toBe(400);
      expect(res.body.key).toBe('errors.recoveryCodeWrong');
      expect(res.body.errors?.code).toBe('errors.recoveryCodeWrong');
    }
    const locked = await server.api.patch(`/recover/${id}`, { code, password: 'brand-new-pass' });
    expect(locked.status).toBe(400);
    expect(locked.body.key).toBe('errors.recoveryInvalid');
    expect((await server.api.post('/login', { user: { email: user.email, password: 'old-password-1' } })).status).toBe(
      200,
    );
  });

  it('When many wrong guesses arrive at once, then at most five are counted and none succeeds', async () => {
    const user = await createUser(server);
    const { id, code } = await requestCode(user);
    const guesses = Array.from({ length: 12 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const results = await Promise.all(
      guesses.map((g) => server.api.patch(`/recover/${id}`, { code: g, password: 'brand-new-pass' })),
    );
    expect(results.every((r) => r.status === 400)).toBe(true);
    expect(results.filter((r) => r.body.key === 'errors.recoveryCodeWrong')).toHaveLength(5);
    const row = await server.app.ctx.prisma.recovery.findUniqueOrThrow({ where: { id } });
    expect(row.attempts).toBe(5);
  });

  it('When the right code races eleven wrong ones, then each try is counted before its comparison: five tries, at most one success', async () => {
    const user = await createUser(server, { password: 'old-password-2' });
    const { id, code } = await requestCode(user);
    const guesses = [
      code,
      ...Array.from({ length: 11 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0')),
    ];
    const results = await Promise.all(
      guesses.map((g) => server.api.patch(`/recover/${id}`, { code: g, password: 'brand-new-pass-2' })),
    );
    const wins = results.filter((r) => r.status === 200);
    const counted = results.filter((r) => r.status === 200 || r.body.key === 'errors.recoveryCodeWrong');
    expect(wins.length).toBeLessThanOrEqual(1);
    expect(counted).toHaveLength(5);
    expect((await server.app.ctx.prisma.recovery.findUniqueOrThrow({ where: { id } })).attempts).toBe(5);
    const oldWorks =
      (await server.api.post('/login', { user: { email: user.email, password: 'old-password-2' } })).status === 200;
    expect(oldWorks).toBe(wins.length === 0);
  });

  it('When an account had ten codes sent today, then an eleventh is refused with errors.recoveryTooMany and nothing is stored', async () => {
    const user = await createUser(server);
    const past = Date.now() - 3600_000;
    await server.app.ctx.prisma.recovery.createMany({
      data: Array.from({ length: 10 }, (_, i) => ({
        id: `daily-${user.id}-${i}`.slice(0, 60),
        email: user.email,
        userId: user.id,
        codeHash: 'x'.repeat(64),
        expiresAt: new Date(past + 60_000),
        sentAt: new Date(past - i * 120_000),
      })),
    });
    const before = await server.app.ctx.prisma.recovery.count();
    const res = await server.api.post('/recover', { email: user.email });
    expect(res.status).toBe(429);
    expect(res.body.key).toBe('errors.recoveryTooMany');
    expect(await server.app.ctx.prisma.recovery.count()).toBe(before);
  });

  it('When an account used twenty tries today, then the next try is refused with errors.recoveryTooMany even with the right code', async () => {
    const user = await createUser(server, { password: 'old-password-3' });
    const past = Date.now() - 3600_000;
    await server.app.ctx.prisma.recovery.createMany({
      data: Array.from({ length: 4 }, (_, i) => ({
        id: `tries-${user.id}-${i}`.slice(0, 60),
        email: user.email,
        userId: user.id,
        codeHash: 'x'.repeat(64),
        attempts: 5,
        expiresAt: new Date(past + 60_000),
        sentAt: new Date(past - i * 120_000),
      })),
    });
    const { id, code } = await requestCode(user);
    const res = await server.api.patch(`/recover/${id}`, { code, password: 'brand-new-pass-3' });
    expect(res.status).toBe(429);
    expect(res.body.key).toBe('errors.recoveryTooMany');
    expect((await server.api.post('/login', { user: { email: user.email, password: 'old-password-3' } })).status).toBe(
      200,
    );
  });

  it('When the e-mail is unknown, then the answer has the same shape, a row is kept, and no mail is sent', async () => {
    const user = await createUser(server);
    const known = await server.api.post('/recover', { email: user.email });
    await smtp.waitForMail(user.email);
    const before = smtp.mails.length;
    const unknown = await server.api.post('/recover', { email: 'nobody-here@test.local' });
    expect(unknown.status).toBe(known.status);
    expect(Object.keys(unknown.body).sort()).toEqual(Object.keys(known.body).sort());
    expect(unknown.body.text).toBe(known.body.text);
    expect(await server.app.ctx.prisma.recovery.count({ where: { email: 'nobody-here@test.local' } })).toBe(1);
    // The known request's mail went through the same queue: once a later known mail arrives, nothing came for the unknown one.
    const probe = await createUser(server);
    await server.api.post('/recover', { email: probe.email });
    await smtp.waitForMail(probe.email, { after: before });
    expect(smtp.mails.some((m) => m.to.includes('nobody-here@test.local'))).toBe(false);
    const guess = await server.api.patch(`/recover/${unknown.body.id as string}`, {
      code: '123456',
      password: 'brand-new-pass',
    });
    expect(guess.status).toBe(400);
    expect(guess.body.key).toBe('errors.recoveryCodeWrong');
  });

  it('When a second request for the same e-mail comes within 60 s, then 429 with Retry-After; known and unknown alike', async () => {
    const user = await createUser(server);
    await requestCode(user);
    const again = await server.api.post('/recover', { email: user.email });
    expect(again.status).toBe(429);
    expect(again.body.key).toBe('errors.resendTooSoon');
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
    await server.api.post('/recover', { email: 'ghost@test.local' });
    const ghost = await server.api.post('/recover', { email: 'ghost@test.local' });
    expect(ghost.status).toBe(429);
    expect(ghost.body.key).toBe('errors.resendTooSoon');
  });

  it('When a code is resent after 60 s, then only the newest code works', async () => {
    const user = await createUser(server);
    const first = await requestCode(user);
    // Pretend the first mail went out 61 seconds ago.
    await server.app.ctx.prisma.recovery.update({
      where: { id: first.id },
      data: { sentAt: new Date(Date.now() - 61_000) },
    });
    const second = await requestCode(user);
    expect(second.id).not.toBe(first.id);
    const old = await server.api.patch(`/recover/${first.id}`, { code: first.code, password: 'brand-new-pass' });
    expect(old.status).toBe(400);
    expect(old.body.key).toBe('errors.recoveryInvalid');
    expect(
      (await server.api.patch(`/recover/${second.id}`, { code: second.code, password: 'brand-new-pass' })).status,
    ).toBe(200);
  });

  it('When the code has expired, then the request is invalid', async () => {
    const user = await createUser(server);
    const { id, code } = await requestCode(user);
    await server.app.ctx.prisma.recovery.update({ where: { id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await server.api.patch(`/recover/${id}`, { code, password: 'brand-new-pass' });
    expect(res.status).toBe(400);
    expect(res.body.key).toBe('errors.recoveryInvalid');
  });

  it('When the id is unknown or malformed, then the request is invalid', async () => {
    for (const id of ['unknown-id-123', 'bad%20id!']) {
      const res = await server.api.patch(`/recover/${id}`, { code: '123456', password: 'brand-new-pass' });
      expect(res.status, id).toBe(400);
      expect(res.body.key).toBe('errors.recoveryInvalid');
    }
  });

  it.each([
    [{ email: 'not-an-email' }, 'email', 'validation.emailInvalid'],
    [{ email: { not: '' } }, 'email', 'validation.required'],
    [{ email: ['a@b.co', 'c@d.co'] }, 'email', 'validation.required'],
    [{}, 'email', 'validation.required'],
  ])('When a recovery request is %j, then 400 names the field', async (payload, field, key) => {
    const res = await server.api.post('/recover', payload);
    expect(res.status).toBe(400);
    expect(res.body.errors?.[field]).toBe(key);
  });

  it.each([
    [{ code: '12a456', password: 'brand-new-pass' }, 'code', 'validation.codeFormat'],
    [{ code: '12345', password: 'brand-new-pass' }, 'code', 'validation.codeFormat'],
    [{ code: '1234567890', password: 'brand-new-pass' }, 'code', 'validation.codeFormat'],
    [{ code: '123456', password: 'short' }, 'password', 'validation.passwordLength'],
    [{ code: { gt: '' }, password: 'brand-new-pass' }, 'code', 'validation.required'],
  ])('When a confirmation is %j, then 400 names the field and no attempt is counted', async (payload, field, key) => {
    const user = await createUser(server);
    const { id } = await requestCode(user);
    const res = await server.api.patch(`/recover/${id}`, payload);
    expect(res.status).toBe(400);
    expect(res.body.errors?.[field]).toBe(key);
    expect((await server.app.ctx.prisma.recovery.findUniqueOrThrow({ where: { id } })).attempts).toBe(0);
  });
});

describe('Password recovery without SMTP', () => {
  it('When no SMTP_URL is set, then the mail is written to the outbox', async () => {
    const server = await startTestServer();
    try {
      const user = await createUser(server);
      const res = await server.api.post('/recover', { email: user.email });
      expect(res.status).toBe(200);
      const fs = await import('node:fs');
      const path = await import('node:path');
      const outbox = path.join(server.dataDir, 'outbox');
      // Poll with a deadline until the outbox holds one complete mail (the file may be mid-write at first).
      const readMail = () => {
        const files = fs.existsSync(outbox) ? fs.readdirSync(outbox) : [];
        if (files.length !== 1) return undefined;
        try {
          return JSON.parse(fs.readFileSync(path.join(outbox, files[0]), 'utf8')) as { to: string; text: string };
        } catch {
          return undefined;
        }
      };
      const deadline = Date.now() + 10_000;
      let mail = readMail();
      while (!mail && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 25));
        mail = readMail();
      }
      if (!mail) throw new Error('no mail in the outbox within 10 s');
      expect(mail.to).toBe(user.email);
      expect(mail.text).toMatch(/\d{3} \d{3}/);
    } finally {
      await server.close();
    }
  });
});
