// The home page updates live (product.md §2.3): the admin-online badge and the recent-orders table change
// without a reload when the admin acts and when orders are placed; the refresh control follows its timers; the
// badge says what it means for an order.
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/server.js';
import { hasChromium, openContext, useBrowser } from '../support/browser.js';
import { createUser, loginAdmin } from '../factories/users.js';

const WAIT = { timeout: 15_000 };

describe.runIf(hasChromium())('Home page, live', () => {
  const server = useTestServer();
  const browser = useBrowser();

  it('When the admin goes online and orders are placed, then the open home page shows both without a reload', async () => {
    const { context, page } = await openContext(browser, server.url);
    try {
      await page.goto('/');
      await page.getByText('Admin: Offline').waitFor(WAIT);
      // What the badge means for an order.
      await page
        .getByText('Staff are away: you can still order and pay; your order is done when they are back.')
        .waitFor(WAIT);
      await page.getByText('No orders yet.').waitFor(WAIT);
      // The refresh control appears 2 s after the load, not before (checked when the page got here in time: on a
      // loaded machine the first paint itself may take longer than 2 s).
      const sinceLoad = await page.evaluate(() => performance.now());
      if (sinceLoad < 1_500) expect(await page.getByRole('button', { name: 'Refresh admin status' }).count()).toBe(0);
      await page.getByRole('button', { name: 'Refresh admin status' }).waitFor({ timeout: 5_000 });
      const marker = await page.evaluate(() => {
        (window as unknown as { __sameLoad: boolean }).__sameLoad = true;
        return true;
      });
      expect(marker).toBe(true);

      const admin = await loginAdmin(server);
      expect((await server.api.patch('/admin', { admin: { online: true } }, admin.token)).status).toBe(200);
      await page.getByText('Admin: Online').waitFor(WAIT);
      // No completed orders to measure yet: the plain words, not a made-up figure.
      await page.getByText('Staff are at work: orders are usually done within minutes of payment.').waitFor(WAIT);

      const customer = await createUser(server, { name: 'Karim Live' });
      const placed = await server.api.post(
        '/orders/1xbet_topup_usd',
        { order: { pm_method: 'nagad', amount: '12.50', onex_id: '123456789', contact_email: 'karim@test.local' } },
        customer.token,
      );
      expect(placed.status).toBe(201);
      await server.api.post('/orders/1xbet_topup_bdt', {
        order: { pm_method: 'bkash', amount: '300', onex_id: '123456789', contact_email: 'guest@test.local' },
      });
      await page.getByText('K***e').filter({ visible: true }).first().waitFor(WAIT);
      await page.getByText('anonymous').filter({ visible: true }).first().waitFor(WAIT);
      await page.getByText('12.50 USD').filter({ visible: true }).first().waitFor(WAIT);
      await page.getByText('300.00 BDT').filter({ visible: true }).first().waitFor(WAIT);
      // Still the same page load: nothing reloaded it.
      expect(await page.evaluate(() => (window as unknown as { __sameLoad?: boolean }).__sameLoad)).toBe(true);
    } finally {
      await context.close();
    }
  });
});
