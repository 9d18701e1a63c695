import { describe, expect, it } from 'vitest';
import { useTestServer, ADMIN } from '../support/server.js';
import { testDatabases } from '../support/databases.js';
import { createUser } from '../factories/users.js';

describe.each(testDatabases())('Accounts on %s', (db) => {
  const server = useTestServer({ db });

  it('When a visitor registers, then they get a token that GET /users/me accepts', async () => {
    const res = await server.api.post('/register', {
      user: { name: 'Rahim', email: 'Rahim@Example.com', password: 'secret-pass' },
    });
    expect(res.status).toBe(201);
    expect(res.body.ok).toBe(true);
    const user = res.body.user as { jwt: string; email: string; role: string; num: number };
    expect(user.email).toBe('rahim@example.com');
    expect(user.role).toBe('user');
    const me = await server.api.get('/users/me', user.jwt);
    expect(me.status).toBe(200);
    expect((me.body.user as { email: string }).email).toBe('rahim@example.com');
    const viaQuery = await server.api.get(`/users/me?jwt=${user.jwt}`);
    expect(viaQuery.status).toBe(200);
  });

  it('When the e-mail is taken, then register answers 409 and stores nothing', async () => {
    const before = await server.app.ctx.prisma.user.count();
    const res = await server.api.post('/register', {
      user: { name: 'Other', email: 'rahim@example.com', password: 'secret-pass' },
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ ok: false, key: 'errors.emailTaken' });
    expect(await server.app.ctx.prisma.user.count()).toBe(before);
  });

  it.each([
    [{ user: { name: 'ab', email: 'a@b.co', password: 'secret-pass' } }, 'name', 'validation.nameLength'],
    [{ user: { name: 'Abc', email: 'not-an-email', password: 'secret-pass' } }, 'email', 'validation.emailInvalid'],
    [{ user: { name: 'Abc', email: 'a@b.co', password: 'short' } }, 'password', 'validation.passwordLength'],
    [{ user: { name: 'Abc', email: { not: '' }, password: 'secret-pass' } }, 'email', 'validation.required'],
    [{ user: { name: 'Abc', email: 'a@b.co', password: 'x'.repeat(41) } }, 'password', 'validation.passwordLength'],
    [{}, 'user', 'validation.invalid'],
  ])('When register gets %j, then 400 names the field', async (payload, field, key) => {
    const before = await server.app.ctx.prisma.user.count();
    const res = await server.api.post('/register', payload);
    expect(res.status).toBe(400);
    expect(res.body.ok).toBe(false);
    expect(res.body.errors?.[field]).toBe(key);
    expect(await server.app.ctx.prisma.user.count()).toBe(before);
  });

  it('When the admin logs in with the configured credentials, then the answer carries role admin and a jwt', async () => {
    const res = await server.api.post('/login', { user: { email: ADMIN.email, password: ADMIN.password } });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ role: 'admin', email: ADMIN.email });
  });

  it('When the password is wrong or the e-mail unknown, then both answer the same 401', async () => {
    const wrong = await server.api.post('/login', { user: { email: ADMIN.email, password: 'wrong-password' } });
    const unknown = await server.api.post('/login', {
      user: { email: 'nobody@test.local', password: 'wrong-password' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    // Each answer carries its own request id; everything else is the same.
    expect({ ...wrong.body, request_id: undefined }).toEqual({ ...unknown.body, request_id: undefined });
  });

  it('When a user changes the password, then older tokens stop working with logout:true and the new one works', async () => {
    const user = await createUser(server, { password: 'old-password' });
    const wrong = await server.api.patch(
      `/users/${user.id}`,
      { user: { password: 'not-it-at-all', new_password: 'new-password', confirm_password: 'new-password' } },
      user.token,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors?.password).toBe('errors.wrongPassword');
    const mismatch = await server.api.patch(
      `/users/${user.id}`,
      { user: { password: 'old-password', new_password: 'new-password', confirm_password: 'other-pass' } },
      user.token,
    );
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors?.confirm_password).toBe('validation.passwordsMismatch');
    const ok = await server.api.patch(
      `/users/${user.id}`,
      { user: { password: 'old-password', new_password: 'new-password', confirm_password: 'new-password' } },
      user.token,
    );
    expect(ok.status).toBe(200);
    const fresh = (ok.body.user as { jwt: string }).jwt;
    const old = await server.api.get('/users/me', user.token);
    expect(old.status).toBe(401);
    expect(old.body.logout).toBe(true);
    expect((await server.api.get('/users/me', fresh)).status).toBe(200);
    const login = await server.api.post('/login', { user: { email: user.email, password: 'new-password' } });
    expect(login.status).toBe(200);
  });

  it('When a user renames themself, then the name changes; renaming someone else is 403', async () => {
    const user = await createUser(server);
    const other = await createUser(server);
    const ok = await server.api.patch(`/users/${user.id}`, { user: { name: 'New Name' } }, user.token);
    expect(ok.status).toBe(200);
    expect((ok.body.user as { name: string }).name).toBe('New Name');
    const denied = await server.api.patch(`/users/${other.id}`, { user: { name: 'Hacked' } }, user.token);
    expect(denied.status).toBe(403);
    const role = await server.api.patch(`/users/${user.id}`, { user: { role: 'admin' } }, user.token);
    expect(role.status).toBe(403);
    expect(role.body.code).toBe(-10033);
  });

  it("When an admin blocks a user, then the user's token stops at once with logout:true and login is refused", async () => {
    const admin = await server.api.post('/login', { user: { email: ADMIN.email, password: ADMIN.password } });
    const adminToken = (admin.body.user as { jwt: string }).jwt;
    const user = await createUser(server);
    expect((await server.api.get('/users/me', user.token)).status).toBe(200);
    const res = await server.api.patch(`/users/${user.id}`, { user: { role: 'blocked' } }, adminToken);
    expect(res.status).toBe(200);
    const me = await server.api.get('/users/me', user.token);
    expect(me.status).toBe(401);
    expect(me.body.logout).toBe(true);
    const login = await server.api.post('/login', { user: { email: user.email, password: user.password } });
    expect(login.status).toBe(403);
  });

  it('When the last admin is demoted, then 409 and the role stays', async () => {
    const admin = await server.api.post('/login', { user: { email: ADMIN.email, password: ADMIN.password } });
    const { jwt, id } = admin.body.user as { jwt: string; id: string };
    const res = await server.api.patch(`/users/${id}`, { user: { role: 'user' } }, jwt);
    expect(res.status).toBe(409);
    expect(res.body.key).toBe('errors.lastAdmin');
    const row = await server.app.ctx.prisma.user.findUniqueOrThrow({ where: { id } });
    expect(row.role).toBe('admin');
  });

  it('When tokens are forged, expired or missing, then 401', async () => {
    expect((await server.api.get('/users/me')).status).toBe(401);
    expect((await server.api.get('/users/me', 'not.a.jwt')).status).toBe(401);
    const { default: jwt } = await import('jsonwebtoken');
    const user = await createUser(server);
    const noExp = jwt.sign({ ver: 0, sub: user.id }, server.config.jwtSecret!, { algorithm: 'HS256' });
    expect((await server.api.get('/users/me', noExp)).status).toBe(401);
    const otherKey = jwt.sign({ ver: 0 }, 'another-secret-another-secret-0000', {
      algorithm: 'HS256',
      subject: user.id,
      expiresIn: 60,
    });
    expect((await server.api.get('/users/me', otherKey)).status).toBe(401);
    const expired = jwt.sign({ ver: 0, exp: Math.floor(Date.now() / 1000) - 10 }, server.config.jwtSecret!, {
      algorithm: 'HS256',
      subject: user.id,
    });
    expect((await server.api.get('/users/me', expired)).status).toBe(401);
  });
});
