// Sockets follow the account (decision 004): a change of the token version (role change, block, password
// change, logout) disconnects every socket of that user at once, on every instance; an expired token's socket is
// disconnected at expiry; a revoked or expired token cannot open one. And pushes carry the view of their audience.
import jwt from 'jsonwebtoken';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderDto } from '#shared/api-types';
import { useTestInstances, useTestServer, type TestServer } from '../support/server.js';
import { testDatabases } from '../support/databases.js';
import {
  connectSocket,
  nextEvent,
  recordEvents,
  useSockets,
  watchOrder,
  type ClientSocket,
} from '../support/sockets.js';
import { createUser, loginAdmin, type TestUser } from '../factories/users.js';
import { COMPLETE_CHECKED, placeOrder, placePendingOrder, WITHDRAW_BDT } from '../factories/orders.js';

useSockets();

/** Resolves with the milliseconds from `since` to the socket's disconnect; rejects after the deadline. */
function disconnectedWithin(socket: ClientSocket, timeoutMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    if (!socket.connected) return resolve(0);
    const start = Date.now();
    const timer = setTimeout(() => reject(new Error(`socket still connected after ${timeoutMs} ms`)), timeoutMs);
    socket.once('disconnect', () => {
      clearTimeout(timer);
      resolve(Date.now() - start);
    });
  });
}

/** A second admin (the first one demotes or blocks them), with a token made after the promotion. */
async function secondAdmin(server: TestServer): Promise<TestUser> {
  return createUser(server, { role: 'admin' });
}

/** The admin socket that has already received an order:created, as the probe did. */
async function adminSocketThatSawAnOrder(server: TestServer, admin: TestUser): Promise<ClientSocket> {
  const socket = await connectSocket(server, { token: admin.token });
  const created = nextEvent(socket, 'order:created');
  const id = await placeOrder(server);
  expect(await created).toMatchObject({ id });
  return socket;
}

/** After the socket is gone, a new order and a change of it reach the other admin but not the closed socket. */
async function expectNoMoreOrderEvents(server: TestServer, watcherAdmin: TestUser, seen: string[]): Promise<void> {
  const control = await connectSocket(server, { token: watcherAdmin.token });
  const created = nextEvent(control, 'order:created');
  const id = await placeOrder(server);
  await created;
  const updated = nextEvent(control, 'order:updated', (o) => o.id === id);
  await server.api.patch(`/orders/${id}`, { order: { status: 'cancelled' } }, watcherAdmin.token);
  await updated;
  expect(seen.filter((name) => name.startsWith('order:'))).toEqual([]);
}

describe.each(testDatabases())('Sockets follow the account on %s', (db) => {
  const server = useTestServer({ db });
  let admin: TestUser;
  beforeAll(async () => {
    admin = await loginAdmin(server);
  });

  it.each([
    ['demoted to user', 'user'],
    ['blocked', 'blocked'],
  ] as const)(
    'When an admin whose socket received order:created is %s, then the socket is closed within 1 s and gets no more order events',
    async (_name, role) => {
      const other = await secondAdmin(server);
      const socket = await adminSocketThatSawAnOrder(server, other);
      const seen = recordEvents(socket);
      const closed = disconnectedWithin(socket, 5_000);
      const res = await server.api.patch(`/users/${other.id}`, { user: { role } }, admin.token);
      expect(res.status).toBe(200);
      const answeredAt = Date.now();
      await closed;
      expect(Date.now() - answeredAt).toBeLessThanOrEqual(1_000);
      expect(socket.connected).toBe(false);
      await expectNoMoreOrderEvents(server, admin, seen);
      // And the old token cannot open a new one.
      await expect(connectSocket(server, { token: other.token })).rejects.toThrow();
    },
  );

  it('When an admin changes their password, then their open sockets are closed within 1 s and the old token opens none', async () => {
    const other = await secondAdmin(server);
    const socket = await adminSocketThatSawAnOrder(server, other);
    const second = await connectSocket(server, { token: other.token });
    const seen = recordEvents(socket);
    const closed = Promise.all([disconnectedWithin(socket, 5_000), disconnectedWithin(second, 5_000)]);
    const res = await server.api.patch(
      `/users/${other.id}`,
      {
        user: {
          password: other.password,
          new_password: 'a-new-long-password-77',
          confirm_password: 'a-new-long-password-77',
        },
      },
      other.token,
    );
    expect(res.status).toBe(200);
    const answeredAt = Date.now();
    await closed;
    expect(Date.now() - answeredAt).toBeLessThanOrEqual(1_000);
    await expectNoMoreOrderEvents(server, admin, seen);
    await expect(connectSocket(server, { token: other.token })).rejects.toThrow();
    // The new token of the answer works.
    const fresh = (res.body as unknown as { user: { jwt: string } }).user.jwt;
    expect((await connectSocket(server, { token: fresh })).connected).toBe(true);
  });

  it('When a user logs out, then POST /logout revokes the token: its sockets close and REST answers 401 logout:true', async () => {
    const user = await createUser(server);
    const socket = await connectSocket(server, { token: user.token });
    const closed = disconnectedWithin(socket, 5_000);
    const res = await server.api.post('/logout', {}, user.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true });
    const answeredAt = Date.now();
    await closed;
    expect(Date.now() - answeredAt).toBeLessThanOrEqual(1_000);
    const after = await server.api.get('/users/me', user.token);
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ ok: false, logout: true });
    await expect(connectSocket(server, { token: user.token })).rejects.toThrow();
    expect((await server.api.post('/logout', {})).status).toBe(401);
  });

  it("When a socket's token expires, then the socket is disconnected at expiry, and an expired token opens none", async () => {
    const user = await createUser(server);
    const row = await server.app.ctx.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    const short = jwt.sign({ ver: row.tokenVersion }, server.app.ctx.jwtSecret, {
      algorithm: 'HS256',
      subject: user.id,
      expiresIn: 2,
    });
    const socket = await connectSocket(server, { token: short });
    const expiresAtMs = (jwt.decode(short) as { exp: number }).exp * 1000;
    await disconnectedWithin(socket, 6_000);
    expect(Date.now()).toBeGreaterThanOrEqual(expiresAtMs - 50);
    expect(Date.now() - expiresAtMs).toBeLessThanOrEqual(1_000);
    await expect(connectSocket(server, { token: short })).rejects.toThrow();
  });

  it('When an order changes, then its watcher gets the public view and the admins the full one', async () => {
    const customer = await createUser(server);
    const id = await placeOrder(server, WITHDRAW_BDT, undefined, customer.token);
    const watcher = await connectSocket(server);
    expect(await watchOrder(watcher, id)).toEqual({ data: true });
    const owner = await connectSocket(server, { token: customer.token });
    const adminSocket = await connectSocket(server, { token: admin.token });
    const toWatcher = nextEvent(watcher, 'order:updated', (o) => o.id === id);
    const toOwner = nextEvent(owner, 'order:updated', (o) => o.id === id);
    const toAdmin = nextEvent(adminSocket, 'order:updated', (o) => o.id === id);
    expect(
      (await server.api.patch(`/orders/${id}`, { order: { onex_id: '987654321', w_code: 'Ab12' } }, customer.token))
        .status,
    ).toBe(200);
    for (const view of [await toWatcher, await toOwner]) {
      expect(view).toMatchObject({ id, status: 'pending', data: { onex_id: '987654321' } });
      expect(view).not.toHaveProperty('user_id');
      expect(view.data).not.toHaveProperty('w_code');
      for (const event of view.events)
        expect(Object.keys(event).sort()).toEqual(['actor', 'from', 'kind', 'time', 'to']);
    }
    const full = (await toAdmin) as AdminOrderDto;
    expect(full).toMatchObject({ id, user_id: customer.id, data: { w_code: 'Ab12' } });
    expect(full.events.at(-1)).toMatchObject({ actor: 'customer', actor_id: customer.id });
  });

  it("When an admin acts, then the public view names the role only, never the admin's id", async () => {
    const id = await placePendingOrder(server);
    const res = await server.api.patch(`/orders/${id}`, { order: COMPLETE_CHECKED }, admin.token);
    expect(res.body.order).toMatchObject({ user_id: null }); // the admin's own answer is the full view
    const view = await server.api.get(`/orders/${id}`);
    expect(JSON.stringify(view.body)).not.toContain(admin.id);
    expect((view.body as unknown as { order: { events: unknown[] } }).order.events.at(-1)).toEqual({
      from: 'pending',
      to: 'complete',
      actor: 'admin',
      kind: 'status',
      time: expect.any(Number),
    });
  });
});

const twoInstances = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);
describe.skipIf(!twoInstances)('Sockets follow the account across two instances (PostgreSQL + Redis)', () => {
  const [a, b] = useTestInstances(2, { redis: true });

  it.each([
    ['demoted', { role: 'user' }],
    ['blocked', { role: 'blocked' }],
  ] as const)(
    'When an admin with a socket on instance A is %s on instance B, then that socket is closed within 1 s',
    async (_name, change) => {
      const admin = await loginAdmin(b);
      const other = await createUser(a, { role: 'admin' });
      const socket = await adminSocketThatSawAnOrder(a, other);
      const seen = recordEvents(socket);
      const closed = disconnectedWithin(socket, 5_000);
      const res = await b.api.patch(`/users/${other.id}`, { user: change }, admin.token);
      expect(res.status).toBe(200);
      const answeredAt = Date.now();
      await closed;
      expect(Date.now() - answeredAt).toBeLessThanOrEqual(1_000);
      await expectNoMoreOrderEvents(a, admin, seen);
    },
  );

  it('When a user changes their password on instance B, then their socket on instance A is closed', async () => {
    const user = await createUser(a);
    const socket = await connectSocket(a, { token: user.token });
    const closed = disconnectedWithin(socket, 5_000);
    const res = await b.api.patch(
      `/users/${user.id}`,
      {
        user: { password: user.password, new_password: 'another-password-88', confirm_password: 'another-password-88' },
      },
      user.token,
    );
    expect(res.status).toBe(200);
    const answeredAt = Date.now();
    await closed;
    expect(Date.now() - answeredAt).toBeLessThanOrEqual(1_000);
  });
});
