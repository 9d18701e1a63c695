// /admin/books (decision 290): a day with a credit nobody claimed shows its check red with a link to that SMS in the
// inbox, the others green, in EN at 1280 px and BN at 360 px, with no axe violation.
import { describe, expect, it } from 'vitest';
import { uniquePmId } from '../factories/orders.js';
import { loginAdmin } from '../factories/users.js';
import { axeViolations } from '../support/axe.js';
import { hasChromium, openContext, useBrowser } from '../support/browser.js';
import { useTestServer } from '../support/server.js';
import { registerForwarder } from '../support/sms-forwarder.js';

describe.runIf(hasChromium())('The books page', () => {
  const server = useTestServer();
  const browser = useBrowser();

  it('When a credit nobody claimed came in, then its check is red and links to the SMS, in both languages, axe clean', async () => {
    const admin = await loginAdmin(server);
    const phone = await registerForwarder(server, admin.token, 'bkash', 'Books bKash');
    const trxId = uniquePmId().toUpperCase();
    await phone.payment({ amount: 777, trxId });
    for (const [lang, width, ok, notOk] of [
      ['EN', 1280, 'Balanced', 'Difference'],
      ['BN', 360, 'মিলেছে', 'পার্থক্য আছে'],
    ] as const) {
      const { context, page } = await openContext(browser, server.url, { lang, width, height: 900, as: admin });
      await page.goto(`${server.url}/admin/books`);
      const paid = page.locator('[data-check="topups_paid"]');
      await paid.waitFor({ timeout: 20_000 });
      expect(await paid.getByText(notOk).count()).toBe(1);
      expect(await paid.getByRole('link', { name: new RegExp(trxId) }).getAttribute('href')).toBe(
        `/admin/sms?q=${trxId}`,
      );
      expect(await page.locator(`[data-check="phone:${phone.id}"]`).getByText(ok).count()).toBe(1);
      await page.getByTestId('books-chart').waitFor({ timeout: 20_000 });
      expect(await axeViolations(page)).toEqual([]);
      await context.close();
    }
  });
});
