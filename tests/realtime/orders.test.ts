// Realtime pushes for orders (product.md §12): rooms, authorisation, Origin check, and the Redis adapter across instances.
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestInstances, useTestServer } from '../support/server.js';
import { testDatabases } from '../support/databases.js';
import { connected, connectSocket, nextEvent, openSocket, useSockets, watchOrder } from '../support/sockets.js';
import { createUser, loginAdmin, type TestUser } from '../factories/users.js';
import { COMPLETE_CHECKED, placeOrder, placePendingOrder, TOPUP_BDT, topupPayload } from '../factories/orders.js';
import type { OrderView } from '#shared/api-types';

useSockets();

describe.each(testDatabases())('Order pushes on %s', (db) => {
  const server = useTestServer({ db });
  let admin: TestUser;
  beforeAll(async () => {
    admin = await loginAdmin(server);
  });

  it('When a guest watches an order and the admin completes it, then the guest gets order:updated with the new status', async () => {
    const id = await placePendingOrder(server);
    const guest = await connectSocket(server);
    expect(await watchOrder(guest, id)).toEqual({ data: true });
    const pushed = nextEvent(guest, 'order:updated', (o) => o.id === id);
    const res = await server.api.patch(`/orders/${id}`, { order: COMPLETE_CHECKED }, admin.token);
    expect(res.status).toBe(200);
    const order = await pushed;
    expect(order).toMatchObject({ id, status: 'complete' });
    expect(order.events.at(-1)).toMatchObject({ to: 'complete', actor: 'admin' });
  });

  it('When a guest watches an unknown or malformed id, then the acknowledgement is an error', async () => {
    const guest = await connectSocket(server);
    expect(await watchOrder(guest, 'AAAAAAAAAAAAAAAAAAAAAA')).toEqual({ error: 'errors.notFound' });
    expect(await watchOrder(guest, 'bad id!')).toEqual({ error: 'errors.notFound' });
  });

  it('When an order is placed, then admin sockets get order:created and everyone gets home:orders', async () => {
    const adminSocket = await connectSocket(server, { token: admin.token });
    const visitor = await connectSocket(server);
    const created = nextEvent(adminSocket, 'order:created');
    // The previous test's completion may still be on its way to the new socket: this order's list is the one with
    // a waiting order on top.
    const home = nextEvent(visitor, 'home:orders', (list) => list[0]?.status === 'waiting');
    const id = await placeOrder(server);
    expect(await created).toMatchObject({ id, status: 'waiting' });
    const list = await home;
    expect(list[0]).toMatchObject({ product_id: TOPUP_BDT, status: 'waiting', userName: '' });
  });

  it("When a user's order changes, then their socket gets it and another user's socket does not", async () => {
    const owner = await createUser(server);
    const stranger = await createUser(server);
    const ownerSocket = await connectSocket(server, { token: owner.token });
    const strangerSocket = await connectSocket(server, { token: stranger.token });
    const leaked: OrderView[] = [];
    strangerSocket.on('order:updated', (o) => leaked.push(o));
    strangerSocket.on('order:created', (o) => leaked.push(o));
    const created = nextEvent(ownerSocket, 'order:created');
    const id = await placeOrder(server, TOPUP_BDT, topupPayload(), owner.token);
    // The owner gets the public view (decision 070): their own order, without account ids or codes.
    const ownerView = await created;
    expect(ownerView).toMatchObject({ id, status: 'waiting' });
    expect(ownerView).not.toHaveProperty('user_id');
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
    const guest = await connectSocket(server);
    await watchOrder(guest, id);
    const pushed = nextEvent(guest, 'order:updated', (o) => o.id === id && o.status === 'timedout', 15_000);
    await server.app.ctx.prisma.order.update({ where: { id }, data: { lastTime: new Date(Date.now() - 1000) } });
    expect((await pushed).events.at(-1)).toMatchObject({ from: 'waiting', to: 'timedout', actor: 'system' });
  });

  it('When the admin goes online, then every socket gets admin:online', async () => {
    const visitor = await connectSocket(server);
    const pushed = nextEvent(visitor, 'admin:online', (p) => p.online);
    await server.api.patch('/admin', { admin: { online: true } }, admin.token);
    expect(await pushed).toEqual({ online: true });
  });

  it('When a page of another site connects (bad Origin), then the connection is refused', async () => {
    const socket = openSocket(server, { headers: { origin: 'http://evil.example' } });
    await expect(connected(socket)).rejects.toThrow();
    expect(socket.connected).toBe(false);
    const same = await connectSocket(server, { headers: { origin: server.url } });
    expect(same.connected).toBe(true);
  });

  it('When the token is forged, then the handshake is refused', async () => {
    await expect(connectSocket(server, { token: 'forged.token.value' })).rejects.toThrow();
  });
});

const twoInstances = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);
describe.skipIf(!twoInstances)('Order pushes across two instances (PostgreSQL + Redis)', () => {
  const [a, b] = useTestInstances(2, { redis: true });

  it('When a watcher is on instance A and the admin acts on instance B, then the watcher sees it', async () => {
    const admin = await loginAdmin(b);
    const id = await placePendingOrder(a);
    const watcher = await connectSocket(a);
    expect(await watchOrder(watcher, id)).toEqual({ data: true });
    const adminOnA = await connectSocket(a, { token: admin.token });
    const pushed = nextEvent(watcher, 'order:updated', (o) => o.id === id);
    const adminPushed = nextEvent(adminOnA, 'order:updated', (o) => o.id === id);
    const res = await b.api.patch(`/orders/${id}`, { order: COMPLETE_CHECKED }, admin.token);
    expect(res.status).toBe(200);
    expect(await pushed).toMatchObject({ id, status: 'complete' });
    expect(await adminPushed).toMatchObject({ id, status: 'complete' });
  });
});
