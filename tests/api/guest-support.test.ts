// A guest asks about their order from its page (decision 282): the order's id is the key to its ticket, the shop's
// answer reaches the page live and the order's e-mail by mail, and nobody reaches another order's conversation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TicketDto } from '#shared/api-types';
import { useTestServer } from '../support/server.js';
import { testDatabases } from '../support/databases.js';
import { startSmtpCatcher, type SmtpCatcher } from '../support/smtp.js';
import { connectSocket, nextEvent, useSockets, watchOrder } from '../support/sockets.js';
import { createUser, loginAdmin, type TestUser } from '../factories/users.js';
import { placeOrder, TOPUP_BDT, topupPayload, waitFor } from '../factories/orders.js';

describe.each(testDatabases())('Support for guests on %s', (db) => {
  let smtp: SmtpCatcher;
  let admin: TestUser;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
  });
  afterAll(async () => {
    await smtp?.close();
  });
  const server = useTestServer(() => ({ db, env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://shop.example' } }));
  useSockets();
  beforeAll(async () => {
    admin = await loginAdmin(server);
  });
  const unique = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}@example.com`;

  it('When a guest asks on their order page and staff answer, then the answer arrives on the page live and by mail, and the guest can answer back', async () => {
    const email = unique('guest-help');
    const id = await placeOrder(server, TOPUP_BDT, topupPayload({ contact_email: email }));
    expect((await server.api.get(`/orders/${id}/support`)).body).toMatchObject({ ok: true, support: null });

    const asked = await server.api.post(`/orders/${id}/support`, {
      support: { text: 'I paid but nothing happened yet' },
    });
    expect(asked.status).toBe(200);
    const ticket = asked.body.support as TicketDto;
    expect(ticket).toMatchObject({ user_id: null, order_id: id, subject: TOPUP_BDT, status: 'open', name: email });
    expect(ticket.texts?.map((m) => m.sender)).toEqual(['user']);
    const entry = await server.app.ctx.prisma.auditEntry.findFirst({
      where: { action: 'ticket.guest_message', targetId: ticket.id },
    });
    expect(entry?.actorId).toBeNull();

    // Staff see it in their list and answer it as any ticket.
    const all = await server.api.get('/supports/all', admin.token);
    expect((all.body.supports as TicketDto[]).some((t) => t.id === ticket.id)).toBe(true);
    const page = await connectSocket(server);
    expect(await watchOrder(page, id)).toEqual({ data: true });
    const live = nextEvent(page, 'ticket:message', (p) => p.ticketId === ticket.id);
    expect(
      (
        await server.api.patch(
          `/supports/${ticket.id}`,
          { support: { text: 'We found your payment, it is done' } },
          admin.token,
        )
      ).status,
    ).toBe(200);
    expect((await live).message).toMatchObject({ sender: 'admin', text: 'We found your payment, it is done' });
    const mail = await waitFor(
      async () => smtp.mails.find((m) => m.to.includes(email) && m.subject.includes('answered your question')),
      (found) => found !== undefined,
    );
    if (!mail) throw new Error('no mail');
    expect(mail.subject).toContain(id.slice(0, 10));
    expect(mail.text).toContain('We found your payment, it is done');
    expect(mail.text).toContain(`https://shop.example/orders/${id}`);

    // The guest's next words go into the same ticket (a reply's length), and the page reads the conversation.
    expect((await server.api.post(`/orders/${id}/support`, { support: { text: 'Thanks!' } })).status).toBe(200);
    const read = await server.api.get(`/orders/${id}/support`);
    expect((read.body.support as TicketDto).texts?.map((m) => m.sender)).toEqual(['user', 'admin', 'user']);
    expect(await server.app.ctx.prisma.ticket.count({ where: { orderId: id } })).toBe(1);
  });

  it("When the ticket was closed, then the guest's next question opens a new one; a too short first question changes nothing", async () => {
    const id = await placeOrder(server, TOPUP_BDT, topupPayload());
    const short = await server.api.post(`/orders/${id}/support`, { support: { text: 'Help' } });
    expect(short.status).toBe(400);
    expect(short.body.errors).toMatchObject({ text: 'validation.ticketShort' });
    expect(await server.app.ctx.prisma.ticket.count({ where: { orderId: id } })).toBe(0);

    const first = (await server.api.post(`/orders/${id}/support`, { support: { text: 'Where is my top-up please?' } }))
      .body.support as TicketDto;
    expect(
      (await server.api.patch(`/supports/${first.id}`, { support: { status: 'close' } }, admin.token)).status,
    ).toBe(200);
    const second = (
      await server.api.post(`/orders/${id}/support`, { support: { text: 'It still did not arrive, sorry' } })
    ).body.support as TicketDto;
    expect(second.id).not.toBe(first.id);
    expect(second.status).toBe('open');
    // Only the shop's answers are mailed: the guest's own messages queue nothing.
    const jobs = await server.app.ctx.prisma.$queryRaw<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM jobs WHERE kind = 'mail.guestTicketReply' AND payload->>'ticket_id' = ${second.id}`;
    expect(Number(jobs[0]?.n)).toBe(0);
  });

  it('When two first questions race, then one ticket holds both', async () => {
    const id = await placeOrder(server, TOPUP_BDT, topupPayload());
    const answers = await Promise.all([
      server.api.post(`/orders/${id}/support`, { support: { text: 'First question about it' } }),
      server.api.post(`/orders/${id}/support`, { support: { text: 'Second question about it' } }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(await server.app.ctx.prisma.ticket.count({ where: { orderId: id } })).toBe(1);
    expect(await server.app.ctx.prisma.ticketMessage.count({ where: { ticket: { orderId: id } } })).toBe(2);
  });

  it("When someone uses the guest door on a registered customer's order, then it is refused and the customer's tickets stay private", async () => {
    const owner = await createUser(server);
    const id = await placeOrder(server, TOPUP_BDT, topupPayload(), owner.token);
    const read = await server.api.get(`/orders/${id}/support`);
    expect(read.status).toBe(403);
    expect(read.body.key).toBe('errors.ticketOrderHasAccount');
    expect(
      (await server.api.post(`/orders/${id}/support`, { support: { text: 'Let me in to this order' } })).status,
    ).toBe(403);
    expect((await server.api.get('/orders/AAAAAAAAAAAAAAAAAAAAAAAA/support')).status).toBe(404);

    // A guest's ticket is not a customer's: another customer's token does not open it.
    const guestOrder = await placeOrder(server, TOPUP_BDT, topupPayload());
    const ticket = (
      await server.api.post(`/orders/${guestOrder}/support`, { support: { text: 'A guest question here' } })
    ).body.support as TicketDto;
    expect((await server.api.get(`/supports/${ticket.id}`, owner.token)).status).toBe(404);
  });
});
