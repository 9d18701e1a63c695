// Decision 132: GET /orders/{id} answers a view kept in memory, dropped by the order's change here and, through the
// instance bus, on every other instance; pollers revalidate with its ETag (304). Who sees which view is still decided
// on every request (decision 070).
import { describe, expect, it } from 'vitest';
import type { AdminOrderDto, PublicOrderDto } from '#shared/api-types';
import { testDatabases } from '../support/databases.js';
import { useTestInstances, useTestServer, type TestServer } from '../support/server.js';
import { loginAdmin } from '../factories/users.js';
import { COMPLETE_CHECKED, placeOrder, placePendingOrder, TOPUP_BDT, topupPayload } from '../factories/orders.js';

/** A poller's read: fetch() adds `Cache-Control: no-cache` to a revalidation unless told otherwise. */
async function poll(server: TestServer, id: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}/api/v1/orders/${id}`, {
    headers: { 'cache-control': 'max-age=0', ...headers },
  });
  const text = await res.text();
  return {
    status: res.status,
    etag: res.headers.get('etag') ?? '',
    order: text ? (JSON.parse(text) as { order: PublicOrderDto | AdminOrderDto }).order : null,
  };
}

describe.each(testDatabases())('The order page on %s', (db) => {
  const server = useTestServer({ db });

  it('When a poller sends the ETag it has, then 304 until the order changes, and the change is in the next read', async () => {
    const id = await placeOrder(server, TOPUP_BDT, topupPayload());
    const first = await poll(server, id);
    expect(first).toMatchObject({ status: 200, order: { id, status: 'waiting' } });
    expect(first.etag).toMatch(/^W\/"/);
    expect(await poll(server, id, { 'if-none-match': first.etag })).toMatchObject({ status: 304, order: null });

    expect((await server.api.patch(`/orders/${id}`, { order: { cancel: true } })).status).toBe(200);
    const after = await poll(server, id, { 'if-none-match': first.etag });
    expect(after).toMatchObject({ status: 200, order: { id, status: 'user_cancelled' } });
    expect(after.etag).not.toBe(first.etag);
  });

  it('When a guest and then staff read the same kept order, then each gets their own view and ETag', async () => {
    const admin = await loginAdmin(server);
    const id = await placePendingOrder(server);
    const guest = await poll(server, id);
    const staff = await poll(server, id, { authorization: `Bearer ${admin.token}` });
    expect(guest.order).not.toHaveProperty('verification');
    expect(guest.order).not.toHaveProperty('user_id');
    expect(staff.order).toHaveProperty('verification');
    expect(staff.etag).not.toBe(guest.etag);
    // The guest's ETag is no revalidation of the staff's view, nor the other way round.
    expect(
      (await poll(server, id, { authorization: `Bearer ${admin.token}`, 'if-none-match': guest.etag })).status,
    ).toBe(200);
    expect((await poll(server, id, { 'if-none-match': staff.etag })).status).toBe(200);
    // A bad token is refused as anywhere in the API, kept order or not.
    expect((await poll(server, id, { authorization: 'Bearer not-a-token' })).status).toBe(401);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)(
  'The order page on two instances (PostgreSQL + Redis)',
  () => {
    const [first, second] = useTestInstances(2, { redis: true });

    it('When the order changes on one instance, then a read on the other right after the answer shows the change', async () => {
      const admin = await loginAdmin(first);
      const id = await placePendingOrder(first);
      // Both instances keep the order's views.
      expect((await poll(first, id)).order).toMatchObject({ status: 'pending' });
      expect((await poll(second, id)).order).toMatchObject({ status: 'pending' });
      const kept = await poll(second, id, { authorization: `Bearer ${admin.token}` });

      expect((await first.api.patch(`/orders/${id}`, { order: COMPLETE_CHECKED }, admin.token)).status).toBe(200);
      expect((await poll(second, id)).order).toMatchObject({ status: 'complete' });
      const staff = await poll(second, id, { authorization: `Bearer ${admin.token}`, 'if-none-match': kept.etag });
      expect(staff).toMatchObject({ status: 200, order: { status: 'complete' } });
    });
  },
);
