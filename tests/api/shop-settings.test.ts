// The shop's settings (decisions 163-081): GET answers every key with its default, PATCH takes some keys
// (unknown keys 400, bad values 400, admins only, audited), and the services' cached reader follows every change,
// on other instances too.
import { describe, expect, it } from 'vitest';
import { SHOP_SETTINGS_DEFAULTS } from '#shared/shop-settings';
import { createUser, loginAdmin } from '../factories/users.js';
import { testDatabases } from '../support/databases.js';
import { useTestInstances, useTestServer } from '../support/server.js';

describe.each(testDatabases())('Shop settings (%s)', (db) => {
  const server = useTestServer({ db });

  it('When nothing was ever set, then GET answers every key with its default (four-eyes off)', async () => {
    const admin = await loginAdmin(server);
    const res = await server.api.get('/shop-settings', admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, settings: SHOP_SETTINGS_DEFAULTS });
    expect(res.body.settings).toEqual({ ...SHOP_SETTINGS_DEFAULTS, four_eyes_bdt: null });
  });

  it('When the admin sets a key, then it is stored, answered, audited and the cached reader sees it at once', async () => {
    const admin = await loginAdmin(server);
    expect((await server.app.services.settings.current()).four_eyes_bdt).toBeNull();
    const res = await server.api.patch('/shop-settings', { settings: { four_eyes_bdt: 50_000.5 } }, admin.token);
    expect(res.status).toBe(200);
    expect(res.body.settings).toEqual({ ...SHOP_SETTINGS_DEFAULTS, four_eyes_bdt: 50_000.5 });
    expect((await server.api.get('/shop-settings', admin.token)).body.settings).toEqual({
      ...SHOP_SETTINGS_DEFAULTS,
      four_eyes_bdt: 50_000.5,
    });
    expect((await server.app.services.settings.current()).four_eyes_bdt).toBe(50_000.5);
    const entry = await server.app.ctx.prisma.auditEntry.findFirst({
      where: { action: 'settings.update' },
      orderBy: { id: 'desc' },
    });
    expect(entry).toMatchObject({
      actorId: admin.id,
      targetType: 'setting',
      targetId: 'four_eyes_bdt',
      before: { four_eyes_bdt: null },
      after: { four_eyes_bdt: 50_000.5 },
    });

    // null turns it off again (a value of its own, not "unset").
    const off = await server.api.patch('/shop-settings', { settings: { four_eyes_bdt: null } }, admin.token);
    expect(off.body.settings).toEqual({ ...SHOP_SETTINGS_DEFAULTS, four_eyes_bdt: null });
    expect((await server.app.services.settings.current()).four_eyes_bdt).toBeNull();
  });

  it('When a key is unknown, a value is bad or nothing is given, then 400 names it and nothing changes', async () => {
    const admin = await loginAdmin(server);
    await server.api.patch('/shop-settings', { settings: { four_eyes_bdt: 1000 } }, admin.token);
    const audits = await server.app.ctx.prisma.auditEntry.count();
    const unknown = await server.api.patch(
      '/shop-settings',
      { settings: { four_eyes_bdt: 2000, night_mode: true } },
      admin.token,
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual({ night_mode: 'validation.settingUnknown' });
    for (const bad of [-1, 'lots', 1.234, 2_000_000_000, true]) {
      const res = await server.api.patch('/shop-settings', { settings: { four_eyes_bdt: bad } }, admin.token);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.errors).toEqual({ four_eyes_bdt: 'validation.fourEyesInvalid' });
    }
    expect((await server.api.patch('/shop-settings', { settings: {} }, admin.token)).status).toBe(400);
    expect((await server.api.patch('/shop-settings', { settings: [] }, admin.token)).status).toBe(400);
    expect((await server.api.patch('/shop-settings', {}, admin.token)).status).toBe(400);
    expect((await server.api.get('/shop-settings', admin.token)).body.settings).toEqual({
      ...SHOP_SETTINGS_DEFAULTS,
      four_eyes_bdt: 1000,
    });
    expect(await server.app.ctx.prisma.auditEntry.count()).toBe(audits);
  });

  it('When an operator, a customer or a guest asks, then 403 forbidden / 403 adminOnly / 401', async () => {
    const operator = await createUser(server, { role: 'operator' });
    const customer = await createUser(server);
    expect(
      (await server.api.patch('/shop-settings', { settings: { four_eyes_bdt: 1 } }, operator.token)).body.key,
    ).toBe('errors.forbidden');
    expect((await server.api.get('/shop-settings', customer.token)).body.key).toBe('errors.adminOnly');
    expect((await server.api.get('/shop-settings')).status).toBe(401);
  });

  it('When a stored value no longer fits its key, then the default is answered, not an error', async () => {
    const admin = await loginAdmin(server);
    await server.app.ctx.prisma.shopSetting.update({
      where: { key: 'four_eyes_bdt' },
      data: { value: { value: 'not a number' } },
    });
    server.app.services.settings.dropped();
    expect((await server.api.get('/shop-settings', admin.token)).body.settings).toEqual({
      ...SHOP_SETTINGS_DEFAULTS,
      four_eyes_bdt: null,
    });
  });
});

describe.runIf(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)(
  'Shop settings on several instances (Redis)',
  () => {
    const [a, b] = useTestInstances(2, { redis: true });

    it("When an admin changes a setting on one instance, then the other's cached reader has it as soon as the PATCH answered", async () => {
      const admin = await loginAdmin(a);
      // Fill B's cache with the old value first.
      expect((await b.app.services.settings.current()).four_eyes_bdt).toBeNull();
      const res = await a.api.patch('/shop-settings', { settings: { four_eyes_bdt: 75_000 } }, admin.token);
      expect(res.status).toBe(200);
      // The bus message is published before the answer; its delivery to B's subscriber takes a moment.
      const deadline = Date.now() + 2_000;
      let seen = (await b.app.services.settings.current()).four_eyes_bdt;
      while (seen !== 75_000 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 20));
        seen = (await b.app.services.settings.current()).four_eyes_bdt;
      }
      expect(seen).toBe(75_000);
    });
  },
);
