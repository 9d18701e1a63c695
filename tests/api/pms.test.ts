import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../support/server.js';
import { testDatabases } from '../support/databases.js';
import { createUser, loginAdmin, type TestUser } from '../factories/users.js';
import type { PaymentMethodDto } from '#shared/api-types';

describe.each(testDatabases())('Payment methods on %s', (db) => {
  const server = useTestServer({ db });
  let admin: TestUser;
  let user: TestUser;
  beforeAll(async () => {
    admin = await loginAdmin(server);
    user = await createUser(server);
  });

  it('When the admin lists payment methods, then each account comes with wallet, note and availability', async () => {
    const res = await server.api.get('/pms/all', admin.token);
    expect(res.status).toBe(200);
    const pms = res.body.pms as PaymentMethodDto[];
    expect(pms.map((p) => p.account)).toEqual(['bkash', 'nagad', 'rocket']);
    expect(pms[0]).toEqual({
      account: 'bkash',
      wallet: '01700000001',
      note: expect.any(String),
      available: true,
      daily_count_limit: null,
      daily_amount_limit: null,
      hours: null,
      today: { count: 0, amount: 0 },
    });
  });

  it('When a guest or a user lists them, then 401 or 403 with code -10033', async () => {
    expect((await server.api.get('/pms/all')).status).toBe(401);
    const res = await server.api.get('/pms/all', user.token);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(-10033);
  });

  it('When the admin saves a method, then the next order uses the new wallet number', async () => {
    const res = await server.api.patch('/pms/bkash', { pm: { wallet: '01711111111', note: 'Personal', available: true } }, admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, text: 'Success' });
    const order = await server.api.post('/orders/1xbet_topup_bdt', {
      order: { pm_method: 'bkash', amount: '100', onex_id: '123456789', contact_email: 'a@bcd.com' },
    });
    const read = await server.api.get(`/orders/${order.body.id as string}`);
    expect((read.body.order as { pm_wallet: string }).pm_wallet).toBe('01711111111');
  });

  it('When a method was never saved, then PATCH creates it', async () => {
    await server.app.ctx.prisma.paymentMethod.delete({ where: { account: 'rocket' } });
    expect(((await server.api.get('/pms/all', admin.token)).body.pms as PaymentMethodDto[]).map((p) => p.account)).toEqual(['bkash', 'nagad']);
    const res = await server.api.patch('/pms/rocket', { pm: { wallet: '019999999995', available: false } }, admin.token);
    expect(res.status).toBe(200);
    const pms = (await server.api.get('/pms/all', admin.token)).body.pms as PaymentMethodDto[];
    expect(pms.find((p) => p.account === 'rocket')).toEqual({
      account: 'rocket',
      wallet: '019999999995',
      note: '',
      available: false,
      daily_count_limit: null,
      daily_amount_limit: null,
      hours: null,
      today: { count: 0, amount: 0 },
    });
  });

  it.each([
    [{ pm: { wallet: '0171', available: true } }, 'wallet', 'validation.pmWalletMobile'],
    [{ pm: { wallet: '019123456789', available: true } }, 'wallet', 'validation.pmWalletMobile'],
    [{ pm: { available: true } }, 'wallet', 'validation.required'],
    [{ pm: { wallet: '01711111111', available: 'no' } }, 'available', 'validation.invalid'],
    [{ pm: { wallet: '01711111111', note: 'x'.repeat(501), available: true } }, 'note', 'validation.noteLong'],
  ])('When the admin sends %j, then 400 names the field', async (payload, field, key) => {
    const res = await server.api.patch('/pms/nagad', payload, admin.token);
    expect(res.status).toBe(400);
    expect(res.body.errors?.[field]).toBe(key);
  });

  it('When the admin writes a number with spaces, +880 or Bengali digits, then it is stored as its local digits, checked per wallet', async () => {
    const nagad = await server.api.patch('/pms/nagad', { pm: { wallet: '+৮৮০ ১৮১২-৩৪৫৬৭৮', available: true } }, admin.token);
    expect(nagad.status).toBe(200);
    expect((nagad.body.pm as PaymentMethodDto).wallet).toBe('01812345678');
    // Rocket is the mobile number and one check digit: 11 digits are one short.
    const short = await server.api.patch('/pms/rocket', { pm: { wallet: '01912345678', available: true } }, admin.token);
    expect(short.status).toBe(400);
    expect(short.body.errors?.wallet).toBe('validation.pmWalletRocket');
    const rocket = await server.api.patch('/pms/rocket', { pm: { wallet: '০১৯১২৩৪৫৬৭৮৯', available: true } }, admin.token);
    expect((rocket.body.pm as PaymentMethodDto).wallet).toBe('019123456789');
  });

  it('When the account is unknown, then 404; a user gets 403', async () => {
    expect((await server.api.patch('/pms/paypal', { pm: { wallet: '01711111111', available: true } }, admin.token)).status).toBe(404);
    expect((await server.api.patch('/pms/nagad', { pm: { wallet: '01711111111', available: true } }, user.token)).status).toBe(403);
    expect((await server.api.patch('/pms/nagad', { pm: { wallet: '01711111111', available: true } })).status).toBe(401);
  });
});
