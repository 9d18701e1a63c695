// The `verified` filter of the admin's order history and CSV (decision 012): `true` the orders an SMS
// verified, `hand` the payments staff accepted by hand (decision 316), which `true` leaves out, `false` the top-ups
// not verified yet (withdrawals have no payment to verify); a bad value is a 400 on
// `verified`; without it (and without other filters) the answer is still the live queue.
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderDto } from '#shared/api-types';
import { useTestServer } from '../support/server.js';
import { testDatabases } from '../support/databases.js';
import { fetchCsv, parseCsv } from '../support/csv.js';
import { loginAdmin, type TestUser } from '../factories/users.js';
import { COMPLETE_CHECKED, placeOrder, placePendingOrder, WITHDRAW_BDT, withdrawPayload } from '../factories/orders.js';

type ListBody = { orders: OrderDto[]; pages: number };

describe.each(testDatabases())('Order history filtered by payment verification on %s', (db) => {
  const server = useTestServer({ db });
  let admin: TestUser;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    admin = await loginAdmin(server);
    const prisma = server.app.ctx.prisma;
    // Two paid top-ups an SMS verified (one since completed), one whose SMS amount differs, one still waiting for
    // its SMS, one not paid yet, and a withdrawal.
    ids.verified = await placePendingOrder(server);
    ids.verifiedDone = await placePendingOrder(server);
    ids.accepted = await placePendingOrder(server);
    ids.mismatch = await placePendingOrder(server);
    ids.awaiting = await placePendingOrder(server);
    ids.unpaid = await placeOrder(server);
    ids.withdraw = await placeOrder(server, WITHDRAW_BDT, withdrawPayload());
    await prisma.order.updateMany({
      where: { id: { in: [ids.verified, ids.verifiedDone] } },
      data: { verification: 'verified' },
    });
    await prisma.order.update({ where: { id: ids.mismatch }, data: { verification: 'amount_mismatch' } });
    await prisma.order.update({
      where: { id: ids.accepted },
      data: { verification: 'verified', acceptedById: admin.id },
    });
    expect(
      (await server.api.patch(`/orders/${ids.verifiedDone}`, { order: COMPLETE_CHECKED }, admin.token)).status,
    ).toBe(200);
  });

  const list = async (query: string) => {
    const res = await server.api.get<ListBody>(`/orders/all?${query}`, admin.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.orders.map((o) => o.id).sort();
  };
  const sorted = (...names: string[]) => names.map((n) => ids[n]).sort();

  it('When verified=true, then only the orders an SMS verified, in every status', async () => {
    expect(await list('verified=true')).toEqual(sorted('verified', 'verifiedDone'));
    expect(await list('verified=true&status=pending')).toEqual(sorted('verified'));
    expect(await list('verified=true&status=complete')).toEqual(sorted('verifiedDone'));
  });

  it('When verified=hand, then only the payments staff accepted by hand, each saying who', async () => {
    expect(await list('verified=hand')).toEqual(sorted('accepted'));
    const res = await server.api.get<ListBody>('/orders/all?verified=hand', admin.token);
    expect(res.body.orders[0].verification).toMatchObject({
      status: 'verified',
      accepted_by: { id: admin.id, name: expect.any(String) },
    });
    const bySms = await server.api.get<ListBody>('/orders/all?verified=true', admin.token);
    expect(bySms.body.orders.map((o) => o.verification.accepted_by)).toEqual([null, null]);
  });

  it('When verified=false, then the top-ups no SMS verified (mismatch, awaiting, unpaid) and no withdrawal', async () => {
    expect(await list('verified=false')).toEqual(sorted('mismatch', 'awaiting', 'unpaid'));
    expect(await list('verified=false&status=pending')).toEqual(sorted('mismatch', 'awaiting'));
    expect(await list(`verified=false&q=${ids.withdraw.slice(0, 10)}`)).toEqual([]);
  });

  it('When verified is empty, then it is no filter: the live queue as before', async () => {
    expect(await list('verified=')).toEqual(
      sorted('verified', 'accepted', 'mismatch', 'awaiting', 'unpaid', 'withdraw'),
    );
  });

  it('When verified is not true or false, then 400 naming verified, on the list and the CSV', async () => {
    for (const bad of ['yes', '1', 'TRUE', 'true&verified=false']) {
      const res = await server.api.get(`/orders/all?verified=${bad}`, admin.token);
      expect(res.status, bad).toBe(400);
      expect(res.body.errors, bad).toEqual({ verified: 'validation.invalid' });
      expect(res.body.text, bad).toMatch(/^verified: /);
      expect(
        (await fetchCsv(server.url + '/api/v1', `/orders/export.csv?verified=${bad}`, admin.token)).status,
        bad,
      ).toBe(400);
    }
  });

  it('When the CSV is filtered by verified, then it holds exactly the orders the list holds', async () => {
    for (const value of ['true', 'hand', 'false']) {
      const res = await fetchCsv(server.url + '/api/v1', `/orders/export.csv?verified=${value}`, admin.token);
      expect(res.status).toBe(200);
      const rows = parseCsv(res.text.slice(1)).slice(1);
      expect(rows.map((r) => r[0]).sort(), value).toEqual(await list(`verified=${value}`));
    }
  });
});
