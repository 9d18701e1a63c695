// Realtime pushes for orders (design §7): rooms, authorisation, Origin check, and the Redis adapter across instances.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { startTestServer, type TestServer } from '../support/server.js';
import { createPostgresDatabase, testDatabases } from '../support/databases.js';
import { createUser, loginAdmin, type TestUser } from '../factories/users.js';
import { placeOrder, placePendingOrder, topupPayload, TOPUP_BDT } from '../factories/orders.js';
import type { ClientToServerEvents, ServerToClientEvents } from '#shared/realtime';
import type { HomeOrderDto, OrderDto } from '#shared/api-types';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
const opened: ClientSocket[] = [];

function open(server: TestServer, token?: string, extraHeaders?: Record<string, string>): ClientSocket {
  const socket: ClientSocket = connect(server.url, {
    path: '/socket.io',
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    auth: token ? { token } : {},
    extraHeaders,
  });
  opened.push(socket);
  return socket;
}

async function connected(socket: ClientSocket): Promise<ClientSocket> {
  if (socket.connected) return socket;
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });
  return socket;
}

function nextEvent<E extends keyof ServerToClientEvents>(
  socket: ClientSocket,
  event: E,
  match: (...args: Parameters<ServerToClientEvents[E]>) => boolean = () => true,
  timeoutMs = 10_000,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener as never);
      reject(new Error(`no ${String(event)} within ${timeoutMs} ms`));
    }, timeoutMs);
    const listener = (...args: Parameters<ServerToClientEvents[E]>) => {
      if (!match(...args)) return;
      clearTimeout(timer);
      socket.off(event, listener as never);
      resolve(args[0]);
    };
    socket.on(event, listener as never);
  });
}

async function watch(socket: ClientSocket, orderId: string): Promise<{ data: true } | { error: string }> {
  return new Promise((resolve) => socket.emit('order:watch', orderId, resolve));
}

afterEach(() => {
  for (const s of opened.splice(0)) s.disconnect();
});

describe.each(testDatabases())('Order pushes on %s', (db) => {
  let server: TestServer;
  let admin: TestUser;
  beforeAll(async () => {
    server = await startTestServer({ db });
    admin = await loginAdmin(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('When a guest watches an order and the admin completes it, then the guest gets order:updated with the new status', async () => {
    const id = await placePendingOrder(server);
    const guest = await connected(open(server));
    expect(await watch(guest, id)).toEqual({ data: true });
    const pushed = nextEvent(guest, 'order:updated', (o) => o.id === id);
    const res = await server.api.patch(`/orders/${id}`, { order: { status: 'complete' } }, admin.token);
    expect(res.status).toBe(200);
    const order = await pushed;
    expect(order).toMatchObject({ id, status: 'complete' });
    expect(order.events.at(-1)).toMatchObject({ to: 'complete', actor: 'admin' });
  });

  it('When a guest watches an unknown or malformed id, then the acknowledgement is an error', async () => {
    const guest = await connected(open(server));
    expect(await watch(guest, 'AAAAAAAAAAAAAAAAAAAAAA')).toEqual({ error: 'errors.notFound' });
    expect(await watch(guest, 'bad id!')).toEqual({ error: 'errors.notFound' });
  });

  it('When an order is placed, then admin sockets get order:created and everyone gets home:orders', async () => {
    const adminSocket = await connected(open(server, admin.token));
    const visitor = await connected(open(server));
    const created = nextEvent(adminSocket, 'order:created');
    const home = nextEvent(visitor, 'home:orders');
    const id = await placeOrder(server);
    expect(await created).toMatchObject({ id, status: 'waiting' });
    const list = (await home) as HomeOrderDto[];
    expect(list[0]).toMatchObject({ product_id: TOPUP_BDT, status: 'waiting', userName: '' });
  });

  it("When a user's order changes, then their socket gets it and another user's socket does not", async () => {
    const owner = await createUser(server);
    const stranger = await createUser(server);
    const ownerSocket = await connected(open(server, owner.token));
    const strangerSocket = await connected(open(server, stranger.token));
    const leaked: OrderDto[] = [];
    strangerSocket.on('order:updated', (o) => leaked.push(o));
    strangerSocket.on('order:created', (o) => leaked.push(o));
    const created = nextEvent(ownerSocket, 'order:created');
    const id = await placeOrder(server, TOPUP_BDT, topupPayload(), owner.token);
    expect(await created).toMatchObject({ id, user_id: owner.id });
    const updated = nextEvent(ownerSocket, 'order:updated', (o) => o.id === id);
    // home:orders is pushed to everyone after the order push of the same change: once the stranger has it,
    // any order push meant for them would already have arrived.
    const strangerSawHome = nextEvent(strangerSocket, 'home:orders', (list) => list[0]?.status === 'user_cancelled');
    await server.api.patch(`/orders/${id}`, { order: { cancel: true } }, owner.token);
    expect(await updated).toMatchObject({ id, status: 'user_cancelled' });
    await strangerSawHome;
    expect(leaked).toEqual([]);
  });

  it('When a watched order times out, then the watcher gets order:updated with status timedout', async () => {
    const id = await placeOrder(server);
    const guest = await connected(open(server));
    await watch(guest, id);
    const pushed = nextEvent(guest, 'order:updated', (o) => o.id === id && o.status === 'timedout', 15_000);
    await server.app.ctx.prisma.order.update({ where: { id }, data: { lastTime: new Date(Date.now() - 1000) } });
    expect((await pushed).events.at(-1)).toMatchObject({ from: 'waiting', to: 'timedout', actor: 'system' });
  });

  it('When the admin goes online, then every socket gets admin:online', async () => {
    const visitor = await connected(open(server));
    const pushed = nextEvent(visitor, 'admin:online', (p) => p.online);
    await server.api.patch('/admin', { admin: { online: true } }, admin.token);
    expect(await pushed).toEqual({ online: true });
  });

  it('When a page of another site connects (bad Origin), then the connection is refused', async () => {
    const socket = open(server, undefined, { origin: 'http://evil.example' });
    await expect(connected(socket)).rejects.toThrow();
    expect(socket.connected).toBe(false);
    const same = await connected(open(server, undefined, { origin: server.url }));
    expect(same.connected).toBe(true);
  });

  it('When the token is forged, then the handshake is refused', async () => {
    await expect(connected(open(server, 'forged.token.value'))).rejects.toThrow();
  });
});

const twoInstances = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);
describe.skipIf(!twoInstances)('Order pushes across two instances (PostgreSQL + Redis)', () => {
  let a: TestServer;
  let b: TestServer;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const created = await createPostgresDatabase();
    drop = created.drop;
    a = await startTestServer({ databaseUrl: created.url, redis: true });
    b = await startTestServer({ databaseUrl: created.url, redis: true });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await drop?.();
  });

  it('When a watcher is on instance A and the admin acts on instance B, then the watcher sees it', async () => {
    const admin = await loginAdmin(b);
    const id = await placePendingOrder(a);
    const watcher = await connected(open(a));
    expect(await watch(watcher, id)).toEqual({ data: true });
    const adminOnA = await connected(open(a, admin.token));
    const pushed = nextEvent(watcher, 'order:updated', (o) => o.id === id);
    const adminPushed = nextEvent(adminOnA, 'order:updated', (o) => o.id === id);
    const res = await b.api.patch(`/orders/${id}`, { order: { status: 'complete' } }, admin.token);
    expect(res.status).toBe(200);
    expect(await pushed).toMatchObject({ id, status: 'complete' });
    expect(await adminPushed).toMatchObject({ id, status: 'complete' });
  });
});
