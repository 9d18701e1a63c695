import { beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, useTestServer } from '../support/server.js';
import { testDatabases } from '../support/databases.js';
import { createUser, loginAdmin, type TestUser } from '../factories/users.js';
import { openTicket } from '../factories/tickets.js';
import type { TicketDto } from '#shared/api-types';

describe.each(testDatabases())('Support tickets on %s', (db) => {
  const server = useTestServer({ db });
  let admin: TestUser;
  beforeAll(async () => {
    admin = await loginAdmin(server);
  });

  it('When a user opens a ticket, then it is listed for them and the admin with the owner name and no texts', async () => {
    const user = await createUser(server, { name: 'Karim' });
    const res = await server.api.post(
      '/supports',
      { support: { subject: '1xbet_topup_bdt', text: 'My top-up did not arrive yet' } },
      user.token,
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ ok: true, id: expect.any(String) });
    const id = res.body.id as string;

    const mine = await server.api.get<{ supports: TicketDto[]; pages: number }>('/supports/all?page=1', user.token);
    expect(mine.status).toBe(200);
    expect(mine.body.pages).toBe(1);
    expect(mine.body.supports).toHaveLength(1);
    expect(mine.body.supports[0]).toMatchObject({
      id,
      subject: '1xbet_topup_bdt',
      status: 'open',
      last_text: 'My top-up did not arrive yet',
      name: 'Karim',
      userLogo: null,
      user_id: user.id,
    });
    expect(mine.body.supports[0].texts).toBeUndefined();

    const all = await server.api.get<{ supports: TicketDto[] }>('/supports/all', admin.token);
    expect(all.status).toBe(200);
    expect(all.body.supports.map((t) => t.id)).toContain(id);
  });

  it('When a user lists tickets, then only their own appear, newest activity first, 10 a page', async () => {
    const user = await createUser(server);
    const other = await createUser(server);
    await openTicket(server, other);
    const ids: string[] = [];
    for (let i = 0; i < 11; i++) ids.push(await openTicket(server, user));
    // A reply to the first ticket makes it the most recent activity.
    await server.api.patch(`/supports/${ids[0]}`, { support: { text: 'any news?' } }, user.token);
    const page1 = await server.api.get<{ supports: TicketDto[]; pages: number }>('/supports/all?page=1', user.token);
    expect(page1.body.pages).toBe(2);
    expect(page1.body.supports).toHaveLength(10);
    expect(page1.body.supports[0].id).toBe(ids[0]);
    expect(page1.body.supports.every((t) => t.user_id === user.id)).toBe(true);
    const page2 = await server.api.get<{ supports: TicketDto[] }>('/supports/all?page=2', user.token);
    expect(page2.body.supports).toHaveLength(1);
  });

  it('When the owner or an admin opens a ticket, then the conversation comes with texts; another user gets 404', async () => {
    const user = await createUser(server);
    const stranger = await createUser(server);
    const id = await openTicket(server, user, { text: 'Please check my withdraw' });
    const own = await server.api.get<{ support: TicketDto }>(`/supports/${id}`, user.token);
    expect(own.status).toBe(200);
    expect(own.body.support.texts).toEqual([
      {
        id: expect.any(Number),
        sender: 'user',
        text: 'Please check my withdraw',
        time: expect.any(Number),
        picture: null,
      },
    ]);
    expect((await server.api.get(`/supports/${id}`, admin.token)).status).toBe(200);
    const denied = await server.api.get(`/supports/${id}`, stranger.token);
    expect(denied.status).toBe(404);
    expect(denied.body.key).toBe('errors.ticketNotFound');
    expect((await server.api.get('/supports/does-not-exist', user.token)).status).toBe(404);
    expect((await server.api.get('/supports/bad%20id!', user.token)).status).toBe(404);
  });

  it('When nobody is logged in, then every ticket call is 401', async () => {
    const user = await createUser(server);
    const id = await openTicket(server, user);
    expect((await server.api.get('/supports/all')).status).toBe(401);
    expect((await server.api.get(`/supports/${id}`)).status).toBe(401);
    expect(
      (await server.api.post('/supports', { support: { subject: 'other', text: 'a long enough text' } })).status,
    ).toBe(401);
    expect((await server.api.patch(`/supports/${id}`, { support: { text: 'hi there' } })).status).toBe(401);
  });

  it('When an admin tries to open a ticket, then 403 with code -10034', async () => {
    const res = await server.api.post(
      '/supports',
      { support: { subject: 'other', text: 'admins do not open tickets' } },
      admin.token,
    );
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(-10034);
  });

  it.each([
    [{ support: { subject: 'other', text: 'short' } }, 'text', 'validation.ticketShort'],
    [{ support: { subject: 'other', text: '' } }, 'text', 'validation.ticketRequired'],
    [{ support: { subject: 'other', text: 'x'.repeat(2001) } }, 'text', 'validation.ticketLong'],
    [{ support: { subject: 'casino', text: 'a long enough text' } }, 'subject', 'validation.subjectInvalid'],
    [{ support: { subject: 'other', text: { not: '' } } }, 'text', 'validation.required'],
    [{ support: { subject: ['other'], text: 'a long enough text' } }, 'subject', 'validation.subjectInvalid'],
    [{}, 'support', 'validation.invalid'],
  ])('When a new ticket is %j, then 400 names the field and nothing is stored', async (payload, field, key) => {
    const user = await createUser(server);
    const before = await server.app.ctx.prisma.ticket.count();
    const res = await server.api.post('/supports', payload, user.token);
    expect(res.status).toBe(400);
    expect(res.body.errors?.[field]).toBe(key);
    expect(await server.app.ctx.prisma.ticket.count()).toBe(before);
  });

  it('When a list page is not a page number or repeated, then 400 (not 500)', async () => {
    const user = await createUser(server);
    for (const q of ['page=0', 'page=abc', 'page=1&page=2', 'page=1.5']) {
      const res = await server.api.get(`/supports/all?${q}`, user.token);
      expect(res.status, q).toBe(400);
      expect(res.body.errors?.page).toBe('validation.pageInvalid');
    }
  });

  it('When the owner and the admin reply, then the messages are stored with their senders and last_text moves', async () => {
    const user = await createUser(server);
    const id = await openTicket(server, user);
    const fromAdmin = await server.api.patch<{ support: TicketDto }>(
      `/supports/${id}`,
      { support: { text: '  We are checking  ' } },
      admin.token,
    );
    expect(fromAdmin.status).toBe(200);
    expect(fromAdmin.body.support.last_text).toBe('We are checking');
    const fromUser = await server.api.patch<{ support: TicketDto }>(
      `/supports/${id}`,
      { support: { text: 'ok' } },
      user.token,
    );
    expect(fromUser.status).toBe(200);
    expect(fromUser.body.support.texts?.map((t) => [t.sender, t.text]).slice(1)).toEqual([
      ['admin', 'We are checking'],
      ['user', 'ok'],
    ]);
    expect(fromUser.body.support.last_text).toBe('ok');
  });

  it.each([
    [{ support: { text: 'x' } }, 'text', 'validation.replyLength'],
    [{ support: { text: 'x'.repeat(2001) } }, 'text', 'validation.replyLength'],
    [{ support: { status: 'open' } }, 'support', 'validation.invalid'],
    [{ support: { text: 'hello', status: 'close' } }, 'support', 'validation.invalid'],
    [{ support: { text: ['hello', 'again'] } }, 'support', 'validation.invalid'],
  ])('When a reply is %j, then 400 names the field and nothing is stored', async (payload, field, key) => {
    const user = await createUser(server);
    const id = await openTicket(server, user);
    const res = await server.api.patch(`/supports/${id}`, payload, user.token);
    expect(res.status).toBe(400);
    expect(res.body.errors?.[field]).toBe(key);
    expect(await server.app.ctx.prisma.ticketMessage.count({ where: { ticketId: id } })).toBe(1);
  });

  it('When another user replies to or closes a ticket, then 404 and nothing changes', async () => {
    const user = await createUser(server);
    const stranger = await createUser(server);
    const id = await openTicket(server, user);
    expect((await server.api.patch(`/supports/${id}`, { support: { text: 'let me in' } }, stranger.token)).status).toBe(
      404,
    );
    expect((await server.api.patch(`/supports/${id}`, { support: { status: 'close' } }, stranger.token)).status).toBe(
      404,
    );
    const row = await server.app.ctx.prisma.ticket.findUniqueOrThrow({ where: { id } });
    expect(row.status).toBe('open');
    expect(await server.app.ctx.prisma.ticketMessage.count({ where: { ticketId: id } })).toBe(1);
  });

  it.each(['user', 'admin'] as const)(
    'When the %s closes a ticket, then it is closed and takes no more replies (409)',
    async (closer) => {
      const user = await createUser(server);
      const id = await openTicket(server, user);
      const token = closer === 'user' ? user.token : admin.token;
      const closed = await server.api.patch<{ support: TicketDto }>(
        `/supports/${id}`,
        { support: { status: 'close' } },
        token,
      );
      expect(closed.status).toBe(200);
      expect(closed.body.support.status).toBe('closed');
      for (const t of [user.token, admin.token]) {
        const reply = await server.api.patch(`/supports/${id}`, { support: { text: 'one more thing' } }, t);
        expect(reply.status).toBe(409);
        expect(reply.body.key).toBe('errors.ticketClosed');
      }
      const again = await server.api.patch(`/supports/${id}`, { support: { status: 'close' } }, token);
      expect(again.status).toBe(409);
      expect(await server.app.ctx.prisma.ticketMessage.count({ where: { ticketId: id } })).toBe(1);
    },
  );

  it('When replies and a close race, then every stored reply came before the close', async () => {
    const user = await createUser(server);
    const id = await openTicket(server, user);
    const replies = Array.from({ length: 6 }, (_, i) =>
      server.api.patch(`/supports/${id}`, { support: { text: `reply ${i}` } }, i % 2 ? user.token : admin.token),
    );
    const close = server.api.patch(`/supports/${id}`, { support: { status: 'close' } }, admin.token);
    const results = await Promise.all([...replies, close]);
    expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const accepted = results.slice(0, 6).filter((r) => r.status === 200).length;
    expect(await server.app.ctx.prisma.ticketMessage.count({ where: { ticketId: id } })).toBe(1 + accepted);
    const ticket = await server.app.ctx.prisma.ticket.findUniqueOrThrow({ where: { id } });
    expect(ticket.status).toBe('closed');
  });

  it('When the captcha is on and missing, then a ticket write is refused', async () => {
    const strict = await startTestServer({ db, env: { CAPTCHA: 'altcha' } });
    try {
      const user = await createUser(strict);
      const res = await strict.api.post(
        '/supports',
        { support: { subject: 'other', text: 'a long enough text' } },
        user.token,
      );
      expect(res.status).toBe(400);
      expect(res.body.key).toBe('errors.captcha');
      expect(await strict.app.ctx.prisma.ticket.count()).toBe(0);
    } finally {
      await strict.close();
    }
  });
});
