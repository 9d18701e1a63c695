// The limits page (decisions 271-272) in EN and BN at 360 and 1280 px: the limits, the waiting raise with its date,
// the exclusion with its end, Bengali digits in BN, no axe violation; the admin's user page shows them read only; a
// guest checkout to an excluded customer's 1xBet id shows the refusal with its date before anything is paid.
import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe.js';
import { hasChromium, openContext, useBrowser } from '../support/browser.js';
import { useTestServer } from '../support/server.js';
import { createUser, loginAdmin, type TestUser } from '../factories/users.js';
import { placePendingOrder } from '../factories/orders.js';

const WAIT = { timeout: 20_000 };
const SHOTS = process.env.SCREENSHOT_DIR;

describe.runIf(hasChromium())('the limits page', () => {
  const server = useTestServer();
  const browser = useBrowser();
  let customer: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    customer = await createUser(server, { name: 'Nusrat Jahan' });
    admin = await loginAdmin(server);
    // A paid top-up to 123456789 (the factories' 1xBet id), then limits with a raise waiting, then a break.
    await placePendingOrder(server, customer.token);
    expect(
      (
        await server.api.put(
          '/account/limits',
          { limits: { daily_bdt: 1000, weekly_bdt: 5000, monthly_bdt: null } },
          customer.token,
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await server.api.put(
          '/account/limits',
          { limits: { daily_bdt: 2000, weekly_bdt: 5000, monthly_bdt: null } },
          customer.token,
        )
      ).status,
    ).toBe(200);
    expect(
      (await server.api.post('/account/self-exclusion', { period: '30d', password: customer.password }, customer.token))
        .status,
    ).toBe(201);
  });

  for (const lang of ['EN', 'BN'] as const) {
    for (const width of [360, 1280]) {
      it(`When the customer opens /account/limits in ${lang} at ${width} px, then the limits, the waiting raise and the break show, with no axe violation`, async () => {
        const { context, page } = await openContext(browser, server.url, {
          as: customer,
          lang,
          width,
          height: width === 360 ? 780 : 900,
        });
        try {
          await page.emulateMedia({ reducedMotion: 'reduce' });
          await page.goto('/account/limits');
          await page.getByTestId('player-limits').first().waitFor(WAIT);
          const daily = await page.getByTestId('limit-daily_bdt').first().textContent();
          if (lang === 'BN') expect(daily).toMatch(/১,০০০/);
          else expect(daily).toMatch(/1,000/);
          expect(await page.getByTestId('limit-monthly_bdt').first().textContent()).toBe(
            lang === 'BN' ? 'কোনো সীমা নেই' : 'No limit',
          );
          const text = (await page.locator('main').textContent()) ?? '';
          expect(text).toContain(lang === 'BN' ? 'টপআপ বন্ধ আছে' : 'Top-ups are paused');
          expect(text).toContain(lang === 'BN' ? 'পরিবর্তন বাতিল করুন' : 'Cancel the change');
          if (lang === 'BN') expect(text).not.toMatch(/\d{2}\/\d{2}\/\d{4}/);
          expect(await axeViolations(page)).toEqual([]);
          if (SHOTS) await page.screenshot({ path: `${SHOTS}/limits-${lang}-${width}.png`, fullPage: true });
        } finally {
          await context.close();
        }
      });
    }
  }

  it('When the customer cancels the waiting raise on the page, then it is gone and the limits in force stay', async () => {
    const { context, page } = await openContext(browser, server.url, { as: customer, lang: 'EN' });
    try {
      await page.goto('/account/limits');
      await page.getByRole('button', { name: 'Cancel the change' }).click(WAIT);
      await page.getByRole('button', { name: 'Cancel the change' }).waitFor({ state: 'detached', ...WAIT });
      const stored = await server.app.ctx.prisma.playerLimit.findUniqueOrThrow({ where: { userId: customer.id } });
      expect(stored).toMatchObject({ dailyBdt: 1000, pendingAt: null });
    } finally {
      await context.close();
    }
  });

  it("When the admin opens the customer's page, then the limits and the break show read only", async () => {
    const { context, page } = await openContext(browser, server.url, { as: admin, lang: 'EN' });
    try {
      await page.goto(`/admin/users/${customer.id}`);
      const box = page.getByTestId('player-limits');
      await box.waitFor(WAIT);
      expect(await box.textContent()).toContain('Top-ups are paused');
      expect(await box.locator('input, button').count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/admin-user-limits.png`, fullPage: true });
    } finally {
      await context.close();
    }
  });

  it("When a guest checks out a top-up to an excluded customer's 1xBet id, then the form says it is paused and until when, and no order exists", async () => {
    const { context, page } = await openContext(browser, server.url, { lang: 'EN' });
    try {
      const before = await server.app.ctx.prisma.order.count();
      await page.goto('/new/1xbet_topup_bdt');
      await page.getByRole('radio', { name: 'bKash' }).check(WAIT);
      await page.getByRole('textbox', { name: /^Top-up amount/ }).fill('500');
      await page.getByRole('textbox', { name: /^1xBet account ID/ }).fill('123456789');
      await page.getByRole('textbox', { name: /^Contact e-mail/ }).fill('a-guest@example.com');
      await page.getByRole('button', { name: 'Place top-up order' }).click();
      const alert = page.getByTestId('submit-failure');
      await alert.waitFor(WAIT);
      expect(await alert.textContent()).toMatch(/Top-ups are paused until \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/checkout-excluded.png`, fullPage: true });
      expect(await server.app.ctx.prisma.order.count()).toBe(before);
    } finally {
      await context.close();
    }
  });

  it('When the excluded customer checks out a top-up, then the refusal links to their limits page', async () => {
    const { context, page } = await openContext(browser, server.url, { as: customer, lang: 'BN' });
    try {
      await page.goto('/new/1xbet_topup_bdt');
      await page.getByRole('radio', { name: 'বিকাশ' }).check(WAIT);
      await page.getByRole('textbox', { name: /^টপআপের পরিমাণ/ }).fill('৫০০');
      await page.getByRole('textbox', { name: /^1xBet অ্যাকাউন্ট আইডি/ }).fill('987654321');
      await page.locator('form button[type="submit"]').click();
      await page.getByTestId('submit-failure').waitFor(WAIT);
      expect(await page.getByTestId('submit-failure').textContent()).toMatch(
        /[০-৯]{2}\/[০-৯]{2}\/[০-৯]{4} [০-৯]{2}:[০-৯]{2} পর্যন্ত টপআপ বন্ধ/,
      );
      await page.getByTestId('own-limits-link').click();
      await page.waitForURL('**/account/limits', WAIT);
    } finally {
      await context.close();
    }
  });
});
