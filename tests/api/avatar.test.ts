import zlib from 'node:zlib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, useTestServer } from '../support/server.js';
import { testDatabases } from '../support/databases.js';
import { grayscalePng } from '../support/png.js';
import { fetchMedia, mediaName, storedMedia } from '../support/media.js';
import { createUser, loginAdmin, type TestUser } from '../factories/users.js';
import type { UserDto } from '#shared/api-types';

async function jpegWithExif(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 90 } } })
    .jpeg()
    .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'secret-owner', Artist: 'Someone' } } })
    .toBuffer();
}
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 10, g: 120, b: 200, alpha: 0.5 } } })
    .png()
    .toBuffer();

/** A valid 8-bit grayscale PNG of the given size, all black: tiny on disk, huge once decoded. */
async function pngBomb(width: number, height: number): Promise<Buffer> {
  // Every row: filter byte 0 and black pixels, streamed through deflate so the test never holds the raw image.
  const deflate = zlib.createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (c: Buffer) => out.push(c));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  const row = Buffer.alloc(width + 1);
  for (let y = 0; y < height; y++) deflate.write(row);
  deflate.end();
  await done;
  return grayscalePng(width, height, Buffer.concat(out));
}

function form(
  file?: { data: Buffer; name: string; type: string },
  fields: Record<string, string> = {},
  field = 'pic',
): FormData {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  if (file) body.append(field, new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  return body;
}

describe.each(testDatabases())('Avatar upload on %s', (db) => {
  const server = useTestServer({ db });
  let user: TestUser;
  const upload = (u: TestUser, body: FormData, id = u.id) =>
    server.api.raw<{ user: UserDto }>('POST', `/users/${id}`, { body }, u.token);
  /** The stored picture's bytes, as every instance serves them. */
  const stored = async (logo: string) => (await fetchMedia(server, logo)).bytes;

  beforeAll(async () => {
    user = await createUser(server);
  });

  it('When a user uploads a JPEG with EXIF, then it is rotated, shrunk to 1000 px, stripped and served', async () => {
    const res = await upload(user, form({ data: await jpegWithExif(2400, 1200), name: 'me.jpg', type: 'image/jpeg' }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, text: 'Updated successfully' });
    const logo = res.body.user.logo!;
    expect(logo).toMatch(/^\/media\/avatars\/[a-f0-9]{32}\.jpg$/);
    const served = await fetchMedia(server, logo);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    const meta = await sharp(served.bytes).metadata();
    expect(meta.format).toBe('jpeg');
    // Orientation 6 turns the 2400×1200 landscape into a portrait, then it fits inside 1000×1000.
    expect([meta.width, meta.height]).toEqual([500, 1000]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(served.bytes.includes('secret-owner')).toBe(false);
    const me = await server.api.get<{ user: UserDto }>('/users/me', user.token);
    expect(me.body.user.logo).toBe(logo);
  });

  it('When a user uploads a PNG, then it stays PNG and the previous avatar is deleted', async () => {
    const first = await upload(user, form({ data: await png(300, 200), name: 'a.png', type: 'image/png' }));
    const firstLogo = first.body.user.logo!;
    expect(await storedMedia(server, mediaName(firstLogo))).toEqual([mediaName(firstLogo)]);
    const second = await upload(user, form({ data: await png(1600, 1600), name: 'b.png', type: 'image/png' }));
    expect(second.status).toBe(200);
    const logo = second.body.user.logo!;
    expect(logo).toMatch(/\.png$/);
    expect(await storedMedia(server, mediaName(firstLogo))).toEqual([]);
    expect((await fetchMedia(server, firstLogo)).status).toBe(404);
    const meta = await sharp(await stored(logo)).metadata();
    expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(['png', 1000, 1000, true]);
  });

  it('When a small image is uploaded, then it is not enlarged', async () => {
    const res = await upload(user, form({ data: await png(120, 80), name: 'small.png', type: 'image/png' }));
    const meta = await sharp(await stored(res.body.user.logo!)).metadata();
    expect([meta.width, meta.height]).toEqual([120, 80]);
  });

  it('When a text file is renamed .png, then 400 Only JPG and PNG are allowed', async () => {
    const res = await upload(
      user,
      form({ data: Buffer.from('just some text, not an image at all'), name: 'fake.png', type: 'image/png' }),
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ key: 'errors.badImageType', text: 'Only JPG and PNG are allowed' });
  });

  it('When a GIF or WebP is uploaded, then it is refused by its bytes', async () => {
    const webp = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .webp()
      .toBuffer();
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    for (const data of [webp, gif]) {
      const res = await upload(user, form({ data, name: 'x.jpg', type: 'image/jpeg' }));
      expect(res.status).toBe(400);
      expect(res.body.key).toBe('errors.badImageType');
    }
  });

  it('When the file is over 3 MB, then 413 File too large', async () => {
    const big = Buffer.concat([await png(10, 10), Buffer.alloc(3_145_728)]);
    const res = await upload(user, form({ data: big, name: 'big.png', type: 'image/png' }));
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({
      key: 'errors.fileTooLarge',
      text: 'File too large, try adjusting the image or choose another file',
    });
  });

  it('When a 16000×16000 PNG bomb is uploaded, then it is refused quickly as over 16 megapixels, without decoding', async () => {
    const bomb = await pngBomb(16000, 16000);
    expect(bomb.length).toBeLessThan(3_145_728);
    const before = await server.app.ctx.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    const started = Date.now();
    const res = await upload(user, form({ data: bomb, name: 'bomb.png', type: 'image/png' }));
    expect(res.status).toBe(400);
    expect(res.body.key).toBe('errors.imageTooManyPixels');
    expect(res.body.errors).toEqual({ pic: 'errors.imageTooManyPixels' });
    expect(Date.now() - started).toBeLessThan(2000);
    const after = await server.app.ctx.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(after.logo).toBe(before.logo);
  });

  it('When no file is sent, then 400 Please select an image', async () => {
    const empty = await upload(user, form());
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ key: 'errors.noFile', text: 'Please select an image' });
    const wrongField = await upload(
      user,
      form({ data: await png(10, 10), name: 'a.png', type: 'image/png' }, {}, 'photo'),
    );
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.key).toBe('errors.noFile');
    const json = await server.api.post(`/users/${user.id}`, { pic: 'x' }, user.token);
    expect(json.status).toBe(400);
    expect(json.body.key).toBe('errors.noFile');
  });

  it('When a captcha field is repeated, then 400 (not 500)', async () => {
    const res = await upload(user, form({ data: await png(10, 10), name: 'a.png', type: 'image/png' }, {}, 'pic'));
    expect(res.status).toBe(200);
    const body = form({ data: await png(10, 10), name: 'a.png', type: 'image/png' });
    body.append('captcha', 'a');
    body.append('captcha', 'b');
    const repeated = await upload(user, body);
    expect(repeated.status).toBe(400);
  });

  it('When someone uploads for another account or without a token, then 403 / 401', async () => {
    const other = await createUser(server);
    const admin = await loginAdmin(server);
    const file = { data: await png(10, 10), name: 'a.png', type: 'image/png' };
    expect((await upload(other, form(file), user.id)).status).toBe(403);
    expect((await upload(admin, form(file), user.id)).status).toBe(403);
    const anonymous = await server.api.raw('POST', `/users/${user.id}`, { body: form(file) });
    expect(anonymous.status).toBe(401);
  });

  it('When the captcha is on, then an upload without a valid captcha field is refused and nothing is stored', async () => {
    const strict = await startTestServer({ db, env: { CAPTCHA: 'altcha' } });
    try {
      const u = await createUser(strict);
      const res = await strict.api.raw(
        'POST',
        `/users/${u.id}`,
        { body: form({ data: await png(10, 10), name: 'a.png', type: 'image/png' }, { captcha: 'bogus' }) },
        u.token,
      );
      expect(res.status).toBe(400);
      expect(res.body.key).toBe('errors.captcha');
      expect(await storedMedia(strict)).toEqual([]);
    } finally {
      await strict.close();
    }
  });
});
