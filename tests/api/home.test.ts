import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/server.js';
import { testDatabases } from '../support/databases.js';
import { createUser, loginAdmin } from '../factories/users.js';
import { placeOrder, topupPayload, TOPUP_USD } from '../factories/orders.js';
import type { HomeDto } from '#shared/api-types';

describe.each(testDatabases())('Home on %s', (db) => {
  const server = useTestServer({ db });

  it('When a guest opens the home page of a fresh shop, then products, no orders, no user and offline come back', async () => {
    const res = await server.api.get('/home');
    expect(res.status).toBe(200);
    const home = res.body as unknown as HomeDto;
    expect(home.ok).toBe(true);
    expect(home.products).toHaveLength(4);
    expect(home.orders).toEqual([]);
    expect(home.user).toBeNull();
    expect(home.adminOnline).toBe(false);
  });

  it('When orders were placed, then the last 10 show newest first with 2-decimal amounts, masked names and empty names for guests', async () => {
    const user = await createUser(server, { name: 'Karim' });
    for (let i = 0; i < 10; i += 1) await placeOrder(server);
    await placeOrder(server, TOPUP_USD, topupPayload({ amount: '10.5' }), user.token);
    const res = await server.api.get(`/home?jwt=${user.token}`);
    const home = res.body as unknown as HomeDto;
    expect(home.orders).toHaveLength(10);
    expect(home.orders[0]).toEqual({
      product_id: TOPUP_USD,
      created_at: expect.any(Number),
      amount: 10.5,
      pm_amount: 1312.5,
      status: 'waiting',
      userName: 'K***m',
      userLogo: null,
    });
    expect(home.orders[1]).toMatchObject({ userName: '', amount: 500, pm_amount: 500 });
    expect(home.user).toMatchObject({ id: user.id, name: 'Karim', orders: 1 });
    // No private fields leak into the public list.
    expect(Object.keys(home.orders[1]).sort()).toEqual([
      'amount',
      'created_at',
      'pm_amount',
      'product_id',
      'status',
      'userLogo',
      'userName',
    ]);
  });

  it('When an order timed out, then the public feed leaves it out (nothing happened); the others stay', async () => {
    const late = await placeOrder(server, TOPUP_USD, topupPayload({ amount: '7.77' }));
    await placeOrder(server, TOPUP_USD, topupPayload({ amount: '8.88' }));
    const amounts = async () =>
      ((await server.api.get('/home')).body as unknown as HomeDto).orders.map((o) => o.amount);
    expect(await amounts()).toContain(7.77);
    await server.app.ctx.prisma.order.update({
      where: { id: late },
      data: { lastTime: new Date(Date.now() - 60_000) },
    });
    expect(await server.app.services.orders.expireDueOrders()).toContain(late);
    await expect.poll(amounts).not.toContain(7.77);
    expect(await amounts()).toContain(8.88);
  });

  it('When the shop shows names, then the home shows full names and photos again, at once; turned off, masked again', async () => {
    const admin = await loginAdmin(server);
    const user = await createUser(server, { name: 'রহিম উদ্দিন' });
    await placeOrder(server, TOPUP_USD, topupPayload({ amount: '12' }), user.token);
    const first = async () => ((await server.api.get('/home')).body as unknown as HomeDto).orders[0].userName;
    expect(await first()).toBe('র***ন');
    expect(
      (await server.api.patch('/shop-settings', { settings: { home_show_names: true } }, admin.token)).status,
    ).toBe(200);
    expect(await first()).toBe('রহিম উদ্দিন');
    expect(
      (await server.api.patch('/shop-settings', { settings: { home_show_names: 'yes' } }, admin.token)).status,
    ).toBe(400);
    expect(
      (await server.api.patch('/shop-settings', { settings: { home_show_names: false } }, admin.token)).status,
    ).toBe(200);
    expect(await first()).toBe('র***ন');
  });

  it('When the token is bad, then 401 with logout', async () => {
    const res = await server.api.get('/home', 'not-a-token');
    expect(res.status).toBe(401);
    expect(res.body.logout).toBe(true);
  });
});
