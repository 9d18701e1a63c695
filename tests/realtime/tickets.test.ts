import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { startTestServer, type TestServer } from '../support/server.js';
import { testDatabases } from '../support/databases.js';
import { createUser, loginAdmin, type TestUser } from '../factories/users.js';
import { openTicket } from '../factories/tickets.js';
import type { ClientToServerEvents, ServerToClientEvents } from '#shared/realtime';
import type { TicketDto, TicketMessageDto } from '#shared/api-types';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

describe.each(testDatabases())('Live ticket chat on %s', (db) => {
  let server: TestServer;
  let admin: TestUser;
  const sockets: ClientSocket[] = [];

  async function connect(token: string): Promise<ClientSocket> {
    const socket: ClientSocket = io(server.url, { auth: { token }, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('socket did not connect')), 5000);
      socket.once('connect', () => {
        clearTimeout(timer);
        resolve();
      });
      socket.once('connect_error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
    return socket;
  }

  /** Resolves with the first event of that name whose payload passes `match`, or fails after the deadline. */
  function nextEvent<E extends 'ticket:message' | 'ticket:updated'>(
    socket: ClientSocket,
    event: E,
    match: (payload: Parameters<ServerToClientEvents[E]>[0]) => boolean,
    timeoutMs = 5000,
  ): Promise<Parameters<ServerToClientEvents[E]>[0]> {
    return new Promise((resolve, reject) => {
      const listener = (payload: Parameters<ServerToClientEvents[E]>[0]) => {
        if (!match(payload)) return;
        clearTimeout(timer);
        socket.off(event, listener as never);
        resolve(payload);
      };
      const timer = setTimeout(() => {
        socket.off(event, listener as never);
        reject(new Error(`no ${event} within ${timeoutMs} ms`));
      }, timeoutMs);
      socket.on(event, listener as never);
    });
  }

  function record(socket: ClientSocket): string[] {
    const seen: string[] = [];
    socket.onAny((event: string) => seen.push(event));
    return seen;
  }

  beforeAll(async () => {
    server = await startTestServer({ db });
    admin = await loginAdmin(server);
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await server?.close();
  });

  it("When the admin replies, then the owner's socket gets ticket:message and ticket:updated; another user's gets nothing", async () => {
    const owner = await createUser(server, { name: 'Owner' });
    const stranger = await createUser(server);
    const ticketId = await openTicket(server, owner);
    const ownerSocket = await connect(owner.token);
    const strangerSocket = await connect(stranger.token);
    const strangerSeen = record(strangerSocket);

    const message = nextEvent(ownerSocket, 'ticket:message', (p: { ticketId: string }) => p.ticketId === ticketId);
    const updated = nextEvent(ownerSocket, 'ticket:updated', (t: TicketDto) => t.id === ticketId);
    const reply = await server.api.patch(`/supports/${ticketId}`, { support: { text: 'We have refunded you' } }, admin.token);
    expect(reply.status).toBe(200);

    const got = (await message) as { ticketId: string; message: TicketMessageDto };
    expect(got.message).toMatchObject({ sender: 'admin', text: 'We have refunded you', id: expect.any(Number), time: expect.any(Number) });
    expect(await updated).toMatchObject({ id: ticketId, last_text: 'We have refunded you', status: 'open', name: 'Owner' });

    // A later event to the stranger themself proves their socket was listening all along.
    const own = nextEvent(strangerSocket, 'ticket:updated', (t: TicketDto) => t.user_id === stranger.id);
    await openTicket(server, stranger);
    await own;
    expect(strangerSeen.filter((e) => e.startsWith('ticket:'))).toEqual(['ticket:message', 'ticket:updated']);
  });

  it("When the user writes and then closes, then the admins' sockets get the message and the closed ticket", async () => {
    const owner = await createUser(server);
    const adminSocket = await connect(admin.token);
    const created = nextEvent(adminSocket, 'ticket:updated', (t: TicketDto) => t.user_id === owner.id);
    const ticketId = await openTicket(server, owner);
    expect(await created).toMatchObject({ id: ticketId, status: 'open' });

    const message = nextEvent(adminSocket, 'ticket:message', (p: { ticketId: string }) => p.ticketId === ticketId);
    await server.api.patch(`/supports/${ticketId}`, { support: { text: 'Still waiting' } }, owner.token);
    expect(((await message) as { message: TicketMessageDto }).message).toMatchObject({ sender: 'user', text: 'Still waiting' });

    const closed = nextEvent(adminSocket, 'ticket:updated', (t: TicketDto) => t.id === ticketId && t.status === 'closed');
    await server.api.patch(`/supports/${ticketId}`, { support: { status: 'close' } }, owner.token);
    await closed;
  });
});
