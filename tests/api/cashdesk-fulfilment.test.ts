// Orders that deliver themselves at the betting cash desk (decision 265), against the fake desk on both databases:
// a verified top-up is deposited once and completed by the shop; a lost answer is settled by the desk's Limit and
// never sent again; a withdrawal's code is redeemed once, a refused one goes back to the customer, and a redeemed
// withdrawal completes when the phone's Send Money SMS proves its payout.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderDto } from '#shared/api-types';
import { testDatabases } from '../support/databases.js';
import { useTestServer } from '../support/server.js';
import { deliverySettled, startFakeCashdesk, type FakeCashdesk } from '../support/fake-cashdesk.js';
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
import { registerForwarder, sendMoneySms, type Forwarder } from '../support/sms-forwarder.js';

const PLAYER = '331000111';

describe.each(testDatabases())('Deliveries at the cash desk on %s', (db) => {
  let fake: FakeCashdesk;
  // The fake desk first: the shop is built pointing at it.
  beforeAll(async () => {
    fake = await startFakeCashdesk({ limit: 50_000, balance: 80_000 });
    fake.addPlayer(PLAYER, { name: 'Rahim Uddin', currencyId: 87 });
  });
  afterAll(() => fake?.close());
  const server = useTestServer(() => ({ db, env: { CASHDESK_API_ROOT: fake.root } }));
  let admin: TestUser;
  let bkash: Forwarder;
  let nagad: Forwarder;

  beforeAll(async () => {
    admin = await loginAdmin(server);
    bkash = await registerForwarder(server, admin.token, 'bkash');
    nagad = await registerForwarder(server, admin.token, 'nagad');
    const read = { balance: fake.balance(), limit: fake.limit(), at: new Date() };
    await server.app.services.cashdesk.desks.saveDesk(
      'BDT',
      { ...fake.credentials, currencyId: 87, topupAuto: true, withdrawAuto: true, autoMax: 20_000 },
      read,
    );
  });

  const adminOrder = async (id: string) =>
    (await server.api.get<{ order: AdminOrderDto }>(`/orders/${id}`, admin.token)).body.order;

  /** A bKash top-up paid and proven by its SMS. */
  async function paidTopup(amount: string, onexId = PLAYER) {
    const id = await placeOrder(server, TOPUP_BDT, topupPayload({ pm_method: 'bkash', amount, onex_id: onexId }));
    const trxId = uniquePmId().toUpperCase();
    expect((await server.api.patch(`/orders/${id}`, { order: { pm_id: trxId } })).status).toBe(200);
    const { pm_amount } = await getOrder(server, id);
    expect((await bkash.payment({ amount: pm_amount, trxId })).body.sms.status).toBe('matched');
    return id;
  }

  const settled = (id: string) =>
    waitFor(
      () => adminOrder(id),
      (o) => deliverySettled(o),
    );

  it('When a top-up is verified, then the desk deposits it once and the shop completes it', async () => {
    const limitBefore = fake.limit();
    const id = await paidTopup('700');
    const order = await waitFor(
      () => adminOrder(id),
      (o) => o.status === 'complete',
    );
    expect(order.fulfilment).toMatchObject({
      status: 'done',
      amount: 700,
      attempts: 1,
      operation_id: expect.any(String),
    });
    expect(order.events.at(-1)).toMatchObject({ from: 'pending', to: 'complete', actor: 'system' });
    expect(fake.operations(PLAYER).filter((op) => op.kind === 'deposit' && op.summa === 700)).toHaveLength(1);
    expect(fake.limit()).toBe(limitBefore - 700);
    expect((await getOrder(server, id)).fulfilment).toEqual({ status: 'done' });
  });

  it('When the answer to a deposit is lost, then the Limit confirms it and nothing is sent again', async () => {
    fake.failNext('lostAnswer', 'deposit');
    const id = await paidTopup('300');
    const order = await waitFor(
      () => adminOrder(id),
      (o) => o.status === 'complete',
    );
    expect(order.fulfilment).toMatchObject({
      status: 'done',
      amount: 300,
      message: "confirmed by the desk's limit",
      attempts: 1,
    });
    expect(fake.operations(PLAYER).filter((op) => op.summa === 300)).toHaveLength(1);
  });

  it('When a deposit fails before it is made (500), then the Limit says not delivered and it stays with staff', async () => {
    fake.failNext('error500Before', 'deposit');
    const id = await paidTopup('310');
    const order = await settled(id);
    expect(order).toMatchObject({
      status: 'pending',
      fulfilment: { status: 'refused', message: 'not delivered', attempts: 1 },
    });
    expect(fake.operations(PLAYER).filter((op) => op.summa === 310)).toHaveLength(0);
    // Confirm is only for an unknown outcome; staff send a refused one again, once, saying why (audited).
    const decide = (action: string) =>
      server.api.post(`/orders/${id}/fulfilment`, { action, reason: 'checked the desk' }, admin.token);
    expect((await decide('confirm')).body).toMatchObject({ key: 'errors.fulfilmentState' });
    const retried = await decide('retry');
    expect(retried.status).toBe(200);
    expect((await decide('retry')).status).toBe(409);
    const deposit = await waitFor(
      () => adminOrder(id),
      (o) => o.status === 'complete',
    );
    expect(deposit.fulfilment).toMatchObject({ status: 'done', attempts: 2 });
    expect(
      deposit.events.some(
        (e) => e.kind === 'fulfilment' && e.actor_id === admin.id && e.note === 'retry: checked the desk',
      ),
    ).toBe(true);
    const ops = await server.api.get<{ operations: { kind: string; order_id: string | null; status: string }[] }>(
      '/cashdesks/BDT/operations',
      admin.token,
    );
    expect(ops.body.operations.filter((op) => op.order_id === id).map((op) => op.status)).toEqual(['done', 'refused']);
    expect(fake.operations(PLAYER).filter((op) => op.summa === 310)).toHaveLength(1);
  });

  it('When the player does not exist, a fraction, or above auto_max, then nothing is sent and staff keep it', async () => {
    // An unknown player is refused at checkout while the desk answers (decision 260), before anyone pays.
    const ghost = await server.api.post(`/orders/${TOPUP_BDT}`, {
      order: topupPayload({ pm_method: 'bkash', amount: '400', onex_id: '999999999' }),
    });
    expect(ghost.status).toBe(400);
    expect(ghost.body).toMatchObject({ errors: { onex_id: 'errors.playerNotFound' } });
    const big = await paidTopup('25000');
    const fraction = await paidTopup('400.5');
    await new Promise((r) => setTimeout(r, 300));
    expect((await adminOrder(big)).fulfilment).toBeNull();
    expect((await adminOrder(fraction)).fulfilment).toBeNull();
    expect(fake.operations('999999999')).toHaveLength(0);
  });

  it("When a top-up is more than the desk's Limit less the deposits queued, then checkout refuses it (409) and nothing is placed", async () => {
    await server.app.services.cashdesk.desks.recordBalance('BDT', {
      balance: fake.balance(),
      limit: 900,
      at: new Date(),
    });
    const refused = await server.api.post(`/orders/${TOPUP_BDT}`, {
      order: topupPayload({ amount: '901', onex_id: PLAYER }),
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ key: 'errors.cashdeskLimit' });
    expect(
      (await server.api.post(`/orders/${TOPUP_BDT}`, { order: topupPayload({ amount: '900', onex_id: PLAYER }) }))
        .status,
    ).toBe(201);
    await server.app.services.cashdesk.desks.recordBalance('BDT', {
      balance: fake.balance(),
      limit: fake.limit(),
      at: new Date(),
    });
  });

  it('When a withdrawal code is redeemed and its Send Money SMS proves the payout, then the shop completes it with that TrxID', async () => {
    fake.addCode('W0K1', 950, PLAYER);
    const id = await placeOrder(server, WITHDRAW_BDT, withdrawPayload({ pm_method: 'nagad', amount: '1000' }));
    expect((await server.api.patch(`/orders/${id}`, { order: { onex_id: PLAYER, w_code: 'W0K1' } })).status).toBe(200);
    const redeemed = await waitFor(
      () => adminOrder(id),
      (o) => o.fulfilment?.status === 'done',
    );
    // The order's amount is what the desk redeemed; the pay amount that at the rate.
    expect(redeemed).toMatchObject({ status: 'pending', data: { amount: 950 }, fulfilment: { amount: 950 } });
    expect(redeemed.pm_amount).toBeCloseTo(950 * redeemed.data.rate, 2);
    const trxId = uniquePmId().toUpperCase();
    await nagad.post({
      text: sendMoneySms({
        account: 'nagad',
        amount: redeemed.pm_amount,
        to: redeemed.data.wallet!,
        trxId,
        balance: 50_000,
      }),
    });
    const done = await waitFor(
      () => adminOrder(id),
      (o) => o.status === 'complete',
    );
    expect(done).toMatchObject({ payout_trx_id: trxId });
    expect(done.events.at(-1)).toMatchObject({ to: 'complete', actor: 'system' });
    expect(fake.operations(PLAYER).filter((op) => op.code === 'W0K1')).toHaveLength(1);
  });

  it('When the desk refuses a code, then the order goes back to waiting with its message, at most three times', async () => {
    const id = await placeOrder(server, WITHDRAW_BDT, withdrawPayload({ pm_method: 'nagad', amount: '1000' }));
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expect(
        (await server.api.patch(`/orders/${id}`, { order: { onex_id: PLAYER, w_code: `NO0${attempt}` } })).status,
      ).toBe(200);
      const refused = (o: Awaited<ReturnType<typeof adminOrder>>) =>
        o.fulfilment?.status === 'refused' && o.fulfilment.attempts === attempt;
      if (attempt <= 3) {
        // The refusal and the order's move back to waiting are one commit: seen together, never one without the other.
        const seen = await waitFor(() => adminOrder(id), refused, 15_000, 10);
        expect(seen.status).toBe('waiting');
        // The desk's word reaches the customer on the move's timeline entry; the public delivery is its status only.
        const view = await getOrder(server, id);
        expect(view.fulfilment).toEqual({ status: 'refused' });
        expect(view.events.at(-1)).toMatchObject({
          from: 'pending',
          to: 'waiting',
          actor: 'system',
          note: 'Wrong or used code',
        });
      } else {
        await waitFor(() => adminOrder(id), refused);
        // The fourth refusal leaves the order with staff: it stays pending.
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect((await adminOrder(id)).status).toBe('pending');
      }
    }
    // Each code was sent once.
    expect(fake.requests.filter((r) => r.call === 'payout' && r.body.includes('"NO0')).length).toBe(4);
  });

  const orders = () => server.app.services.orders;
  const engine = () => server.app.services.cashdesk.fulfilment!;
  const sql = (text: string) => server.app.ctx.prisma.$executeRawUnsafe(text);

  it('When the move back to waiting fails, then the refusal of the code is not recorded either (one transaction)', async () => {
    const id = await placeOrder(server, WITHDRAW_BDT, withdrawPayload({ pm_method: 'nagad', amount: '1000' }));
    const service = orders();
    const refuseCode = service.refuseCode;
    service.refuseCode = (orderId, message, recordRefusal) =>
      refuseCode(orderId, message, async (tx) => {
        await recordRefusal!(tx);
        throw new Error('the move failed after the refusal was written');
      });
    try {
      expect((await server.api.patch(`/orders/${id}`, { order: { onex_id: PLAYER, w_code: 'NOTX' } })).status).toBe(
        200,
      );
      await waitFor(
        async () => fake.requests.filter((r) => r.call === 'payout' && r.body.includes('"NOTX"')).length,
        (n) => n === 1,
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
    } finally {
      service.refuseCode = refuseCode;
    }
    // Neither landed: the delivery is still `sending` (nothing recorded), the order still pending.
    const stuck = await adminOrder(id);
    expect(stuck).toMatchObject({ status: 'pending', fulfilment: { status: 'sending', attempts: 1 } });
    // A person may not complete it meanwhile: the desk's answer is being settled (EN and BN texts under one key).
    const complete = await server.api.patch(`/orders/${id}`, { order: { status: 'complete' } }, admin.token);
    expect(complete.status).toBe(409);
    expect(complete.body).toMatchObject({ key: 'errors.fulfilmentUnsettled' });
    // The watch settles it by the Limit (it did not move: not delivered) and leaves the order with staff.
    await engine().watch('BDT');
    expect(await adminOrder(id)).toMatchObject({
      status: 'pending',
      fulfilment: { status: 'refused', message: 'not delivered' },
    });
    expect(fake.requests.filter((r) => r.call === 'payout' && r.body.includes('"NOTX"'))).toHaveLength(1);
  });

  it('When staff decide a delivery, then the decision, its timeline entry and its audit entry commit together, and it is announced', async () => {
    fake.failNext('error500Before', 'deposit');
    const id = await paidTopup('320');
    expect(await settled(id)).toMatchObject({ fulfilment: { status: 'refused', message: 'not delivered' } });
    const decide = () =>
      server.api.post(`/orders/${id}/fulfilment`, { action: 'retry', reason: 'desk back' }, admin.token);
    const audits = () =>
      server.app.ctx.prisma.auditEntry.count({ where: { action: 'order.fulfilment', targetId: id } });
    // The audit entry cannot be written: the retry does not land either (nothing queued, nothing sent).
    const service = orders();
    const noteFulfilment = service.noteFulfilment;
    service.noteFulfilment = (orderId, note, by) =>
      noteFulfilment(
        orderId,
        note,
        by?.staff && {
          ...by,
          change: async (tx) => {
            await by.change?.(tx);
            throw new Error('the audit log is not writable');
          },
        },
      );
    try {
      expect((await decide()).status).toBe(500);
    } finally {
      service.noteFulfilment = noteFulfilment;
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await adminOrder(id)).toMatchObject({ status: 'pending', fulfilment: { status: 'refused', attempts: 1 } });
    expect(await audits()).toBe(0);
    const announced: string[] = [];
    const unsubscribe = server.app.events.subscribe(
      'order.changed',
      ({ order }) => void (order.id === id && announced.push(order.status)),
    );
    try {
      expect((await decide()).status).toBe(200);
      const done = await waitFor(
        () => adminOrder(id),
        (o) => o.status === 'complete',
      );
      expect(done.fulfilment).toMatchObject({ status: 'done', attempts: 2 });
      expect(
        done.events
          .filter((e) => e.kind === 'fulfilment' && e.actor === 'admin' && e.actor_id === admin.id)
          .map((e) => e.note),
      ).toEqual(['retry: desk back']);
      // The staff's entry is theirs: the customer's timeline does not show it.
      expect((await getOrder(server, id)).events.some((e) => e.kind === 'fulfilment')).toBe(false);
      // Announced (live to the staff, the Telegram desk) with the decision, then with the completion.
      expect(announced[0]).toBe('pending');
      expect(announced).toContain('complete');
    } finally {
      unsubscribe();
    }
    expect(await audits()).toBe(1);
    expect(fake.operations(PLAYER).filter((op) => op.summa === 320)).toHaveLength(1);
  });

  it('When the delivery of a top-up is sending or unknown, then staff can neither complete nor cancel it by hand (409) until it is decided', async () => {
    // Above auto_max: the shop leaves it to staff; its delivery row is written here as an instance would have left it.
    const id = await paidTopup('24000');
    expect((await adminOrder(id)).fulfilment).toBeNull();
    await sql(
      `INSERT INTO fulfilments (order_id, kind, currency, status, amount, at) VALUES ('${id}', 'deposit', 'BDT', 'sending', 24000, now())`,
    );
    const complete = () => server.api.patch(`/orders/${id}`, { order: { status: 'complete' } }, admin.token);
    // Cancelled meanwhile, a deposit the desk made would be money the shop keeps nowhere (decision 301).
    const cancel = () => server.api.patch(`/orders/${id}`, { order: { status: 'cancelled' } }, admin.token);
    const staff = await server.app.ctx.prisma.user.findUniqueOrThrow({ where: { id: admin.id } });
    for (const status of ['sending', 'unknown']) {
      await sql(`UPDATE fulfilments SET status = '${status}' WHERE order_id = '${id}'`);
      for (const refused of [await complete(), await cancel()]) {
        expect(refused.status).toBe(409);
        expect(refused.body).toMatchObject({ key: 'errors.fulfilmentUnsettled' });
      }
      // The commands themselves refuse (the Telegram desk's Complete button runs the first).
      await expect(orders().completeOrder(id, staff as never)).rejects.toMatchObject({
        key: 'errors.fulfilmentUnsettled',
      });
      await expect(orders().cancelOrderAsAdmin(id, staff as never)).rejects.toMatchObject({
        key: 'errors.fulfilmentUnsettled',
      });
      // Nothing moved.
      expect(await adminOrder(id)).toMatchObject({ status: 'pending' });
    }
    await sql(`UPDATE fulfilments SET status = 'refused' WHERE order_id = '${id}'`);
    server.app.orderViews.drop(id);
    expect((await complete()).status).toBe(200);
  });

  it('When the player is gone or in another currency by the time the payment arrives, then nothing is deposited and staff keep it, saying why', async () => {
    const gone = '331000222';
    const other = '331000333';
    fake.addPlayer(gone, { name: 'Gone Player', currencyId: 87 });
    fake.addPlayer(other, { name: 'Moved Player', currencyId: 87 });
    const a = await placeOrder(server, TOPUP_BDT, topupPayload({ pm_method: 'bkash', amount: '820', onex_id: gone }));
    const b = await placeOrder(server, TOPUP_BDT, topupPayload({ pm_method: 'bkash', amount: '830', onex_id: other }));
    // After checkout: the player vanished at the brand; the other's account now keeps dollars.
    fake.removePlayer(gone);
    fake.addPlayer(other, { name: 'Moved Player', currencyId: 1 });
    for (const id of [a, b]) {
      const trxId = uniquePmId().toUpperCase();
      await server.api.patch(`/orders/${id}`, { order: { pm_id: trxId } });
      await bkash.payment({ amount: (await getOrder(server, id)).pm_amount, trxId });
    }
    const why = { [a]: 'no such player at the cash desk', [b]: "the player's account is in another currency" };
    for (const id of [a, b]) {
      const order = await settled(id);
      expect(order).toMatchObject({
        status: 'pending',
        assignee: null,
        fulfilment: { status: 'refused', message: why[id], attempts: 0 },
      });
      // The refusal before anything was sent and its timeline note are one commit: seen together (decision 301).
      expect(order.events).toContainEqual(
        expect.objectContaining({ kind: 'fulfilment', actor: 'system', note: `deposit: ${why[id]}` }),
      );
    }
    expect(fake.operations(gone)).toHaveLength(0);
    expect(fake.operations(other)).toHaveLength(0);
    expect(
      fake.requests.filter((r) => r.call === 'deposit' && (r.path.includes(gone) || r.path.includes(other))),
    ).toHaveLength(0);
  });

  it('When a crash loses the queueing of a verified top-up, then the desk watch sweeps it and it is deposited exactly once', async () => {
    const jobs = server.app.jobs;
    const enqueue = jobs.enqueue;
    // The process stops between the commit that verified the order and the delivery's queueing.
    jobs.enqueue = async (list, tx) => {
      if (list.some((job) => job.kind.startsWith('cashdesk.'))) throw new Error('the process stopped before queueing');
      return enqueue(list, tx);
    };
    let id: string;
    try {
      id = await paidTopup('640');
      await new Promise((resolve) => setTimeout(resolve, 500));
    } finally {
      jobs.enqueue = enqueue;
    }
    expect(await adminOrder(id)).toMatchObject({
      status: 'pending',
      verification: { status: 'verified' },
      fulfilment: null,
    });
    expect(fake.operations(PLAYER).filter((op) => op.summa === 640)).toHaveLength(0);
    await engine().watch('BDT');
    await waitFor(
      () => adminOrder(id),
      (o) => o.status === 'complete',
    );
    // Swept again, and once more as another instance would: nothing is sent twice.
    await engine().watch('BDT');
    await engine().watch('BDT');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fake.operations(PLAYER).filter((op) => op.summa === 640)).toHaveLength(1);
    expect((await adminOrder(id)).fulfilment).toMatchObject({ status: 'done', attempts: 1 });
  });

  it("When a crash loses the queueing of a withdrawal's code, then the desk watch sweeps it and the code is redeemed exactly once", async () => {
    fake.addCode('SW3P', 720, PLAYER);
    const id = await placeOrder(server, WITHDRAW_BDT, withdrawPayload({ pm_method: 'nagad', amount: '1000' }));
    const jobs = server.app.jobs;
    const enqueue = jobs.enqueue;
    let lost = 0;
    // The process stops between the commit of the customer's code and the delivery's queueing.
    jobs.enqueue = async (list, tx) => {
      if (list.some((job) => job.kind.startsWith('cashdesk.'))) {
        lost += 1;
        throw new Error('the process stopped before queueing');
      }
      return enqueue(list, tx);
    };
    try {
      expect((await server.api.patch(`/orders/${id}`, { order: { onex_id: PLAYER, w_code: 'SW3P' } })).status).toBe(
        200,
      );
      await waitFor(
        async () => lost,
        (n) => n > 0,
      );
    } finally {
      jobs.enqueue = enqueue;
    }
    const sent = () => fake.requests.filter((r) => r.call === 'payout' && r.body.includes('"SW3P"')).length;
    expect(await adminOrder(id)).toMatchObject({ status: 'pending', fulfilment: null });
    expect(sent()).toBe(0);
    await engine().watch('BDT');
    const redeemed = await waitFor(
      () => adminOrder(id),
      (o) => o.fulfilment?.status === 'done',
    );
    expect(redeemed).toMatchObject({ status: 'pending', data: { amount: 720 }, fulfilment: { attempts: 1 } });
    // Swept again, and once more as another instance would: the code is not sent twice.
    await engine().watch('BDT');
    await engine().watch('BDT');
    // Neither watch queued it again (each sweep is awaited): one job, one send.
    const queued = await server.app.ctx.prisma.$queryRawUnsafe<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM jobs WHERE kind = 'cashdesk.payout' AND payload->>'orderId' = $1`,
      id,
    );
    expect(Number(queued[0].n)).toBe(1);
    expect(sent()).toBe(1);
    expect((await adminOrder(id)).fulfilment).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('When a crash loses the completion after the desk made the deposit, then the watch completes the order without sending again', async () => {
    const service = orders();
    const completeByShop = service.completeByShop;
    service.completeByShop = async () => {
      throw new Error('the process stopped before completing');
    };
    let id: string;
    try {
      id = await paidTopup('650');
      // Nothing announces the desk's answer when the completion (which says what the desk did) does not happen: the
      // order is read afresh, not from its kept view.
      await waitFor(
        () => {
          server.app.orderViews.drop(id);
          return adminOrder(id);
        },
        (o) => o.fulfilment?.status === 'done',
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
    } finally {
      service.completeByShop = completeByShop;
    }
    expect((await adminOrder(id)).status).toBe('pending');
    await engine().watch('BDT');
    const done = await waitFor(
      () => adminOrder(id),
      (o) => o.status === 'complete',
    );
    expect(done.events.at(-1)).toMatchObject({ to: 'complete', actor: 'system' });
    expect(fake.operations(PLAYER).filter((op) => op.summa === 650)).toHaveLength(1);
  });
});
