// /admin/pms and the wallet fleet: each method shows its caps with a "used today"
// meter and says "Limit reached today" when its cap is used up; its receiving numbers show their limits and meters,
// a number is added with the form and paused with its switch (the method stopping once every number is paused);
// checkout shows the method's note; a receiving number is changed only when typed twice and, with two-factor, with a
// current code (decision 280). EN and BN, axe at 0.
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../support/server.js';
import { hasChromium, openContext, useBrowser } from '../support/browser.js';
import { axeViolations } from '../support/axe.js';
import { createUser, loginAdmin, type TestUser } from '../factories/users.js';
import { testClock } from '../support/clock.js';
import { codeAt, enableTwoFactor, resetTwoFactor } from '../support/two-factor.js';
import { topupPayload, TOPUP_BDT } from '../factories/orders.js';

const WAIT = { timeout: 30_000 };

describe.runIf(hasChromium())('The wallet fleet on /admin/pms', () => {
  const shopClock = testClock();
  const server = useTestServer({ clock: shopClock });
  const browser = useBrowser();
  let admin: TestUser;

  beforeAll(async () => {
    admin = await loginAdmin(server);
    // Rocket: a cap of one order, used up.
    const pms = await server.api.get<{ pms: { account: string; wallet: string; note: string }[] }>(
      '/pms/all',
      admin.token,
    );
    const rocket = pms.body.pms.find((m) => m.account === 'rocket')!;
    await server.api.patch(
      '/pms/rocket',
      {
        pm: {
          wallet: rocket.wallet,
          confirm_wallet: rocket.wallet,
          note: rocket.note,
          available: true,
          daily_count_limit: 1,
        },
      },
      admin.token,
    );
    expect(
      (await server.api.post(`/orders/${TOPUP_BDT}`, { order: topupPayload({ pm_method: 'rocket', amount: '700' }) }))
        .status,
    ).toBe(201);
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
      await form.getByLabel('Type the number again').fill('01711222223');
      await form.getByRole('button', { name: 'Add this number' }).click();
      await form.getByText('The two wallet numbers are not the same').waitFor(WAIT);
      await form.getByLabel('Type the number again').fill('01711222222');
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
      expect(
        (await server.api.post(`/orders/${TOPUP_BDT}`, { order: topupPayload({ pm_method: 'bkash', amount: '1000' }) }))
          .status,
      ).toBe(201);
      await page.reload();
      await expect
        .poll(
          () => page.getByTestId('number-01711222222').getByRole('progressbar').first().getAttribute('aria-valuenow'),
          WAIT,
        )
        .toBe('33');
      expect(await page.getByTestId('number-01711222222').textContent()).toContain('1,000.00 BDT');
      // One total for the day (the method's); a number shows its limits and their use, labelled apart (decision 319).
      expect(await page.getByTestId('number-01711222222').textContent()).toContain('Limit: Orders a day1 used of 3');
      expect(await first.textContent()).toContain('No limits');
      expect(await page.getByTestId('pm-used-bkash').textContent()).toMatch(/^Today, all numbersOrders: \d/);

      // Pausing the second too: the method takes nothing today.
      await page.getByTestId('number-01711222222').getByRole('switch').click({ force: true });
      await page.getByTestId('number-01711222222').getByText('Paused').waitFor(WAIT);
      await expect.poll(() => page.getByTestId('pm-status-bkash').textContent(), WAIT).toBe('Limit reached today');
      expect(
        (await server.api.post(`/orders/${TOPUP_BDT}`, { order: topupPayload({ pm_method: 'bkash' }) })).body.key,
      ).toBe('errors.methodLimitReached');
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('When an admin with two-factor changes the receiving number, then it is typed twice with a code; the order told the old number keeps it', async () => {
    const staff = await createUser(server, { role: 'admin' });
    shopClock.shift(-10 * 30_000);
    const { secret } = await enableTwoFactor(server, staff, Date.now() - 10 * 30_000);
    shopClock.reset();
    const earlier = await server.api.post<{ id: string }>(`/orders/${TOPUP_BDT}`, {
      order: topupPayload({ pm_method: 'nagad', amount: '500' }),
    });
    expect(earlier.status).toBe(201);
    const { context, page } = await openContext(browser, server.url, { as: staff });
    try {
      await page.goto('/admin/pms');
      const nagad = page.getByRole('region', { name: 'Nagad' });
      const wallet = nagad.getByLabel('Receiving wallet number');
      await wallet.waitFor(WAIT);
      const old = await wallet.inputValue();
      // No second typing or code is asked while the number stays.
      expect(await nagad.getByLabel('Type the number again').count()).toBe(0);
      await wallet.fill('01899999999');
      await nagad.getByText('You are changing where customers send money').waitFor(WAIT);
      await nagad.getByLabel('Type the number again').fill('01899999998');
      await nagad.getByRole('button', { name: 'Save' }).click();
      await nagad.getByText('The two wallet numbers are not the same').waitFor(WAIT);
      await nagad.getByLabel('Type the number again').fill('01899999999');
      await nagad.getByRole('button', { name: 'Save' }).click();
      await nagad.getByText('Enter the current code of your authenticator app').first().waitFor(WAIT);
      expect(
        await server.app.ctx.prisma.paymentMethod.findUniqueOrThrow({ where: { account: 'nagad' } }),
      ).toMatchObject({ wallet: old });
      await nagad.getByLabel('Code from your authenticator app').fill(codeAt(secret));
      await nagad.getByRole('button', { name: 'Save' }).click();
      await page.getByText(`Receiving number changed from ${old} to 01899999999`).waitFor(WAIT);
      const order = await server.api.get<{ order: { pm_wallet: string } }>(`/orders/${earlier.body.id}`);
      expect(order.body.order.pm_wallet).toBe(old);
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
      await resetTwoFactor(server, staff.id);
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
