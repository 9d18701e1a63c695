// Wallet phones as they are: SMS Gateway for Android's signed webhook, exactly as the app sends it; codes
// masked out of stored texts and never pushed; one message however often it is forwarded; bad tokens never lock a
// real phone out. The shop's real rate limits apply here (no test scale).
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderDto } from '#shared/api-types';
import type { DeviceDto, SmsDto } from '#shared/sms/sms-api';
import { useTestServer } from '../support/server.js';
import { testDatabases } from '../support/databases.js';
import { connectSocket, nextEvent, recordEvents, useSockets } from '../support/sockets.js';
import { loginAdmin, type TestUser } from '../factories/users.js';
import { getOrder, placeOrder, topupPayload, uniquePmId, TOPUP_BDT } from '../factories/orders.js';
import { moneyReceivedSms, registerForwarder, type Forwarder } from '../support/sms-forwarder.js';
import { gatewayEvent, gatewaySmsReceived, postAsGateway, signAsGateway } from '../support/android-sms-gateway.js';

describe.each(testDatabases())('Wallet phones on %s', (db) => {
  const server = useTestServer({ db, rateLimitScale: 1 });
  useSockets();
  let admin: TestUser;
  let bkash: Forwarder;
  let nagad: Forwarder;

  const stored = (id: number) => server.app.ctx.prisma.smsMessage.findUniqueOrThrow({ where: { id } });
  const adminOrder = async (id: string) =>
    (await server.api.get<{ order: OrderDto }>(`/orders/${id}`, admin.token)).body.order;
  async function topup(amount: string) {
    const id = await placeOrder(server, TOPUP_BDT, topupPayload({ pm_method: 'bkash', amount }));
    return { id, pmAmount: (await getOrder(server, id)).pm_amount };
  }

  beforeAll(async () => {
    admin = await loginAdmin(server);
    bkash = await registerForwarder(server, admin.token, 'bkash');
    nagad = await registerForwarder(server, admin.token, 'nagad');
  });

  describe('SMS Gateway for Android', () => {
    it('When the app posts a signed sms:received, then it goes through the forwarding pipeline and verifies the order', async () => {
      const { id, pmAmount } = await topup('1500');
      const trxId = uniquePmId().toUpperCase().slice(0, 10);
      await server.api.patch(`/orders/${id}`, { order: { pm_id: trxId } });
      // The text states the balance the phone's ledger expects after it (decision 144), as a real phone's does.
      const balance = Math.round((bkash.balance() + Number(pmAmount)) * 100) / 100;
      const body = gatewaySmsReceived({
        from: 'bKash',
        text: moneyReceivedSms('bkash', { amount: pmAmount, trxId, balance }),
      });
      bkash.moveBalance(Number(pmAmount));
      const res = await postAsGateway(server.url, bkash.id, signAsGateway(body, bkash.token));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ ok: true, status: 'stored', sms: { status: 'matched', order_id: id } });
      expect((await adminOrder(id)).verification).toMatchObject({ status: 'verified' });
      const row = await stored((res.body.sms as { id: number }).id);
      expect([row.from, row.deviceId, row.trxId]).toEqual(['bKash', bkash.id, trxId]);
    });

    it('When the same event is delivered again (the app retries), then 200 duplicate and nothing new is stored', async () => {
      const body = gatewaySmsReceived({
        from: 'NAGAD',
        text: moneyReceivedSms('nagad', { amount: 640, trxId: uniquePmId().toUpperCase().slice(0, 8) }),
      });
      const first = await postAsGateway(server.url, nagad.id, signAsGateway(body, nagad.token));
      expect(first.body).toMatchObject({ status: 'stored', sms: { status: 'unmatched' } });
      const count = await server.app.ctx.prisma.smsMessage.count();
      // A retry is signed again, at its own time; the very same request replayed is the same event too.
      const retried = await postAsGateway(
        server.url,
        nagad.id,
        signAsGateway(body, nagad.token, new Date(Date.now() + 30_000)),
      );
      const replayed = await postAsGateway(server.url, nagad.id, signAsGateway(body, nagad.token));
      for (const again of [retried, replayed]) {
        expect(again.status).toBe(200);
        expect(again.body).toMatchObject({
          ok: true,
          status: 'duplicate',
          sms: { id: (first.body.sms as { id: number }).id, status: 'duplicate' },
        });
      }
      expect(await server.app.ctx.prisma.smsMessage.count()).toBe(count);
    });

    it('When the signature is wrong, missing, stale, from the future or for another device, then 401 and nothing is stored', async () => {
      const count = await server.app.ctx.prisma.smsMessage.count();
      const body = gatewaySmsReceived({
        from: 'bKash',
        text: moneyReceivedSms('bkash', { amount: 900, trxId: 'FORGED0001' }),
      });
      const good = signAsGateway(body, bkash.token);
      const refusals = [
        {
          ...good,
          headers: { ...good.headers, 'x-signature': signAsGateway(body, `${bkash.token}x`).headers['x-signature'] },
        },
        { ...good, body: body.replace('900.00', '9,000.00') },
        { ...good, headers: { 'content-type': 'application/json' } },
        { ...good, headers: { ...good.headers, 'x-timestamp': String(Number(good.headers['x-timestamp']) + 1) } },
        signAsGateway(body, bkash.token, new Date(Date.now() - 6 * 60_000)),
        signAsGateway(body, bkash.token, new Date(Date.now() + 6 * 60_000)),
      ];
      for (const request of refusals) {
        const res = await postAsGateway(server.url, bkash.id, request);
        expect([res.status, res.body.key]).toEqual([401, 'errors.deviceSignature']);
      }
      // Signed with the bKash phone's key but posted as the Nagad phone, or to a device that does not exist.
      expect((await postAsGateway(server.url, nagad.id, good)).status).toBe(401);
      expect((await postAsGateway(server.url, 'no-such-device', good)).status).toBe(401);
      expect(await server.app.ctx.prisma.smsMessage.count()).toBe(count);
    });

    it('When the app posts another event (ping, sent, delivered), then 200 and nothing is stored; a revoked phone is 401', async () => {
      const count = await server.app.ctx.prisma.smsMessage.count();
      for (const event of ['system:ping', 'sms:sent', 'sms:delivered']) {
        const res = await postAsGateway(
          server.url,
          bkash.id,
          signAsGateway(gatewayEvent(event, { messageId: 'abc', phoneNumber: '+8801712345678' }), bkash.token),
        );
        expect([res.status, res.body.status, res.body.event]).toEqual([200, 'skipped', event]);
      }
      expect(await server.app.ctx.prisma.smsMessage.count()).toBe(count);
      const old = await registerForwarder(server, admin.token, 'bkash', 'old gateway');
      await server.api.delete(`/devices/${old.id}`, {}, admin.token);
      const body = gatewaySmsReceived({ from: 'bKash', text: 'hello' });
      expect((await postAsGateway(server.url, old.id, signAsGateway(body, old.token))).status).toBe(401);
    });

    it('When the admin lists the devices, then each says whether the app can sign for it, and the key is not in the row', async () => {
      const list = await server.api.get<{ devices: DeviceDto[] }>('/devices', admin.token);
      expect(list.body.devices.find((d) => d.id === bkash.id)).toMatchObject({ gateway: true });
      const row = await server.app.ctx.prisma.device.findUniqueOrThrow({ where: { id: bkash.id } });
      expect(row.tokenSealed).not.toBeNull();
      expect(JSON.stringify(row)).not.toContain(bkash.token.slice(8));
      expect(JSON.stringify(list.body)).not.toContain(bkash.token);
    });
  });

  describe('nothing secret kept', () => {
    it('When a phone forwards a code, then it is stored masked and never pushed; a payment after it is pushed', async () => {
      const socket = await connectSocket(server, { token: admin.token });
      const pushes = recordEvents(socket);
      const code = await bkash.post({ text: 'Your bKash verification code is 956586. Expires in 2 minutes.' });
      expect(code.body.sms.status).toBe('ignored');
      expect((await stored(code.body.sms.id)).text).toBe(
        'Your bKash verification code is ••••••. Expires in 2 minutes.',
      );
      // Through the gateway too, and in Bengali.
      const viaApp = await postAsGateway(
        server.url,
        bkash.id,
        signAsGateway(
          gatewaySmsReceived({ from: 'bKash', text: 'আপনার বিকাশ কোড ৪৮২৯১৭। কাউকে দেবেন না।' }),
          bkash.token,
        ),
      );
      expect((await stored((viaApp.body.sms as { id: number }).id)).text).toBe(
        'আপনার বিকাশ কোড ••••••। কাউকে দেবেন না।',
      );
      const inbox = await server.api.get<{ sms: SmsDto[] }>('/sms?status=ignored', admin.token);
      expect(JSON.stringify(inbox.body)).not.toMatch(/956586|৪৮২৯১৭/);
      const trxId = uniquePmId().toUpperCase().slice(0, 10);
      const pushed = nextEvent(socket, 'sms:received', (sms) => sms.trx_id === trxId);
      await bkash.payment({ amount: 321, trxId });
      expect((await pushed).text).toContain('321.00');
      expect(pushes).toEqual(['sms:received']);
    });
  });

  describe('one message, one order', () => {
    it('When an unparsed payment text comes twice (once with received_at), then it is one message, linked to one order only', async () => {
      const trx = uniquePmId().toUpperCase().slice(0, 10);
      // The payer's Ref imitates the trailing fields: two TrxID labels, unparsed (ambiguous).
      const text = `You have received Tk 700.00 from 01712345678. Ref a. TrxID EVIL${trx.slice(4)} at 29/11/2026 00:25. Fee Tk 0.00. Balance Tk 1,700.00. TrxID ${trx} at 27/11/2026 00:25`;
      const first = await bkash.post({ text, received_at: Math.floor(Date.now() / 1000) });
      const again = await bkash.post({ text });
      expect(first.body.sms.status).toBe('unmatched');
      expect(again.body.sms).toEqual({ id: first.body.sms.id, status: 'duplicate', order_id: null });
      expect(await server.app.ctx.prisma.smsMessage.count({ where: { text } })).toBe(1);
      const a = await topup('700');
      const b = await topup('700');
      const link = (orderId: string) =>
        server.api.patch(
          `/sms/${first.body.sms.id}`,
          { sms: { order_id: orderId, reason: 'paid, the text was not read' } },
          admin.token,
        );
      expect((await link(a.id)).status).toBe(200);
      const second = await link(b.id);
      expect([second.status, second.body.key]).toEqual([409, 'errors.smsNotLinkable']);
      expect((await adminOrder(b.id)).verification?.status).toBe('none');
    });

    it('When a payment text verified an order by SMS, then staff cannot link it to another order by hand', async () => {
      const a = await topup('450');
      const b = await topup('450');
      const trxId = uniquePmId().toUpperCase().slice(0, 10);
      await server.api.patch(`/orders/${a.id}`, { order: { pm_id: trxId } });
      const sms = await bkash.payment({ amount: a.pmAmount, trxId });
      expect(sms.body.sms).toMatchObject({ status: 'matched', order_id: a.id });
      const byHand = await server.api.patch(
        `/sms/${sms.body.sms.id}`,
        { sms: { order_id: b.id, reason: 'same amount, why not' } },
        admin.token,
      );
      expect([byHand.status, byHand.body.key]).toEqual([409, 'errors.smsNotLinkable']);
    });
  });

  describe('never locked out', () => {
    it('When one address sends 121 requests with bad tokens and signatures, then they are refused and the real phone still gets 2xx', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 121; i += 1) {
        const res =
          i % 2 === 0
            ? await server.api.post('/sms', { from: 'bKash', text: `guess ${i}` }, `smsdev_wrong${i}`)
            : await postAsGateway(
                server.url,
                bkash.id,
                signAsGateway(gatewaySmsReceived({ from: 'bKash', text: `guess ${i}` }), 'wrong-key'),
              );
        statuses.push(res.status);
      }
      // 120 a minute per address (the tests above spent a few): 401 until then, 429 after.
      const firstRefusal = statuses.indexOf(429);
      expect(firstRefusal).toBeGreaterThan(100);
      expect(statuses.slice(0, firstRefusal).every((s) => s === 401)).toBe(true);
      expect(statuses.slice(firstRefusal).every((s) => s === 429)).toBe(true);
      // The same address, the phone's own token and key: its requests count per device, apart from the bad ones.
      expect((await bkash.post({ text: 'Dear customer, your bKash PIN will expire soon.' })).status).toBe(200);
      const viaApp = await postAsGateway(
        server.url,
        bkash.id,
        signAsGateway(gatewaySmsReceived({ from: 'bKash', text: 'Cashback offer ends today' }), bkash.token),
      );
      expect(viaApp.status).toBe(200);
    });
  });
});
