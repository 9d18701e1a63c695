// Concurrency: two admins acting on the same order, reused transaction ids, and the timeout sweep with several
// instances. PGlite serialises everything (it still runs); PostgreSQL is where these prove the point.
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestInstances, useTestServer, type TestServer } from '../support/server.js';
import { testDatabases } from '../support/databases.js';
import { createUser, loginAdmin, type TestUser } from '../factories/users.js';
import { COMPLETE_CHECKED, placeOrder, placePendingOrder, waitFor } from '../factories/orders.js';
import type { OrderView } from '#shared/api-types';

const ROUNDS = 20;

/** The instance's own orders use cases (the sweep), called directly to run many sweeps at once. */
const ordersOf = (server: TestServer) => server.app.services.orders;

async function expire(server: TestServer, ids: string[]) {
  await server.app.ctx.prisma.order.updateMany({
    where: { id: { in: ids } },
    data: { lastTime: new Date(Date.now() - 60_000) },
  });
}

describe.each(testDatabases())('Order races on %s', (db) => {
  const server = useTestServer({ db });
  let admin1: TestUser;
  let admin2: TestUser;
  beforeAll(async () => {
    admin1 = await loginAdmin(server);
    admin2 = await createUser(server, { role: 'admin' });
  });

  it(`When two admins complete and cancel the same order at once (${ROUNDS} orders), then exactly one wins each time`, async () => {
    const ids: string[] = [];
    for (let i = 0; i < ROUNDS; i += 1) ids.push(await placePendingOrder(server));
    const results = await Promise.all(
      ids.map((id) =>
        Promise.all([
          server.api.patch(`/orders/${id}`, { order: COMPLETE_CHECKED }, admin1.token),
          server.api.patch(`/orders/${id}`, { order: { status: 'cancelled' } }, admin2.token),
        ]),
      ),
    );
    for (const [i, [complete, cancel]] of results.entries()) {
      const statuses = [complete.status, cancel.status].sort();
      expect(statuses).toEqual([200, 409]);
      const winner = complete.status === 200 ? 'complete' : 'admin_cancelled';
      const winnerId = complete.status === 200 ? admin1.id : admin2.id;
      const events = await server.app.ctx.prisma.orderEvent.findMany({
        where: { orderId: ids[i] },
        orderBy: { id: 'asc' },
      });
      expect(events.map((e) => e.toStatus)).toEqual(['waiting', 'pending', winner]);
      expect(events[2]).toMatchObject({ fromStatus: 'pending', actor: 'admin', actorId: winnerId });
      const row = await server.app.ctx.prisma.order.findUniqueOrThrow({ where: { id: ids[i] } });
      expect(row.status).toBe(winner);
    }
  });

  it(`When a customer cancels while the admin cancels (${ROUNDS} orders), then exactly one wins each time`, async () => {
    const ids: string[] = [];
    for (let i = 0; i < ROUNDS; i += 1) ids.push(await placeOrder(server));
    const results = await Promise.all(
      ids.map((id) =>
        Promise.all([
          server.api.patch(`/orders/${id}`, { order: { cancel: true } }),
          server.api.patch(`/orders/${id}`, { order: { status: 'cancelled' } }, admin1.token),
        ]),
      ),
    );
    for (const [i, [customer, adminRes]] of results.entries()) {
      expect([customer.status, adminRes.status].sort()).toEqual([200, 409]);
      const winner = customer.status === 200 ? 'user_cancelled' : 'admin_cancelled';
      expect(((customer.status === 200 ? customer : adminRes).body.order as OrderView).status).toBe(winner);
      expect(await server.app.ctx.prisma.orderEvent.count({ where: { orderId: ids[i] } })).toBe(2);
    }
  });

  it('When two orders submit the same transaction id at once, then exactly one is accepted each time', async () => {
    for (let round = 0; round < 10; round += 1) {
      const [a, b] = [await placeOrder(server), await placeOrder(server)];
      const pmId = `RACE${round}X${Date.now()}`;
      const [ra, rb] = await Promise.all([
        server.api.patch(`/orders/${a}`, { order: { pm_id: pmId } }),
        server.api.patch(`/orders/${b}`, { order: { pm_id: pmId } }),
      ]);
      expect([ra.status, rb.status].sort()).toEqual([200, 409]);
      expect((ra.status === 409 ? ra : rb).body.key).toBe('errors.transactionUsed');
      expect(await server.app.ctx.prisma.order.count({ where: { pmId } })).toBe(1);
      const loser = ra.status === 409 ? a : b;
      expect(await server.app.ctx.prisma.orderEvent.count({ where: { orderId: loser } })).toBe(1);
    }
  });

  it('When waiting orders expire, then the running sweeper times each out once with a system event', async () => {
    const ids = [await placeOrder(server), await placeOrder(server), await placeOrder(server)];
    const fresh = await placeOrder(server);
    await expire(server, ids);
    await waitFor(
      () => server.app.ctx.prisma.order.count({ where: { id: { in: ids }, status: 'timedout' } }),
      (n) => n === ids.length,
    );
    for (const id of ids) {
      const events = await server.app.ctx.prisma.orderEvent.findMany({ where: { orderId: id, toStatus: 'timedout' } });
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ fromStatus: 'waiting', actor: 'system', actorId: null });
    }
    expect((await server.app.ctx.prisma.order.findUniqueOrThrow({ where: { id: fresh } })).status).toBe('waiting');
  });

  it('When many sweeps run at once on one instance, then each expired order times out exactly once', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 10; i += 1) ids.push(await placeOrder(server));
    await expire(server, ids);
    const service = ordersOf(server);
    const swept = (await Promise.all(Array.from({ length: 6 }, () => service.expireDueOrders()))).flat();
    expect(new Set(swept).size).toBe(swept.length);
    for (const id of ids)
      expect(await server.app.ctx.prisma.orderEvent.count({ where: { orderId: id, toStatus: 'timedout' } })).toBe(1);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('Timeout sweep with two instances on one PostgreSQL database', () => {
  const [a, b] = useTestInstances(2);

  it('When both instances sweep the same expired orders at once, then each order times out exactly once', async () => {
    for (let round = 0; round < 5; round += 1) {
      const ids: string[] = [];
      for (let i = 0; i < 15; i += 1) ids.push(await placeOrder(round % 2 ? a : b));
      await expire(a, ids);
      const [sa, sb] = [ordersOf(a), ordersOf(b)];
      const swept = (
        await Promise.all([sa.expireDueOrders(), sb.expireDueOrders(), sa.expireDueOrders(), sb.expireDueOrders()])
      ).flat();
      // The background sweepers of both instances may have taken some of them first.
      expect(new Set(swept).size).toBe(swept.length);
      await waitFor(
        () => a.app.ctx.prisma.order.count({ where: { id: { in: ids }, status: 'timedout' } }),
        (n) => n === ids.length,
      );
      const events = await a.app.ctx.prisma.orderEvent.groupBy({
        by: ['orderId'],
        where: { orderId: { in: ids }, toStatus: 'timedout' },
        _count: { _all: true },
      });
      expect(events).toHaveLength(ids.length);
      expect(events.every((e) => e._count._all === 1)).toBe(true);
    }
  });
});
