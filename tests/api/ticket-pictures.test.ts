// Pictures in ticket messages and 2,000-character messages (decision 022).
import zlib from 'node:zlib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TicketDto } from '#shared/api-types';
import { LIMITS } from '#shared/constants';
import { openTicket } from '../factories/tickets.js';
import { createUser, loginAdmin, type TestUser } from '../factories/users.js';
import { testDatabases } from '../support/databases.js';
import { grayscalePng } from '../support/png.js';
import { fetchMedia, storedMedia } from '../support/media.js';
import { useTestServer } from '../support/server.js';
import { connectSocket, nextEvent, useSockets } from '../support/sockets.js';

/** A phone photo as it leaves the camera: rotated by its EXIF tag, with the owner's name and a place in it. */
function jpegWithExif(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 90 } } })
    .jpeg()
    .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'secret-owner', Artist: 'Someone' } } })
    .toBuffer();
}
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 10, g: 120, b: 200, alpha: 0.5 } } })
    .png()
    .toBuffer();

/** A valid grayscale PNG declaring width×height: tiny on disk, huge once decoded. */
function pngBomb(width: number, height: number): Buffer {
  return grayscalePng(width, height, zlib.deflateSync(Buffer.alloc((width + 1) * 8))); // a few rows: the header alone must refuse it
}

function form(file: { data: Buffer; name: string; type: string } | null, text?: string): FormData {
  const body = new FormData();
  if (text !== undefined) body.append('text', text);
  if (file) body.append('pic', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  return body;
}

describe.each(testDatabases())('Ticket pictures on %s', (db) => {
  const server = useTestServer({ db });
  useSockets();
  let admin: TestUser;
  beforeAll(async () => {
    admin = await loginAdmin(server);
  });

  const send = (u: TestUser, ticketId: string, body: FormData) =>
    server.api.raw<{ support: TicketDto }>('POST', `/supports/${ticketId}/pictures`, { body }, u.token);
  /** The picture as the API serves it (not JSON: plain fetch). */
  const fetchPicture = (picturePath: string, token?: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/api/v1${picturePath}`, {
      headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  const storedPictures = () => storedMedia(server, 'tickets/');

  it('When a customer sends a phone photo into their ticket, then it is stored re-encoded as JPEG without EXIF, with a thumbnail, and audited', async () => {
    const user = await createUser(server);
    const id = await openTicket(server, user);
    const res = await send(
      user,
      id,
      form({ data: await jpegWithExif(2400, 1200), name: 'bkash.jpg', type: 'image/jpeg' }, '  My payment screen  '),
    );
    expect(res.status).toBe(201);
    const message = res.body.support.texts!.at(-1)!;
    expect(message).toMatchObject({ sender: 'user', text: 'My payment screen' });
    // EXIF orientation 6 applied (portrait), then the longest side brought to 1,600.
    expect(message.picture).toEqual({
      path: `/supports/${id}/pictures/${message.id}`,
      thumb_path: `/supports/${id}/pictures/${message.id}?size=thumb`,
      width: 800,
      height: LIMITS.ticketPictureSide,
    });

    const full = await fetchPicture(message.picture!.path, user.token);
    expect(full.status).toBe(200);
    expect(full.headers.get('content-type')).toBe('image/jpeg');
    expect(full.headers.get('cache-control')).toBe('private, max-age=86400, immutable');
    const etag = full.headers.get('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    const bytes = Buffer.from(await full.arrayBuffer());
    expect(full.headers.get('content-length')).toBe(String(bytes.length));
    // The browser asks again with its ETag (fetch() says no-cache on a conditional request unless told otherwise).
    const again = await fetchPicture(message.picture!.path, user.token, {
      'if-none-match': etag,
      'cache-control': 'max-age=0',
    });
    expect([again.status, again.headers.get('etag'), (await again.arrayBuffer()).byteLength]).toEqual([304, etag, 0]);
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 800, height: LIMITS.ticketPictureSide });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(bytes.includes(Buffer.from('secret-owner'))).toBe(false);

    const thumb = await fetchPicture(message.picture!.thumb_path, user.token);
    expect(thumb.status).toBe(200);
    const thumbMeta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect(Math.max(thumbMeta.width!, thumbMeta.height!)).toBe(LIMITS.ticketThumbSide);

    // Kept as media, with its thumbnail, yet never served by the public /media route.
    const row = await server.app.ctx.prisma.ticketMessage.findUniqueOrThrow({ where: { id: message.id } });
    expect(row.picture).toMatch(/^[a-f0-9]{32}\.jpg$/);
    const hex = row.picture!.slice(0, 32);
    expect(await storedMedia(server, `tickets/${hex}`)).toEqual([`tickets/${hex}.jpg`, `tickets/${hex}.thumb.jpg`]);
    for (const url of [`/media/${row.picture}`, `/media/tickets/${row.picture}`, `/media/tickets/${hex}.thumb.jpg`]) {
      expect((await fetchMedia(server, url)).status, url).toBe(404);
    }

    const audit = await server.app.ctx.prisma.auditEntry.findFirst({
      where: { action: 'ticket.picture', targetId: id },
    });
    expect(audit).toMatchObject({
      actorId: user.id,
      targetType: 'ticket',
      after: { message_id: message.id, picture: row.picture, width: 800, height: 1600 },
    });
  });

  it("When staff send a picture alone, then it is the shop's message; the owner and staff fetch it, another customer and a guest do not", async () => {
    const owner = await createUser(server);
    const other = await createUser(server);
    const operator = await createUser(server, { role: 'operator' });
    const id = await openTicket(server, owner);
    const res = await send(admin, id, form({ data: await png(300, 200), name: 'payout.png', type: 'image/png' }));
    expect(res.status).toBe(201);
    const message = res.body.support.texts!.at(-1)!;
    expect(message).toMatchObject({ sender: 'admin', text: '', picture: { width: 300, height: 200 } });
    expect(res.body.support.last_text).toBe('');

    const etag = (await fetchPicture(message.picture!.path, owner.token)).headers.get('etag')!;
    for (const [who, token, status] of [
      ['owner', owner.token, 200],
      ['operator', operator.token, 200],
      ['admin', admin.token, 200],
      ['other customer', other.token, 404],
      ['guest', undefined, 401],
    ] as const) {
      const answer = await fetchPicture(message.picture!.path, token);
      expect(answer.status, who).toBe(status);
      if (status !== 200) expect(answer.headers.get('content-type'), who).toContain('application/json');
      // Knowing the ETag opens nothing: the ticket's rule is asked before the picture is compared.
      const conditional = await fetchPicture(message.picture!.path, token, {
        'if-none-match': etag,
        'cache-control': 'max-age=0',
      });
      expect(conditional.status, `${who}, conditional`).toBe(status === 200 ? 304 : status);
      if (status !== 200) expect(conditional.headers.get('etag'), who).not.toBe(etag);
    }
    // Another customer cannot send into it either, and a message id of another ticket names nothing here.
    expect((await send(other, id, form({ data: await png(20, 20), name: 'x.png', type: 'image/png' }))).status).toBe(
      404,
    );
    const otherTicket = await openTicket(server, owner);
    const wrongTicket = await fetchPicture(`/supports/${otherTicket}/pictures/${message.id}`, owner.token);
    expect(wrongTicket.status).toBe(404);
    expect(((await wrongTicket.json()) as { key: string }).key).toBe('errors.ticketPictureNotFound');
    // A message without a picture has none to fetch.
    const textOnly = (await server.api.get<{ support: TicketDto }>(`/supports/${id}`, owner.token)).body.support
      .texts![0];
    expect((await fetchPicture(`/supports/${id}/pictures/${textOnly.id}`, owner.token)).status).toBe(404);
  });

  it.each([
    [
      'a GIF',
      async () => ({
        data: await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
          .gif()
          .toBuffer(),
        name: 'a.gif',
        type: 'image/gif',
      }),
      400,
      'errors.badImageType',
    ],
    [
      'a text file named .png',
      async () => ({ data: Buffer.from('hello, this is not a picture at all'), name: 'a.png', type: 'image/png' }),
      400,
      'errors.badImageType',
    ],
    [
      'larger than 3 MB',
      async () => ({
        data: Buffer.concat([await png(10, 10), Buffer.alloc(LIMITS.avatarBytes)]),
        name: 'big.png',
        type: 'image/png',
      }),
      413,
      'errors.fileTooLarge',
    ],
    [
      'more than 16 megapixels',
      async () => ({ data: pngBomb(5000, 4000), name: 'bomb.png', type: 'image/png' }),
      400,
      'errors.imageTooManyPixels',
    ],
  ])('When the picture is %s, then it is refused and nothing is stored', async (_what, make, status, key) => {
    const user = await createUser(server);
    const id = await openTicket(server, user);
    const files = await storedPictures();
    const messages = await server.app.ctx.prisma.ticketMessage.count({ where: { ticketId: id } });
    const res = await send(user, id, form(await make()));
    expect(res.status).toBe(status);
    expect(res.body.key).toBe(key);
    expect(res.body.errors?.pic).toBe(key);
    expect(await storedPictures()).toEqual(files);
    expect(await server.app.ctx.prisma.ticketMessage.count({ where: { ticketId: id } })).toBe(messages);
  });

  it('When no picture is sent, the words are too long or the ticket is closed, then it is refused and no file is left', async () => {
    const user = await createUser(server);
    const id = await openTicket(server, user);
    const files = await storedPictures();
    const none = await send(user, id, form(null, 'only words'));
    expect(none.status).toBe(400);
    expect(none.body.key).toBe('errors.noFile');
    const long = await send(
      user,
      id,
      form({ data: await png(20, 20), name: 'a.png', type: 'image/png' }, 'x'.repeat(LIMITS.ticketReply.max + 1)),
    );
    expect(long.status).toBe(400);
    expect(long.body.errors?.text).toBe('validation.replyLength');
    expect((await server.api.patch(`/supports/${id}`, { support: { status: 'close' } }, user.token)).status).toBe(200);
    const closed = await send(user, id, form({ data: await png(20, 20), name: 'a.png', type: 'image/png' }));
    expect(closed.status).toBe(409);
    expect(closed.body.key).toBe('errors.ticketClosed');
    expect(await storedPictures()).toEqual(files);
  });

  it('When a message is 2,000 characters, then it is taken (new ticket and reply); 2,001 is refused with the translated key', async () => {
    const user = await createUser(server);
    const text = 'ক'.repeat(LIMITS.ticketText.max);
    const opened = await server.api.post<{ id: string }>(
      '/supports',
      { support: { subject: 'other', text } },
      user.token,
    );
    expect(opened.status).toBe(201);
    const reply = await server.api.patch<{ support: TicketDto }>(
      `/supports/${opened.body.id}`,
      { support: { text: 'x'.repeat(2000) } },
      user.token,
    );
    expect(reply.status).toBe(200);
    expect(reply.body.support.texts!.map((m) => m.text.length)).toEqual([2000, 2000]);
    const tooLong = await server.api.patch(
      `/supports/${opened.body.id}`,
      { support: { text: 'x'.repeat(2001) } },
      user.token,
    );
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors?.text).toBe('validation.replyLength');
  });

  it('When one side sends a picture, then the other side gets it live as a ticket:message with the picture', async () => {
    const user = await createUser(server);
    const id = await openTicket(server, user);
    const staffSocket = await connectSocket(server, { token: admin.token });
    const customerSocket = await connectSocket(server, { token: user.token });

    const toStaff = nextEvent(staffSocket, 'ticket:message', (p) => p.ticketId === id);
    await send(user, id, form({ data: await png(64, 48), name: 'proof.png', type: 'image/png' }, 'Paid'));
    expect((await toStaff).message).toMatchObject({ sender: 'user', text: 'Paid', picture: { width: 64, height: 48 } });

    const toCustomer = nextEvent(
      customerSocket,
      'ticket:message',
      (p) => p.ticketId === id && p.message.sender === 'admin',
    );
    await send(admin, id, form({ data: await png(40, 40), name: 'sent.png', type: 'image/png' }));
    const pushed = (await toCustomer).message;
    expect(pushed.picture).toMatchObject({ width: 40, height: 40 });
    expect((await fetchPicture(pushed.picture!.thumb_path, user.token)).status).toBe(200);
  });
});
