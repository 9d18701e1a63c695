// Orders own their row, and every change leaves as one event after the commit (decision 130): a payment
// verified by its SMS reads its order once after the write, pushes one `order:updated` per audience, and leaves the
// public snapshot alone (the home page shows no verification); a payment that moves the status drops it once.
import { beforeAll, describe, expect, it } from 'vitest';
import type { PublicOrderDto } from '#shared/api-types';
import { useTestServer } from '../support/server.js';
import { testDatabases } from '../support/databases.js';
import { createUser, loginAdmin, type TestUser } from '../factories/users.js';
import { getOrder, placeOrder, topupPayload, TOPUP_BDT, uniquePmId } from '../factories/orders.js';
import { registerForwarder, type Forwarder } from '../support/sms-forwarder.js';
import {
  connectSocket,
  nextEvent,
  recordEvents,
  useSockets,
  watchOrder,
  type ClientSocket,
} from '../support/sockets.js';

/** Reads and writes of the orders table among the statements (Prisma quotes its tables, plain SQL does not). */
const ORDERS = /(FROM|JOIN|UPDATE|INTO)\s+("public"\.)?"?orders"?[\s"]/i;
const isOrderRead = (sql: string) =>
  /^\s*(WITH[\s\S]*)?SELECT/i.test(sql) && ORDERS.test(sql) && !/^\s*(UPDATE|INSERT)/i.test(sql);
const isOrderWrite = (sql: string) => /UPDATE\s+("public"\.)?"?orders"?\s/i.test(sql);

describe.each(testDatabases())('Order events on %s', (db) => {
  const statements: string[] = [];
  const server = useTestServer({ db, onStatement: (sql) => statements.push(sql), background: false });
  useSockets();
  let admin: TestUser;
  let customer: TestUser;
  let phone: Forwarder;

  beforeAll(async () => {
    admin = await loginAdmin(server);
    customer = await createUser(server);
    phone = await registerForwarder(server, admin.token, 'bkash');
    // The badge set by hand: a staff socket opening would otherwise turn it on (presence, decision 217) and drop the
    // snapshot this file checks is kept.
    expect((await server.api.patch('/admin', { admin: { online: false } }, admin.token)).status).toBe(200);
  });

  /** The sockets of every audience: staff, the owner, a guest watching the order, a guest on the home page. */
  async function audiences(orderId: string) {
    const staff = await connectSocket(server, { token: admin.token });
    const owner = await connectSocket(server, { token: customer.token });
    const watcher = await connectSocket(server);
    const visitor = await connectSocket(server);
    expect(await watchOrder(watcher, orderId)).toEqual({ data: true });
    const seen = {
      staff: recordEvents(staff),
      owner: recordEvents(owner),
      watcher: recordEvents(watcher),
      visitor: recordEvents(visitor),
    };
    return { sockets: { staff, owner, watcher, visitor }, seen };
  }

  /** Waits until `socket` heard the verified order, then a moment for anything that would follow it. */
  async function settled(socket: ClientSocket, id: string) {
    await nextEvent(socket, 'order:updated', (o) => o.id === id && o.payment_received === true);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }

  it('When the SMS verifies a paid order, then one order read after the write, one push per audience, no home push, snapshot kept', async () => {
    const id = await placeOrder(server, TOPUP_BDT, topupPayload({ pm_method: 'bkash', amount: '700' }), customer.token);
    const trxId = uniquePmId().toUpperCase();
    expect((await server.api.patch(`/orders/${id}`, { order: { pm_id: trxId } })).status).toBe(200);
    const order = await getOrder(server, id);
    // The payment's own `home:orders` push leaves up to 200 ms later (coalesced, decision 081): let it go first.
    await new Promise((resolve) => setTimeout(resolve, 400));
    const home = await server.api.get('/home');
    const { sockets, seen } = await audiences(id);
    const published = server.app.events.counts();

    statements.length = 0;
    const heard = settled(sockets.watcher, id);
    const sms = await phone.payment({ amount: order.pm_amount, trxId });
    expect(sms.body.sms).toMatchObject({ status: 'matched', order_id: id });
    await heard;
    const sent = [...statements];

    const firstWrite = sent.findIndex(isOrderWrite);
    expect(firstWrite, sent.join('\n')).toBeGreaterThanOrEqual(0);
    expect(sent.filter(isOrderWrite)).toHaveLength(1);
    // One read of the order after the write: its own statement's (`WITH m AS (UPDATE …) SELECT`, decision 203) or one after.
    expect(sent.slice(firstWrite).filter(isOrderRead), sent.join('\n')).toHaveLength(1);

    expect(seen.staff.filter((e) => e === 'order:updated')).toHaveLength(1);
    expect(seen.owner.filter((e) => e === 'order:updated')).toHaveLength(1);
    expect(seen.watcher.filter((e) => e === 'order:updated')).toHaveLength(1);
    expect(seen.visitor).not.toContain('order:updated');
    for (const events of Object.values(seen)) expect(events).not.toContain('home:orders');
    expect(server.app.events.counts()['order.changed']).toBe((published['order.changed'] ?? 0) + 1);

    // The public snapshot was not dropped: /home answers the same body (its ETag) as before. (fetch() adds
    // Cache-Control: no-cache to a revalidation unless told otherwise, as tests/api/public-snapshot.test.ts says.)
    const again = await fetch(`${server.url}/api/v1/home`, {
      headers: { 'If-None-Match': String(home.headers.get('etag')), 'Cache-Control': 'max-age=0' },
    });
    expect(again.status).toBe(304);
  });

  it('When a payment SMS verifies its order, then its transaction is four plain statements and nothing reaches the database after it (decision 223)', async () => {
    const paidTopup = async (amount: string) => {
      const id = await placeOrder(server, TOPUP_BDT, topupPayload({ pm_method: 'bkash', amount }), customer.token);
      const trxId = uniquePmId().toUpperCase();
      expect((await server.api.patch(`/orders/${id}`, { order: { pm_id: trxId } })).status).toBe(200);
      return { id, trxId, pmAmount: (await getOrder(server, id)).pm_amount };
    };
    // The first of the minute also records the phone's "last seen"; the second is the loop's steady state.
    for (const amount of ['710', '720']) {
      const order = await paidTopup(amount);
      await new Promise((resolve) => setTimeout(resolve, 400));
      statements.length = 0;
      const sms = await phone.payment({ amount: order.pmAmount, trxId: order.trxId });
      expect(sms.body.sms).toMatchObject({ status: 'matched', order_id: order.id });
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    // The webhook sender's and the job queue's own loops poll their queues on a timer, whatever the request does; the
    // push subscriber (decision 275) reads the order's subscriptions after the commit, an indexed read of its own.
    const sent = statements.filter(
      (sql) =>
        !/UPDATE webhook_deliveries (u )?SET locked_until|FROM webhook_deliveries|RETURNING j\.id, j\.kind|"push_subscriptions"/.test(
          sql,
        ),
    );
    // The locks (payment's and ledger's), the store with its ledger step, the order with its evidence, the move
    // with the blocklist's answer and the take; none through Prisma (which quotes its tables).
    expect(sent, sent.join('\n')).toHaveLength(4);
    expect(
      sent.filter((sql) => sql.includes('"public".')),
      sent.join('\n'),
    ).toEqual([]);
  });

  it('When the customer submits the id of an SMS already in, then the answer is verified, one push per audience, one home push', async () => {
    const id = await placeOrder(server, TOPUP_BDT, topupPayload({ pm_method: 'bkash', amount: '900' }), customer.token);
    const order = await getOrder(server, id);
    const trxId = uniquePmId().toUpperCase();
    expect((await phone.payment({ amount: order.pm_amount, trxId })).body.sms.status).toBe('unmatched');
    const { sockets, seen } = await audiences(id);

    const heard = Promise.all([settled(sockets.watcher, id), nextEvent(sockets.visitor, 'home:orders')]);
    const paid = await server.api.patch<{ order: PublicOrderDto }>(`/orders/${id}`, { order: { pm_id: trxId } });
    expect(paid.status).toBe(200);
    expect(paid.body.order).toMatchObject({ status: 'pending', payment_received: true });
    await heard;

    expect(seen.staff.filter((e) => e === 'order:updated')).toHaveLength(1);
    expect(seen.owner.filter((e) => e === 'order:updated')).toHaveLength(1);
    expect(seen.watcher.filter((e) => e === 'order:updated')).toHaveLength(1);
    expect(seen.visitor.filter((e) => e === 'home:orders')).toHaveLength(1);
  });
});
