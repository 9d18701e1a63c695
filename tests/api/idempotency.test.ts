// Retries never double an order (decision 131): POST /orders/{productId} with an Idempotency-Key.
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestServer, type TestServer } from '../support/server.js';
import { testDatabases } from '../support/databases.js';
import { createUser } from '../factories/users.js';
import { topupPayload, TOPUP_BDT } from '../factories/orders.js';

async function postOrder(server: TestServer, key: string | undefined, order: Record<string, unknown>, token?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (key !== undefined) headers['idempotency-key'] = key;
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${server.url}/api/v1/orders/${TOPUP_BDT}`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ order }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe.each(testDatabases())('Idempotency-Key on order creation on %s', (db) => {
  const server = useTestServer({ db });
  const orderCount = () => server.app.ctx.prisma.order.count();

  it('When the same key and body are sent again, then the first answer comes back and nothing new is created', async () => {
    const key = crypto.randomUUID();
    const order = topupPayload({ amount: '321' });
    const first = await postOrder(server, key, order);
    expect(first.status).toBe(201);
    const before = await orderCount();
    const again = await postOrder(server, key, order);
    expect(again).toEqual(first);
    expect(await orderCount()).toBe(before);
  });

  it('When the same key comes with another body, then 422 errors.idempotencyMismatch and nothing is created', async () => {
    const key = crypto.randomUUID();
    expect((await postOrder(server, key, topupPayload({ amount: '300' }))).status).toBe(201);
    const before = await orderCount();
    const other = await postOrder(server, key, topupPayload({ amount: '301' }));
    expect(other.status).toBe(422);
    expect(other.body.key).toBe('errors.idempotencyMismatch');
    expect(await orderCount()).toBe(before);
  });

  it('When two callers use the same key, then each gets their own order (keys are per user or guest)', async () => {
    const key = crypto.randomUUID();
    const user = await createUser(server);
    const guest = await postOrder(server, key, topupPayload());
    const mine = await postOrder(server, key, topupPayload(), user.token);
    expect([guest.status, mine.status]).toEqual([201, 201]);
    expect(mine.body.id).not.toBe(guest.body.id);
  });

  it('When a request with a key fails validation, then a corrected retry with the same key is placed', async () => {
    const key = crypto.randomUUID();
    const bad = await postOrder(server, key, topupPayload({ amount: '1' }));
    expect(bad.status).toBe(400);
    expect((await postOrder(server, key, topupPayload({ amount: '200' }))).status).toBe(201);
  });

  it('When the key is malformed, then 400 names idempotency_key', async () => {
    const res = await postOrder(server, 'bad key!', topupPayload());
    expect(res.status).toBe(400);
    expect((res.body.errors as Record<string, string>).idempotency_key).toBe('validation.invalid');
  });

  it('When ten duplicates with one key arrive at once, then exactly one order exists and every answer names it or says it is in progress', async () => {
    const key = crypto.randomUUID();
    const before = await orderCount();
    const order = topupPayload({ amount: '444' });
    const results = await Promise.all(Array.from({ length: 10 }, () => postOrder(server, key, order)));
    expect(await orderCount()).toBe(before + 1);
    const ids = new Set(results.filter((r) => r.status === 201).map((r) => r.body.id));
    expect(ids.size).toBe(1);
    for (const r of results) {
      expect([201, 409]).toContain(r.status);
      if (r.status === 409) expect(r.body.key).toBe('errors.idempotencyInProgress');
    }
    // Once settled, a retry gets the one order.
    const retry = await postOrder(server, key, order);
    expect(retry.status).toBe(201);
    expect(ids.has(retry.body.id)).toBe(true);
  });
});
