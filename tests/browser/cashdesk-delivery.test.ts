// An order that delivers itself (decision 265), in the browser: a guest in Bengali sees the 1xBet account's masked
// name before paying, pays, the wallet phone forwards the payment's SMS, and the order page turns to "the money is on
// your 1xBet account" by itself (no reload, nobody at the shop touching it); the fake desk made exactly one deposit.
// Then the desk goes wrong while an admin works the queue: its drifted Limit and its failing state show on the page live.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getOrder, uniquePmId } from '../factories/orders.js';
import { loginAdmin, type TestUser } from '../factories/users.js';
import { hasChromium, openContext, useBrowser } from '../support/browser.js';
import { startFakeCashdesk, type FakeCashdesk } from '../support/fake-cashdesk.js';
import { useTestServer } from '../support/server.js';
import { registerForwarder, type Forwarder } from '../support/sms-forwarder.js';

const WAIT = { timeout: 30_000 };
const PLAYER = '551000333';

describe.runIf(hasChromium())('A top-up delivered at the cash desk, in the browser', () => {
  let fake: FakeCashdesk;
  // The fake desk first: the shop is built pointing at it.
  beforeAll(async () => {
    fake = await startFakeCashdesk({ limit: 60_000, balance: 90_000 });
    fake.addPlayer(PLAYER, { name: 'Sumaiya Akter', currencyId: 87 });
  });
  afterAll(() => fake?.close());
  const server = useTestServer(() => ({ env: { CASHDESK_API_ROOT: fake.root } }));
  const browser = useBrowser();
  let phone: Forwarder;
  let admin: TestUser;

  beforeAll(async () => {
    admin = await loginAdmin(server);
    phone = await registerForwarder(server, admin.token, 'bkash');
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
        },
      },
      admin.token,
    );
    expect(connected.status).toBe(200);
  });

  it('When a guest in Bengali pays a top-up and the SMS arrives, then the page says the money is on the 1xBet account without a reload', async () => {
    const { context, page } = await openContext(browser, server.url, { lang: 'BN' });
    try {
      await page.goto('/new/1xbet_topup_bdt');
      await page.getByRole('radio', { name: 'বিকাশ' }).check(WAIT);
      await page.getByRole('textbox', { name: /^টপআপের পরিমাণ/ }).fill('1200');
      await page.getByRole('textbox', { name: /^1xBet অ্যাকাউন্ট আইডি/ }).fill(PLAYER);
      // The desk names the account, masked, before the customer pays.
      await page.getByText('1xBet অ্যাকাউন্ট: S***r').waitFor(WAIT);
      await page.getByRole('textbox', { name: /^যোগাযোগের ই-মেইল/ }).fill('guest-desk@example.com');
      await page.getByRole('button', { name: 'টপআপ অর্ডার দিন' }).click();
      await page.waitForURL('**/orders/**', WAIT);
      const orderId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');

      const trxId = uniquePmId().toUpperCase();
      await page.getByRole('textbox', { name: /^ট্রানজেকশন আইডি/ }).fill(trxId);
      await page.getByRole('button', { name: /পেমেন্ট করেছি/ }).click();
      await page.getByRole('status').filter({ hasText: 'প্রক্রিয়াধীন' }).waitFor(WAIT);
      await page.evaluate(() => {
        (window as unknown as { __sameLoad: boolean }).__sameLoad = true;
      });

      // The wallet phone forwards the payment's SMS; nobody at the shop does anything after it.
      const { pm_amount } = await getOrder(server, orderId);
      expect((await phone.payment({ amount: pm_amount, trxId })).body.sms.status).toBe('matched');

      // The completed top-up's proof line: how much, to which 1xBet ID, when; and "order again".
      const proof = page.getByTestId('topup-proof');
      await proof.waitFor(WAIT);
      const line = (await proof.textContent()) ?? '';
      expect(line).toContain('১,২০০.০০ টাকা');
      expect(line).toContain(`1xBet আইডি ${PLAYER.replace(/\d/g, (d) => '০১২৩৪৫৬৭৮৯'[Number(d)])}`);
      expect(line).toContain('যোগ হয়েছে');
      await page.getByRole('status').filter({ hasText: 'অর্ডার সম্পন্ন' }).waitFor(WAIT);
      expect(await page.getByTestId('order-again').getAttribute('href')).toBe('/new/1xbet_topup_bdt');
      expect(await page.evaluate(() => (window as unknown as { __sameLoad?: boolean }).__sameLoad)).toBe(true);

      const order = await getOrder(server, orderId);
      expect(order).toMatchObject({ status: 'complete', fulfilment: { status: 'done' } });
      expect(fake.operations(PLAYER).map((op) => ({ kind: op.kind, summa: op.summa }))).toEqual([
        { kind: 'deposit', summa: 1200 },
      ]);
    } finally {
      await context.close();
    }
  });

  it("When the desk's Limit drifts and then the desk fails, then the admin's page shows both alerts live", async () => {
    const { context, page } = await openContext(browser, server.url, { as: admin, lang: 'EN' });
    /** The minute's watch, as if its minute had come. */
    const watchNow = async () => {
      await server.app.ctx.prisma.cashdesk.update({
        where: { currency: 'BDT' },
        data: { checkedAt: new Date(Date.now() - 10 * 60_000) },
      });
      await server.app.services.cashdesk.fulfilment!.watch('BDT');
    };
    try {
      await page.goto('/admin/orders');
      await page.getByRole('heading', { level: 1 }).first().waitFor(WAIT);
      expect(await page.getByTestId('cashdesk-failing-BDT').count()).toBe(0);

      fake.setLimit(fake.limit() - 100);
      await watchNow();
      const drift = page.getByTestId('cashdesk-drift-BDT');
      await drift.waitFor(WAIT);
      expect(await drift.textContent()).toContain("The BDT cash desk's Limit does not match");

      fake.denyAll(true);
      for (let read = 0; read < 3; read += 1) await watchNow();
      const failing = page.getByTestId('cashdesk-failing-BDT');
      await failing.waitFor(WAIT);
      expect(await failing.textContent()).toContain('The BDT cash desk is failing');
      await failing.getByRole('link', { name: 'Open the cash desk page' }).click();
      await page.getByTestId('cashdesk-state-BDT').filter({ hasText: 'Failing' }).waitFor(WAIT);
    } finally {
      fake.denyAll(false);
      await context.close();
    }
  });
});
