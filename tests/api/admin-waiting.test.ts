// GET /admin/waiting (issue 10, decision 119): what the admin's tab title and favicon count — the orders of the live
// queue (waiting, pending, recent "paid late" claims) and the open tickets whose newest message is the customer's.
import { beforeAll, describe, expect, it } from 'vitest';
import type { WaitingItemsDto } from '#shared/admin-alerts';
import { useTestServer } from '../support/server.js';
import { testDatabases } from '../support/databases.js';
import { createUser, loginAdmin, type TestUser } from '../factories/users.js';
import { placeOrder, placePendingOrder } from '../factories/orders.js';
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
    expect(await waiting()).toEqual({ orders: 0, tickets: 0 });
    const waitingOrder = await placeOrder(server);
    const pending = await placePendingOrder(server);
    expect(await waiting()).toEqual({ orders: 2, tickets: 0 });
    // The queue's own list agrees.
    const queue = await server.api.get<{ orders: { id: string }[] }>('/orders/all', admin.token);
    expect(queue.body.orders.map((o) => o.id).sort()).toEqual([waitingOrder, pending].sort());
    expect((await server.api.patch(`/orders/${pending}`, { order: { status: 'complete' } }, admin.token)).status).toBe(200);
    expect((await server.api.patch(`/orders/${waitingOrder}`, { order: { cancel: true } })).status).toBe(200);
    expect(await waiting()).toEqual({ orders: 0, tickets: 0 });
  });

  it('When a customer writes, the admin answers and the customer writes again, then the ticket counts only while it awaits the shop', async () => {
    const ticket = await openTicket(server, customer, { text: 'My top-up has not arrived, please check it.' });
    expect((await waiting()).tickets).toBe(1);
    expect((await server.api.patch(`/supports/${ticket}`, { support: { text: 'Looking into it now.' } }, admin.token)).status).toBe(200);
    expect((await waiting()).tickets).toBe(0);
    expect((await server.api.patch(`/supports/${ticket}`, { support: { text: 'Any news?' } }, customer.token)).status).toBe(200);
    expect((await waiting()).tickets).toBe(1);
    expect((await server.api.patch(`/supports/${ticket}`, { support: { status: 'close' } }, customer.token)).status).toBe(200);
    expect((await waiting()).tickets).toBe(0);
  });

  it('When a customer or a guest asks, then 403 and 401', async () => {
    expect((await server.api.get('/admin/waiting', customer.token)).status).toBe(403);
    expect((await server.api.get('/admin/waiting')).status).toBe(401);
  });
});
