// Decision 080: the counts the lists page by (a user's orders, all users, all tickets) are kept by database
// triggers. They must equal a real count(*) after every kind of change, in bulk and concurrently.
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { UserDto } from '#shared/api-types';
import { testDatabases } from '../support/databases.js';
import { useTestServer, type TestServer } from '../support/server.js';
import { createUser, loginAdmin } from '../factories/users.js';
import { openTicket } from '../factories/tickets.js';
import { placeOrder, topupPayload, TOPUP_BDT } from '../factories/orders.js';

function orderRow(userId: string | null) {
  return {
    id: crypto.randomBytes(16).toString('base64url'),
    productId: TOPUP_BDT,
    userId,
    status: 'complete',
    lastTime: new Date(),
    pmMethod: 'bkash',
    pmWallet: '01700000000',
    pmCoin: 'BDT',
    amount: '500',
    rate: '1.0000',
    pmAmount: '500',
    contactEmail: 'buyer@test.local',
    onexId: '123456789',
  };
}

async function expectCountersTrue(server: TestServer) {
  const prisma = server.app.ctx.prisma;
  const users = await prisma.user.findMany({ select: { id: true, orderCount: true } });
  for (const user of users)
    expect(user.orderCount, user.id).toBe(await prisma.order.count({ where: { userId: user.id } }));
  const counts = await prisma.rowCount.findMany();
  expect(Object.fromEntries(counts.map((c) => [c.name, Number(c.n)]))).toEqual({
    users: await prisma.user.count(),
    tickets: await prisma.ticket.count(),
  });
}

describe.each(testDatabases())('List counters kept by triggers on %s', (db) => {
  const server = useTestServer({ db });

  it('When orders are placed, inserted in bulk, moved between owners and deleted, then every count stays exact', async () => {
    const prisma = server.app.ctx.prisma;
    const alice = await createUser(server);
    const bob = await createUser(server);
    for (let i = 0; i < 2; i += 1) await placeOrder(server, TOPUP_BDT, topupPayload(), alice.token);
    await prisma.order.createMany({ data: [orderRow(alice.id), orderRow(alice.id), orderRow(bob.id), orderRow(null)] });
    await expectCountersTrue(server);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: alice.id } })).orderCount).toBe(4);

    const moved = await prisma.order.findFirstOrThrow({ where: { userId: alice.id } });
    await prisma.order.update({ where: { id: moved.id }, data: { userId: bob.id } });
    await prisma.order.updateMany({ where: { userId: alice.id }, data: { status: 'timedout' } }); // no owner change
    await expectCountersTrue(server);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: bob.id } })).orderCount).toBe(2);

    await prisma.order.deleteMany({ where: { id: moved.id } });
    await prisma.user.delete({ where: { id: bob.id } }); // his other order keeps existing as a guest's (SET NULL)
    await expectCountersTrue(server);
  });

  it('When a customer has more orders than a page, then the order list and the admin users list use the kept counts', async () => {
    const prisma = server.app.ctx.prisma;
    const carol = await createUser(server);
    await prisma.order.createMany({ data: Array.from({ length: 11 }, () => orderRow(carol.id)) });
    const mine = await server.api.get('/orders/all?page=1', carol.token);
    expect(mine.status).toBe(200);
    expect(mine.body.pages).toBe(2);
    const admin = await loginAdmin(server);
    const list = await server.api.get('/users/all?page=1', admin.token);
    const row = (list.body.users as UserDto[]).find((u) => u.id === carol.id);
    expect(row?.orders).toBe(11);
    expect(list.body.pages).toBe(Math.ceil((await prisma.user.count()) / 10));
    const me = await server.api.get('/users/me', carol.token);
    expect(JSON.stringify(me.body)).toContain('"orders":11');
  });

  it('When tickets are opened, then the admin ticket list pages by the kept count', async () => {
    const dave = await createUser(server);
    for (let i = 0; i < 3; i += 1) await openTicket(server, dave);
    await expectCountersTrue(server);
    const admin = await loginAdmin(server);
    const list = await server.api.get('/supports/all?page=1', admin.token);
    expect(list.status).toBe(200);
    expect(list.body.pages).toBe(Math.ceil((await server.app.ctx.prisma.ticket.count()) / 10) || 1);
  });

  it.runIf(db === 'postgres')('When one customer places 10 orders at once, then the count is exactly 10', async () => {
    const erin = await createUser(server);
    const ids = await Promise.all(
      Array.from({ length: 10 }, () => placeOrder(server, TOPUP_BDT, topupPayload(), erin.token)),
    );
    expect(new Set(ids).size).toBe(10);
    expect((await server.app.ctx.prisma.user.findUniqueOrThrow({ where: { id: erin.id } })).orderCount).toBe(10);
    await expectCountersTrue(server);
  });
});
