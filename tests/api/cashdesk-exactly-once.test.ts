// Exactly once at the cash desk (decision 265). A property: whatever faults the desk throws at deposits and code
// redemptions (answers lost, connections reset, 500 before the operation, unreadable answers), and whatever staff
// retry afterwards, no order is ever deposited twice and no code the desk redeemed is left unrecorded. And a race on
// PostgreSQL: two instances, 40 verified top-ups, one deposit each.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderDto } from '#shared/api-types';
import { testDatabases } from '../support/databases.js';
import { useTestInstances, useTestServer, type TestServer } from '../support/server.js';
import { deliverySettled, startFakeCashdesk, type FakeCashdesk, type FakeDeskFault } from '../support/fake-cashdesk.js';
import { loginAdmin, type TestUser } from '../factories/users.js';
import {
  getOrder,
  placeOrder,
  topupPayload,
  uniquePmId,
  waitFor,
  withdrawPayload,
  TOPUP_BDT,
  WITHDRAW_BDT,
} from '../factories/orders.js';
import { registerForwarder, type Forwarder } from '../support/sms-forwarder.js';

const PLAYER = '442000111';
const FAULTS: (FakeDeskFault | 'none')[] = ['none', 'lostAnswer', 'resetAfter', 'error500Before', 'malformed'];

async function connectDesk(server: TestServer, fake: FakeCashdesk) {
  await server.app.services.cashdesk.desks.saveDesk(
    'BDT',
    { ...fake.credentials, currencyId: null, topupAuto: true, withdrawAuto: true, autoMax: null },
    { balance: fake.balance(), limit: fake.limit(), at: new Date() },
  );
}

function shop(server: TestServer, adminToken: () => string) {
  const adminOrder = async (id: string) =>
    (await server.api.get<{ order: AdminOrderDto }>(`/orders/${id}`, adminToken())).body.order;
  const settled = (id: string) =>
    waitFor(
      () => adminOrder(id),
      (o) => deliverySettled(o),
      20_000,
    );
  return { adminOrder, settled };
}

describe.each(testDatabases())('Exactly once at the cash desk on %s', (db) => {
  let fake: FakeCashdesk;
  beforeAll(async () => {
    fake = await startFakeCashdesk({ limit: 10_000_000, balance: 10_000_000 });
    fake.addPlayer(PLAYER, { name: 'Karim Mia', currencyId: 87 });
  });
  afterAll(() => fake?.close());
  const server = useTestServer(() => ({ db, env: { CASHDESK_API_ROOT: fake.root } }));
  let admin: TestUser;
  let bkash: Forwarder;
  beforeAll(async () => {
    admin = await loginAdmin(server);
    bkash = await registerForwarder(server, admin.token, 'bkash');
    await connectDesk(server, fake);
  });

  it('Any sequence of faults never deposits an order twice and never leaves a redeemed code unrecorded', async () => {
    const { adminOrder, settled } = shop(server, () => admin.token);
    let serial = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            kind: fc.constantFrom('deposit', 'payout'),
            fault: fc.constantFrom(...FAULTS),
            retry: fc.boolean(),
          }),
          { minLength: 1, maxLength: 3 },
        ),
        async (steps) => {
          for (const step of steps) {
            serial += 1;
            // Three unknown answers in a row make the desk `failing` (its automation stops): staff have looked at it.
            await server.app.services.cashdesk.desks.recordOk('BDT');
            // Each order's amount is its own, so the desk's ledger tells its operations apart.
            const amount = 1_000 + serial;
            if (step.fault !== 'none') fake.failNext(step.fault, step.kind);
            let id: string;
            let code: string | null = null;
            if (step.kind === 'deposit') {
              id = await placeOrder(
                server,
                TOPUP_BDT,
                topupPayload({ pm_method: 'bkash', amount: String(amount), onex_id: PLAYER }),
              );
              const trxId = uniquePmId().toUpperCase();
              await server.api.patch(`/orders/${id}`, { order: { pm_id: trxId } });
              await bkash.payment({ amount: (await getOrder(server, id)).pm_amount, trxId });
            } else {
              code = `P${String(serial).padStart(3, '0')}`.slice(-4);
              fake.addCode(code, amount, PLAYER);
              id = await placeOrder(server, WITHDRAW_BDT, withdrawPayload({ pm_method: 'nagad', amount: '1000' }));
              await server.api.patch(`/orders/${id}`, { order: { onex_id: PLAYER, w_code: code } });
            }
            let order = await settled(id);
            if (step.retry && order.fulfilment!.status === 'refused' && order.status === 'pending') {
              await server.api.post(
                `/orders/${id}/fulfilment`,
                { action: 'retry', reason: 'property retry' },
                admin.token,
              );
              order = await settled(id);
            }
            const made = fake.ledger.filter((op) =>
              step.kind === 'deposit' ? op.kind === 'deposit' && op.summa === amount : op.code === code,
            );
            expect(made.length).toBeLessThanOrEqual(1);
            if (made.length === 1) {
              // Made at the desk: recorded as done with what moved (never a second send, never "not delivered"), and
              // the order follows: a top-up completes, a withdrawal's amount is what the code redeemed.
              expect(order.fulfilment).toMatchObject({ status: 'done', amount });
              if (step.kind === 'deposit')
                await waitFor(
                  () => adminOrder(id),
                  (o) => o.status === 'complete',
                );
              else
                await waitFor(
                  () => adminOrder(id),
                  (o) => o.data.amount === amount,
                );
            } else {
              expect(order.fulfilment!.status).not.toBe('done');
            }
          }
        },
      ),
      { numRuns: 6, endOnFailure: true },
    );
    // Every operation the desk made is one the shop recorded as done (a page holds them all).
    let done = 0;
    for (let page = 1; ; page += 1) {
      const ops = await server.api.get<{ operations: { kind: string; status: string }[]; pages: number }>(
        `/cashdesks/BDT/operations?page=${page}`,
        admin.token,
      );
      done += ops.body.operations.filter((op) => op.kind !== 'drift' && op.status === 'done').length;
      if (page >= ops.body.pages) break;
    }
    expect(done).toBe(fake.ledger.length);
  }, 240_000);
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))(
  'Two instances race for 40 verified top-ups on PostgreSQL',
  () => {
    let fake: FakeCashdesk;
    beforeAll(async () => {
      fake = await startFakeCashdesk({ limit: 10_000_000, balance: 10_000_000 });
      fake.addPlayer(PLAYER, { name: 'Karim Mia', currencyId: 87 });
      fake.latency(20);
    });
    afterAll(() => fake?.close());
    // One shop on two instances shares its Redis bus: without it, an order's view kept by one instance is never dropped
    // when the other delivers it (decision 081), and the test would read a stale "queued" for ever.
    const [a, b] = useTestInstances(2, {
      redis: true,
      env: {
        get CASHDESK_API_ROOT() {
          return fake.root;
        },
      } as unknown as Record<string, string>,
    });
    let admin: TestUser;

    it('When 40 top-ups are verified at once across two instances, then each is deposited exactly once', async () => {
      admin = await loginAdmin(a);
      await connectDesk(a, fake);
      const phone = await registerForwarder(a, admin.token, 'bkash');
      const ids: string[] = [];
      for (let i = 0; i < 40; i += 1) {
        const id = await placeOrder(
          a,
          TOPUP_BDT,
          topupPayload({ pm_method: 'bkash', amount: String(2_000 + i), onex_id: PLAYER }),
        );
        ids.push(id);
      }
      const trx = ids.map(() => uniquePmId().toUpperCase());
      await Promise.all(ids.map((id, i) => (i % 2 ? b : a).api.patch(`/orders/${id}`, { order: { pm_id: trx[i] } })));
      const pays = await Promise.all(ids.map((id) => getOrder(a, id)));
      await Promise.all(pays.map((o, i) => phone.payment({ amount: o.pm_amount, trxId: trx[i]! })));
      const { adminOrder } = shop(b, () => admin.token);
      for (const id of ids) {
        const order = await waitFor(
          () => adminOrder(id),
          (o) => o.status === 'complete' || o.verification.status !== 'verified' || o.fulfilment?.status === 'refused',
          120_000,
          200,
        );
        const notes = order.events.map((e) => e.note ?? e.to);
        expect({
          id,
          verification: order.verification.status,
          fulfilment: order.fulfilment?.status,
          status: order.status,
          notes,
        }).toMatchObject({ status: 'complete', fulfilment: 'done' });
      }
      for (let i = 0; i < 40; i += 1)
        expect(fake.ledger.filter((op) => op.kind === 'deposit' && op.summa === 2_000 + i)).toHaveLength(1);
      expect(fake.ledger.filter((op) => op.kind === 'deposit')).toHaveLength(40);
    }, 180_000);
  },
);
