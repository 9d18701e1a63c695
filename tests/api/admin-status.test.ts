import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../support/server.js';
import { testDatabases } from '../support/databases.js';
import { createUser, loginAdmin, type TestUser } from '../factories/users.js';

describe.each(testDatabases())('Admin status on %s', (db) => {
  const server = useTestServer({ db });
  let admin: TestUser;
  let user: TestUser;
  beforeAll(async () => {
    admin = await loginAdmin(server);
    user = await createUser(server);
  });

  it('When anyone asks, then the flag is given; the user count only to admins', async () => {
    const guest = await server.api.get('/admin');
    expect(guest.status).toBe(200);
    expect(guest.body.admin).toEqual({ online: false, users: 0, auto: true });
    expect((await server.api.get('/admin', user.token)).body.admin).toEqual({ online: false, users: 0, auto: true });
    const asAdmin = await server.api.get('/admin', admin.token);
    expect(asAdmin.body.admin).toEqual({ online: false, users: await server.app.ctx.prisma.user.count(), auto: true });
  });

  it('When the admin goes online and offline, then the flag is stored and the home page shows it', async () => {
    const on = await server.api.patch('/admin', { admin: { online: true } }, admin.token);
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ ok: true, text: 'Admin now Online', admin: { online: true } });
    expect((await server.api.get('/admin')).body.admin).toMatchObject({ online: true });
    expect((await server.api.get('/home')).body.adminOnline).toBe(true);
    const off = await server.api.patch('/admin', { admin: { online: false } }, admin.token);
    expect(off.body).toMatchObject({ text: 'Admin now Offline', admin: { online: false } });
    expect((await server.api.get('/home')).body.adminOnline).toBe(false);
  });

  it('When a guest or a user toggles it, then 401 or 403 with code -10033; a bad value is 400', async () => {
    expect((await server.api.patch('/admin', { admin: { online: true } })).status).toBe(401);
    const res = await server.api.patch('/admin', { admin: { online: true } }, user.token);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(-10033);
    const bad = await server.api.patch('/admin', { admin: { online: 'yes' } }, admin.token);
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.online).toBe('validation.invalid');
    expect((await server.api.get('/admin')).body.admin).toMatchObject({ online: false });
  });
});
