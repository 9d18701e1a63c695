// A missing message closes live: the bKash phone misses a Send Money, so the next customer's payment does
// not chain on its balance and the admin's queue row shows it held; when the late SMS arrives, the row turns
// "Verified by SMS" without a reload.
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../support/server.js';
import { hasChromium, openContext, useBrowser } from '../support/browser.js';
import { loginAdmin, type TestUser } from '../factories/users.js';
import { getOrder, placeOrder, topupPayload, uniquePmId, TOPUP_BDT } from '../factories/orders.js';
import { registerForwarder, sendMoneySms } from '../support/sms-forwarder.js';

const WAIT = { timeout: 45_000 };

describe.runIf(hasChromium())('The balance ledger in the browser', () => {
  const server = useTestServer();
  const browser = useBrowser();
  let admin: TestUser;

  beforeAll(async () => {
    admin = await loginAdmin(server);
  });

  it("When a late SMS closes the phone's gap, then the held row turns verified without a reload", async () => {
    const phone = await registerForwarder(server, admin.token, 'bkash');
    const at = new Date();
    const missed = { trxId: uniquePmId().toUpperCase(), balance: phone.balance() - 1200 };
    phone.moveBalance(-1200);
    const id = await placeOrder(server, TOPUP_BDT, topupPayload({ pm_method: 'bkash', amount: '1250' }));
    const trxId = uniquePmId().toUpperCase();
    expect((await server.api.patch(`/orders/${id}`, { order: { pm_id: trxId } })).status).toBe(200);
    const { context, page } = await openContext(browser, server.url, { as: admin });
    try {
      await page.goto('/admin/orders');
      const row = page
        .getByRole('row')
        .filter({ has: page.getByRole('button', { name: new RegExp(id.slice(0, 10).replace(/[-_]/g, '.')) }) })
        .first();
      await row.locator('[data-verification="awaiting_sms"]').waitFor(WAIT);
      await page.evaluate(() => {
        (window as unknown as { __sameLoad: boolean }).__sameLoad = true;
      });
      await phone.payment({ amount: (await getOrder(server, id)).pm_amount, trxId, at });
      await row.locator('[data-verification="held"]').waitFor(WAIT);
      const late = await phone.post({
        text: sendMoneySms({ amount: 1200, to: '01911111111', trxId: missed.trxId, balance: missed.balance, at }),
      });
      expect(late.status).toBe(200);
      await row.locator('[data-verification="verified"]').waitFor(WAIT);
      expect(await page.evaluate(() => (window as unknown as { __sameLoad?: boolean }).__sameLoad)).toBe(true);
    } finally {
      await context.close();
    }
  });
});
