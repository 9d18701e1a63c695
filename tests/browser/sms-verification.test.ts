// Payments verify themselves: the admin's queue is open; a wallet phone forwards the SMS of a customer's
// payment, and the order's row turns "Verified by SMS" without a reload, ready to complete after one confirmation. Also the
// devices page: a new phone's token is shown once with its QR code.
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../support/server.js';
import { hasChromium, openContext, useBrowser } from '../support/browser.js';
import { loginAdmin, type TestUser } from '../factories/users.js';
import { getOrder, placeOrder, topupPayload, uniquePmId, TOPUP_BDT } from '../factories/orders.js';
import { registerForwarder } from '../support/sms-forwarder.js';
import { confirmComplete } from '../support/complete-confirm.js';

const WAIT = { timeout: 45_000 };

describe.runIf(hasChromium())('SMS verification in the browser', () => {
  const server = useTestServer();
  const browser = useBrowser();
  let admin: TestUser;

  beforeAll(async () => {
    admin = await loginAdmin(server);
  });

  it("When an SMS arrives for a paid order, then the admin's queue row turns verified without a reload and completes after one confirmation", async () => {
    const phone = await registerForwarder(server, admin.token, 'bkash');
    const id = await placeOrder(server, TOPUP_BDT, topupPayload({ pm_method: 'bkash', amount: '1250' }));
    const trxId = uniquePmId().toUpperCase();
    expect((await server.api.patch(`/orders/${id}`, { order: { pm_id: trxId } })).status).toBe(200);
    const { context, page } = await openContext(browser, server.url, { as: admin });
    try {
      await page.goto('/admin/orders');
      // Queue rows open the order's popup through a button named after the order; the row holds its badges (client/README.md, "Order lists").
      const row = page
        .getByRole('row')
        .filter({ has: page.getByRole('button', { name: new RegExp(id.slice(0, 10).replace(/[-_]/g, '.')) }) })
        .first();
      await row.locator('[data-verification="awaiting_sms"]').waitFor(WAIT);
      await page.evaluate(() => {
        (window as unknown as { __sameLoad: boolean }).__sameLoad = true;
      });
      const sms = await phone.payment({ amount: (await getOrder(server, id)).pm_amount, trxId });
      expect(sms.body.sms.status).toBe('matched');
      await row.locator('[data-verification="verified"]').waitFor(WAIT);
      expect(await row.getByText('Verified by SMS').isVisible()).toBe(true);
      expect(await page.evaluate(() => (window as unknown as { __sameLoad?: boolean }).__sameLoad)).toBe(true);
      const ready = page.getByTestId('verified-ready');
      await ready.getByRole('button', { name: 'Complete' }).click();
      // Verified: the confirmation shows the amount and asks no extra check (decision 198).
      await confirmComplete(page);
      await row.waitFor({ state: 'detached', timeout: 20_000 });
      expect((await getOrder(server, id)).status).toBe('complete');
    } finally {
      await context.close();
    }
  });

  it('When the admin adds a phone, then the balance is asked for, its token is shown once with a QR code, and the phone is listed', async () => {
    const { context, page } = await openContext(browser, server.url, { as: admin, width: 360 });
    try {
      await page.goto('/admin/devices');
      await page.getByLabel('Name').fill('Counter Nagad');
      // Without the wallet's balance nothing on the phone would verify by itself: the form asks for it first.
      await page.getByRole('button', { name: 'Add phone' }).click();
      await page.getByText('This field is required').waitFor(WAIT);
      await page.getByRole('textbox', { name: 'Balance (Tk)' }).fill('12500.50');
      await page.getByRole('button', { name: 'Add phone' }).click();
      const token = await page.getByTestId('device-token').textContent({ timeout: 20_000 });
      expect(token).toMatch(/^smsdev_[A-Za-z0-9_-]{43}$/);
      const listed = await server.api.get<{ devices: { name: string; balance: number | null }[] }>(
        '/devices',
        admin.token,
      );
      expect(listed.body.devices.find((d) => d.name === 'Counter Nagad')?.balance).toBe(12_500.5);
      await page.getByRole('img', { name: 'QR code of the forwarding address and token' }).waitFor(WAIT);
      const res = await server.api.post<{ sms: { status: string } }>(
        '/sms',
        { from: 'bKash', text: 'hello' },
        token ?? '',
      );
      expect(res.status).toBe(200);
    } finally {
      await context.close();
    }
  });
});
