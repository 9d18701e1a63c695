// Operators (decision 160): an admin makes one (audited, the last-admin rule unchanged); they get the
// staff order view and the admins' room, complete and cancel orders, answer tickets; the admin-only routes answer
// them 403 errors.forbidden while customers keep errors.adminOnly.
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderDto } from '#shared/api-types';
import { createUser, loginAdmin, type TestUser } from '../factories/users.js';
import { COMPLETE_CHECKED, placeOrder, placePendingOrder, WITHDRAW_BDT, withdrawPayload } from '../factories/orders.js';
import { openTicket } from '../factories/tickets.js';
import { testDatabases } from '../support/databases.js';
import { useTestServer } from '../support/server.js';
import { connectSocket, nextEvent, useSockets } from '../support/sockets.js';
import { freshToken } from '../support/two-factor.js';

useSockets();

describe.each(testDatabases())('Operators (%s)', (db) => {
  const server = useTestServer({ db });
  let admin: TestUser;
  let operator: TestUser;
  let customer: TestUser;

  beforeAll(async () => {
    admin = await loginAdmin(server);
    customer = await createUser(server, { name: 'Karim Customer' });
    operator = await createUser(server, { name: 'Nadia Operator' });
  });

  it('When an admin makes a user an operator, then the role is stored, audited, and the old token stops', async () => {
    const res = await server.api.patch<{ user: { role: string } }>(
      `/users/${operator.id}`,
      { user: { role: 'operator' } },
      admin.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.user.role).toBe('operator');
    const entry = await server.app.ctx.prisma.auditEntry.findFirst({
      where: { action: 'user.role', targetId: operator.id },
    });
    expect(entry).toMatchObject({ actorId: admin.id, before: { role: 'user' }, after: { role: 'operator' } });
    expect((await server.api.get('/users/me', operator.token)).status).toBe(401);
    operator.token = await freshToken(server, operator.id);
    const me = await server.api.get<{ user: { role: string; two_factor: boolean } }>('/users/me', operator.token);
    expect(me.body.user).toMatchObject({ role: 'operator', two_factor: false });
  });

  it('When an operator changes a role, then 403 errors.forbidden; a customer still gets errors.adminOnly (-10033)', async () => {
    const target = await createUser(server);
    const byOperator = await server.api.patch(`/users/${target.id}`, { user: { role: 'admin' } }, operator.token);
    expect(byOperator.status).toBe(403);
    expect(byOperator.body.key).toBe('errors.forbidden');
    const byCustomer = await server.api.patch(`/users/${target.id}`, { user: { role: 'admin' } }, customer.token);
    expect(byCustomer.body).toMatchObject({ key: 'errors.adminOnly', code: -10033 });
    expect((await server.app.ctx.prisma.user.findUniqueOrThrow({ where: { id: target.id } })).role).toBe('user');
  });

  it.each([
    ['GET', '/users/all'],
    ['GET', '/pms/all'],
    ['GET', '/devices'],
    ['GET', '/sms-templates'],
    ['GET', '/audit'],
    ['GET', '/stats'],
    ['GET', '/shop-settings'],
  ])('When an operator calls %s %s, then 403 errors.forbidden', async (method, path) => {
    const res = await server.api.get(path, operator.token);
    expect(method).toBe('GET');
    expect(res.status).toBe(403);
    expect(res.body.key).toBe('errors.forbidden');
  });

  it('When an operator reads the queue and an order, then the staff view (owner, withdrawal code) as an admin sees it', async () => {
    const id = await placeOrder(server, WITHDRAW_BDT, withdrawPayload(), customer.token);
    expect((await server.api.patch(`/orders/${id}`, { order: { onex_id: '123456789', w_code: 'AB12' } })).status).toBe(
      200,
    );
    const queue = await server.api.get<{ orders: AdminOrderDto[]; customers: Record<string, unknown> }>(
      '/orders/all',
      operator.token,
    );
    expect(queue.status).toBe(200);
    const listed = queue.body.orders.find((o) => o.id === id)!;
    expect(listed).toMatchObject({ user_id: customer.id, data: { w_code: 'AB12' } });
    expect(queue.body.customers[customer.id]).toBeDefined();
    const one = await server.api.get<{ order: AdminOrderDto }>(`/orders/${id}`, operator.token);
    expect(one.body.order.user_id).toBe(customer.id);
    const history = await server.api.get('/orders/all?status=all', operator.token);
    expect(history.status).toBe(200);
  });

  it('When an operator completes and cancels orders, then they move, the events name the operator, and the audit too', async () => {
    const done = await placePendingOrder(server);
    const completed = await server.api.patch<{ order: AdminOrderDto }>(
      `/orders/${done}`,
      { order: COMPLETE_CHECKED },
      operator.token,
    );
    expect(completed.status).toBe(200);
    expect(completed.body.order.status).toBe('complete');
    expect(completed.body.order.events.at(-1)).toMatchObject({ to: 'complete', actor: 'admin', actor_id: operator.id });
    expect(
      await server.app.ctx.prisma.auditEntry.count({
        where: { action: 'order.complete', targetId: done, actorId: operator.id },
      }),
    ).toBe(1);
    const refused = await placePendingOrder(server);
    const cancelled = await server.api.patch<{ order: AdminOrderDto }>(
      `/orders/${refused}`,
      { order: { status: 'cancelled', reason: 'wrong_amount' } },
      operator.token,
    );
    expect(cancelled.body.order.status).toBe('admin_cancelled');
    // The public view shows the shop, not the person.
    const publicView = await server.api.get<{ order: { events: { actor: string; actor_id?: string }[] } }>(
      `/orders/${done}`,
    );
    expect(publicView.body.order.events.at(-1)).toEqual(expect.objectContaining({ actor: 'admin' }));
    expect(publicView.body.order.events.at(-1)).not.toHaveProperty('actor_id');
  });

  it("When an operator's socket connects, then it is in the admins' room: new orders arrive in the staff view", async () => {
    const socket = await connectSocket(server, { token: operator.token });
    const created = nextEvent(socket, 'order:created');
    const id = await placeOrder(server, WITHDRAW_BDT, withdrawPayload(), customer.token);
    const pushed = (await created) as AdminOrderDto;
    expect(pushed.id).toBe(id);
    expect(pushed.user_id).toBe(customer.id);
  });

  it('When an operator reads and answers a ticket and toggles the badge, then it works as for an admin', async () => {
    const ticket = await openTicket(server, customer);
    expect((await server.api.get('/supports/all', operator.token)).status).toBe(200);
    expect((await server.api.get(`/supports/${ticket}`, operator.token)).status).toBe(200);
    const reply = await server.api.patch<{ support: { texts: { sender: string }[] } }>(
      `/supports/${ticket}`,
      { support: { text: 'We are looking at it now.' } },
      operator.token,
    );
    expect(reply.status).toBe(200);
    expect(reply.body.support.texts.at(-1)?.sender).toBe('admin');
    expect((await server.api.get('/replies', operator.token)).status).toBe(200);
    expect(
      (
        await server.api.post(
          '/replies',
          { reply: { title: 'Hi', text_en: 'Hello there', text_bn: 'হ্যালো' } },
          operator.token,
        )
      ).body.key,
    ).toBe('errors.forbidden');
    expect((await server.api.patch('/admin', { admin: { online: true } }, operator.token)).status).toBe(200);
    expect((await server.api.get('/admin/waiting', operator.token)).status).toBe(200);
    expect((await server.api.get<{ admin: { users: number } }>('/admin', operator.token)).body.admin.users).toBe(0);
    expect((await server.api.get('/sms', operator.token)).status).toBe(200);
  });

  it('When the only admin is made an operator, then 409 errors.lastAdmin and nothing changes', async () => {
    const admins = await server.app.ctx.prisma.user.findMany({ where: { role: 'admin' } });
    expect(admins).toHaveLength(1);
    const res = await server.api.patch(`/users/${admin.id}`, { user: { role: 'operator' } }, admin.token);
    expect(res.status).toBe(409);
    expect(res.body.key).toBe('errors.lastAdmin');
    expect((await server.app.ctx.prisma.user.findUniqueOrThrow({ where: { id: admin.id } })).role).toBe('admin');
  });
});
