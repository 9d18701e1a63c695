// Matching races: the customer's id and the wallet's SMS arriving together give exactly one
// match, every time; two phones forwarding the same payment at once still verify one order once. PGlite
// serialises everything (it still runs); PostgreSQL is where these prove the point.
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../support/server.js';
import { testDatabases } from '../support/databases.js';
import { loginAdmin } from '../factories/users.js';
import { getOrder, placeOrder, topupPayload, uniquePmId, TOPUP_BDT } from '../factories/orders.js';
import { registerForwarder, type Forwarder } from '../support/sms-forwarder.js';

const ROUNDS = 25;

describe.each(testDatabases())('SMS matching races on %s', (db) => {
  const server = useTestServer({ db });
  let phone: Forwarder;
  let secondPhone: Forwarder;

  beforeAll(async () => {
    const admin = await loginAdmin(server);
    phone = await registerForwarder(server, admin.token, 'bkash', 'bKash phone 1');
    secondPhone = await registerForwarder(server, admin.token, 'bkash', 'bKash phone 2');
  });

  async function orders(count: number) {
    const placed: { id: string; pmAmount: number; trxId: string }[] = [];
    for (let i = 0; i < count; i += 1) {
      const id = await placeOrder(server, TOPUP_BDT, topupPayload({ pm_method: 'bkash', amount: String(500 + i) }));
      placed.push({ id, pmAmount: (await getOrder(server, id)).pm_amount, trxId: uniquePmId().toUpperCase() });
    }
    return placed;
  }

  async function expectOneMatch(order: { id: string; trxId: string }) {
    const prisma = server.app.ctx.prisma;
    const matched = await prisma.smsMessage.findMany({
      where: { trxKey: order.trxId.toLowerCase(), status: 'matched' },
    });
    expect(matched.map((m) => m.orderId)).toEqual([order.id]);
    const row = await prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect([row.verification, row.verificationSmsId]).toEqual(['verified', matched[0].id]);
  }

  it(`When the id and the SMS arrive together (${ROUNDS} orders), then each order is verified exactly once`, async () => {
    const placed = await orders(ROUNDS);
    const results = await Promise.all(
      placed.map((o) =>
        Promise.all([
          server.api.patch(`/orders/${o.id}`, { order: { pm_id: o.trxId } }),
          phone.payment({ amount: o.pmAmount, trxId: o.trxId }),
        ]),
      ),
    );
    for (const [i, [paid, sms]] of results.entries()) {
      expect([paid.status, sms.status]).toEqual([200, 200]);
      expect(['matched', 'unmatched']).toContain(sms.body.sms.status);
      await expectOneMatch(placed[i]);
    }
  });

  it(`When two phones forward the same payment while the id arrives (${ROUNDS} orders), then one SMS verifies it and the other waits`, async () => {
    const placed = await orders(ROUNDS);
    const at = new Date();
    const results = await Promise.all(
      placed.map((o) =>
        Promise.all([
          phone.payment({ amount: o.pmAmount, trxId: o.trxId, at }),
          server.api.patch(`/orders/${o.id}`, { order: { pm_id: o.trxId.toLowerCase() } }),
          secondPhone.payment({ amount: o.pmAmount, trxId: o.trxId, at }),
        ]),
      ),
    );
    for (const [i, [first, paid, second]] of results.entries()) {
      expect([first.status, paid.status, second.status]).toEqual([200, 200, 200]);
      const statuses = [first.body.sms.status, second.body.sms.status];
      expect(statuses.filter((s) => s === 'matched').length).toBeLessThanOrEqual(1);
      await expectOneMatch(placed[i]);
      expect(await server.app.ctx.prisma.smsMessage.count({ where: { trxKey: placed[i].trxId.toLowerCase() } })).toBe(
        2,
      );
    }
  });
});
