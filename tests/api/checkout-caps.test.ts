// Checkout shows a capped payment method as unavailable (decision 112): the public product listing (what
// checkout reads, from the in-memory snapshot) carries `limit_reached` per method and product, true exactly when the
// day's cap leaves no room for the product's smallest order (so placing one would answer 409), never the caps or
// totals themselves; it follows every order that changes the day's total at once, and clears at midnight Dhaka.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ProductDto, ProductPmDto } from '#shared/api-types';
import { nextDhakaMidnight } from '#shared/dhaka';
import { testClock } from '../support/clock.js';
import { useTestServer } from '../support/server.js';
import { testDatabases } from '../support/databases.js';
import { loginAdmin, type TestUser } from '../factories/users.js';
import { topupPayload, TOPUP_BDT, TOPUP_USD, uniquePmId, WITHDRAW_BDT } from '../factories/orders.js';

describe.each(testDatabases())('Capped methods at checkout on %s', (db) => {
  const clock = testClock();
  const server = useTestServer({ db, clock });
  let admin: TestUser;
  beforeAll(async () => {
    admin = await loginAdmin(server);
  });
  afterEach(async () => {
    clock.reset();
    await server.app.ctx.prisma.order.deleteMany({});
    await setCaps(null, null);
  });

  const setCaps = async (count: number | null, amount: string | null) => {
    const res = await server.api.patch(
      '/pms/bkash',
      {
        pm: {
          wallet: '01711111111',
          confirm_wallet: '01711111111',
          available: true,
          daily_count_limit: count,
          daily_amount_limit: amount,
        },
      },
      admin.token,
    );
    expect(res.status).toBe(200);
  };
  const place = async (product: string, amount: string) =>
    (
      await server.api.post<{ id: string }>(`/orders/${product}`, {
        order: topupPayload({ amount, pm_method: 'bkash' }),
      })
    ).body;
  const placeStatus = async (product: string, amount: string) =>
    (await server.api.post(`/orders/${product}`, { order: topupPayload({ amount, pm_method: 'bkash' }) })).status;
  /** `limit_reached` of each method of a product, as checkout reads it (GET /products/{id}). */
  const flags = async (product: string) => {
    const res = await server.api.get<{ product: ProductDto }>(`/products/${product}`);
    expect(res.status).toBe(200);
    return Object.fromEntries(res.body.product.pms.map((pm: ProductPmDto) => [pm.account, pm.limit_reached]));
  };

  it('When no cap is set, then every method of every product is open', async () => {
    const res = await server.api.get<{ products: ProductDto[] }>('/products/all');
    expect(res.body.products.flatMap((p) => p.pms.map((pm) => pm.limit_reached))).toEqual(new Array(12).fill(false));
  });

  it('When the count cap is reached, then bKash is unavailable for both top-ups (home, list, product), withdrawals stay open, and no figure leaks', async () => {
    await setCaps(1, null);
    expect(await flags(TOPUP_BDT)).toEqual({ bkash: false, nagad: false, rocket: false });
    const placed = await place(TOPUP_BDT, '500');
    expect(await flags(TOPUP_BDT)).toEqual({ bkash: true, nagad: false, rocket: false });
    expect(await flags(TOPUP_USD)).toEqual({ bkash: true, nagad: false, rocket: false });
    expect(await flags(WITHDRAW_BDT)).toEqual({ bkash: false, nagad: false, rocket: false });
    expect(await placeStatus(TOPUP_BDT, '500')).toBe(409);
    for (const path of ['/home', '/products/all', `/products/${TOPUP_BDT}`]) {
      const res = await server.api.get(path);
      const text = JSON.stringify(res.body);
      expect(text, path).toContain('"limit_reached":true');
      // Customers learn that the method is full, not the shop's caps or its day's volume.
      expect(text, path).not.toMatch(/daily|today|"count"|limit"/);
    }
    const home = (await server.api.get<{ products: ProductDto[] }>('/home')).body.products;
    expect(home.find((p) => p.id === TOPUP_BDT)?.pms.find((pm) => pm.account === 'bkash')?.limit_reached).toBe(true);
    // The customer cancels: the place is free again, and checkout says so at once (the snapshot was dropped).
    expect((await server.api.patch(`/orders/${placed.id}`, { order: { cancel: true } })).status).toBe(200);
    expect(await flags(TOPUP_BDT)).toEqual({ bkash: false, nagad: false, rocket: false });
  });

  it('When what is left of the amount cap is below a product smallest pay amount, then only that product shows it full, matching the 409', async () => {
    // Cap 1000 taka; a 400 top-up leaves 600: enough for a BDT top-up (from 100 × 1), not a USD one (from 5 × 125).
    await setCaps(null, '1000.00');
    await place(TOPUP_BDT, '400');
    expect((await flags(TOPUP_BDT)).bkash).toBe(false);
    expect((await flags(TOPUP_USD)).bkash).toBe(true);
    expect(await placeStatus(TOPUP_USD, '5')).toBe(409);
    // Exactly at the cap passes; then nothing is left for either.
    expect(await placeStatus(TOPUP_BDT, '600')).toBe(201);
    expect((await flags(TOPUP_BDT)).bkash).toBe(true);
    expect(await placeStatus(TOPUP_BDT, '100')).toBe(409);
    // The admin raises the cap: open again at once.
    await setCaps(null, '1100.00');
    expect((await flags(TOPUP_BDT)).bkash).toBe(false);
    expect((await flags(TOPUP_USD)).bkash).toBe(true);
  });

  it('When midnight Asia/Dhaka passes, then a full method is open again without any write', async () => {
    await setCaps(1, null);
    // Paid, so it keeps counting however far the clock moves (a waiting one would time out on the way).
    const { id } = await place(TOPUP_BDT, '500');
    expect((await server.api.patch(`/orders/${id}`, { order: { pm_id: uniquePmId() } })).status).toBe(200);
    expect((await flags(TOPUP_BDT)).bkash).toBe(true);
    const midnight = nextDhakaMidnight(new Date());
    clock.set(midnight.getTime() - 1_000);
    expect((await flags(TOPUP_BDT)).bkash).toBe(true);
    clock.set(midnight);
    expect((await flags(TOPUP_BDT)).bkash).toBe(false);
    expect(await placeStatus(TOPUP_BDT, '500')).toBe(201);
    expect((await flags(TOPUP_BDT)).bkash).toBe(true);
  });
});
