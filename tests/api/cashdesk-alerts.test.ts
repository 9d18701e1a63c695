// What staff hear of the betting cash desk (decision 265), against the fake desk and the fake Telegram server on both
// databases: a Limit that drifted from the shop's operations and a desk that turned failing reach the staff's live
// channel and every linked Telegram chat in its language (a failing desk also the partners' webhook), and across a
// whole day of the desk (connected, a deposit, a payout, drift, failing) no log line carries a secret of the desk.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderDto } from '#shared/api-types';
import type { CashdeskAlertPayload } from '#shared/cashdesk';
import { formatAmount } from '#shared/number-format';
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
import { createUser, loginAdmin, type TestUser } from '../factories/users.js';
import { testDatabases } from '../support/databases.js';
import { startFakeCashdesk, type FakeCashdesk } from '../support/fake-cashdesk.js';
import { captureLog } from '../support/log-capture.js';
import { useTestServer } from '../support/server.js';
import { registerForwarder, sendMoneySms, type Forwarder } from '../support/sms-forwarder.js';
import { connectSocket, nextEvent, useSockets, type ClientSocket } from '../support/sockets.js';
import { linkStaff, telegramEnv, telegramPerson, useFakeTelegram } from '../support/telegram.js';
import { useReceiver } from '../support/webhook-receiver.js';

const PLAYER = '441000222';

describe.each(testDatabases())('Cash desk alerts on %s', (db) => {
  const telegram = useFakeTelegram();
  const receiver = useReceiver();
  const log = captureLog('debug');
  let fake: FakeCashdesk;
  beforeAll(async () => {
    fake = await startFakeCashdesk({ limit: 40_000, balance: 90_000 });
    fake.addPlayer(PLAYER, { name: 'Karim Alam', currencyId: 87 });
  });
  afterAll(() => fake?.close());
  const server = useTestServer(() => ({
    db,
    logger: log.logger,
    env: { ...telegramEnv(telegram), CASHDESK_API_ROOT: fake.root, WEBHOOK_ALLOW_PRIVATE: '1' },
  }));
  useSockets();

  let admin: TestUser;
  let staff: ClientSocket;
  const en = telegramPerson('DeskEn');
  const bn = telegramPerson('DeskBn');
  let bkash: Forwarder;
  let nagad: Forwarder;

  beforeAll(async () => {
    admin = await loginAdmin(server);
    const operator = await createUser(server, { role: 'operator', name: 'Desk Operator' });
    await linkStaff(server, telegram, admin, en);
    await linkStaff(server, telegram, operator, bn, 'bn');
    // The operator's live channel: operators read the desk, so they hear of it too.
    staff = await connectSocket(server, { token: operator.token });
    bkash = await registerForwarder(server, admin.token, 'bkash');
    nagad = await registerForwarder(server, admin.token, 'nagad');
    const hook = await server.api.post(
      '/webhooks',
      { webhook: { url: `${receiver.url}/desk`, events: ['cashdesk.failing'] } },
      admin.token,
    );
    expect(hook.status).toBe(201);
  });

  const adminOrder = async (id: string) =>
    (await server.api.get<{ order: AdminOrderDto }>(`/orders/${id}`, admin.token)).body.order;
  const botSaid = (chatId: number, text: string, what: string) =>
    telegram.waitUntil(() => telegram.botMessagesIn(chatId).find((m) => m.text.includes(text)), what);
  /** The minute's watch, as if its minute had come: the desk's last read is made old enough to read again. */
  async function watchNow() {
    await server.app.ctx.prisma.cashdesk.update({
      where: { currency: 'BDT' },
      data: { checkedAt: new Date(Date.now() - 10 * 60_000) },
    });
    await server.app.services.cashdesk.fulfilment!.watch('BDT');
  }

  it('When the desk delivers, its Limit drifts and then it fails, then staff hear each live, in Telegram (EN and BN) and by webhook', async () => {
    // The admin connects the desk through the API, with the secrets.
    const connected = await server.api.put(
      '/cashdesks/BDT',
      {
        cashdesk: {
          cashdesk_id: fake.credentials.cashdeskId,
          login: fake.credentials.login,
          cashier_pass: fake.credentials.cashierPass,
          hash: fake.credentials.hash,
          currency_id: 87,
          topup_auto: true,
          withdraw_auto: true,
        },
      },
      admin.token,
    );
    expect(connected.status).toBe(200);

    // A top-up deposited and completed by the shop.
    const topup = await placeOrder(
      server,
      TOPUP_BDT,
      topupPayload({ pm_method: 'bkash', amount: '800', onex_id: PLAYER }),
    );
    const trxId = uniquePmId().toUpperCase();
    expect((await server.api.patch(`/orders/${topup}`, { order: { pm_id: trxId } })).status).toBe(200);
    expect((await bkash.payment({ amount: (await getOrder(server, topup)).pm_amount, trxId })).body.sms.status).toBe(
      'matched',
    );
    await waitFor(
      () => adminOrder(topup),
      (o) => o.status === 'complete',
    );

    // A withdrawal code redeemed, its payout proven by the phone's Send Money.
    fake.addCode('AL3T', 600, PLAYER);
    const withdrawal = await placeOrder(server, WITHDRAW_BDT, withdrawPayload({ pm_method: 'nagad', amount: '600' }));
    const code = await server.api.patch(`/orders/${withdrawal}`, { order: { onex_id: PLAYER, w_code: 'AL3T' } });
    expect(code.status).toBe(200);
    const redeemed = await waitFor(
      () => adminOrder(withdrawal),
      (o) => o.fulfilment?.status === 'done',
    );
    await nagad.post({
      text: sendMoneySms({
        account: 'nagad',
        amount: redeemed.pm_amount,
        to: redeemed.data.wallet!,
        trxId: uniquePmId().toUpperCase(),
        balance: 50_000,
      }),
    });
    await waitFor(
      () => adminOrder(withdrawal),
      (o) => o.status === 'complete',
    );
    expect(fake.ledger.map((op) => op.kind)).toEqual(['deposit', 'payout']);

    // Someone deposits at the desk outside the shop: the next watch finds the Limit 250 lower than expected.
    const expected = fake.limit();
    fake.setLimit(expected - 250);
    const driftPushed = nextEvent(staff, 'cashdesk:alert', (a: CashdeskAlertPayload) => a.problem === 'drift');
    await watchNow();
    expect(await driftPushed).toMatchObject({
      currency: 'BDT',
      problem: 'drift',
      expected,
      read: expected - 250,
      at: expect.any(Number),
    });
    await botSaid(
      en.id,
      `Limit is ${formatAmount(expected - 250, 'EN')} BDT, but the shop's operations say ${formatAmount(expected, 'EN')} BDT`,
      'the drift alert in English',
    );
    await botSaid(
      bn.id,
      `টাকা ক্যাশ ডেস্কের লিমিট ${formatAmount(expected - 250, 'BN')} টাকা`,
      'the drift alert in Bengali',
    );

    // The brand drops the shop's address from its allow-list: three 403s in a row make the desk failing, once.
    fake.denyAll(true);
    const failingPushed = nextEvent(staff, 'cashdesk:alert', (a: CashdeskAlertPayload) => a.problem === 'failing');
    for (let read = 0; read < 3; read += 1) await watchNow();
    expect(await failingPushed).toMatchObject({
      currency: 'BDT',
      problem: 'failing',
      message: expect.stringContaining('denied'),
    });
    const desks = await server.api.get<{ cashdesks: { state: string }[] }>('/cashdesks', admin.token);
    expect(desks.body.cashdesks[0]).toMatchObject({ state: 'failing' });
    await botSaid(en.id, 'The BDT cash desk is failing (', 'the failing alert in English');
    await botSaid(bn.id, 'টাকা ক্যাশ ডেস্কে সমস্যা হচ্ছে', 'the failing alert in Bengali');
    const [hook] = await receiver.waitFor('/desk', 1);
    expect(hook.body).toMatchObject({
      type: 'cashdesk.failing',
      data: { currency: 'BDT', message: expect.stringContaining('denied') },
    });

    // A fourth refusal is no new alert: each chat heard of the failing desk once.
    await watchNow();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(telegram.botMessagesIn(en.id).filter((m) => m.text.includes('cash desk is failing'))).toHaveLength(1);
    expect(telegram.botMessagesIn(bn.id).filter((m) => m.text.includes('সমস্যা হচ্ছে'))).toHaveLength(1);
    fake.denyAll(false);
  });

  it('When the desk was connected, deposited, redeemed a code and failed, then no log line carries its hash, password, confirm or sign', () => {
    // What the shop sent the desk: every confirm (query or body) and every sign header of the day above.
    const confirms = new Set<string>();
    const signs = new Set<string>();
    for (const request of fake.requests) {
      const query = /[?&]confirm=([0-9a-f]{32})/.exec(request.path);
      if (query) confirms.add(query[1]);
      if (request.body.startsWith('{')) {
        const body = JSON.parse(request.body) as { confirm?: unknown };
        if (typeof body.confirm === 'string') confirms.add(body.confirm);
      }
      if (typeof request.headers.sign === 'string') signs.add(request.headers.sign);
    }
    expect(fake.requests.map((r) => r.call)).toEqual(
      expect.arrayContaining(['balance', 'findPlayer', 'deposit', 'payout']),
    );
    expect(confirms.size).toBeGreaterThanOrEqual(2);
    expect(signs.size).toBeGreaterThanOrEqual(4);
    const text = log.text();
    // The log did record the day (the deposit's job, the drift, the failing desk), so its silence on secrets means something.
    expect(text).toContain('cash desk failing');
    expect(text).toContain('drift');
    for (const secret of [fake.credentials.hash, fake.credentials.cashierPass, ...confirms, ...signs])
      expect(text).not.toContain(secret);
  });
});
