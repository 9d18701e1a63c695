// Linking an SMS by hand without guesswork (decision 197): the dialog offers the wallet's top-ups
// without proof (the same amount first), a short id is enough when it names one order, and the history finds an
// order by its transaction id in any letter case and by its first characters.
import { describe, expect, it } from 'vitest';
import type { LinkCandidateDto } from '#shared/sms/sms-api';
import type { AdminOrderDto } from '#shared/api-types';
import { useTestServer } from '../support/server.js';
import { testDatabases } from '../support/databases.js';
import { registerForwarder } from '../support/sms-forwarder.js';
import { createUser, loginAdmin } from '../factories/users.js';
import { getOrderAsAdmin, placeOrder, topupPayload, TOPUP_BDT, uniquePmId } from '../factories/orders.js';

describe.each(testDatabases())('Linking an SMS by hand on %s', (db) => {
  const server = useTestServer({ db });

  async function unmatchedSms(adminToken: string, amount: number): Promise<number> {
    const phone = await registerForwarder(server, adminToken, 'bkash');
    const res = await phone.payment({ amount, trxId: uniquePmId().toUpperCase() });
    expect(res.status).toBe(200);
    return (res.body as { sms: { id: number } }).sms.id;
  }

  it('When an SMS waits for an order, then its candidates are the wallet’s unproven top-ups, the same amount first; a short id links it', async () => {
    const admin = await loginAdmin(server);
    const operator = await createUser(server, { role: 'operator' });
    const near = await placeOrder(server, TOPUP_BDT, topupPayload({ pm_method: 'bkash', amount: '7340' }));
    const exact = await placeOrder(server, TOPUP_BDT, topupPayload({ pm_method: 'bkash', amount: '7321.5' }));
    const far = await placeOrder(server, TOPUP_BDT, topupPayload({ pm_method: 'bkash', amount: '9100' }));
    const otherWallet = await placeOrder(server, TOPUP_BDT, topupPayload({ pm_method: 'nagad', amount: '7321.5' }));
    const smsId = await unmatchedSms(admin.token, 7321.5);

    const res = await server.api.get<{ candidates: LinkCandidateDto[] }>(`/sms/${smsId}/candidates`, operator.token);
    expect(res.status).toBe(200);
    const ids = res.body.candidates.map((c) => c.id);
    expect(ids).not.toContain(otherWallet);
    expect(ids.indexOf(exact)).toBeLessThan(ids.indexOf(near));
    expect(ids.indexOf(near)).toBeLessThan(ids.indexOf(far));
    expect(res.body.candidates.find((c) => c.id === exact)).toMatchObject({
      exact: true,
      pm_amount: 7321.5,
      status: 'waiting',
      verification: 'none',
    });
    expect(res.body.candidates.find((c) => c.id === near)?.exact).toBe(false);

    const linked = await server.api.patch(
      `/sms/${smsId}`,
      { sms: { order_id: exact.slice(0, 8), reason: 'the customer sent the screenshot' } },
      operator.token,
    );
    expect(linked.status).toBe(200);
    expect((await getOrderAsAdmin(server, exact, admin.token)).verification.status).toBe('verified');
    // A verified order is no candidate any more.
    const after = await server.api.get<{ candidates: LinkCandidateDto[] }>(`/sms/${smsId}/candidates`, operator.token);
    expect(after.body.candidates.map((c) => c.id)).not.toContain(exact);

    const customer = await createUser(server);
    expect((await server.api.get(`/sms/${smsId}/candidates`, customer.token)).status).toBe(403);
    expect((await server.api.get('/sms/999999999/candidates', admin.token)).body.key).toBe('errors.smsNotFound');
  });

  it('When the typed id is too short, names two orders or none, then the link is refused, saying which, and nothing changes', async () => {
    const admin = await loginAdmin(server);
    const smsId = await unmatchedSms(admin.token, 640);
    const prisma = server.app.ctx.prisma;
    const base = {
      productId: TOPUP_BDT,
      status: 'waiting',
      createdAt: new Date(),
      lastTime: new Date(Date.now() + 3_600_000),
      pmMethod: 'bkash',
      pmWallet: '01711111111',
      pmCoin: 'BDT',
      amount: '640',
      rate: '1',
      pmAmount: '640',
      contactEmail: 'twins@example.com',
      onexId: '123456789',
    };
    const stem = `Tw${uniquePmId().slice(2, 8)}`;
    await prisma.order.create({ data: { ...base, id: `${stem}AAAAAAAAAAAAAA` } });
    await prisma.order.create({ data: { ...base, id: `${stem}BBBBBBBBBBBBBB` } });
    const link = (orderId: string) =>
      server.api.patch(`/sms/${smsId}`, { sms: { order_id: orderId, reason: 'typed from the phone' } }, admin.token);

    const short = await link(stem.slice(0, 5));
    expect(short.status).toBe(400);
    expect(short.body.errors).toEqual({ order_id: 'errors.orderIdShort' });
    const ambiguous = await link(stem);
    expect(ambiguous.status).toBe(409);
    expect(ambiguous.body.key).toBe('errors.orderIdAmbiguous');
    expect((await link('zzzzzzzz')).body.key).toBe('errors.orderNotFound');
    expect(await prisma.order.count({ where: { id: { startsWith: stem }, verification: 'verified' } })).toBe(0);
    expect((await link(`${stem}B`)).status).toBe(200);
  });

  it('When staff search the history by a transaction id in another letter case or by its first characters, then the order is found', async () => {
    const admin = await loginAdmin(server);
    const id = await placeOrder(server);
    const trx = `Qx${uniquePmId().toUpperCase()}`;
    expect((await server.api.patch(`/orders/${id}`, { order: { pm_id: trx } })).status).toBe(200);
    for (const q of [trx.toLowerCase(), trx.slice(0, 8), trx.slice(0, 8).toLowerCase()]) {
      const res = await server.api.get<{ orders: AdminOrderDto[] }>(
        `/orders/all?q=${encodeURIComponent(q)}`,
        admin.token,
      );
      expect(res.status, q).toBe(200);
      expect(
        res.body.orders.map((o) => o.id),
        q,
      ).toContain(id);
    }
  });
});
