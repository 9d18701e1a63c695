// /admin/pms and the wallet fleet (issue 23) with issue 22 point 1: each method shows its caps with a "used today"
// meter and says "Limit reached today" when its cap is used up; its receiving numbers show their limits and meters,
// a number is added with the form and paused with its switch (the method stopping once every number is paused);
// checkout shows the method's note. EN and BN, axe at 0.
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../support/server.js';
import { hasChromium, openContext, useBrowser } from '../support/browser.js';
import { axeViolations } from '../support/axe.js';
import { loginAdmin, type TestUser } from '../factories/users.js';
import { topupPayload, TOPUP_BDT } from '../factories/orders.js';

const WAIT = { timeout: 30_000 };

describe.runIf(hasChromium())('The wallet fleet on /admin/pms', () => {
  const server = useTestServer();
  const browser = useBrowser();
  let admin: TestUser;

  beforeAll(async () => {
    admin = await loginAdmin(server);
    // Rocket: a cap of one order, used up.
    const pms = await server.api.get<{ pms: { account: string; wallet: string; note: string }[] }>('/pms/all', admin.token);
    const rocket = pms.body.pms.find((m) => m.account === 'rocket')!;
    await server.api.patch('/pms/rocket', { pm: { wallet: rocket.wallet, note: rocket.note, available: true, daily_count_limit: 1 } }, admin.token);
    expect((await server.api.post(`/orders/${TOPUP_BDT}`, { order: topupPayload({ pm_method: 'rocket', amount: '700' }) })).status).toBe(201);
  });

  it('When the admin adds a number and pauses it, then its meter and state show, and a cap used up says "Limit reached today"', async () => {
    const { context, page } = await openContext(browser, server.url, { as: admin });
    try {
      await page.goto('/admin/pms');
      await expect.poll(() => page.getByTestId('pm-status-rocket').textContent(), WAIT).toBe('Limit reached today');
      expect(await page.getByTestId('pm-status-bkash').textContent()).toBe('Available');
      expect(await page.getByTestId('pm-used-rocket').textContent()).toContain('Orders: 1 of 1');

      const bkash = page.getByRole('region', { name: 'bKash' });
      await bkash.getByRole('button', { name: 'Add a number' }).click();
      const form = bkash.getByRole('form', { name: 'Add a number' });
      await form.getByLabel('Wallet number').fill('01711222222');
      await form.getByLabel('Label').fill('Agent Mirpur');
      await form.getByLabel('Orders a day').fill('3');
      await form.getByLabel('Tk a day').fill('5000');
      await form.getByRole('button', { name: 'Add this number' }).click();
      const added = page.getByTestId('number-01711222222');
      await added.waitFor(WAIT);
      expect(await added.textContent()).toContain('Agent Mirpur');

      // A top-up on it (the first number paused): its meter moves.
      const first = page.getByTestId('number-01700000001');
      await first.getByRole('switch', { name: /01700000001/ }).click({ force: true });
      await first.getByText('Paused').waitFor(WAIT);
      expect((await server.api.post(`/orders/${TOPUP_BDT}`, { order: topupPayload({ pm_method: 'bkash', amount: '1000' }) })).status).toBe(201);
      await page.reload();
      await expect.poll(() => page.getByTestId('number-01711222222').getByRole('progressbar').first().getAttribute('aria-valuenow'), WAIT).toBe('33');
      expect(await page.getByTestId('number-01711222222').textContent()).toContain('1,000.00 BDT');

      // Pausing the second too: the method takes nothing today.
      await page.getByTestId('number-01711222222').getByRole('switch').click({ force: true });
      await page.getByTestId('number-01711222222').getByText('Paused').waitFor(WAIT);
      await expect.poll(() => page.getByTestId('pm-status-bkash').textContent(), WAIT).toBe('Limit reached today');
      expect((await server.api.post(`/orders/${TOPUP_BDT}`, { order: topupPayload({ pm_method: 'bkash' }) })).body.key).toBe('errors.methodLimitReached');
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('When a Bengali reader opens /admin/pms, then the numbers and caps read in Bengali with axe at 0', async () => {
    const { context, page } = await openContext(browser, server.url, { as: admin, lang: 'BN', width: 360 });
    try {
      await page.goto('/admin/pms');
      await page.getByText('টাকা গ্রহণের নম্বরগুলো').first().waitFor(WAIT);
      expect(await page.getByTestId('pm-status-rocket').textContent()).toBe('আজকের সীমা পূর্ণ');
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
