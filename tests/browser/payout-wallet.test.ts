// Decision 281 in the browser: the withdraw form shows the payout number grouped with its wallet in a confirmation
// step before placing; on the order page the customer corrects it (typed twice) while nothing is paid; the staff's
// order popup says it changed; while it waits, the page says it waits for the withdrawal code (badge, timer, timeline).
// EN at 360 px, BN at 1280 px, axe at 0.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe.js';
import { hasChromium, openContext, useBrowser } from '../support/browser.js';
import { useTestServer } from '../support/server.js';
import { loginAdmin, type TestUser } from '../factories/users.js';

const WAIT = { timeout: 20_000 };

describe.runIf(hasChromium())("A withdrawal's payout number, confirmed and corrected", () => {
  const server = useTestServer();
  const browser = useBrowser();
  let admin: TestUser;
  beforeAll(async () => {
    admin = await loginAdmin(server);
  });
  const orderIdOf = (page: Page) => decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');

  it('When a guest places a withdrawal, then it is confirmed from a step showing "01912-345678, Nagad", and corrected on its page', async () => {
    const { context, page } = await openContext(browser, server.url, { lang: 'EN', width: 360 });
    try {
      await page.goto('/new/1xbet_withdraw_bdt');
      await page.getByRole('radio', { name: 'Nagad' }).check(WAIT);
      await page.getByRole('textbox', { name: /^Withdraw amount/ }).fill('600');
      await page.getByRole('textbox', { name: /^Your Nagad number/ }).fill('01912345678');
      await page.getByRole('textbox', { name: /^Contact e-mail/ }).fill('guest-payout@example.com');
      await page.getByRole('button', { name: 'Check and place withdraw order' }).click();
      const confirm = page.getByTestId('withdraw-confirm');
      await confirm.waitFor(WAIT);
      expect(await page.getByTestId('confirm-payout').textContent()).toBe('01912-345678, Nagad');
      expect(await axeViolations(page)).toEqual([]);
      // Back to the form keeps what was typed; nothing was placed.
      await confirm.getByRole('button', { name: 'Change the details' }).click();
      await page.getByRole('textbox', { name: /^Your Nagad number/ }).fill('01912345679');
      await page.getByRole('button', { name: 'Check and place withdraw order' }).click();
      expect(await page.getByTestId('confirm-payout').textContent()).toBe('01912-345679, Nagad');
      expect(await server.app.ctx.prisma.order.count({ where: { contactEmail: 'guest-payout@example.com' } })).toBe(0);
      await page.getByRole('button', { name: 'Yes, place withdraw order' }).click();
      await page.waitForURL('**/orders/**', WAIT);
      const id = orderIdOf(page);
      // A waiting withdrawal waits for the customer's withdrawal code: the badge, the timer and the timeline say so.
      await page.getByText('Time left to send your withdrawal code').waitFor(WAIT);
      await page.getByText('Waiting for your withdrawal code').first().waitFor(WAIT);
      await page.getByText('Created: Waiting for your withdrawal code').waitFor(WAIT);
      expect(await page.getByText('Waiting for payment').count()).toBe(0);
      expect(await page.getByTestId('countdown-announcement').textContent()).toMatch(
        /^\d+ minutes left to send your withdrawal code$/,
      );

      // The number is shown back and corrected, typed twice.
      const payout = page.getByTestId('payout-wallet');
      await payout.getByText('01912-345679, Nagad').waitFor(WAIT);
      await payout.getByRole('button', { name: 'Wrong number? Change it' }).click();
      const form = page.getByRole('form', { name: 'Change the payout number' });
      await form.getByRole('textbox', { name: /^Your Nagad number/ }).fill('01912345678');
      await form.getByRole('textbox', { name: /^Type the number again/ }).fill('01912345670');
      await form.getByRole('button', { name: 'Change the number' }).click();
      await form.getByText('The two wallet numbers are not the same').waitFor(WAIT);
      await form.getByRole('textbox', { name: /^Type the number again/ }).fill('01912345678');
      await form.getByRole('button', { name: 'Change the number' }).click();
      await payout.getByText('01912-345678, Nagad').waitFor(WAIT);
      expect((await server.app.ctx.prisma.order.findUniqueOrThrow({ where: { id } })).wallet).toBe('01912345678');
      expect(await axeViolations(page)).toEqual([]);

      // Staff see that it changed, and from what.
      const staff = await openContext(browser, server.url, { as: admin, lang: 'EN' });
      try {
        await staff.page.goto('/admin/orders');
        await staff.page.getByRole('button', { name: `Open order ${id.slice(0, 10)}` }).click(WAIT);
        const changed = staff.page.getByRole('dialog').getByTestId('payout-wallet-changed');
        await changed.waitFor(WAIT);
        expect(await changed.textContent()).toBe('Changed by the customer, was 01912-345679');
        await staff.page.getByRole('dialog').getByText('Payout number changed by the customer').first().waitFor(WAIT);
      } finally {
        await staff.context.close();
      }
    } finally {
      await context.close();
    }
  });

  it('When a Bengali reader checks a withdrawal, then the confirmation reads in Bengali digits with axe at 0', async () => {
    const { context, page } = await openContext(browser, server.url, { lang: 'BN', width: 1280 });
    try {
      await page.goto('/new/1xbet_withdraw_bdt');
      await page.getByRole('radio', { name: 'বিকাশ' }).check(WAIT);
      await page.getByRole('textbox', { name: /^উইথড্রের পরিমাণ/ }).fill('600');
      await page.getByRole('textbox', { name: /^আপনার বিকাশ নম্বর/ }).fill('01712345678');
      await page.getByRole('textbox', { name: /^যোগাযোগের ই-মেইল/ }).fill('guest-bn-payout@example.com');
      await page.getByRole('button', { name: 'যাচাই করে উইথড্র অর্ডার দিন' }).click();
      expect(await page.getByTestId('confirm-payout').textContent()).toBe('০১৭১২-৩৪৫৬৭৮, বিকাশ');
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'হ্যাঁ, উইথড্র অর্ডার দিন' }).click();
      await page.waitForURL('**/orders/**', WAIT);
      await page.getByText('উইথড্র কোড পাঠানোর বাকি সময়').waitFor(WAIT);
      await page.getByText('আপনার উইথড্র কোডের অপেক্ষায়').first().waitFor(WAIT);
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
