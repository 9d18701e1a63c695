// Pictures every instance sees (decision 250): kept in the database, served with a strong ETag and immutable caching,
// streamed in slices; the same pictures on every instance; the files an older shop left under DATA_DIR moved in at
// start; pictures nothing refers to swept away.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TicketDto, UserDto } from '#shared/api-types';
import { importDiskMedia } from '../../server/media/index.js';
import { openTicket } from '../factories/tickets.js';
import { createUser, loginAdmin, type TestUser } from '../factories/users.js';
import { testClock } from '../support/clock.js';
import { createPostgresDatabase, testDatabases, type DbKind } from '../support/databases.js';
import { fetchMedia, mediaName, storedMedia } from '../support/media.js';
import { startTestServer, useTestInstances, useTestServer, type TestServer } from '../support/server.js';

const PUBLIC_CACHE = 'public, max-age=31536000, immutable';
const png = (width: number, height: number, r = 10) =>
  sharp({ create: { width, height, channels: 4, background: { r, g: 120, b: 200, alpha: 0.5 } } })
    .png()
    .toBuffer();
const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 90, g: 30, b: 10 } } })
    .jpeg()
    .toBuffer();
/** Random pixels: a PNG that compresses to about its raw size (the largest kind a row holds). */
const noisyPng = (side: number) =>
  sharp(crypto.randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png()
    .toBuffer();
const strongEtag = (bytes: Buffer) => `"${crypto.createHash('sha256').update(bytes).digest('base64url')}"`;
const hex = () => crypto.randomBytes(16).toString('hex');

function form(data: Buffer, type = 'image/png'): FormData {
  const body = new FormData();
  body.append('pic', new Blob([new Uint8Array(data)], { type }), type === 'image/png' ? 'p.png' : 'p.jpg');
  return body;
}
async function uploadAvatar(server: TestServer, user: TestUser, data: Buffer): Promise<string> {
  const res = await server.api.raw<{ user: UserDto }>('POST', `/users/${user.id}`, { body: form(data) }, user.token);
  if (res.status !== 200) throw new Error(`avatar upload failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.user.logo!;
}
async function sendTicketPicture(
  server: TestServer,
  user: TestUser,
  ticketId: string,
  data: Buffer,
): Promise<{ path: string; messageId: number }> {
  const res = await server.api.raw<{ support: TicketDto }>(
    'POST',
    `/supports/${ticketId}/pictures`,
    { body: form(data) },
    user.token,
  );
  if (res.status !== 201) throw new Error(`ticket picture failed: ${res.status} ${JSON.stringify(res.body)}`);
  const message = res.body.support.texts!.at(-1)!;
  return { path: message.picture!.path, messageId: message.id };
}
const bearer = (user: TestUser) => ({ headers: { authorization: `Bearer ${user.token}` } });
/** A browser's second request for a picture it keeps (fetch() says no-cache on a conditional request unless told otherwise). */
const revalidate = (etag: string, extra: Record<string, string> = {}) => ({
  headers: { 'if-none-match': etag, 'cache-control': 'max-age=0', ...extra },
});

describe.each(testDatabases())('Pictures in the database on %s', (db) => {
  const statements: string[] = [];
  const clock = testClock();
  const server = useTestServer({ db, clock, onStatement: (sql) => statements.push(sql) });
  const sliceReads = () => statements.filter((sql) => sql.includes('substring(data')).length;
  let user: TestUser;
  beforeAll(async () => {
    user = await createUser(server);
  });

  it('When an avatar is served, then it carries its strong ETag, immutable caching and its length; asked again with the ETag, 304 without reading its bytes', async () => {
    const logo = await uploadAvatar(server, user, await png(200, 100));
    const row = await server.app.ctx.prisma.mediaObject.findUniqueOrThrow({ where: { name: mediaName(logo) } });
    expect([row.store, row.contentType, row.size]).toEqual(['database', 'image/png', row.data!.length]);

    const first = await fetchMedia(server, logo);
    expect(first.status).toBe(200);
    expect(first.bytes.equals(Buffer.from(row.data!))).toBe(true);
    expect({
      type: first.headers.get('content-type'),
      length: first.headers.get('content-length'),
      etag: first.headers.get('etag'),
      cache: first.headers.get('cache-control'),
    }).toEqual({ type: 'image/png', length: String(row.size), etag: strongEtag(first.bytes), cache: PUBLIC_CACHE });

    const before = sliceReads();
    const again = await fetchMedia(server, logo, revalidate(first.headers.get('etag')!));
    expect([again.status, again.bytes.length, again.headers.get('etag'), again.headers.get('cache-control')]).toEqual([
      304,
      0,
      first.headers.get('etag'),
      PUBLIC_CACHE,
    ]);
    const head = await fetchMedia(server, logo, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-length'), head.bytes.length]).toEqual([200, String(row.size), 0]);
    expect(sliceReads(), 'a 304 and a HEAD read no bytes').toBe(before);
    // Another ETag (an older picture under this URL cannot exist, but a client may send anything): the bytes.
    const stale = await fetchMedia(server, logo, revalidate('"something-else"'));
    expect([stale.status, stale.bytes.equals(first.bytes)]).toEqual([200, true]);
  });

  it('When a picture is larger than a slice, then it is read one slice at a time and arrives whole', async () => {
    const logo = await uploadAvatar(server, user, await noisyPng(800));
    const size = (
      await server.app.ctx.prisma.mediaObject.findUniqueOrThrow({
        where: { name: mediaName(logo) },
        select: { size: true },
      })
    ).size;
    expect(size).toBeGreaterThan(4 * 256 * 1024);
    const before = sliceReads();
    const served = await fetchMedia(server, logo);
    expect([served.status, served.bytes.length, served.headers.get('etag')]).toEqual([
      200,
      size,
      strongEtag(served.bytes),
    ]);
    expect(sliceReads() - before).toBe(Math.ceil(size / (256 * 1024)));
  });

  it('When a name is unknown, malformed or outside the public folders, then 404 in JSON, and a ticket picture is never public', async () => {
    const owner = await createUser(server);
    const ticket = await openTicket(server, owner);
    await sendTicketPicture(server, owner, ticket, await png(40, 40));
    const [full] = await storedMedia(server, 'tickets/');
    for (const url of [
      `/media/avatars/${hex()}.png`,
      `/media/${full}`,
      '/media/avatars',
      '/media/avatars/..%2Fx.png',
      `/media/AVATARS/${hex()}.png`,
      `/media/products/${hex()}.gif`,
    ]) {
      const res = await fetchMedia(server, url);
      expect(res.status, url).toBe(404);
      expect(res.headers.get('content-type'), url).toContain('application/json');
      expect(res.headers.get('cache-control') ?? '', url).not.toContain('immutable');
    }
  });

  it('When a crash left a picture nothing refers to, then the sweep deletes it once it is older than an hour, and never one in use', async () => {
    const admin = await loginAdmin(server);
    const owner = await createUser(server);
    const logo = mediaName(await uploadAvatar(server, owner, await png(30, 30)));
    const product = await server.api.raw<{ product: { image: string } }>(
      'POST',
      '/products/1xbet_topup_bdt/image',
      { body: form(await jpeg(50, 50), 'image/jpeg') },
      admin.token,
    );
    const ticket = await openTicket(server, owner);
    await sendTicketPicture(server, owner, ticket, await png(60, 60));
    // What a crash between storing a picture and committing its avatar leaves behind.
    const orphan = `avatars/${hex()}.png`;
    await server.app.services.media.put(orphan, await png(20, 20), 'image/png');
    const inUse = [logo, mediaName(product.body.product.image), ...(await storedMedia(server, 'tickets/'))];

    expect(await server.app.services.media.sweep()).toBe(0);
    expect(await storedMedia(server, orphan)).toEqual([orphan]);
    clock.shift(61 * 60_000);
    try {
      expect(await server.app.services.media.sweep()).toBeGreaterThanOrEqual(1);
    } finally {
      clock.reset();
    }
    expect(await storedMedia(server, orphan)).toEqual([]);
    const left = await storedMedia(server);
    for (const name of inUse) expect(left, name).toContain(name);
    expect((await fetchMedia(server, `/media/${logo}`)).status).toBe(200);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('Pictures on two instances', () => {
  const [one, two] = useTestInstances(2);

  it('When a picture is uploaded on one instance, then the other serves it, with the same ETag and 304; replaced on the other, it is gone from both', async () => {
    const user = await createUser(one);
    const logo = await uploadAvatar(one, user, await png(120, 90));
    const fromOne = await fetchMedia(one, logo);
    const fromTwo = await fetchMedia(two, logo);
    expect([fromTwo.status, fromTwo.bytes.equals(fromOne.bytes), fromTwo.headers.get('etag')]).toEqual([
      200,
      true,
      fromOne.headers.get('etag'),
    ]);
    expect((await fetchMedia(two, logo, revalidate(fromOne.headers.get('etag')!))).status).toBe(304);

    const replaced = await uploadAvatar(two, user, await png(60, 60, 200));
    expect((await fetchMedia(one, logo)).status).toBe(404);
    expect((await fetchMedia(one, replaced)).status).toBe(200);
  });

  it('When a customer sends a ticket picture through one instance, then staff fetch it through the other, and another customer still cannot', async () => {
    const owner = await createUser(one);
    const other = await createUser(two);
    const admin = await loginAdmin(two);
    const ticket = await openTicket(one, owner);
    const { path: picturePath } = await sendTicketPicture(one, owner, ticket, await png(80, 50));
    const staff = await fetchMedia(two, `/api/v1${picturePath}`, bearer(admin));
    expect([staff.status, staff.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    expect((await fetchMedia(two, `/api/v1${picturePath}?size=thumb`, bearer(owner))).status).toBe(200);
    expect((await fetchMedia(two, `/api/v1${picturePath}`, bearer(other))).status).toBe(404);
  });
});

/** A shop's DATA_DIR as an older release left it: pictures as files, named in the database. */
interface OldFiles {
  avatar: { name: string; bytes: Buffer };
  product: { name: string; bytes: Buffer };
  ticket: { picture: string; full: Buffer; thumb: Buffer; path: string };
  owner: TestUser;
}

async function writeOldFiles(
  dataDir: string,
  names: { avatar: string; product: string; ticket: string },
): Promise<Pick<OldFiles, 'avatar' | 'product'> & { full: Buffer; thumb: Buffer }> {
  const avatar = { name: `avatars/${names.avatar}.png`, bytes: await png(64, 64, 33) };
  const product = { name: `products/${names.product}.jpg`, bytes: await jpeg(90, 60) };
  const full = await jpeg(160, 120);
  const thumb = await jpeg(32, 24);
  fs.mkdirSync(path.join(dataDir, 'media', 'avatars'), { recursive: true });
  fs.mkdirSync(path.join(dataDir, 'media', 'products'), { recursive: true });
  fs.mkdirSync(path.join(dataDir, 'tickets'), { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'media', avatar.name), avatar.bytes);
  fs.writeFileSync(path.join(dataDir, 'media', product.name), product.bytes);
  fs.writeFileSync(path.join(dataDir, 'tickets', `${names.ticket}.jpg`), full);
  fs.writeFileSync(path.join(dataDir, 'tickets', `${names.ticket}.thumb.jpg`), thumb);
  return { avatar, product, full, thumb };
}

/** Rows naming the files, as the older release wrote them; the owner's ticket has a message with the picture. */
async function nameOldFiles(
  server: TestServer,
  names: { avatar: string; product: string; ticket: string },
): Promise<{ owner: TestUser; path: string }> {
  const owner = await createUser(server);
  const prisma = server.app.ctx.prisma;
  await prisma.user.update({ where: { id: owner.id }, data: { logo: `avatars/${names.avatar}.png` } });
  await prisma.product.update({ where: { id: '1xbet_topup_usd' }, data: { image: `products/${names.product}.jpg` } });
  const ticket = await openTicket(server, owner);
  const message = await prisma.ticketMessage.create({
    data: {
      ticketId: ticket,
      sender: 'user',
      text: '',
      picture: `${names.ticket}.jpg`,
      pictureWidth: 160,
      pictureHeight: 120,
    },
  });
  return { owner, path: `/supports/${ticket}/pictures/${message.id}` };
}

describe.each(testDatabases())('Pictures an older shop kept on disk, on %s', (db: DbKind) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-media-import-'));
  let databaseUrl: string | undefined;
  let drop: (() => Promise<void>) | undefined;
  let server: TestServer | undefined;
  beforeAll(async () => {
    if (db === 'postgres') ({ url: databaseUrl, drop } = await createPostgresDatabase());
  });
  afterAll(async () => {
    await server?.close();
    await drop?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  // Without a database URL the shop keeps PGlite in DATA_DIR: the restart finds the same database.
  const start = () => startTestServer({ db, dataDir, databaseUrl });

  // Two starts, on PGlite each on disk from an empty directory (initdb and every migration): minutes on a loaded machine.
  it(
    'When the shop starts on a DATA_DIR holding pictures, then they are served as before and their files are gone; files it did not make stay',
    { timeout: 300_000 },
    async () => {
      const names = { avatar: hex(), product: hex(), ticket: hex() };
      const first = await start();
      const { owner, path: picturePath } = await nameOldFiles(first, names);
      await first.close();
      const old = await writeOldFiles(dataDir, names);
      fs.writeFileSync(path.join(dataDir, 'media', 'avatars', 'notes.txt'), 'not a picture of ours');

      server = await start();
      const avatar = await fetchMedia(server, `/media/${old.avatar.name}`);
      expect([
        avatar.status,
        avatar.bytes.equals(old.avatar.bytes),
        avatar.headers.get('etag'),
        avatar.headers.get('cache-control'),
      ]).toEqual([200, true, strongEtag(old.avatar.bytes), PUBLIC_CACHE]);
      const me = await server.api.get<{ user: UserDto }>('/users/me', owner.token);
      expect(me.body.user.logo).toBe(`/media/${old.avatar.name}`);
      expect((await fetchMedia(server, `/media/${old.product.name}`)).bytes.equals(old.product.bytes)).toBe(true);
      expect((await fetchMedia(server, `/api/v1${picturePath}`, bearer(owner))).bytes.equals(old.full)).toBe(true);
      expect(
        (await fetchMedia(server, `/api/v1${picturePath}?size=thumb`, bearer(owner))).bytes.equals(old.thumb),
      ).toBe(true);
      expect((await fetchMedia(server, `/api/v1${picturePath}`, bearer(await createUser(server)))).status).toBe(404);

      // Only PGlite's files (on PGlite), the outbox when mail was written, and what the shop did not make.
      expect(fs.existsSync(path.join(dataDir, 'tickets'))).toBe(false);
      expect(fs.readdirSync(path.join(dataDir, 'media'))).toEqual(['avatars']);
      expect(fs.readdirSync(path.join(dataDir, 'media', 'avatars'))).toEqual(['notes.txt']);
      expect(fs.readdirSync(dataDir).filter((entry) => !['pglite', 'outbox', 'media'].includes(entry))).toEqual([]);
    },
  );

  it('When the import runs twice at once over the same files, then each picture is stored once and every file is gone', async () => {
    const names = { avatar: hex(), product: hex(), ticket: hex() };
    await writeOldFiles(dataDir, names);
    const deps = { dataDir, media: server!.app.services.media, logger: server!.app.ctx.logger };
    const [a, b] = await Promise.all([importDiskMedia(deps), importDiskMedia(deps)]);
    const moved = [
      `avatars/${names.avatar}.png`,
      `products/${names.product}.jpg`,
      `tickets/${names.ticket}.jpg`,
      `tickets/${names.ticket}.thumb.jpg`,
    ];
    for (const name of moved) expect(await storedMedia(server!, name), name).toEqual([name]);
    // Each file was moved by one of them or found already moved by the other: never lost, never counted twice.
    expect(a.moved + b.moved).toBeGreaterThanOrEqual(moved.length);
    expect(a.moved + b.moved).toBeLessThanOrEqual(2 * moved.length);
    expect(fs.existsSync(path.join(dataDir, 'tickets'))).toBe(false);
    expect(fs.readdirSync(path.join(dataDir, 'media', 'avatars'))).toEqual(['notes.txt']);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('Two instances starting at once on one DATA_DIR with pictures', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-media-twice-'));
  const servers: TestServer[] = [];
  let drop: (() => Promise<void>) | undefined;
  afterAll(async () => {
    for (const server of servers) await server.close();
    await drop?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'When both import the same files while starting, then both start, every picture is served by each, and the files are gone',
    { timeout: 300_000 },
    async () => {
      const database = await createPostgresDatabase();
      drop = database.drop;
      const names = { avatar: hex(), product: hex(), ticket: hex() };
      const first = await startTestServer({ databaseUrl: database.url, dataDir });
      const { owner, path: picturePath } = await nameOldFiles(first, names);
      await first.close();
      const old = await writeOldFiles(dataDir, names);

      servers.push(...(await Promise.all([0, 1].map(() => startTestServer({ databaseUrl: database.url, dataDir })))));
      for (const server of servers) {
        expect((await fetchMedia(server, `/media/${old.avatar.name}`)).bytes.equals(old.avatar.bytes)).toBe(true);
        expect((await fetchMedia(server, `/media/${old.product.name}`)).bytes.equals(old.product.bytes)).toBe(true);
        expect(
          (await fetchMedia(server, `/api/v1${picturePath}?size=thumb`, bearer(owner))).bytes.equals(old.thumb),
        ).toBe(true);
      }
      expect(await servers[0].app.ctx.prisma.mediaObject.count()).toBe(4);
      expect(fs.readdirSync(dataDir)).toEqual([]);
    },
  );
});
