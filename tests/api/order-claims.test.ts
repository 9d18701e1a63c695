// Claimed orders and the second pair of eyes (decisions 167-168): a staff member claims an order,
// the claim shows in every staff view and moves live; another's complete or cancel is refused unless an admin's;
// a withdrawal at or above four_eyes_bdt completes only after another person approved it. Races on PostgreSQL.
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderDto, PublicOrderDto } from '#shared/api-types';
import { createUser, loginAdmin, type TestUser } from '../factories/users.js';
import {
  COMPLETE_CHECKED,
  COMPLETE_PAID_OUT,
  placeOrder,
  placePendingOrder,
  WITHDRAW_BDT,
  WITHDRAW_USD,
  withdrawPayload,
} from '../factories/orders.js';
import { testDatabases } from '../support/databases.js';
import { useTestServer } from '../support/server.js';
import { connectSocket, nextEvent, useSockets } from '../support/sockets.js';

useSockets();

type OrderAnswer = { order: AdminOrderDto; key?: string };

describe.each(testDatabases())('Claims and four eyes (%s)', (db) => {
  const server = useTestServer({ db });
  let admin: TestUser;
  let nadia: TestUser;
  let rahim: TestUser;

  beforeAll(async () => {
    admin = await loginAdmin(server);
    nadia = await createUser(server, { name: 'Nadia Operator', role: 'operator' });
    rahim = await createUser(server, { name: 'Rahim Operator', role: 'operator' });
  });

  const claim = (id: string, who: TestUser) => server.api.post<OrderAnswer>(`/orders/${id}/claim`, {}, who.token);
  const release = (id: string, who: TestUser) => server.api.delete<OrderAnswer>(`/orders/${id}/claim`, {}, who.token);
  const approve = (id: string, who: TestUser) => server.api.post<OrderAnswer>(`/orders/${id}/approve`, {}, who.token);
  const complete = async (id: string, who: TestUser) => {
    const withdrawal = (await server.app.ctx.prisma.order.findUniqueOrThrow({ where: { id } })).productId.includes(
      'withdraw',
    );
    return server.api.patch<OrderAnswer>(
      `/orders/${id}`,
      { order: withdrawal ? COMPLETE_PAID_OUT : COMPLETE_CHECKED },
      who.token,
    );
  };
  const cancel = (id: string, who: TestUser) =>
    server.api.patch<OrderAnswer>(`/orders/${id}`, { order: { status: 'cancelled' } }, who.token);
  const audits = (id: string, action: string) =>
    server.app.ctx.prisma.auditEntry.findMany({ where: { targetId: id, action }, orderBy: { id: 'asc' } });

  it('When an operator claims a pending order, then every staff view names them, live, and another operator may neither claim, complete nor cancel it', async () => {
    const id = await placePendingOrder(server);
    const socket = await connectSocket(server, { token: rahim.token });
    const pushed = nextEvent(socket, 'order:updated', (o) => o.id === id);
    const claimed = await claim(id, nadia);
    expect(claimed.status).toBe(200);
    expect(claimed.body.order.assignee).toEqual({ id: nadia.id, name: 'Nadia Operator' });
    expect(((await pushed) as AdminOrderDto).assignee).toEqual({ id: nadia.id, name: 'Nadia Operator' });
    const queue = await server.api.get<{ orders: AdminOrderDto[] }>('/orders/all', rahim.token);
    expect(queue.body.orders.find((o) => o.id === id)?.assignee).toEqual({ id: nadia.id, name: 'Nadia Operator' });
    expect(claimed.body.order.events.at(-1)).toMatchObject({
      kind: 'claimed',
      actor: 'admin',
      actor_id: nadia.id,
      from: 'pending',
      to: 'pending',
    });
    expect(await audits(id, 'order.claim')).toMatchObject([
      { actorId: nadia.id, before: { assignee_id: null }, after: { assignee_id: nadia.id } },
    ]);
    // Claiming it again is no change; the customer's view shows neither the claim nor the person.
    expect((await claim(id, nadia)).status).toBe(200);
    const publicView = (await server.api.get<{ order: PublicOrderDto }>(`/orders/${id}`)).body.order;
    expect(publicView).not.toHaveProperty('assignee');
    expect(publicView.events.map((e) => e.kind)).toEqual(['status', 'status']);

    for (const refused of [await claim(id, rahim), await complete(id, rahim), await cancel(id, rahim)]) {
      expect(refused.status).toBe(409);
      expect(refused.body.key).toBe('errors.orderClaimed');
    }
    const row = await server.app.ctx.prisma.order.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ status: 'pending', assigneeId: nadia.id });
    expect(await server.app.ctx.prisma.orderEvent.count({ where: { orderId: id, kind: 'claimed' } })).toBe(1);
    // The holder completes it.
    expect((await complete(id, nadia)).body.order).toMatchObject({ status: 'complete', assignee: { id: nadia.id } });
  });

  it('When an order is claimed by someone else, then an admin may still complete it; releasing is for the holder or an admin, audited', async () => {
    const taken = await placePendingOrder(server);
    await claim(taken, nadia);
    expect((await complete(taken, admin)).body.order.status).toBe('complete');

    const id = await placePendingOrder(server);
    await claim(id, nadia);
    const notHolder = await release(id, rahim);
    expect(notHolder.status).toBe(409);
    expect(notHolder.body.key).toBe('errors.orderClaimed');
    const released = await release(id, nadia);
    expect(released.status).toBe(200);
    expect(released.body.order.assignee).toBeNull();
    expect(released.body.order.events.at(-1)).toMatchObject({ kind: 'released', actor_id: nadia.id });
    // Free again: Rahim claims it, and an admin releases Rahim's claim.
    expect((await claim(id, rahim)).body.order.assignee?.id).toBe(rahim.id);
    expect((await release(id, admin)).body.order.assignee).toBeNull();
    expect(await audits(id, 'order.release')).toMatchObject([
      { actorId: nadia.id, before: { assignee_id: nadia.id }, after: { assignee_id: null } },
      { actorId: admin.id, before: { assignee_id: rahim.id }, after: { assignee_id: null } },
    ]);
    // A finished order cannot be claimed; a customer, a guest and an unknown order are refused.
    await complete(id, rahim);
    expect((await claim(id, rahim)).body.key).toBe('errors.orderStateConflict');
    const customer = await createUser(server);
    expect((await claim(id, customer)).status).toBe(403);
    expect((await server.api.post(`/orders/${id}/claim`, {})).status).toBe(401);
    expect((await claim('NoSuchOrder00000000000', nadia)).status).toBe(404);
  });

  it('When two operators claim the same order at once (6 orders), then exactly one wins each time and the other is told who holds it', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 6; i += 1) ids.push(await placePendingOrder(server));
    const results = await Promise.all(ids.map((id) => Promise.all([claim(id, nadia), claim(id, rahim)])));
    for (const [i, [a, b]] of results.entries()) {
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      const winner = a.status === 200 ? nadia : rahim;
      expect((a.status === 409 ? a : b).body.key).toBe('errors.orderClaimed');
      const row = await server.app.ctx.prisma.order.findUniqueOrThrow({ where: { id: ids[i] } });
      expect(row.assigneeId).toBe(winner.id);
      expect(await server.app.ctx.prisma.orderEvent.count({ where: { orderId: ids[i], kind: 'claimed' } })).toBe(1);
    }
  });

  it('When a withdrawal reaches four_eyes_bdt (USD converted at its rate), then it completes only after another person approved it; both steps on the timeline and in the audit log', async () => {
    expect((await server.api.patch('/shop-settings', { settings: { four_eyes_bdt: 5000 } }, admin.token)).status).toBe(
      200,
    );
    // 50 USD at 120 = 6 000 BDT: at or above the line. A BDT withdrawal of 1 000 is below it.
    const big = await placeOrder(server, WITHDRAW_USD, withdrawPayload({ amount: '50' }));
    const small = await placeOrder(server, WITHDRAW_BDT, withdrawPayload({ amount: '1000' }));
    for (const id of [big, small])
      expect(
        (await server.api.patch(`/orders/${id}`, { order: { onex_id: '123456789', w_code: 'AB12' } })).status,
      ).toBe(200);
    const view = (await server.api.get<OrderAnswer>(`/orders/${big}`, nadia.token)).body.order;
    expect(view).toMatchObject({ approval_required: true, approvals: [] });

    const alone = await complete(big, nadia);
    expect(alone.status).toBe(409);
    expect(alone.body.key).toBe('errors.secondApprovalRequired');
    // The completer's own approval is not a second pair of eyes.
    expect((await approve(big, nadia)).status).toBe(200);
    expect((await complete(big, nadia)).body.key).toBe('errors.secondApprovalRequired');
    // Nadia approved it: anyone else may complete it, here an admin.
    expect((await complete(big, admin)).status).toBe(200);
    const row = await server.app.ctx.prisma.order.findUniqueOrThrow({ where: { id: big } });
    expect(row.status).toBe('complete');

    // Another one: Rahim approves, Nadia completes.
    const next = await placeOrder(server, WITHDRAW_USD, withdrawPayload({ amount: '50' }));
    await server.api.patch(`/orders/${next}`, { order: { onex_id: '123456789', w_code: 'AB12' } });
    const approved = await approve(next, rahim);
    expect(approved.body.order.approvals).toEqual([{ by: rahim.id, name: 'Rahim Operator', at: expect.any(Number) }]);
    expect((await approve(next, rahim)).body.order.approvals).toHaveLength(1);
    const done = await complete(next, nadia);
    expect(done.status).toBe(200);
    expect(done.body.order.events.slice(-2)).toMatchObject([
      { kind: 'approved', actor_id: rahim.id },
      { kind: 'status', to: 'complete', actor_id: nadia.id },
    ]);
    expect(await audits(next, 'order.approve')).toMatchObject([{ actorId: rahim.id }]);
    expect(await audits(next, 'order.complete')).toMatchObject([{ actorId: nadia.id }]);

    // Below the line nothing is asked; a top-up cannot be approved.
    expect((await server.api.get<OrderAnswer>(`/orders/${small}`, nadia.token)).body.order.approval_required).toBe(
      false,
    );
    expect((await complete(small, nadia)).status).toBe(200);
    expect((await approve(await placePendingOrder(server), rahim)).body.key).toBe('errors.orderStateConflict');
    await server.api.patch('/shop-settings', { settings: { four_eyes_bdt: null } }, admin.token);
  });

  it('When held_accept is second_approval and staff approve and accept a held payment at once (4 orders), then one approval per person is kept and exactly one accept wins', async () => {
    const settle = (id: string, who: TestUser) =>
      server.api.post<OrderAnswer>(
        `/orders/${id}/verification`,
        { decision: 'accept', reason: 'seen in the wallet app' },
        who.token,
      );
    const held = async () => {
      const id = await placePendingOrder(server);
      await server.app.ctx.prisma.order.update({ where: { id }, data: { verification: 'held' } });
      server.app.orderViews.drop(id);
      return id;
    };
    expect(
      (await server.api.patch('/shop-settings', { settings: { held_accept: 'second_approval' } }, admin.token)).status,
    ).toBe(200);
    try {
      for (let i = 0; i < 4; i += 1) {
        const id = await held();
        // The same person twice at once: one approval.
        const twice = await Promise.all([approve(id, nadia), approve(id, nadia)]);
        expect(twice.map((r) => r.status)).toEqual([200, 200]);
        expect(
          await server.app.ctx.prisma.orderEvent.count({ where: { orderId: id, kind: 'approved', actorId: nadia.id } }),
        ).toBe(1);
        await approve(id, rahim);
        // Each was approved by the other: both may accept, and only one settles the payment.
        const [a, b] = await Promise.all([settle(id, nadia), settle(id, rahim)]);
        expect([a.status, b.status].sort()).toEqual([200, 409]);
        expect((a.status === 409 ? a : b).body.key).toBe('errors.verificationNotHeld');
        expect(
          await server.app.ctx.prisma.orderEvent.count({ where: { orderId: id, kind: 'verification_settled' } }),
        ).toBe(1);
        expect(await audits(id, 'order.verify_accept')).toHaveLength(1);
      }
      // An approval racing the only operator's accept: the accept either sees it or is told to get one, never half.
      const id = await held();
      const [approved, accepted] = await Promise.all([approve(id, rahim), settle(id, nadia)]);
      expect(approved.status).toBe(200);
      expect([200, 409]).toContain(accepted.status);
      const row = await server.app.ctx.prisma.order.findUniqueOrThrow({ where: { id } });
      expect(row.verification).toBe(accepted.status === 200 ? 'verified' : 'held');
      if (accepted.status === 409) expect(accepted.body.key).toBe('errors.heldAcceptNeedsApproval');
    } finally {
      await server.api.patch('/shop-settings', { settings: { held_accept: 'admin' } }, admin.token);
    }
  });
});
