// A guest buys (EN top-up, BN withdrawal), an admin completes it from /admin/orders in a second context, and the
// guest's order page turns complete by itself (product.md §12: no reload).
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, openContext, useBrowser } from '../support/browser.js';
import { useTestServer } from '../support/server.js';
import { loginAdmin } from '../factories/users.js';
import { confirmComplete } from '../support/complete-confirm.js';

const WAIT = { timeout: 20_000 };

describe.runIf(hasChromium())('orders journey in the browser', () => {
  const server = useTestServer();
  const browser = useBrowser();
  let admin: Page;

  beforeAll(async () => {
    ({ page: admin } = await openContext(browser, server.url, { as: await loginAdmin(server), lang: 'EN' }));
  });

  async function completeFromQueue(orderId: string, payoutTrxId?: string) {
    await admin.goto('/admin/orders');
    const row = admin.getByRole('button', { name: `Open order ${orderId.slice(0, 10)}` });
    await row.click(WAIT);
    const dialog = admin.getByRole('dialog');
    await expect.poll(() => dialog.getByText('Processing').first().isVisible(), WAIT).toBe(true);
    await dialog.getByRole('button', { name: 'Complete', exact: true }).click();
    // Paid but not verified by SMS: the confirmation asks for the admin's own check (decision 198); a withdrawal
    // without a Send Money SMS asks for its payout TrxID.
    await confirmComplete(admin, payoutTrxId === undefined ? { checked: true } : { payoutTrxId });
    await admin.getByText('Order Completed').waitFor(WAIT);
    // The order leaves the queue.
    await row.waitFor({ state: 'detached', ...WAIT });
  }

  function orderIdOf(page: Page): string {
    return decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
  }

  it('When a guest buys a top-up in EN and the admin completes it, then the guest page shows complete without reload', async () => {
    const { page } = await openContext(browser, server.url, { lang: 'EN' });
    await page.goto('/');
    await page.getByRole('link', { name: /1xBet Topup \(BDT\)/ }).click();
    await page.waitForURL('**/new/1xbet_topup_bdt', WAIT);

    await page.getByRole('radio', { name: 'bKash' }).check(WAIT);
    await page.getByRole('textbox', { name: /^Top-up amount/ }).fill('1500');
    await expect.poll(() => page.getByTestId('estimate').textContent(), WAIT).toContain('1,500.00 BDT');
    await page.getByRole('textbox', { name: /^1xBet account ID/ }).fill('123456789');
    await page.getByRole('textbox', { name: /^Contact e-mail/ }).fill('guest@example.com');
    await page.getByRole('button', { name: 'Place top-up order' }).click();
    await page.waitForURL('**/orders/**', WAIT);

    const orderId = orderIdOf(page);
    const answer = (await (await fetch(`${server.url}/api/v1/orders/${orderId}`)).json()) as {
      order: { pm_wallet: string };
    };
    await page.getByRole('timer').waitFor(WAIT);
    expect(await page.getByRole('timer').textContent()).toMatch(/^\d{2}:\d{2}$/);
    // The shop's number is shown grouped for reading (client/README.md, "Dates, wallet numbers, confirmations"): 01800-000002.
    await page
      .getByText(answer.order.pm_wallet.replace(/^(\d{5})(\d{6})$/, '$1-$2'), { exact: true })
      .first()
      .waitFor(WAIT);

    await page.getByRole('textbox', { name: /^Transaction ID/ }).fill(`TRX${Date.now()}`);
    await page.getByRole('button', { name: /I have paid/ }).click();
    await page.getByRole('status').filter({ hasText: 'Processing' }).waitFor(WAIT);

    await completeFromQueue(orderId);
    await page.getByRole('status').filter({ hasText: 'Order complete' }).waitFor(WAIT);
    await page.close();
  });

  it('When a guest asks for a withdrawal in BN and the admin completes it, then the guest page shows complete without reload', async () => {
    const { page } = await openContext(browser, server.url, { lang: 'BN' });
    await page.goto('/new/1xbet_withdraw_bdt');
    await page.getByRole('radio', { name: 'নগদ' }).check(WAIT);
    await page.getByRole('textbox', { name: /^উইথড্রের পরিমাণ/ }).fill('600');
    await expect.poll(() => page.getByTestId('estimate').textContent(), WAIT).toContain('৫৮৮.০০');
    await page.getByRole('textbox', { name: /^আপনার নগদ নম্বর/ }).fill('01712345678');
    await page.getByRole('textbox', { name: /^যোগাযোগের ই-মেইল/ }).fill('guest-bn@example.com');
    await page.getByRole('button', { name: 'যাচাই করে উইথড্র অর্ডার দিন' }).click();
    // The payout number shown back, grouped, before the order is placed (decision 281).
    expect(await page.getByTestId('confirm-payout').textContent()).toBe('০১৭১২-৩৪৫৬৭৮, নগদ');
    await page.getByRole('button', { name: 'হ্যাঁ, উইথড্র অর্ডার দিন' }).click();
    await page.waitForURL('**/orders/**', WAIT);
    const orderId = orderIdOf(page);

    await page.getByRole('timer').waitFor(WAIT);
    expect(await page.getByRole('timer').textContent()).toMatch(/^[০-৯]{2}:[০-৯]{2}$/);
    await page.getByText(/শহর \(City\): Dhaka, রাস্তা \(Street\): Motijheel/).waitFor(WAIT);

    await page.getByRole('textbox', { name: /^1xBet অ্যাকাউন্ট আইডি/ }).fill('987654321');
    await page.getByRole('textbox', { name: /^উইথড্র কোড/ }).fill('A1B2');
    await page.getByRole('button', { name: 'উইথড্র কোড জমা দিন' }).click();
    await page.getByRole('status').filter({ hasText: 'প্রক্রিয়াধীন' }).waitFor(WAIT);

    await completeFromQueue(orderId, 'PAYOUT7Q1');
    await page.getByRole('status').filter({ hasText: 'অর্ডার সম্পন্ন' }).waitFor(WAIT);
    await page.close();
  });
});
