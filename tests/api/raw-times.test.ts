// The plain statements on the hottest paths (decision 222) read times as Prisma's own reads do, whatever the
// process's time zone: a raw timestamp comes back as text without a zone, which the PGlite adapter leaves to be read
// in local time. Bangladesh servers may well run with TZ=Asia/Dhaka.
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUsersRepository } from '../../server/accounts/index.js';
import { orderRepositories } from '../support/order-repositories.js';
import { useTestServer } from '../support/server.js';
import { testDatabases } from '../support/databases.js';
import { loginAdmin, type TestUser } from '../factories/users.js';
import { placePendingOrder } from '../factories/orders.js';

describe.each(testDatabases())('Times of plain statements on %s', (db) => {
  const server = useTestServer({ db });
  let admin: TestUser;
  const zone = process.env.TZ;
  beforeAll(async () => {
    admin = await loginAdmin(server);
  });
  beforeEach(() => {
    process.env.TZ = 'Asia/Dhaka';
    expect(new Date(2026, 0, 1).getTimezoneOffset()).toBe(-360);
  });
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it('When the process runs in Asia/Dhaka, then a moved order and the caller read the same times as a Prisma read', async () => {
    const orders = orderRepositories(server);
    const id = await placePendingOrder(server);
    const moved = await orders.commands.applyTransition({ id, name: 'completeOrder', actorId: admin.id });
    if (moved.outcome !== 'moved') throw new Error(moved.outcome);
    expect(moved.order).toEqual(await orders.queries.findById(id));
    expect(Math.abs(moved.order.createdAt.getTime() - Date.now())).toBeLessThan(60_000);

    const user = await createUsersRepository(server.app.ctx.prisma).findById(admin.id);
    const row = await server.app.ctx.prisma.user.findUniqueOrThrow({ where: { id: admin.id } });
    expect(user).toEqual(row);
  });
});
