// Product pictures (product.md §6.1, decision 022): an admin uploads a JPEG/PNG on the product card; it goes through the
// avatar pipeline and is served from MEDIA_BASE_URL on every answer that carries products.
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { HomeDto, ProductDto } from '#shared/api-types';
import { useTestServer } from '../support/server.js';
import { testDatabases } from '../support/databases.js';
import { createUser, loginAdmin, type TestUser } from '../factories/users.js';
import { fetchMedia, mediaName, storedMedia } from '../support/media.js';

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 90 } } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'photographer-secret' } } })
    .toBuffer();
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 10, g: 20, b: 200, alpha: 0.5 } } })
    .png()
    .toBuffer();

function form(data: Buffer, type: string, field = 'pic'): FormData {
  const body = new FormData();
  body.append(field, new Blob([new Uint8Array(data)], { type }), type === 'image/png' ? 'p.png' : 'p.jpg');
  return body;
}

describe.each(testDatabases())('Product pictures on %s', (db) => {
  const server = useTestServer({ db });
  let admin: TestUser;
  let user: TestUser;
  const upload = (who: TestUser | null, body: FormData, id = '1xbet_topup_bdt') =>
    server.api.raw<{ product: ProductDto }>('POST', `/products/${id}/image`, { body }, who?.token);

  beforeAll(async () => {
    admin = await loginAdmin(server);
    user = await createUser(server);
  });

  it('When the admin uploads a JPEG, then it is re-encoded without metadata, at most 1000 px, served, and in every product answer', async () => {
    const res = await upload(admin, form(await jpeg(2000, 1500), 'image/jpeg'));
    expect(res.status).toBe(200);
    const image = res.body.product.image!;
    expect(image).toMatch(/^\/media\/products\/[a-f0-9]{32}\.jpg$/);
    const served = await fetchMedia(server, image);
    expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    const meta = await sharp(served.bytes).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 1000, 750, undefined]);
    expect(served.bytes.includes('photographer-secret')).toBe(false);

    const all = (await server.api.get<{ products: ProductDto[] }>('/products/all')).body.products;
    expect(all.find((p) => p.id === '1xbet_topup_bdt')?.image).toBe(image);
    expect(all.find((p) => p.id === '1xbet_topup_usd')?.image).toBeNull();
    expect((await server.api.get<{ product: ProductDto }>('/products/1xbet_topup_bdt')).body.product.image).toBe(image);
    expect((await server.api.get<HomeDto>('/home')).body.products.find((p) => p.id === '1xbet_topup_bdt')?.image).toBe(
      image,
    );
  });

  it('When the picture is replaced by a PNG, then the PNG stays PNG and the previous picture is deleted', async () => {
    const first = (await upload(admin, form(await png(40, 40), 'image/png'), '1xbet_withdraw_bdt')).body.product.image!;
    const second = await upload(admin, form(await png(300, 200), 'image/png'), '1xbet_withdraw_bdt');
    expect(second.status).toBe(200);
    expect(second.body.product.image).toMatch(/\.png$/);
    expect(await storedMedia(server, mediaName(first))).toEqual([]);
    expect((await fetchMedia(server, first)).status).toBe(404);
    expect((await fetchMedia(server, second.body.product.image!)).status).toBe(200);
    // Each change is audited with the pictures before and after.
    const entries = await server.app.ctx.prisma.auditEntry.findMany({
      where: { action: 'product.image', targetId: '1xbet_withdraw_bdt' },
      orderBy: { id: 'asc' },
    });
    expect(entries.map((e) => [e.actorId, e.targetType, e.before, e.after])).toEqual([
      [admin.id, 'product', { image: null }, { image: mediaName(first) }],
      [admin.id, 'product', { image: mediaName(first) }, { image: mediaName(second.body.product.image!) }],
    ]);
  });

  it('When a user, a guest, an unknown product or a file that is no picture is sent, then 403 / 401 / 404 / 400 and nothing changes', async () => {
    const before = await server.app.ctx.prisma.product.findUniqueOrThrow({ where: { id: '1xbet_topup_usd' } });
    const picture = await png(10, 10);
    expect((await upload(user, form(picture, 'image/png'), '1xbet_topup_usd')).status).toBe(403);
    expect((await upload(null, form(picture, 'image/png'), '1xbet_topup_usd')).status).toBe(401);
    const unknown = await upload(admin, form(picture, 'image/png'), 'poker');
    expect([unknown.status, unknown.body.key]).toEqual([404, 'errors.productNotFound']);
    const text = await upload(
      admin,
      form(Buffer.from('not a picture at all, only words'), 'image/png'),
      '1xbet_topup_usd',
    );
    expect([text.status, text.body.key]).toEqual([400, 'errors.badImageType']);
    const none = await upload(admin, form(picture, 'image/png', 'photo'), '1xbet_topup_usd');
    expect([none.status, none.body.key]).toEqual([400, 'errors.noFile']);
    const after = await server.app.ctx.prisma.product.findUniqueOrThrow({ where: { id: '1xbet_topup_usd' } });
    expect(after.image).toBe(before.image);
    expect(
      await server.app.ctx.prisma.auditEntry.count({ where: { action: 'product.image', targetId: '1xbet_topup_usd' } }),
    ).toBe(0);
    expect(await storedMedia(server, 'products/')).toHaveLength(2);
  });
});
