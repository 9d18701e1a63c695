// The balance ledger per wallet phone (decisions 144-145): a credit verifies its order only when it chains
// on the phone's balance; a forged one is held while genuine ones around it verify; a missing message shows as a gap
// (listed and pushed) and the late message closing it verifies the held order by itself; a phone without a stated
// balance verifies nothing until an admin states one, which then proves the credits that lead into it (decision 226);
// staff settle held payments by hand; two credits at once both chain.
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderDto } from '#shared/api-types';
import type { DeviceDto, LedgerGapPayload } from '#shared/sms/sms-api';
import { useTestInstances, useTestServer, type TestServer } from '../support/server.js';
import { testDatabases } from '../support/databases.js';
import { createUser, loginAdmin, type TestUser } from '../factories/users.js';
import {
  COMPLETE_CHECKED,
  getOrder,
  placeOrder,
  TOPUP_BDT,
  topupPayload,
  uniquePmId,
  WITHDRAW_BDT,
  withdrawPayload,
} from '../factories/orders.js';
import {
  moneyReceivedSms,
  registerForwarder,
  sendMoneySms,
  SENDER_ID,
  START_BALANCE,
  type Forwarder,
} from '../support/sms-forwarder.js';
import { connectSocket, nextEvent, useSockets } from '../support/sockets.js';

describe.each(testDatabases())('The balance ledger on %s', (db) => {
  const server = useTestServer({ db });
  useSockets();
  let admin: TestUser;
  let operator: TestUser;
  let customer: TestUser;

  const adminOrder = async (id: string) =>
    (await server.api.get<{ order: OrderDto }>(`/orders/${id}`, admin.token)).body.order;
  const device = async (id: string) =>
    (await server.api.get<{ devices: DeviceDto[] }>('/devices', admin.token)).body.devices.find((d) => d.id === id);

  /** A bKash top-up whose customer has sent its transaction id: it waits for its SMS. */
  async function paidTopup(amount: string) {
    const id = await placeOrder(server, TOPUP_BDT, topupPayload({ pm_method: 'bkash', amount }));
    const trxId = uniquePmId().toUpperCase();
    expect((await server.api.patch(`/orders/${id}`, { order: { pm_id: trxId } })).status).toBe(200);
    return { id, trxId, pmAmount: (await getOrder(server, id)).pm_amount };
  }

  beforeAll(async () => {
    admin = await loginAdmin(server);
    operator = await createUser(server, { role: 'operator' });
    customer = await createUser(server);
  });

  it('When credits chain, then they verify; a forged balance is held beside them, and a missing debit is a gap that its late SMS closes live', async () => {
    const phone: Forwarder = await registerForwarder(server, admin.token, 'bkash', 'Ledger bKash');
    expect(await device(phone.id)).toMatchObject({ balance: START_BALANCE, gap: null });
    const staff = await connectSocket(server, { token: admin.token });
    const at = new Date();

    const a = await paidTopup('500');
    expect((await phone.payment({ amount: a.pmAmount, trxId: a.trxId, at })).body.sms.status).toBe('matched');
    expect((await adminOrder(a.id)).verification.status).toBe('verified');

    // A forged "you have received" with an invented balance: held, with what the ledger expected beside it.
    const forged = await paidTopup('700');
    await phone.payment({ amount: forged.pmAmount, trxId: forged.trxId, at, balance: 55_555.55 });
    expect((await adminOrder(forged.id)).verification).toMatchObject({
      status: 'held',
      reason: 'balance_gap',
      expected_balance: phone.balance() + forged.pmAmount,
      stated_balance: 55_555.55,
    });
    expect((await getOrder(server, forged.id)).payment_received).toBe(false);

    // The genuine credit after it chains on the one before the forgery.
    const b = await paidTopup('300');
    await phone.payment({ amount: b.pmAmount, trxId: b.trxId, at });
    expect((await adminOrder(b.id)).verification.status).toBe('verified');
    expect((await adminOrder(forged.id)).verification.status).toBe('held');

    // The phone misses a Send Money of Tk 1,200: the next credit is held and the gap is listed and pushed.
    const sent = { trxId: uniquePmId().toUpperCase(), before: phone.balance() };
    phone.moveBalance(-1200);
    const c = await paidTopup('400');
    const gapPushed = nextEvent(
      staff,
      'ledger:gap',
      (p: LedgerGapPayload) => p.device.id === phone.id && p.gap !== null,
    );
    await phone.payment({ amount: c.pmAmount, trxId: c.trxId, at });
    expect((await adminOrder(c.id)).verification).toMatchObject({
      status: 'held',
      reason: 'balance_gap',
      stated_balance: phone.balance(),
    });
    const gap = (await gapPushed).gap!;
    expect(gap).toMatchObject({ unexplained: 1200 });
    expect((await device(phone.id))?.gap).toEqual(gap);

    // The late SMS closes the gap: the held order turns verified by itself, pushed; the gap closes, pushed.
    const verifiedLive = nextEvent(
      staff,
      'order:updated',
      (o) => o.id === c.id && 'verification' in o && o.verification.status === 'verified',
    );
    const gapClosed = nextEvent(
      staff,
      'ledger:gap',
      (p: LedgerGapPayload) => p.device.id === phone.id && p.gap === null,
    );
    const late = await phone.post({
      text: sendMoneySms({ amount: 1200, to: '01911111111', trxId: sent.trxId, balance: sent.before - 1200, at }),
    });
    expect(late.status).toBe(200);
    await Promise.all([verifiedLive, gapClosed]);
    expect((await adminOrder(c.id)).verification.status).toBe('verified');
    expect(await device(phone.id)).toMatchObject({ balance: phone.balance(), gap: null });
    expect((await adminOrder(forged.id)).verification.status).toBe('held');
    staff.close();
  });

  it('When a message is missing between two credits, then the held one says when the chain last stepped: the missing one came between then and it', async () => {
    const phone: Forwarder = await registerForwarder(server, admin.token, 'bkash', 'Gap times bKash');
    // Minutes apart, inside the window a payment's SMS may precede its order (SMS_LIMITS.matchWindowBeforeMinutes).
    const first = new Date(Date.now() - 8 * 60_000);
    const held = new Date();
    const a = await paidTopup('610');
    await phone.payment({ amount: a.pmAmount, trxId: a.trxId, at: first });
    const chained = (await adminOrder(a.id)).verification;
    expect(chained).toMatchObject({ status: 'verified', expected_since: null });
    // A Send Money the phone never forwarded: the next credit does not chain.
    phone.moveBalance(-700);
    const c = await paidTopup('620');
    await phone.payment({ amount: c.pmAmount, trxId: c.trxId, at: held });
    const v = (await adminOrder(c.id)).verification;
    expect(v).toMatchObject({ status: 'held', reason: 'balance_gap', expected_since: chained.received_at });
    expect(v.expected_since!).toBeLessThan(v.received_at!);
    // The customer's view says nothing of the ledger.
    expect(JSON.stringify(await getOrder(server, c.id))).not.toContain('expected_since');
  });

  it('When a phone has no stated balance, then a forged chain verifies nothing, every credit is held no_anchor, and stating the balance verifies the genuine ones', async () => {
    const res = await server.api.post<{ device: DeviceDto; token: string }>(
      '/devices',
      { device: { name: 'New nagad', account: 'nagad' } },
      admin.token,
    );
    expect(res.body.device.balance).toBeNull();
    const staff = await connectSocket(server, { token: admin.token });
    const post = (text: string) => server.api.post('/sms', { from: SENDER_ID.nagad, text }, res.body.token);
    /** A Nagad top-up whose customer sent its TrxID: it waits for its SMS. */
    const placed = async (amount: string) => {
      const id = await placeOrder(server, TOPUP_BDT, topupPayload({ pm_method: 'nagad', amount }));
      const trxId = uniquePmId().toUpperCase().slice(0, 10);
      await server.api.patch(`/orders/${id}`, { order: { pm_id: trxId } });
      return { id, trxId, pmAmount: (await getOrder(server, id)).pm_amount };
    };
    /** A paid Nagad top-up whose SMS states the balance `after` its amount makes. */
    const pay = async (amount: string, after: (pmAmount: number) => number) => {
      const order = await placed(amount);
      await post(
        moneyReceivedSms('nagad', { amount: order.pmAmount, trxId: order.trxId, balance: after(order.pmAmount) }),
      );
      return order;
    };

    // The audit's attack: a seed that only claims to be Nagad states a balance, then the attacker's own payment
    // steps from it. Both are held no_anchor, pushed to the staff; the phone shows no balance and no gap.
    await post(
      moneyReceivedSms('nagad', { amount: 10, trxId: uniquePmId().toUpperCase().slice(0, 10), balance: 5_010 }),
    );
    const attacker = await placed('900');
    const heldLive = nextEvent(
      staff,
      'order:updated',
      (o) => o.id === attacker.id && 'verification' in o && o.verification.status === 'held',
    );
    await post(
      moneyReceivedSms('nagad', {
        amount: attacker.pmAmount,
        trxId: attacker.trxId,
        balance: 5_010 + attacker.pmAmount,
      }),
    );
    const pushed = await heldLive;
    expect('verification' in pushed && pushed.verification).toMatchObject({ status: 'held', reason: 'no_anchor' });
    expect((await adminOrder(attacker.id)).verification).toMatchObject({
      status: 'held',
      reason: 'no_anchor',
      stated_balance: 5_010 + attacker.pmAmount,
    });
    expect((await getOrder(server, attacker.id)).payment_received).toBe(false);
    expect(await device(res.body.device.id)).toMatchObject({ balance: null, gap: null });

    // The real customers' payments: held as well, whatever they state.
    const first = await pay('800', () => 5_000);
    expect((await adminOrder(first.id)).verification).toMatchObject({
      status: 'held',
      reason: 'no_anchor',
      stated_balance: 5_000,
    });
    const chained = await pay('650', (pm) => 5_000 + pm);
    expect((await adminOrder(chained.id)).verification).toMatchObject({ status: 'held', reason: 'no_anchor' });
    const second = await pay('600', () => 3_000);
    expect((await adminOrder(second.id)).verification).toMatchObject({
      status: 'held',
      reason: 'no_anchor',
      stated_balance: 3_000,
    });

    // Settling: bad input is a translated 400, a customer 403, an order not held 409; nothing changes.
    const settle = (id: string, body: object, token = admin.token) =>
      server.api.post<{ order: OrderDto }>(`/orders/${id}/verification`, body, token);
    expect((await settle(first.id, { decision: 'maybe', reason: 'looked' })).body.errors?.decision).toBe(
      'validation.invalid',
    );
    expect((await settle(first.id, { decision: 'accept', reason: 'x' })).body.errors?.reason).toBe(
      'validation.reasonLength',
    );
    expect((await settle(first.id, { decision: 'accept', reason: 'checked' }, customer.token)).status).toBe(403);
    expect((await adminOrder(first.id)).verification.status).toBe('held');

    // Accepting is the admin's by default (held_accept 'admin'): an operator is refused, and nothing changes.
    const alone = await settle(first.id, { decision: 'accept', reason: 'seen in the Nagad app' }, operator.token);
    expect([alone.status, alone.body.key]).toEqual([403, 'errors.heldAcceptAdminOnly']);
    expect(await adminOrder(first.id)).toMatchObject({ verification: { status: 'held' }, accept_rule: 'admin' });
    // With 'second_approval', an operator accepts once someone else approved (their own approval is no second pair).
    expect(
      (await server.api.patch('/shop-settings', { settings: { held_accept: 'second_approval' } }, admin.token)).status,
    ).toBe(200);
    expect((await adminOrder(first.id)).accept_rule).toBe('second_approval');
    expect((await server.api.post(`/orders/${first.id}/approve`, {}, operator.token)).status).toBe(200);
    const unapproved = await settle(first.id, { decision: 'accept', reason: 'seen in the Nagad app' }, operator.token);
    expect([unapproved.status, unapproved.body.key]).toEqual([409, 'errors.heldAcceptNeedsApproval']);
    expect((await adminOrder(first.id)).verification.status).toBe('held');
    const approval = await server.api.post<{ order: OrderDto }>(`/orders/${first.id}/approve`, {}, admin.token);
    expect(approval.body.order.approvals.map((a) => a.by)).toEqual([operator.id, admin.id]);
    // An operator accepts (verified by hand, on the timeline and in the audit log); an admin rejects another.
    const accepted = await settle(first.id, { decision: 'accept', reason: 'seen in the Nagad app' }, operator.token);
    await server.api.patch('/shop-settings', { settings: { held_accept: 'admin' } }, admin.token);
    expect(accepted.status).toBe(200);
    expect(accepted.body.order.verification.status).toBe('verified');
    // It says who accepted it, not that an SMS verified it (decision 316).
    expect(accepted.body.order.verification.accepted_by).toEqual({ id: operator.id, name: operator.name });
    expect(accepted.body.order.events.at(-1)).toMatchObject({
      kind: 'verification_settled',
      actor: 'admin',
      actor_id: operator.id,
      note: 'accept: seen in the Nagad app',
    });
    expect((await getOrder(server, first.id)).payment_received).toBe(true);
    const again = await settle(first.id, { decision: 'reject', reason: 'changed my mind' });
    expect([again.status, again.body.key]).toEqual([409, 'errors.verificationNotHeld']);
    const rejected = await settle(second.id, { decision: 'reject', reason: 'no such payment in the app' });
    expect(rejected.body.order.verification.status).toBe('rejected');
    const audit = await server.app.ctx.prisma.auditEntry.findMany({
      where: { targetId: { in: [first.id, second.id] } },
      orderBy: { id: 'asc' },
    });
    expect(audit.map((e) => [e.action, e.actorId])).toEqual([
      ['order.approve', operator.id],
      ['order.approve', admin.id],
      ['order.verify_accept', operator.id],
      ['order.verify_reject', admin.id],
    ]);

    // The admin states the balance the wallet shows (Tk 5,000 + the 650): the credits that lead into it verify by
    // themselves, live; the attacker's chain, which leads elsewhere, stays held. Bad input is a 400 first.
    const bad = await server.api.post(`/devices/${res.body.device.id}/balance`, { balance: '-5' }, admin.token);
    expect([bad.status, bad.body.errors?.balance]).toEqual([400, 'validation.balanceInvalid']);
    const wallet = 5_000 + chained.pmAmount;
    const releasedLive = nextEvent(
      staff,
      'order:updated',
      (o) => o.id === chained.id && 'verification' in o && o.verification.status === 'verified',
    );
    const stated = await server.api.post<{ device: DeviceDto }>(
      `/devices/${res.body.device.id}/balance`,
      { balance: wallet.toFixed(2) },
      admin.token,
    );
    expect(stated.body.device).toMatchObject({ balance: wallet, gap: null });
    await releasedLive;
    expect((await adminOrder(chained.id)).verification.status).toBe('verified');
    expect((await getOrder(server, chained.id)).payment_received).toBe(true);
    expect((await adminOrder(attacker.id)).verification).toMatchObject({ status: 'held', reason: 'no_anchor' });
    expect(
      (
        await server.app.ctx.prisma.auditEntry.findFirstOrThrow({
          where: { action: 'device.balance', targetId: res.body.device.id },
        })
      ).after,
    ).toEqual({
      balance: wallet.toFixed(2),
    });
    // From then, the next credit chains on the stated balance.
    const fourth = await pay('250', (pm) => wallet + pm);
    expect((await adminOrder(fourth.id)).verification.status).toBe('verified');
    staff.close();
  });

  it("When the phone's Send Money pays a pending withdrawal's wallet that amount, then the order shows the payout and completing fills its TrxID", async () => {
    const phone = await registerForwarder(server, admin.token, 'nagad', 'Payout Nagad');
    const id = await placeOrder(server, WITHDRAW_BDT, withdrawPayload({ pm_method: 'nagad', wallet: '01755555555' }));
    expect((await server.api.patch(`/orders/${id}`, { order: { onex_id: '123456789', w_code: 'Ab12' } })).status).toBe(
      200,
    );
    const { pm_amount: pmAmount } = await getOrder(server, id);
    const trxId = uniquePmId().toUpperCase().slice(0, 8);
    const send = (to: string, amount: number, trx: string) => {
      phone.moveBalance(-amount - 5);
      return phone.post({
        text: sendMoneySms({ account: 'nagad', amount, to, trxId: trx, fee: 5, balance: phone.balance() }),
      });
    };
    // Another number, or another amount, proves nothing.
    await send('01766666666', pmAmount, uniquePmId().toUpperCase().slice(0, 8));
    await send('01755555555', pmAmount - 1, uniquePmId().toUpperCase().slice(0, 8));
    expect((await adminOrder(id)).payout).toBeNull();
    const sms = await send('01755555555', pmAmount, trxId);
    const proved = await adminOrder(id);
    expect(proved.payout).toMatchObject({ trx_id: trxId, sms_id: sms.body.sms.id });
    expect(proved.payout!.at).toBeGreaterThan(0);
    expect((await device(phone.id))?.gap).toBeNull();
    const done = await server.api.patch<{ order: OrderDto }>(`/orders/${id}`, { order: COMPLETE_CHECKED }, admin.token);
    expect(done.status).toBe(200);
    expect((await getOrder(server, id)).payout_trx_id).toBe(trxId);
    const audit = await server.app.ctx.prisma.auditEntry.findFirstOrThrow({
      where: { targetId: id, action: 'order.complete' },
    });
    expect(audit.after).toMatchObject({ status: 'complete', payout_trx_id: trxId });
  });

  it('When two credits arrive together at one phone, then both chain and both orders verify', async () => {
    const phone = await registerForwarder(server, admin.token, 'bkash', 'Busy bKash');
    const at = new Date();
    for (let round = 0; round < 5; round += 1) {
      const [x, y] = [await paidTopup(String(510 + round)), await paidTopup(String(620 + round))];
      const answers = await Promise.all([
        phone.payment({ amount: x.pmAmount, trxId: x.trxId, at }),
        phone.payment({ amount: y.pmAmount, trxId: y.trxId, at }),
      ]);
      expect(answers.map((r) => r.status)).toEqual([200, 200]);
      expect([(await adminOrder(x.id)).verification.status, (await adminOrder(y.id)).verification.status]).toEqual([
        'verified',
        'verified',
      ]);
    }
    expect((await device(phone.id))?.balance).toBe(phone.balance());
  });
});

// Each instance remembers a phone's ledger as its own last run left it and chains the next payment in the statement
// that stores it only while the device row still says so (decision 203): with two instances taking one phone's
// messages in turn, that memory is stale every other time and must never chain a message wrongly.
describe.skipIf(!process.env.TEST_DATABASE_URL)('The balance ledger of one phone on two instances (PostgreSQL)', () => {
  const [a, b] = useTestInstances(2, { redis: true });

  it("When one phone forwards through both instances in turn and at once, then every genuine payment chains and verifies, a forged one is held, and the balance is the phone's", async () => {
    const admin = await loginAdmin(a);
    const phone = await registerForwarder(a, admin.token, 'bkash', 'Shared bKash');
    const paidTopup = async (amount: string) => {
      const id = await placeOrder(a, TOPUP_BDT, topupPayload({ pm_method: 'bkash', amount }));
      const trxId = uniquePmId().toUpperCase();
      expect((await a.api.patch(`/orders/${id}`, { order: { pm_id: trxId } })).status).toBe(200);
      return { id, trxId, pmAmount: (await getOrder(a, id)).pm_amount };
    };
    let paisa = START_BALANCE * 100;
    /** The phone's next genuine message for `order`, written now (its balance follows the ones written before). */
    const written = (order: { trxId: string; pmAmount: number }) => {
      paisa += Math.round(Number(order.pmAmount) * 100);
      return moneyReceivedSms('bkash', { amount: order.pmAmount, trxId: order.trxId, balance: paisa / 100 });
    };
    const postTo = (server: TestServer, text: string) =>
      server.api.post<{ sms: { status: string } }>('/sms', { from: SENDER_ID.bkash, text }, phone.token);
    const verification = async (id: string) =>
      (await a.api.get<{ order: OrderDto }>(`/orders/${id}`, admin.token)).body.order.verification.status;

    const genuine: string[] = [];
    // In turn: a, b, b, a, a, b (each instance's memory is stale after the other's run, fresh after its own).
    for (const [i, server] of [a, b, b, a, a, b].entries()) {
      const order = await paidTopup(String(300 + i));
      expect((await postTo(server, written(order))).status).toBe(200);
      genuine.push(order.id);
    }
    // A forged balance through b, then genuine ones at once through both.
    const forged = await paidTopup('777');
    expect(
      (
        await postTo(
          b,
          moneyReceivedSms('bkash', { amount: forged.pmAmount, trxId: forged.trxId, balance: paisa / 100 + 9_999 }),
        )
      ).status,
    ).toBe(200);
    for (let round = 0; round < 3; round += 1) {
      const [x, y] = [await paidTopup(String(400 + round)), await paidTopup(String(500 + round))];
      const answers = await Promise.all([postTo(a, written(x)), postTo(b, written(y))]);
      expect(answers.map((r) => r.status)).toEqual([200, 200]);
      genuine.push(x.id, y.id);
    }

    for (const id of genuine) expect(await verification(id)).toBe('verified');
    expect(await verification(forged.id)).toBe('held');
    const devices = (await b.api.get<{ devices: DeviceDto[] }>('/devices', admin.token)).body.devices;
    expect(devices.find((d) => d.id === phone.id)?.balance).toBe(paisa / 100);
  });
});
