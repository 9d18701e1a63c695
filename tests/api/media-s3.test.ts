// Pictures in S3-compatible object storage (MEDIA_S3_URL, decision 250), against a local S3 server that checks every
// request's SigV4 signature (tests/support/fake-s3.ts) behind a TCP proxy the tests cut: uploads, serving with the
// ETag from the row, deletes, the tickets' rules, and faults (the bucket down, refusing, a wrong secret) that leave
// nothing half-written: no row names a missing object, and an object without its row is swept.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { SignatureV4 } from '@smithy/signature-v4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TicketDto, UserDto } from '#shared/api-types';
import { openTicket } from '../factories/tickets.js';
import { createUser, loginAdmin, type TestUser } from '../factories/users.js';
import { testClock } from '../support/clock.js';
import { createPostgresDatabase, testDatabases } from '../support/databases.js';
import { NodeSha256, startFakeS3, type FakeS3 } from '../support/fake-s3.js';
import { captureLog } from '../support/log-capture.js';
import { fetchMedia, mediaName, storedMedia } from '../support/media.js';
import { startTestServer, useTestServer } from '../support/server.js';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.js';

const PREFIX = 'shop-a';
const png = (width: number, height: number, r = 10) =>
  sharp({ create: { width, height, channels: 4, background: { r, g: 120, b: 200, alpha: 0.5 } } })
    .png()
    .toBuffer();
const strongEtag = (bytes: Buffer) => `"${crypto.createHash('sha256').update(bytes).digest('base64url')}"`;
const hex = () => crypto.randomBytes(16).toString('hex');

function form(data: Buffer): FormData {
  const body = new FormData();
  body.append('pic', new Blob([new Uint8Array(data)], { type: 'image/png' }), 'p.png');
  return body;
}
const bearer = (user: TestUser) => ({ headers: { authorization: `Bearer ${user.token}` } });
const revalidate = (etag: string) => ({ headers: { 'if-none-match': etag, 'cache-control': 'max-age=0' } });

describe('The fake S3 server', () => {
  let s3: FakeS3;
  beforeAll(async () => {
    s3 = await startFakeS3();
  });
  afterAll(async () => {
    await s3.close();
  });

  /** A PutObject signed exactly as the SDK signs it, then sent as the test says. */
  async function signedPut(key: string, body: Buffer, secret = s3.secretAccessKey) {
    const url = new URL(`${s3.endpoint}/${s3.bucket}/${key}`);
    const sha256 = crypto.createHash('sha256').update(body).digest('hex');
    const signer = new SignatureV4({
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: secret },
      region: s3.region,
      service: 's3',
      uriEscapePath: false,
      sha256: NodeSha256,
    });
    const signed = await signer.sign({
      method: 'PUT',
      protocol: 'http:',
      hostname: url.hostname,
      port: Number(url.port),
      path: url.pathname,
      query: {},
      headers: { host: url.host, 'content-type': 'image/png', 'x-amz-content-sha256': sha256 },
      body,
    });
    return {
      headers: signed.headers as Record<string, string>,
      send: (headers: Record<string, string>, sent: Buffer) =>
        fetch(url, { method: 'PUT', headers, body: new Uint8Array(sent) }),
    };
  }

  it('When a request is signed right, then it is stored; a changed body, a changed signed header or another secret is refused as S3 refuses it', async () => {
    const body = Buffer.from('picture bytes');
    const good = await signedPut('avatars/a.png', body);
    expect((await good.send(good.headers, body)).status).toBe(200);
    expect(s3.objects.get('avatars/a.png')?.data.equals(body)).toBe(true);

    const tampered = await signedPut('avatars/b.png', body);
    const changedBody = await tampered.send(tampered.headers, Buffer.from('other bytes!!'));
    expect([changedBody.status, await changedBody.text()]).toEqual([
      400,
      expect.stringContaining('<Code>XAmzContentSHA256Mismatch</Code>'),
    ]);
    const changedHeader = await tampered.send({ ...tampered.headers, 'content-type': 'text/html' }, body);
    expect([changedHeader.status, await changedHeader.text()]).toEqual([
      403,
      expect.stringContaining('<Code>SignatureDoesNotMatch</Code>'),
    ]);
    const wrongSecret = await signedPut('avatars/c.png', body, `${s3.secretAccessKey}x`);
    expect((await wrongSecret.send(wrongSecret.headers, body)).status).toBe(403);
    const unsigned = await fetch(`${s3.endpoint}/${s3.bucket}/avatars/d.png`, {
      method: 'PUT',
      body: new Uint8Array(body),
    });
    expect(unsigned.status).toBe(403);
    expect([...s3.objects.keys()]).toEqual(['avatars/a.png']);
  });
});

describe.each(testDatabases())('Pictures in S3 on %s', (db) => {
  let s3: FakeS3;
  let proxy: TcpProxy;
  const log = captureLog('info');
  const clock = testClock();
  beforeAll(async () => {
    s3 = await startFakeS3();
    proxy = await startTcpProxy({ host: '127.0.0.1', port: s3.port });
  });
  afterAll(async () => {
    await proxy.close();
    await s3.close();
  });
  const server = useTestServer(() => ({
    db,
    clock,
    logger: log.logger,
    env: { MEDIA_S3_URL: s3.mediaUrl(`127.0.0.1:${proxy.port}`, PREFIX) },
  }));
  const upload = (who: TestUser, data: Buffer) =>
    server.api.raw<{ user: UserDto }>('POST', `/users/${who.id}`, { body: form(data) }, who.token);
  const object = (name: string) => s3.objects.get(`${PREFIX}/${name}`);
  const objectNames = () => [...s3.objects.keys()].map((key) => key.slice(PREFIX.length + 1)).sort();

  it('When an avatar is uploaded, then its bytes go to the bucket under its name, its row keeps no bytes, and the shop serves it with the ETag from the row', async () => {
    const user = await createUser(server);
    const res = await upload(user, await png(120, 80));
    expect(res.status).toBe(200);
    const logo = res.body.user.logo!;
    const row = await server.app.ctx.prisma.mediaObject.findUniqueOrThrow({ where: { name: mediaName(logo) } });
    expect([row.store, row.data]).toEqual(['s3', null]);
    expect(object(mediaName(logo))?.contentType).toBe('image/png');

    const served = await fetchMedia(server, logo);
    expect(served.status).toBe(200);
    expect(served.bytes.equals(object(mediaName(logo))!.data)).toBe(true);
    expect([
      served.headers.get('etag'),
      served.headers.get('cache-control'),
      served.headers.get('content-length'),
    ]).toEqual([strongEtag(served.bytes), 'public, max-age=31536000, immutable', String(served.bytes.length)]);
    const gets = s3.calls('GetObject').length;
    expect((await fetchMedia(server, logo, revalidate(served.headers.get('etag')!))).status).toBe(304);
    expect(s3.calls('GetObject').length, 'a 304 asks the bucket nothing').toBe(gets);

    const replaced = await upload(user, await png(40, 40, 200));
    expect(object(mediaName(logo))).toBeUndefined();
    expect(await storedMedia(server, mediaName(logo))).toEqual([]);
    expect((await fetchMedia(server, logo)).status).toBe(404);
    expect((await fetchMedia(server, replaced.body.user.logo!)).status).toBe(200);
  });

  it("When a ticket picture is sent, then it and its thumbnail are objects, served only to the ticket's people", async () => {
    const owner = await createUser(server);
    const other = await createUser(server);
    const ticket = await openTicket(server, owner);
    const res = await server.api.raw<{ support: TicketDto }>(
      'POST',
      `/supports/${ticket}/pictures`,
      { body: form(await png(300, 200)) },
      owner.token,
    );
    expect(res.status).toBe(201);
    const message = res.body.support.texts!.at(-1)!;
    const picture = (await server.app.ctx.prisma.ticketMessage.findUniqueOrThrow({ where: { id: message.id } }))
      .picture!;
    const thumbName = `tickets/${picture.replace('.jpg', '.thumb.jpg')}`;
    expect(object(`tickets/${picture}`)).toBeDefined();
    expect(object(thumbName)).toBeDefined();
    const full = await fetchMedia(server, `/api/v1${message.picture!.path}`, bearer(owner));
    expect([
      full.status,
      full.bytes.equals(object(`tickets/${picture}`)!.data),
      full.headers.get('cache-control'),
    ]).toEqual([200, true, 'private, max-age=86400, immutable']);
    expect(
      (
        await fetchMedia(server, `/api/v1${message.picture!.thumb_path}`, bearer(await loginAdmin(server)))
      ).bytes.equals(object(thumbName)!.data),
    ).toBe(true);
    expect((await fetchMedia(server, `/api/v1${message.picture!.path}`, bearer(other))).status).toBe(404);
    expect((await fetchMedia(server, `/media/tickets/${picture}`)).status).toBe(404);
  });

  it('When the bucket is down, then an upload is refused with a clear 503 and nothing is written; pictures answer 503 (a 304 still works); back up, all is well', async () => {
    const user = await createUser(server);
    const before = (await upload(user, await png(50, 50))).body.user.logo!;
    const etag = (await fetchMedia(server, before)).headers.get('etag')!;
    const rows = await storedMedia(server);
    const objects = objectNames();
    log.clear();
    proxy.cut();
    try {
      const refused = await upload(user, await png(60, 60, 90));
      expect(refused.status).toBe(503);
      expect(refused.body).toMatchObject({
        key: 'errors.mediaUnavailable',
        errors: { pic: 'errors.mediaUnavailable' },
      });
      expect((await server.api.get<{ user: UserDto }>('/users/me', user.token)).body.user.logo).toBe(before);
      expect(await storedMedia(server)).toEqual(rows);

      const shown = await fetchMedia(server, before);
      expect([shown.status, JSON.parse(shown.bytes.toString()).key, shown.headers.get('cache-control')]).toEqual([
        503,
        'errors.mediaUnavailable',
        'no-store',
      ]);
      expect(shown.headers.get('etag')).not.toBe(etag);
      expect((await fetchMedia(server, before, revalidate(etag))).status).toBe(304);
    } finally {
      proxy.restore();
    }
    expect(objectNames()).toEqual(objects);
    // One clear line each, with the bucket's reason: not taken for the database's outage.
    expect(
      log.lines.filter((l) => l.level === 'error').map((l) => [l.msg.replace(/[a-f0-9]{32}/, 'X'), l.event]),
    ).toEqual([
      ['media avatars/X.png: the bucket refused or did not answer the upload', 'media.bucket_failed'],
      [`media ${mediaName(before)}: the bucket did not answer`.replace(/[a-f0-9]{32}/, 'X'), 'media.bucket_failed'],
    ]);
    expect(log.text()).not.toContain(s3.secretAccessKey);
    expect(log.text()).not.toContain(encodeURIComponent(s3.secretAccessKey));

    expect((await upload(user, await png(70, 70, 30))).status).toBe(200);
    expect((await fetchMedia(server, before)).status).toBe(404);
  });

  it('When the bucket refuses the thumbnail after taking the picture, then no message is written and the picture is deleted again', async () => {
    const owner = await createUser(server);
    const ticket = await openTicket(server, owner);
    const messages = await server.app.ctx.prisma.ticketMessage.count({ where: { ticketId: ticket } });
    const rows = await storedMedia(server, 'tickets/');
    const objects = objectNames();
    s3.fail('PutObject', 500, 'InternalError', 2, '.thumb.');
    const res = await server.api.raw(
      'POST',
      `/supports/${ticket}/pictures`,
      { body: form(await png(90, 90)) },
      owner.token,
    );
    expect([res.status, res.body.key]).toEqual([503, 'errors.mediaUnavailable']);
    expect(await server.app.ctx.prisma.ticketMessage.count({ where: { ticketId: ticket } })).toBe(messages);
    expect(await storedMedia(server, 'tickets/')).toEqual(rows);
    expect(objectNames()).toEqual(objects);
  });

  it('When a picture cannot be deleted, or a crash left a row without its object, then the sweep removes both within the hour', async () => {
    const user = await createUser(server);
    const first = mediaName((await upload(user, await png(30, 30))).body.user.logo!);
    s3.fail('DeleteObject', 503, 'SlowDown', 2);
    const second = mediaName((await upload(user, await png(32, 32, 99))).body.user.logo!);
    // The avatar changed; the old picture is no one's, yet still stored.
    expect(object(first)).toBeDefined();
    expect(await storedMedia(server, first)).toEqual([first]);
    // A crash between a row and its object: a row naming an object the bucket never got.
    const crashed = `avatars/${hex()}.png`;
    await server.app.ctx.prisma.mediaObject.create({
      data: { name: crashed, contentType: 'image/png', size: 10, etag: '"x"', store: 's3' },
    });

    expect(await server.app.services.media.sweep()).toBe(0);
    clock.shift(61 * 60_000);
    try {
      expect(await server.app.services.media.sweep()).toBeGreaterThanOrEqual(2);
    } finally {
      clock.reset();
    }
    expect(object(first)).toBeUndefined();
    expect(await storedMedia(server, first)).toEqual([]);
    expect(await storedMedia(server, crashed)).toEqual([]);
    expect(object(second)).toBeDefined();
    expect((await fetchMedia(server, `/media/${second}`)).status).toBe(200);
    // No row of an avatar, product or ticket names a missing object.
    const left = await server.app.ctx.prisma.mediaObject.findMany({ where: { store: 's3' }, select: { name: true } });
    for (const { name } of left) expect(object(name), name).toBeDefined();
  });

  it('When the shop holds the wrong secret, then the bucket refuses its signature and the upload is a clear 503', async () => {
    const wrong = s3
      .mediaUrl(`127.0.0.1:${proxy.port}`, PREFIX)
      .replace(encodeURIComponent(s3.secretAccessKey), encodeURIComponent(`${s3.secretAccessKey}-old`));
    const other = await startTestServer({ db, env: { MEDIA_S3_URL: wrong } });
    try {
      const user = await createUser(other);
      const refusals = s3.requests.filter((r) => r.error === 'SignatureDoesNotMatch').length;
      const res = await other.api.raw('POST', `/users/${user.id}`, { body: form(await png(20, 20)) }, user.token);
      expect([res.status, res.body.key]).toEqual([503, 'errors.mediaUnavailable']);
      expect(s3.requests.filter((r) => r.error === 'SignatureDoesNotMatch').length).toBeGreaterThan(refusals);
      expect(await storedMedia(other)).toEqual([]);
    } finally {
      await other.close();
    }
  });
});

describe.each(testDatabases())('Pictures on disk moved into S3 at start, on %s', (db) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-media-s3-import-'));
  let s3: FakeS3;
  let proxy: TcpProxy;
  let databaseUrl: string | undefined;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    s3 = await startFakeS3();
    proxy = await startTcpProxy({ host: '127.0.0.1', port: s3.port });
    if (db === 'postgres') ({ url: databaseUrl, drop } = await createPostgresDatabase());
  });
  afterAll(async () => {
    await proxy.close();
    await s3.close();
    await drop?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  // Three starts (two more in the next test), on PGlite each on disk: minutes on a loaded machine.
  it(
    'When the bucket is down at start, then the shop starts and the files stay; at the next start they move into the bucket and leave the disk',
    { timeout: 300_000 },
    async () => {
      const start = () =>
        startTestServer({ db, dataDir, databaseUrl, env: { MEDIA_S3_URL: s3.mediaUrl(`127.0.0.1:${proxy.port}`) } });
      const name = `avatars/${hex()}.png`;
      const bytes = await png(48, 48, 77);
      const first = await start();
      const owner = await createUser(first);
      await first.app.ctx.prisma.user.update({ where: { id: owner.id }, data: { logo: name } });
      await first.close();
      fs.mkdirSync(path.join(dataDir, 'media', 'avatars'), { recursive: true });
      fs.writeFileSync(path.join(dataDir, 'media', name), bytes);

      proxy.cut();
      const down = await start();
      try {
        expect(fs.readFileSync(path.join(dataDir, 'media', name)).equals(bytes)).toBe(true);
        expect(await storedMedia(down)).toEqual([]);
        expect((await fetchMedia(down, `/media/${name}`)).status).toBe(404);
      } finally {
        await down.close();
        proxy.restore();
      }

      const up = await start();
      try {
        expect(s3.objects.get(name)?.data.equals(bytes)).toBe(true);
        const served = await fetchMedia(up, `/media/${name}`);
        expect([served.status, served.bytes.equals(bytes)]).toEqual([200, true]);
        expect(fs.existsSync(path.join(dataDir, 'media'))).toBe(false);
      } finally {
        await up.close();
      }
    },
  );

  it(
    'When MEDIA_S3_URL is set on a shop whose pictures are in the database, then those are still served from there and retired there; new ones go to the bucket',
    { timeout: 300_000 },
    async () => {
      const before = await startTestServer({ db, dataDir, databaseUrl });
      const user = await createUser(before);
      const inDatabase = (
        await before.api.raw<{ user: UserDto }>(
          'POST',
          `/users/${user.id}`,
          { body: form(await png(36, 36, 5)) },
          user.token,
        )
      ).body.user.logo!;
      const bytes = (await fetchMedia(before, inDatabase)).bytes;
      await before.close();

      const after = await startTestServer({
        db,
        dataDir,
        databaseUrl,
        env: { MEDIA_S3_URL: s3.mediaUrl(`127.0.0.1:${proxy.port}`) },
      });
      try {
        const gets = s3.calls('GetObject').length;
        const served = await fetchMedia(after, inDatabase);
        expect([served.status, served.bytes.equals(bytes)]).toEqual([200, true]);
        expect(s3.calls('GetObject').length, 'served from the database').toBe(gets);
        const deletes = s3.calls('DeleteObject').length;
        const replaced = (
          await after.api.raw<{ user: UserDto }>(
            'POST',
            `/users/${user.id}`,
            { body: form(await png(38, 38, 6)) },
            user.token,
          )
        ).body.user.logo!;
        expect(s3.objects.has(mediaName(replaced))).toBe(true);
        expect(await storedMedia(after, mediaName(inDatabase))).toEqual([]);
        expect(s3.calls('DeleteObject').length, 'a picture kept in the database is deleted there').toBe(deletes);
      } finally {
        await after.close();
      }
    },
  );
});
