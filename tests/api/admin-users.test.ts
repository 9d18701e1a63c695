import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer, type TestServer } from '../support/server.js';
import { testDatabases } from '../support/databases.js';
import { createUser, loginAdmin, type TestUser } from '../factories/users.js';
import { openTicket } from '../factories/tickets.js';
import type { TicketDto, UserDto } from '#shared/api-types';

/** Orders belong to the orders work; these rows are written straight to the table. */
async function insertOrder(server: TestServer, userId: string, amount: string, pmAmount: string) {
  const id = crypto.randomBytes(16).toString('base64url');
  await server.app.ctx.prisma.order.create({
    data: {
      id,
      productId: '1xbet_topup_bdt',
      userId,
      status: 'waiting',
      lastTime: new Date(Date.now() + 30 * 60_000),
      pmMethod: 'bkash',
      pmWallet: '01700000000',
      pmCoin: 'BDT',
      amount,
      rate: '1.0000',
      pmAmount,
      contactEmail: 'buyer@test.local',
      onexId: '123456789',
    },
  });
  return id;
}

describe.each(testDatabases())('Admin users on %s', (db) => {
  const server = useTestServer({ db });
  let admin: TestUser;
  beforeAll(async () => {
    admin = await loginAdmin(server);
  });

  it('When the admin lists users, then they come newest first with order counts, 10 a page', async () => {
    const created: TestUser[] = [];
    for (let i = 0; i < 11; i++) created.push(await createUser(server));
    await insertOrder(server, created[10].id, '100.00', '100.00');
    await insertOrder(server, created[10].id, '250.50', '250.50');
    const page1 = await server.api.get<{ users: UserDto[]; pages: number }>('/users/all?page=1', admin.token);
    expect(page1.status).toBe(200);
    expect(page1.body.pages).toBe(2); // 11 users + the admin
    expect(page1.body.users).toHaveLength(10);
    expect(page1.body.users[0]).toMatchObject({
      id: created[10].id,
      orders: 2,
      role: 'user',
      email: created[10].email,
    });
    expect(page1.body.users[0]).not.toHaveProperty('passwordHash');
    expect(page1.body.users[0]).not.toHaveProperty('jwt');
    const page2 = await server.api.get<{ users: UserDto[] }>('/users/all?page=2', admin.token);
    expect(page2.body.users.map((u) => u.role)).toContain('admin');
    const noPage = await server.api.get<{ users: UserDto[] }>('/users/all', admin.token);
    expect(noPage.body.users[0].id).toBe(created[10].id);
  });

  it('When the admin opens a user, then the answer has the user, order summaries and tickets', async () => {
    const user = await createUser(server, { name: 'Detail User' });
    const orderId = await insertOrder(server, user.id, '1234.56', '1250.01');
    const ticketId = await openTicket(server, user, { text: 'Where is my money please' });
    const res = await server.api.get<{ user: UserDto; orders: Record<string, unknown>[]; tickets: TicketDto[] }>(
      `/users/${user.id}`,
      admin.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: user.id, name: 'Detail User', orders: 1 });
    expect(res.body.orders).toEqual([
      {
        id: orderId,
        created_at: expect.any(Number),
        product_id: '1xbet_topup_bdt',
        status: 'waiting',
        pm_amount: 1250.01,
        amount: 1234.56,
      },
    ]);
    expect(res.body.tickets).toHaveLength(1);
    expect(res.body.tickets[0]).toMatchObject({
      id: ticketId,
      last_text: 'Where is my money please',
      name: 'Detail User',
    });
  });

  it('When the user does not exist, then 404', async () => {
    expect((await server.api.get('/users/nobody-by-this-id', admin.token)).status).toBe(404);
    expect((await server.api.get('/users/bad%20id!', admin.token)).status).toBe(404);
  });

  it('When a user or a guest asks, then 403 -10033 / 401', async () => {
    const user = await createUser(server);
    for (const path of ['/users/all', `/users/${user.id}`]) {
      const denied = await server.api.get(path, user.token);
      expect(denied.status, path).toBe(403);
      expect(denied.body.code).toBe(-10033);
      expect((await server.api.get(path)).status).toBe(401);
    }
  });

  it('When /users/me is asked, then it still answers the current user (not taken for an id)', async () => {
    const me = await server.api.get<{ user: UserDto }>('/users/me', admin.token);
    expect(me.status).toBe(200);
    expect(me.body.user.id).toBe(admin.id);
  });

  it('When the page is bad or repeated, then 400', async () => {
    for (const q of ['page=0', 'page=x', 'page=1&page=2']) {
      const res = await server.api.get(`/users/all?${q}`, admin.token);
      expect(res.status, q).toBe(400);
    }
  });
});
