// The admin's cancel with a reason and a note: stored on the order, shown in its answer, kept in the
// audit entry; a bad reason changes nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderDto } from '#shared/api-types';
import { useTestServer } from '../support/server.js';
import { testDatabases } from '../support/databases.js';
import { loginAdmin, type TestUser } from '../factories/users.js';
import { getOrder, placeOrder, placePendingOrder } from '../factories/orders.js';

describe.each(testDatabases())('Cancel reason on %s', (db) => {
  const server = useTestServer({ db });
  let admin: TestUser;
  beforeAll(async () => {
    admin = await loginAdmin(server);
  });

  it('When the admin cancels with a reason and a note, then the order carries both and the audit entry too', async () => {
    const id = await placePendingOrder(server);
    const res = await server.api.patch<{ order: OrderDto }>(
      `/orders/${id}`,
      { order: { status: 'cancelled', reason: 'wrong_amount', note: '  You sent 450, not 500.  ' } },
      admin.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.order).toMatchObject({
      status: 'admin_cancelled',
      cancel_reason: 'wrong_amount',
      cancel_note: 'You sent 450, not 500.',
    });
    expect(await getOrder(server, id)).toMatchObject({
      cancel_reason: 'wrong_amount',
      cancel_note: 'You sent 450, not 500.',
    });
    const audit = await server.api.get<{ entries: { target_id: string; after: unknown }[] }>(
      '/audit?action=order.cancel',
      admin.token,
    );
    expect(audit.body.entries[0]).toMatchObject({
      target_id: id,
      after: { status: 'admin_cancelled', reason: 'wrong_amount', note: 'You sent 450, not 500.' },
    });
  });

  it('When the admin cancels without a reason, then as before: no reason, no note', async () => {
    const id = await placeOrder(server);
    const res = await server.api.patch<{ order: OrderDto }>(
      `/orders/${id}`,
      { order: { status: 'cancelled' } },
      admin.token,
    );
    expect(res.body.order).toMatchObject({ status: 'admin_cancelled', cancel_reason: null, cancel_note: null });
  });

  it('When the reason is unknown, the note too long, or a reason comes with complete, then 400 and the order is untouched', async () => {
    const id = await placePendingOrder(server);
    for (const [order, field, key] of [
      [{ status: 'cancelled', reason: 'bored' }, 'reason', 'validation.invalid'],
      [{ status: 'cancelled', reason: 'other', note: 'x'.repeat(301) }, 'note', 'validation.noteLong'],
      [{ status: 'complete', reason: 'other' }, 'reason', 'validation.invalid'],
      [{ status: 'cancelled', why: 'x' }, 'order', 'validation.invalid'],
    ] as const) {
      const res = await server.api.patch(`/orders/${id}`, { order }, admin.token);
      expect(res.status, JSON.stringify(order)).toBe(400);
      expect(Object.values(res.body.errors ?? {}), JSON.stringify(res.body)).toContain(key);
      void field;
    }
    expect(await getOrder(server, id)).toMatchObject({ status: 'pending', cancel_reason: null });
  });
});
