// Payments verify themselves: wallet phones forward real-format SMS through the API, the inbox stores
// each once, strict matching verifies orders, the admin links by hand, late payments and payouts.
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderDto } from '#shared/api-types';
import type { DeviceDto, SmsDto, SmsTemplateDto } from '#shared/sms/sms-api';
import { DEVICE_TOUCH_EVERY_MS } from '../../server/sms/index.js';
import { useTestServer } from '../support/server.js';
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
import { orderRepositories } from '../support/order-repositories.js';
import { moneyReceivedSms, registerForwarder, sendMoneySms, type Forwarder } from '../support/sms-forwarder.js';

/** A top-up paid with `wallet`: its id and what the customer must pay. */
async function topup(server: Parameters<typeof placeOrder>[0], wallet: 'bkash' | 'nagad' | 'rocket', amount = '1250') {
  const id = await placeOrder(server, TOPUP_BDT, topupPayload({ pm_method: wallet, amount }));
  const order = await getOrder(server, id);
  return { id, pmAmount: order.pm_amount };
}

const rocketTrx = () => String(Math.floor(1e9 + Math.random() * 8e9));

describe.each(testDatabases())('SMS verification on %s', (db) => {
  const server = useTestServer({ db });
  let admin: TestUser;
  let customer: TestUser;
  const phones = {} as Record<'bkash' | 'nagad' | 'rocket', Forwarder>;

  const adminOrder = async (id: string) =>
    (await server.api.get<{ order: OrderDto }>(`/orders/${id}`, admin.token)).body.order;

  beforeAll(async () => {
    admin = await loginAdmin(server);
    customer = await createUser(server);
    for (const wallet of ['bkash', 'nagad', 'rocket'] as const)
      phones[wallet] = await registerForwarder(server, admin.token, wallet);
  });

  describe('devices', () => {
    it('When an admin adds a device, then its token is shown once, at least 256 bits, and stored only hashed', async () => {
      const res = await server.api.post<{ device: DeviceDto; token: string }>(
        '/devices',
        { device: { name: 'Shop bKash', account: 'bkash' } },
        admin.token,
      );
      expect(res.status).toBe(201);
      expect(res.body.device).toMatchObject({ name: 'Shop bKash', account: 'bkash', last_seen_at: null });
      expect(Buffer.from(res.body.token.replace(/^smsdev_/, ''), 'base64url').length).toBeGreaterThanOrEqual(32);
      const row = await server.app.ctx.prisma.device.findUniqueOrThrow({ where: { id: res.body.device.id } });
      expect(row.tokenHash).not.toContain(res.body.token);
      expect(JSON.stringify(row)).not.toContain(res.body.token.slice(8));
      const list = await server.api.get<{ devices: DeviceDto[] }>('/devices', admin.token);
      expect(list.body.devices.find((d) => d.id === res.body.device.id)).toMatchObject({ sms_today: 0 });
      expect(JSON.stringify(list.body)).not.toContain(res.body.token);
    });

    it('When a customer or a guest touches devices, then 403 -10033 / 401, and bad input is a translated 400', async () => {
      const asUser = await server.api.post(
        '/devices',
        { device: { name: 'x phone', account: 'bkash' } },
        customer.token,
      );
      expect([asUser.status, asUser.body.code]).toEqual([403, -10033]);
      expect((await server.api.get('/devices')).status).toBe(401);
      expect((await server.api.get('/sms', customer.token)).status).toBe(403);
      const bad = await server.api.post('/devices', { device: { name: 'x', account: 'paypal' } }, admin.token);
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual({ name: 'validation.deviceNameLength', account: 'validation.pmInvalid' });
    });

    it('When a device is revoked, then its token stops working at once; a wrong or missing token is 401', async () => {
      const phone = await registerForwarder(server, admin.token, 'bkash', 'old phone');
      expect((await phone.post({ text: 'hello' })).status).toBe(200);
      const revoke = await server.api.delete(`/devices/${phone.id}`, {}, admin.token);
      expect(revoke.status).toBe(200);
      const after = await phone.post({ text: 'hello again' });
      expect([after.status, after.body.key]).toEqual([401, 'errors.deviceToken']);
      expect((await server.api.post('/sms', { from: 'bKash', text: 'x' }, 'smsdev_wrong')).status).toBe(401);
      expect((await server.api.post('/sms', { from: 'bKash', text: 'x' })).status).toBe(401);
      expect((await server.api.delete(`/devices/${phone.id}`, {}, admin.token)).status).toBe(404);
    });
  });

  describe('forwarding', () => {
    it('When a phone forwards a non-payment, an untrusted sender or the same SMS twice, then 2xx: ignored, duplicate, stored once', async () => {
      const otp = await phones.bkash.post({ text: 'Your bKash verification code is 123456. Do not share it.' });
      expect([otp.status, otp.body.sms.status]).toEqual([200, 'ignored']);
      const fake = await phones.bkash.post({
        from: '01799999999',
        text: moneyReceivedSms('bkash', { amount: 500, trxId: 'FAKE123456' }),
      });
      expect(fake.body.sms.status).toBe('ignored');
      const text = moneyReceivedSms('nagad', { amount: 700, trxId: 'DUP7A1B2' });
      const first = await phones.nagad.post({ text, received_at: 1_790_000_000 });
      const again = await phones.nagad.post({ text, received_at: 1_790_000_000 });
      expect(first.body.sms.status).toBe('unmatched');
      expect(again.body.sms).toEqual({ id: first.body.sms.id, status: 'duplicate', order_id: null });
      expect(await server.app.ctx.prisma.smsMessage.count({ where: { trxId: 'DUP7A1B2' } })).toBe(1);
      const tooLong = await phones.nagad.post({ text: 'x'.repeat(2001) });
      expect([tooLong.status, tooLong.body.errors?.text]).toEqual([400, 'validation.smsTextLong']);
    });

    for (const wallet of ['bkash', 'nagad', 'rocket'] as const) {
      it(`When a ${wallet} customer submits the id and then the SMS arrives, then the order is verified`, async () => {
        const { id, pmAmount } = await topup(server, wallet);
        const trxId = wallet === 'rocket' ? rocketTrx() : uniquePmId().toUpperCase().slice(0, 10);
        const paid = await server.api.patch<{ order: OrderDto }>(`/orders/${id}`, {
          order: { pm_id: trxId.toLowerCase() },
        });
        expect(paid.body.order.payment_received).toBe(false);
        expect((await adminOrder(id)).verification).toMatchObject({ status: 'awaiting_sms', sms_id: null });
        const sms = await phones[wallet].payment({ amount: pmAmount, trxId, sender: '01812345678' });
        expect(sms.body.sms).toMatchObject({ status: 'matched', order_id: id });
        const order = await adminOrder(id);
        expect(order.verification).toMatchObject({
          status: 'verified',
          sms_id: sms.body.sms.id,
          amount: pmAmount,
          sender: '01812345678',
        });
        const publicView = await getOrder(server, id);
        expect(publicView.payment_received).toBe(true);
        // The customer's terms (decision 070): received, and no amount to explain.
        expect(publicView).toMatchObject({ payment_state: 'received', received_amount: null });
        expect(publicView).not.toHaveProperty('verification');
      });
    }

    it('When the SMS arrives first, then the id submitted later makes the match', async () => {
      const { id, pmAmount } = await topup(server, 'bkash', '800');
      const trxId = uniquePmId().toUpperCase();
      const sms = await phones.bkash.payment({ amount: pmAmount, trxId });
      expect(sms.body.sms).toMatchObject({ status: 'unmatched', order_id: null });
      const paid = await server.api.patch<{ order: OrderDto }>(`/orders/${id}`, { order: { pm_id: trxId } });
      expect(paid.body.order.payment_received).toBe(true);
      expect((await adminOrder(id)).verification?.status).toBe('verified');
      const stored = await server.app.ctx.prisma.smsMessage.findUniqueOrThrow({ where: { id: sms.body.sms.id } });
      expect([stored.status, stored.orderId]).toEqual(['matched', id]);
    });

    it('When the SMS says another amount, then the order shows amount_mismatch with both amounts, unverified', async () => {
      const { id, pmAmount } = await topup(server, 'nagad', '1000');
      const trxId = uniquePmId().toUpperCase();
      await server.api.patch(`/orders/${id}`, { order: { pm_id: trxId } });
      const sms = await phones.nagad.payment({ amount: Number(pmAmount) - 0.01, trxId });
      expect(sms.body.sms.status).toBe('unmatched');
      const order = await adminOrder(id);
      expect(order.verification).toMatchObject({
        status: 'amount_mismatch',
        sms_id: sms.body.sms.id,
        amount: Number((Number(pmAmount) - 0.01).toFixed(2)),
      });
      expect(order.pm_amount).toBe(pmAmount);
      expect(order.payment_received).toBe(false);
      // The customer is told what arrived, and nothing else of the SMS (decision 070).
      const publicView = await getOrder(server, id);
      expect(publicView).toMatchObject({
        payment_state: 'differs',
        received_amount: Number((Number(pmAmount) - 0.01).toFixed(2)),
      });
      expect(publicView).not.toHaveProperty('verification');
    });

    it('When the SMS is older than the order by more than 10 minutes, or from another wallet, then it verifies nothing', async () => {
      const { id, pmAmount } = await topup(server, 'bkash', '900');
      const trxId = uniquePmId().toUpperCase();
      const old = await phones.bkash.payment({ amount: pmAmount, trxId, at: new Date(Date.now() - 15 * 60_000) });
      expect(old.body.sms.status).toBe('unmatched');
      const otherWallet = await phones.nagad.payment({ amount: pmAmount, trxId });
      expect(otherWallet.body.sms.status).toBe('unmatched');
      await server.api.patch(`/orders/${id}`, { order: { pm_id: trxId } });
      expect((await adminOrder(id)).verification?.status).toBe('awaiting_sms');
    });

    it('When a transaction id was used on one order, then another order can not take it in any letter case', async () => {
      const a = await topup(server, 'bkash', '600');
      const b = await topup(server, 'bkash', '600');
      const trxId = uniquePmId().toUpperCase();
      expect((await server.api.patch(`/orders/${a.id}`, { order: { pm_id: trxId } })).status).toBe(200);
      const reuse = await server.api.patch(`/orders/${b.id}`, { order: { pm_id: trxId.toLowerCase() } });
      expect([reuse.status, reuse.body.key]).toEqual([409, 'errors.transactionUsed']);
      await phones.bkash.payment({ amount: a.pmAmount, trxId });
      expect((await adminOrder(a.id)).verification?.status).toBe('verified');
      expect((await adminOrder(b.id)).verification?.status).toBe('none');
    });

    it('When an SMS arrives, then the devices list counts it today and shows when the phone was last seen', async () => {
      const before = Math.floor(Date.now() / 1000) - 1;
      await phones.rocket.post({ text: 'Dear customer, your Rocket PIN will expire soon.' });
      const list = await server.api.get<{ devices: DeviceDto[] }>('/devices', admin.token);
      const rocket = list.body.devices.find((d) => d.id === phones.rocket.id);
      expect(rocket?.sms_today).toBeGreaterThan(0);
      // "Last seen" is written at most once a minute (decision 203): right to the minute, not the second.
      expect(rocket?.last_seen_at).toBeGreaterThanOrEqual(before - DEVICE_TOUCH_EVERY_MS / 1000);
    });
    it('When a verified order moves, then the order the move returns is the order as stored: events, SMS, amounts, times', async () => {
      // applyTransition builds the moved order in its own statement (decision 222); it must equal a fresh read.
      const repository = orderRepositories(server);
      const { id, pmAmount } = await topup(server, 'nagad', '1234.56');
      const trxId = uniquePmId().toUpperCase().slice(0, 10);
      await server.api.patch(`/orders/${id}`, { order: { pm_id: trxId } });
      await phones.nagad.payment({ amount: pmAmount, trxId, sender: '01812345678' });
      const moved = await repository.commands.applyTransition({
        id,
        name: 'completeOrder',
        actorId: admin.id,
        note: 'checked by hand',
      });
      expect(moved.outcome).toBe('moved');
      const order = moved.outcome === 'moved' ? moved.order : null;
      expect(order).toEqual(await repository.queries.findById(id));
      expect(order?.verificationSms).toMatchObject({ amount: pmAmount.toFixed(2), sender: '01812345678' });
      expect(order?.events.map((e) => [e.fromStatus, e.toStatus, e.kind, e.note])).toEqual([
        [null, 'waiting', 'status', null],
        ['waiting', 'pending', 'status', null],
        ['pending', 'complete', 'status', 'checked by hand'],
      ]);
      expect(
        order!.events.every(
          (e) => e.createdAt instanceof Date && Math.abs(e.createdAt.getTime() - Date.now()) < 60_000,
        ),
      ).toBe(true);
    });
  });

  describe('inbox', () => {
    it('When the admin filters and searches the inbox, then by status, transaction id (any case) and amount', async () => {
      const trxId = `INB${uniquePmId().slice(2, 9).toUpperCase()}`;
      await phones.bkash.payment({ amount: 4321.5, trxId });
      const byTrx = await server.api.get<{ sms: SmsDto[]; pages: number }>(
        `/sms?q=${trxId.toLowerCase()}`,
        admin.token,
      );
      expect(byTrx.body.sms).toHaveLength(1);
      expect(byTrx.body.sms[0]).toMatchObject({
        account: 'bkash',
        from: 'bKash',
        amount: 4321.5,
        trx_id: trxId,
        status: 'unmatched',
        order_id: null,
      });
      const byAmount = await server.api.get<{ sms: SmsDto[] }>('/sms?q=4,321.50', admin.token);
      expect(byAmount.body.sms.map((s) => s.trx_id)).toContain(trxId);
      const ignored = await server.api.get<{ sms: SmsDto[] }>('/sms?status=ignored', admin.token);
      expect(ignored.body.sms.length).toBeGreaterThan(0);
      expect(ignored.body.sms.every((s) => s.status === 'ignored')).toBe(true);
      const bad = await server.api.get('/sms?status=lost', admin.token);
      expect([bad.status, bad.body.errors?.status]).toEqual([400, 'validation.invalid']);
    });

    it('When SMS are matched, differ in amount, are held, unmatched or ignored, then each has one state that agrees with its order, and "needs action" lists the open work', async () => {
      // A phone of its own: the forged balance below must not hold other tests' payments on the shared phones.
      const phone = await registerForwarder(server, admin.token, 'bkash', 'Inbox states');
      const paid = async (amount: number | 'same', balance?: number) => {
        const { id, pmAmount } = await topup(server, 'bkash', '800');
        const trxId = `ST${uniquePmId().slice(2, 10).toUpperCase()}`;
        await server.api.patch(`/orders/${id}`, { order: { pm_id: trxId } });
        const sms = await phone.payment({
          amount: amount === 'same' ? pmAmount : amount,
          trxId,
          ...(balance === undefined ? {} : { balance }),
        });
        return { id, smsId: sms.body.sms.id as number };
      };
      const matched = await paid('same');
      const differs = await paid(123);
      const held = await paid('same', 1);
      const stray = (await phone.payment({ amount: 321, trxId: `NO${uniquePmId().slice(2, 10).toUpperCase()}` })).body
        .sms.id as number;
      const ignored = (await phone.post({ text: 'Your bKash verification code is 654321. Never share it.' })).body.sms
        .id as number;
      expect((await adminOrder(differs.id)).verification.status).toBe('amount_mismatch');
      expect((await adminOrder(held.id)).verification.status).toBe('held');

      const all = await server.api.get<{ sms: SmsDto[] }>('/sms', admin.token);
      const byId = new Map(all.body.sms.map((s) => [s.id, s]));
      expect(byId.get(matched.smsId)).toMatchObject({
        status: 'matched',
        state: 'matched',
        state_order_id: matched.id,
      });
      // Shown on its order as "amount differs", never "unmatched"; the order is named although it did not take it.
      expect(byId.get(differs.smsId)).toMatchObject({
        status: 'unmatched',
        state: 'amount_differs',
        order_id: null,
        state_order_id: differs.id,
      });
      expect(byId.get(held.smsId)).toMatchObject({ state: 'held', state_order_id: held.id });
      expect(byId.get(stray)).toMatchObject({ state: 'unmatched', state_order_id: null });
      expect(byId.get(ignored)).toMatchObject({ state: 'ignored' });

      const work = await server.api.get<{ sms: SmsDto[] }>('/sms?state=needs_action', admin.token);
      const ids = work.body.sms.map((s) => s.id);
      expect(ids).toEqual(expect.arrayContaining([differs.smsId, held.smsId, stray]));
      expect(ids).not.toContain(matched.smsId);
      expect(ids).not.toContain(ignored);
      expect(
        work.body.sms.every((s) => ['unmatched', 'amount_differs', 'held', 'payout_unmatched'].includes(s.state)),
      ).toBe(true);
      for (const state of ['amount_differs', 'held', 'matched', 'unmatched', 'ignored'] as const) {
        const one = await server.api.get<{ sms: SmsDto[] }>(`/sms?state=${state}`, admin.token);
        expect(one.body.sms.length).toBeGreaterThan(0);
        expect(one.body.sms.every((s) => s.state === state)).toBe(true);
      }

      // Settled by hand, the held payment leaves the work and agrees with its now verified order.
      const settled = await server.api.post(
        `/orders/${held.id}/verification`,
        { decision: 'accept', reason: 'checked the wallet app' },
        admin.token,
      );
      expect(settled.status).toBe(200);
      const after = await server.api.get<{ sms: SmsDto[] }>('/sms?state=needs_action', admin.token);
      expect(after.body.sms.map((s) => s.id)).not.toContain(held.smsId);
      const bad = await server.api.get('/sms?state=lost', admin.token);
      expect([bad.status, bad.body.errors?.state]).toEqual([400, 'validation.invalid']);
    });

    it('When the phone sends money, then the debit proves the payout of its withdrawal, or is "needs action: a payout no order matches"', async () => {
      const phone = await registerForwarder(server, admin.token, 'nagad', 'Inbox payouts');
      const wallet = `0175${String(Math.floor(1e6 + Math.random() * 8e6))}`;
      const id = await placeOrder(server, WITHDRAW_BDT, withdrawPayload({ pm_method: 'nagad', wallet }));
      expect(
        (await server.api.patch(`/orders/${id}`, { order: { onex_id: '123456789', w_code: 'Ab12' } })).status,
      ).toBe(200);
      const { pm_amount: pmAmount } = await getOrder(server, id);
      const send = async (to: string, amount: number) => {
        phone.moveBalance(-amount - 5);
        const res = await phone.post({
          text: sendMoneySms({
            account: 'nagad',
            amount,
            to,
            trxId: uniquePmId().toUpperCase().slice(0, 8),
            fee: 5,
            balance: phone.balance(),
          }),
        });
        expect(res.status).toBe(200);
        return res.body.sms.id;
      };
      // One Send Money no order's payout matches (another amount), then the one that proves the withdrawal's payout.
      const stray = await send(wallet, pmAmount - 1);
      const proof = await send(wallet, pmAmount);
      expect((await adminOrder(id)).payout).toMatchObject({ sms_id: proof });

      const all = await server.api.get<{ sms: SmsDto[] }>('/sms?account=nagad', admin.token);
      const byId = new Map(all.body.sms.map((s) => [s.id, s]));
      // Stored as before (ignored, outgoing), but its state says what it is to the orders.
      expect(byId.get(proof)).toMatchObject({
        status: 'ignored',
        parse: { kind: 'ignored', reason: 'outgoing' },
        state: 'payout',
        state_order_id: id,
      });
      expect(byId.get(stray)).toMatchObject({ status: 'ignored', state: 'payout_unmatched', state_order_id: null });

      const work = (
        await server.api.get<{ sms: SmsDto[] }>('/sms?state=needs_action&account=nagad', admin.token)
      ).body.sms.map((s) => s.id);
      expect(work).toContain(stray);
      expect(work).not.toContain(proof);
      const unmatched = (await server.api.get<{ sms: SmsDto[] }>('/sms?state=payout_unmatched', admin.token)).body.sms;
      expect(unmatched.map((s) => s.id)).toContain(stray);
      expect(unmatched.every((s) => s.state === 'payout_unmatched')).toBe(true);
      const payouts = (await server.api.get<{ sms: SmsDto[] }>('/sms?state=payout', admin.token)).body.sms;
      expect(payouts.map((s) => s.id)).toEqual([proof]);
      expect(payouts[0].state_order_id).toBe(id);
      // "Ignored" no longer hides money that left the wallet.
      const ignored = (await server.api.get<{ sms: SmsDto[] }>('/sms?state=ignored', admin.token)).body.sms.map(
        (s) => s.id,
      );
      expect(ignored).not.toContain(stray);
      expect(ignored).not.toContain(proof);
    });

    it('When the admin links an SMS by hand, then the order is verified and its timeline names the admin and the reason', async () => {
      const { id } = await topup(server, 'nagad', '500');
      await server.api.patch(`/orders/${id}`, { order: { pm_id: uniquePmId() } });
      const sms = await phones.nagad.payment({ amount: 499, trxId: uniquePmId().toUpperCase() });
      const noReason = await server.api.patch(`/sms/${sms.body.sms.id}`, { sms: { order_id: id } }, admin.token);
      expect([noReason.status, noReason.body.errors?.reason]).toEqual([400, 'validation.required']);
      const link = await server.api.patch<{ sms: SmsDto }>(
        `/sms/${sms.body.sms.id}`,
        { sms: { order_id: id, reason: 'customer typed the id wrong' } },
        admin.token,
      );
      expect(link.status).toBe(200);
      expect(link.body.sms).toMatchObject({ status: 'matched', order_id: id });
      const order = await adminOrder(id);
      expect(order.verification).toMatchObject({ status: 'verified', sms_id: sms.body.sms.id });
      expect(order.events.at(-1)).toMatchObject({ kind: 'sms_linked', actor: 'admin', actor_id: admin.id });
      expect(order.events.at(-1)?.note).toContain('customer typed the id wrong');
      const again = await server.api.patch(
        `/sms/${sms.body.sms.id}`,
        { sms: { order_id: id, reason: 'again' } },
        admin.token,
      );
      expect(again.status).toBe(409);
      expect(
        (await server.api.patch('/sms/99999999', { sms: { order_id: id, reason: 'nothing' } }, admin.token)).status,
      ).toBe(404);
    });
  });

  describe('late payment and payouts', () => {
    async function timedOutTopup(amount = '700') {
      const t = await topup(server, 'bkash', amount);
      await server.app.ctx.prisma.order.update({
        where: { id: t.id },
        data: { lastTime: new Date(Date.now() - 60_000) },
      });
      server.app.orderViews.drop(t.id); // written behind the orders domain: its kept view is dropped by hand
      expect((await getOrder(server, t.id)).status).toBe('timedout');
      return t;
    }

    it('When a timed-out top-up is paid late, then PATCH stays 409, the claim is taken once, verified by its SMS, and the admin reopens it', async () => {
      const { id, pmAmount } = await timedOutTopup();
      const trxId = uniquePmId().toUpperCase();
      expect((await server.api.patch(`/orders/${id}`, { order: { pm_id: trxId } })).status).toBe(409);
      const claim = await server.api.post<{ order: OrderDto }>(`/orders/${id}/late-payment`, { pm_id: trxId });
      expect(claim.status).toBe(200);
      expect(claim.body.order).toMatchObject({ status: 'timedout', pm_id: trxId });
      expect(claim.body.order.late_claim_at).toBeGreaterThan(0);
      const twice = await server.api.post(`/orders/${id}/late-payment`, { pm_id: uniquePmId() });
      expect([twice.status, twice.body.key]).toEqual([409, 'errors.lateClaimClosed']);
      await phones.bkash.payment({ amount: pmAmount, trxId });
      expect((await adminOrder(id)).verification?.status).toBe('verified');
      const asUser = await server.api.patch(
        `/orders/${id}`,
        { order: { status: 'pending', reason: 'paid late, SMS matches' } },
        customer.token,
      );
      expect(asUser.status).toBe(403);
      const noReason = await server.api.patch(`/orders/${id}`, { order: { status: 'pending' } }, admin.token);
      expect([noReason.status, noReason.body.errors?.reason]).toEqual([400, 'validation.required']);
      const reopen = await server.api.patch<{ order: OrderDto }>(
        `/orders/${id}`,
        { order: { status: 'pending', reason: 'paid late, SMS matches' } },
        admin.token,
      );
      expect(reopen.status).toBe(200);
      expect(reopen.body.order.status).toBe('pending');
      expect(reopen.body.order.events.at(-1)).toMatchObject({
        from: 'timedout',
        to: 'pending',
        actor: 'admin',
        actor_id: admin.id,
        note: 'paid late, SMS matches',
      });
      expect((await server.api.patch(`/orders/${id}`, { order: COMPLETE_CHECKED }, admin.token)).status).toBe(200);
    });

    it('When a claim comes after 24 hours, or a timed-out order has no claim, then 409', async () => {
      const { id } = await timedOutTopup();
      await server.app.ctx.prisma.order.update({
        where: { id },
        data: { lastTime: new Date(Date.now() - 25 * 3_600_000) },
      });
      server.app.orderViews.drop(id);
      const late = await server.api.post(`/orders/${id}/late-payment`, { pm_id: uniquePmId() });
      expect([late.status, late.body.key]).toEqual([409, 'errors.lateClaimClosed']);
      const reopen = await server.api.patch(
        `/orders/${id}`,
        { order: { status: 'pending', reason: 'no claim here' } },
        admin.token,
      );
      expect([reopen.status, reopen.body.key]).toEqual([409, 'errors.reopenNotAllowed']);
      const bad = await server.api.post(`/orders/${id}/late-payment`, { pm_id: 'ab' });
      expect([bad.status, bad.body.errors?.pm_id]).toEqual([400, 'validation.transactionIdInvalid']);
    });

    it("When the admin completes a withdrawal with the payout's transaction id, then the customer's page shows it; without one and no Send Money SMS, then 400 and nothing changes", async () => {
      const id = await placeOrder(server, WITHDRAW_BDT);
      await server.api.patch(`/orders/${id}`, { order: { onex_id: '123456789', w_code: 'Ab12' } });
      for (const order of [{ status: 'complete' }, COMPLETE_CHECKED]) {
        const bare = await server.api.patch(`/orders/${id}`, { order }, admin.token);
        expect([bare.status, bare.body.key, bare.body.errors?.payout_trx_id]).toEqual([
          400,
          'errors.payoutTrxIdRequired',
          'errors.payoutTrxIdRequired',
        ]);
      }
      expect((await getOrder(server, id)).status).toBe('pending');
      expect(await server.app.ctx.prisma.auditEntry.count({ where: { targetId: id, action: 'order.complete' } })).toBe(
        0,
      );
      const done = await server.api.patch<{ order: OrderDto }>(
        `/orders/${id}`,
        { order: { status: 'complete', payout_trx_id: 'PAYOUT7788' } },
        admin.token,
      );
      expect(done.status).toBe(200);
      const view = await getOrder(server, id);
      expect(view).toMatchObject({ status: 'complete', payout_trx_id: 'PAYOUT7788', data: { wallet: '01712345678' } });
      const topupId = (await topup(server, 'bkash')).id;
      await server.api.patch(`/orders/${topupId}`, { order: { pm_id: uniquePmId() } });
      const wrongKind = await server.api.patch(
        `/orders/${topupId}`,
        { order: { status: 'complete', payout_trx_id: 'PAYOUT7789' } },
        admin.token,
      );
      expect([wrongKind.status, wrongKind.body.errors?.payout_trx_id]).toEqual([400, 'validation.invalid']);
    });
  });

  describe('templates and silent phones', () => {
    it('When the admin adds a template for a new wording, then SMS in that wording are read; bad patterns are refused', async () => {
      const bad = await server.api.post(
        '/sms-templates',
        { template: { account: 'bkash', label: 'broken', pattern: '(?<amount>\\d+', time_format: null } },
        admin.token,
      );
      expect([bad.status, bad.body.errors?.pattern]).toEqual([400, 'validation.templateInvalid']);
      const pattern = String.raw`Gift of Tk\s*(?<amount>[\d,.]+) from (?<sender>\d+)\. TrxID (?<trx_id>\w+)`;
      const made = await server.api.post<{ template: SmsTemplateDto }>(
        '/sms-templates',
        { template: { account: 'bkash', label: 'bKash gift', pattern, time_format: null } },
        admin.token,
      );
      expect(made.status).toBe(201);
      const tested = await server.api.post<{ result: { ok: boolean } }>(
        '/sms-templates/test',
        { pattern, time_format: null, text: 'Gift of Tk 1,000.00 from 01712345678. TrxID GIFT000001' },
        admin.token,
      );
      expect(tested.body.result).toMatchObject({ ok: true, fields: { amount: '1000.00', trx_id: 'GIFT000001' } });
      const sms = await phones.bkash.post({ text: 'Gift of Tk 1,000.00 from 01712345678. TrxID GIFT000002' });
      expect(sms.body.sms.status).toBe('unmatched');
      const stored = await server.app.ctx.prisma.smsMessage.findUniqueOrThrow({ where: { id: sms.body.sms.id } });
      expect([stored.parseKind, stored.trxId, stored.templateId]).toEqual([
        'payment',
        'GIFT000002',
        `custom-${made.body.template.id}`,
      ]);
      const edit = await server.api.patch<{ template: SmsTemplateDto }>(
        `/sms-templates/${made.body.template.id}`,
        { template: { account: 'bkash', label: 'bKash gift v2', pattern, time_format: null } },
        admin.token,
      );
      expect(edit.body.template.label).toBe('bKash gift v2');
      expect(
        (await server.api.get<{ templates: SmsTemplateDto[] }>('/sms-templates', admin.token)).body.templates.map(
          (t) => t.label,
        ),
      ).toContain('bKash gift v2');
      expect((await server.api.delete(`/sms-templates/${made.body.template.id}`, {}, admin.token)).status).toBe(200);
      expect((await server.api.delete(`/sms-templates/${made.body.template.id}`, {}, admin.token)).status).toBe(404);
    });

    it('When a template made from a message is saved, then the server checks it reads that message (decision 184)', async () => {
      const { buildTemplate } = await import('#shared/sms/template-builder');
      const text = 'Gift received! Tk 1,250.00 from 01712345678. TrxID GFT7Q2M9XA at 26/11/2026 10:15';
      const at = (value: string) => ({ start: text.indexOf(value), end: text.indexOf(value) + value.length });
      const built = buildTemplate(text, [
        { part: 'amount', ...at('1,250.00') },
        { part: 'sender', ...at('01712345678') },
        { part: 'trx_id', ...at('GFT7Q2M9XA') },
        { part: 'time', ...at('26/11/2026 10:15') },
      ]);
      if (!built.ok) throw new Error(built.reason);
      const template = {
        account: 'bkash',
        label: 'bKash gift (made from an SMS)',
        pattern: built.pattern,
        time_format: built.timeFormat,
      };
      const refused = await server.api.post(
        '/sms-templates',
        { template: { ...template, example: text.replace('Gift received!', 'Gift sent!') } },
        admin.token,
      );
      expect([refused.status, refused.body.errors?.example]).toEqual([400, 'validation.templateNoMatch']);
      expect(await server.app.ctx.prisma.smsTemplate.count({ where: { label: template.label } })).toBe(0);
      const made = await server.api.post<{ template: SmsTemplateDto }>(
        '/sms-templates',
        { template: { ...template, example: text } },
        admin.token,
      );
      expect(made.status).toBe(201);
      const sms = await phones.bkash.post({
        text: 'Gift received! Tk 600.00 from 01898765432. TrxID GFT0A1B2C3 at 26/11/2026 11:05',
      });
      const stored = await server.app.ctx.prisma.smsMessage.findUniqueOrThrow({ where: { id: sms.body.sms.id } });
      expect([stored.parseKind, stored.trxId, stored.templateId]).toEqual([
        'payment',
        'GFT0A1B2C3',
        `custom-${made.body.template.id}`,
      ]);
      expect((await server.api.delete(`/sms-templates/${made.body.template.id}`, {}, admin.token)).status).toBe(200);
    });

    it('When a phone has been silent for 30 minutes while orders of its wallet wait, then it is flagged', async () => {
      await topup(server, 'rocket', '500');
      await server.app.ctx.prisma.device.update({
        where: { id: phones.rocket.id },
        data: { lastSeenAt: new Date(Date.now() - 31 * 60_000) },
      });
      server.app.services.sms.dropped(); // written behind the SMS domain: it forgets what it kept (its last touch)
      const list = await server.api.get<{ devices: DeviceDto[] }>('/devices', admin.token);
      expect(list.body.devices.find((d) => d.id === phones.rocket.id)?.silent).toBe(true);
      const silent = await server.app.services.sms.watchSilentDevices();
      expect(silent.devices.map((d) => d.id)).toContain(phones.rocket.id);
      await phones.rocket.post({ text: 'Dear customer, your Rocket PIN will expire soon.' });
      expect((await server.app.services.sms.silentDevices()).devices.map((d) => d.id)).not.toContain(phones.rocket.id);
    });
  });
});
