// Realtime pushes for the ticket chat (product.md §10.6): the owner and the admins get messages and updates, nobody else.
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../support/server.js';
import { testDatabases } from '../support/databases.js';
import { connectSocket, nextEvent, recordEvents, useSockets } from '../support/sockets.js';
import { createUser, loginAdmin, type TestUser } from '../factories/users.js';
import { openTicket } from '../factories/tickets.js';

useSockets();

describe.each(testDatabases())('Live ticket chat on %s', (db) => {
  const server = useTestServer({ db });
  let admin: TestUser;
  beforeAll(async () => {
    admin = await loginAdmin(server);
  });
  const connect = (token: string) => connectSocket(server, { token });

  it("When the admin replies, then the owner's socket gets ticket:message and ticket:updated; another user's gets nothing", async () => {
    const owner = await createUser(server, { name: 'Owner' });
    const stranger = await createUser(server);
    const ticketId = await openTicket(server, owner);
    const ownerSocket = await connect(owner.token);
    const strangerSocket = await connect(stranger.token);
    const strangerSeen = recordEvents(strangerSocket);

    const message = nextEvent(ownerSocket, 'ticket:message', (p) => p.ticketId === ticketId, 5000);
    const updated = nextEvent(ownerSocket, 'ticket:updated', (t) => t.id === ticketId, 5000);
    const reply = await server.api.patch(
      `/supports/${ticketId}`,
      { support: { text: 'We have refunded you' } },
      admin.token,
    );
    expect(reply.status).toBe(200);

    const got = await message;
    expect(got.message).toMatchObject({
      sender: 'admin',
      text: 'We have refunded you',
      id: expect.any(Number),
      time: expect.any(Number),
    });
    expect(await updated).toMatchObject({
      id: ticketId,
      last_text: 'We have refunded you',
      status: 'open',
      name: 'Owner',
    });

    // A later event to the stranger themself proves their socket was listening all along.
    const own = nextEvent(strangerSocket, 'ticket:updated', (t) => t.user_id === stranger.id, 5000);
    await openTicket(server, stranger);
    await own;
    expect(strangerSeen.filter((e) => e.startsWith('ticket:'))).toEqual(['ticket:message', 'ticket:updated']);
  });

  it("When the user writes and then closes, then the admins' sockets get the message and the closed ticket", async () => {
    const owner = await createUser(server);
    const adminSocket = await connect(admin.token);
    const created = nextEvent(adminSocket, 'ticket:updated', (t) => t.user_id === owner.id, 5000);
    const ticketId = await openTicket(server, owner);
    expect(await created).toMatchObject({ id: ticketId, status: 'open' });

    const message = nextEvent(adminSocket, 'ticket:message', (p) => p.ticketId === ticketId, 5000);
    await server.api.patch(`/supports/${ticketId}`, { support: { text: 'Still waiting' } }, owner.token);
    expect((await message).message).toMatchObject({ sender: 'user', text: 'Still waiting' });

    const closed = nextEvent(adminSocket, 'ticket:updated', (t) => t.id === ticketId && t.status === 'closed', 5000);
    await server.api.patch(`/supports/${ticketId}`, { support: { status: 'close' } }, owner.token);
    await closed;
  });
});
