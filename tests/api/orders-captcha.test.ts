// With the captcha on, order creation and every order PATCH need a fresh, unused solution.
import { beforeAll, describe, expect, it } from 'vitest';
import { solveCaptcha } from '../support/captcha.js';
import { useTestServer } from '../support/server.js';
import { loginAdmin, type TestUser } from '../factories/users.js';
import { COMPLETE_CHECKED, TOPUP_BDT, topupPayload } from '../factories/orders.js';

describe('Orders with the captcha on', () => {
  const server = useTestServer({ env: { CAPTCHA: 'altcha' } });
  let admin: TestUser;
  beforeAll(async () => {
    admin = await loginAdmin(server);
  });

  it('When an order comes without a captcha or with a replayed one, then 400 errors.captcha and nothing is stored', async () => {
    const none = await server.api.post(`/orders/${TOPUP_BDT}`, { order: topupPayload() });
    expect(none.status).toBe(400);
    expect(none.body.key).toBe('errors.captcha');
    expect(await server.app.ctx.prisma.order.count()).toBe(0);
    const captcha = await solveCaptcha(server);
    const ok = await server.api.post(`/orders/${TOPUP_BDT}`, { captcha, order: topupPayload() });
    expect(ok.status).toBe(201);
    const replay = await server.api.post(`/orders/${TOPUP_BDT}`, { captcha, order: topupPayload() });
    expect(replay.status).toBe(400);
    expect(await server.app.ctx.prisma.order.count()).toBe(1);
  });

  it('When a customer or the admin PATCHes without a fresh captcha, then 400 and the order is unchanged', async () => {
    const created = await server.api.post(`/orders/${TOPUP_BDT}`, {
      captcha: await solveCaptcha(server),
      order: topupPayload(),
    });
    const id = created.body.id as string;
    expect((await server.api.patch(`/orders/${id}`, { order: { pm_id: 'CAPTCHA123' } })).body.key).toBe(
      'errors.captcha',
    );
    expect((await server.api.patch(`/orders/${id}`, { order: { status: 'cancelled' } }, admin.token)).body.key).toBe(
      'errors.captcha',
    );
    expect((await server.api.get(`/orders/${id}`)).body.order).toMatchObject({ status: 'waiting' });
    const pay = await server.api.patch(`/orders/${id}`, {
      captcha: await solveCaptcha(server),
      order: { pm_id: 'CAPTCHA123' },
    });
    expect(pay.status).toBe(200);
    const done = await server.api.patch(
      `/orders/${id}`,
      { captcha: await solveCaptcha(server), order: COMPLETE_CHECKED },
      admin.token,
    );
    expect(done.status).toBe(200);
    expect(done.body.order).toMatchObject({ status: 'complete' });
  });

  it('When an admin edits the catalogue or the online status without a captcha, then 400 errors.captcha and nothing changes', async () => {
    const before = await server.app.ctx.prisma.product.findUniqueOrThrow({ where: { id: TOPUP_BDT } });
    const product = await server.api.patch(
      `/products/${TOPUP_BDT}`,
      { product: { description: 'Changed without a captcha' } },
      admin.token,
    );
    expect(product.status).toBe(400);
    expect(product.body.key).toBe('errors.captcha');
    expect((await server.app.ctx.prisma.product.findUniqueOrThrow({ where: { id: TOPUP_BDT } })).description).toBe(
      before.description,
    );
    const pm = await server.api.patch(
      '/pms/bkash',
      { pm: { wallet: '01999999999', confirm_wallet: '01999999999', note: '', available: true } },
      admin.token,
    );
    expect(pm.status).toBe(400);
    expect(
      (await server.app.ctx.prisma.paymentMethod.findUniqueOrThrow({ where: { account: 'bkash' } })).wallet,
    ).not.toBe('01999999999');
    const status = await server.api.patch('/admin', { admin: { online: true } }, admin.token);
    expect(status.status).toBe(400);
    const ok = await server.api.patch(
      '/admin',
      { captcha: await solveCaptcha(server), admin: { online: true } },
      admin.token,
    );
    expect(ok.status).toBe(200);
    expect(ok.body.admin).toMatchObject({ online: true });
  });
});
