// GET /admin/waiting (decision 119): what the admin's tab title and favicon count — the orders of the live
// queue (waiting, pending, recent "paid late" claims) and the open tickets whose newest message is the customer's.
import { beforeAll, describe, expect, it } from 'vitest';
import type { WaitingItemsDto } from '#shared/admin-alerts';
import { useTestServer } from '../support/server.js';
import { testDatabases } from '../support/databases.js';
import { createUser, loginAdmin, type TestUser } from '../factories/users.js';
import { COMPLETE_CHECKED, placeOrder, placePendingOrder } from '../factories/orders.js';
import { openTicket } from '../factories/tickets.js';

describe.each(testDatabases())('The admin waiting count on %s', (db) => {
  const server = useTestServer({ db });
  let admin: TestUser;
  let customer: TestUser;

  beforeAll(async () => {
    admin = await loginAdmin(server);
    customer = await createUser(server, { name: 'Waiting Customer' });
  });

  const waiting = async () => {
    const res = await server.api.get<{ waiting: WaitingItemsDto }>('/admin/waiting', admin.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.waiting;
  };

  it('When orders are placed, paid, completed and cancelled, then the count follows the queue', async () => {
    expect(await waiting()).toEqual({ orders: 0, tickets: 0, held: 0, gaps: 0 });
    const waitingOrder = await placeOrder(server);
    const pending = await placePendingOrder(server);
    expect(await waiting()).toEqual({ orders: 2, tickets: 0, held: 0, gaps: 0 });
    // The queue's own list agrees.
    const queue = await server.api.get<{ orders: { id: string }[] }>('/orders/all', admin.token);
    expect(queue.body.orders.map((o) => o.id).sort()).toEqual([waitingOrder, pending].sort());
    expect((await server.api.patch(`/orders/${pending}`, { order: COMPLETE_CHECKED }, admin.token)).status).toBe(200);
    expect((await server.api.patch(`/orders/${waitingOrder}`, { order: { cancel: true } })).status).toBe(200);
    expect(await waiting()).toEqual({ orders: 0, tickets: 0, held: 0, gaps: 0 });
  });

  it('When a queued payment is held and a wallet phone has a ledger gap, then the bell counts them apart', async () => {
    const prisma = server.app.ctx.prisma;
    const held = await placePendingOrder(server);
    // The held verification and the gap are set where their own domains would (the ledger run, decision 145/144).
    await prisma.order.update({ where: { id: held }, data: { verification: 'held' } });
    server.app.orderViews.drop(held);
    const added = await server.api.post<{ device: { id: string } }>(
      '/devices',
      { device: { name: 'Gap phone', account: 'bkash' } },
      admin.token,
    );
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    await prisma.device.update({
      where: { id: added.body.device.id },
      data: { ledgerGap: { from: 1, to: 2, sms_id: 1, unexplained: '100.00' } },
    });
    expect(await waiting()).toEqual({ orders: 1, tickets: 0, held: 1, gaps: 1 });

    // Completed, the held order leaves the queue; revoked, the phone's gap no longer waits for anyone.
    await prisma.order.update({ where: { id: held }, data: { status: 'complete' } });
    server.app.orderViews.drop(held);
    expect((await server.api.delete(`/devices/${added.body.device.id}`, {}, admin.token)).status).toBe(200);
    expect(await waiting()).toEqual({ orders: 0, tickets: 0, held: 0, gaps: 0 });
  });

  it('When a customer writes, the admin answers and the customer writes again, then the ticket counts only while it awaits the shop', async () => {
    const ticket = await openTicket(server, customer, { text: 'My top-up has not arrived, please check it.' });
    expect((await waiting()).tickets).toBe(1);
    expect(
      (await server.api.patch(`/supports/${ticket}`, { support: { text: 'Looking into it now.' } }, admin.token))
        .status,
    ).toBe(200);
    expect((await waiting()).tickets).toBe(0);
    expect(
      (await server.api.patch(`/supports/${ticket}`, { support: { text: 'Any news?' } }, customer.token)).status,
    ).toBe(200);
    expect((await waiting()).tickets).toBe(1);
    expect(
      (await server.api.patch(`/supports/${ticket}`, { support: { status: 'close' } }, customer.token)).status,
    ).toBe(200);
    expect((await waiting()).tickets).toBe(0);
  });

  it('When a customer or a guest asks, then 403 and 401', async () => {
    expect((await server.api.get('/admin/waiting', customer.token)).status).toBe(403);
    expect((await server.api.get('/admin/waiting')).status).toBe(401);
  });
});
