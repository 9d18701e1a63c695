import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../support/server.js';
import { testDatabases } from '../support/databases.js';
import { createUser, loginAdmin, type TestUser } from '../factories/users.js';
import type { ProductDto } from '#shared/api-types';
import { PRODUCT_IDS } from '#shared/constants';

describe.each(testDatabases())('Products on %s', (db) => {
  const server = useTestServer({ db });
  let admin: TestUser;
  let user: TestUser;
  beforeAll(async () => {
    admin = await loginAdmin(server);
    user = await createUser(server);
  });

  it('When anyone lists products, then the four seeded products come in order with their method terms', async () => {
    const res = await server.api.get('/products/all');
    expect(res.status).toBe(200);
    const products = res.body.products as ProductDto[];
    expect(products.map((p) => p.id)).toEqual([...PRODUCT_IDS]);
    expect(products[1].pms).toEqual([
      {
        account: 'bkash',
        available: true,
        rate: 125,
        min: 5,
        max: 500,
        limit_reached: false,
        hours: null,
        note: 'Send Money to this personal bKash number.',
        note_bn: 'এই পার্সোনাল বিকাশ নম্বরে সেন্ড মানি করুন।',
      },
      {
        account: 'nagad',
        available: true,
        rate: 125,
        min: 5,
        max: 500,
        limit_reached: false,
        hours: null,
        note: 'Send Money to this personal Nagad number.',
        note_bn: 'এই পার্সোনাল নগদ নম্বরে সেন্ড মানি করুন।',
      },
      {
        account: 'rocket',
        available: true,
        rate: 125,
        min: 5,
        max: 500,
        limit_reached: false,
        hours: null,
        note: 'Send Money to this personal Rocket number.',
        note_bn: 'এই পার্সোনাল রকেট নম্বরে সেন্ড মানি করুন।',
      },
    ]);
  });

  it('When a product is read by id, then it answers; an unknown id is 404', async () => {
    const res = await server.api.get('/products/1xbet_withdraw_bdt');
    expect(res.status).toBe(200);
    expect(res.body.product).toMatchObject({ id: '1xbet_withdraw_bdt', available: true });
    expect((res.body.product as ProductDto).pms[0].rate).toBe(0.98);
    expect((await server.api.get('/products/nope')).status).toBe(404);
  });

  it('When the admin edits a product and its methods, then the change is stored and answered with refresh', async () => {
    const res = await server.api.patch(
      '/products/1xbet_topup_bdt',
      {
        product: {
          available: false,
          description: '  New description  ',
          pms: [{ account: 'nagad', available: false, rate: '1.0125', min: '200', max: 30000 }],
        },
      },
      admin.token,
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, refresh: true, text: 'Success' });
    const product = (await server.api.get('/products/1xbet_topup_bdt')).body.product as ProductDto;
    expect(product).toMatchObject({ available: false, description: 'New description' });
    expect(product.pms.find((p) => p.account === 'nagad')).toEqual({
      account: 'nagad',
      available: false,
      rate: 1.0125,
      min: 200,
      max: 30000,
      limit_reached: false,
      hours: null,
      note: 'Send Money to this personal Nagad number.',
      note_bn: 'এই পার্সোনাল নগদ নম্বরে সেন্ড মানি করুন।',
    });
    expect(product.pms.find((p) => p.account === 'bkash')).toMatchObject({ available: true, rate: 1 });
  });

  it('When the admin writes the Bengali description, then it is stored beside the English one; empty clears it', async () => {
    const seeded = (await server.api.get('/products/1xbet_withdraw_bdt')).body.product as ProductDto;
    expect(seeded.description_bn).toBe('আপনার 1xBet অ্যাকাউন্ট থেকে টাকা সরাসরি মোবাইল ওয়ালেটে উইথড্র করুন।');
    const res = await server.api.patch(
      '/products/1xbet_withdraw_bdt',
      { product: { description_bn: '  বিকাশে টাকা তুলুন, মিনিটেই।  ' } },
      admin.token,
    );
    expect(res.status).toBe(200);
    const product = (await server.api.get('/products/1xbet_withdraw_bdt')).body.product as ProductDto;
    expect(product).toMatchObject({ description: seeded.description, description_bn: 'বিকাশে টাকা তুলুন, মিনিটেই।' });
    await server.api.patch('/products/1xbet_withdraw_bdt', { product: { description_bn: '' } }, admin.token);
    expect(((await server.api.get('/products/1xbet_withdraw_bdt')).body.product as ProductDto).description_bn).toBe('');
  });

  it('When the admin sends a method the product lacks, then it is added (upsert per account)', async () => {
    await server.app.ctx.prisma.productPm.delete({
      where: { productId_account: { productId: '1xbet_topup_usd', account: 'rocket' } },
    });
    const res = await server.api.patch(
      '/products/1xbet_topup_usd',
      { product: { pms: [{ account: 'rocket', available: true, rate: 126, min: 5, max: 400 }] } },
      admin.token,
    );
    expect(res.status).toBe(200);
    const product = (await server.api.get('/products/1xbet_topup_usd')).body.product as ProductDto;
    expect(product.pms.map((p) => p.account)).toEqual(['bkash', 'nagad', 'rocket']);
  });

  it.each([
    [{ product: { description: 'abc' } }, 'description', 'validation.descriptionShort'],
    [{ product: { description: 'x'.repeat(501) } }, 'description', 'validation.descriptionLong'],
    [{ product: { description_bn: 'কম' } }, 'description_bn', 'validation.descriptionShort'],
    [{ product: { available: 'yes' } }, 'available', 'validation.invalid'],
    [
      { product: { pms: [{ account: 'bkash', available: true, rate: 0, min: 1, max: 2 }] } },
      'pms.0.rate',
      'validation.rateInvalid',
    ],
    [
      { product: { pms: [{ account: 'bkash', available: true, rate: 1, min: 10, max: 2 }] } },
      'pms.0.max',
      'validation.minMaxInvalid',
    ],
    [
      { product: { pms: [{ account: 'paypal', available: true, rate: 1, min: 1, max: 2 }] } },
      'pms.0.account',
      'validation.pmInvalid',
    ],
  ])('When the admin sends %j, then 400 names the field and nothing changes', async (payload, field, key) => {
    const before = await server.api.get('/products/1xbet_withdraw_usd');
    const res = await server.api.patch('/products/1xbet_withdraw_usd', payload, admin.token);
    expect(res.status).toBe(400);
    expect(res.body.errors?.[field]).toBe(key);
    expect((await server.api.get('/products/1xbet_withdraw_usd')).body).toEqual(before.body);
  });

  it('When a guest or a user edits a product, then 401 or 403 with code -10033', async () => {
    const body = { product: { available: false } };
    expect((await server.api.patch('/products/1xbet_withdraw_usd', body)).status).toBe(401);
    const res = await server.api.patch('/products/1xbet_withdraw_usd', body, user.token);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(-10033);
    expect(((await server.api.get('/products/1xbet_withdraw_usd')).body.product as ProductDto).available).toBe(true);
  });

  it('When the admin edits an unknown product, then 404', async () => {
    expect(
      (await server.api.patch('/products/1xbet_topup_eur', { product: { available: true } }, admin.token)).status,
    ).toBe(404);
  });
});
