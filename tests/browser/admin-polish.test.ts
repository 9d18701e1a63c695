// The admin's polish in the browser: the bell opens the list of what waits (with links), the shop never asks through
// the browser's confirm() (a dialog event fails the test), and the history's filters are compact on a Bengali
// phone with days written DD/MM/YYYY. One server, one browser.
import type { Dialog, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { dhakaDate } from '#shared/dhaka';
import { axeViolations } from '../support/axe.js';
import { hasChromium, openContext, useBrowser } from '../support/browser.js';
import { useTestServer } from '../support/server.js';
import { createUser, loginAdmin, type TestUser } from '../factories/users.js';
import { placeOrder, placePendingOrder } from '../factories/orders.js';
import { openTicket } from '../factories/tickets.js';

const WAIT = { timeout: 20_000 };
const BN_DIGITS = '০১২৩৪৫৬৭৮৯';
const bnDigits = (text: string) => text.replace(/\d/g, (d) => BN_DIGITS[Number(d)]);

describe.runIf(hasChromium())('Admin polish in the browser', () => {
  const server = useTestServer();
  const browser = useBrowser();
  let admin: TestUser;
  let page: Page;
  /** Every dialog the browser raised (confirm, alert, prompt): the shop must raise none. */
  const dialogs: string[] = [];

  beforeAll(async () => {
    admin = await loginAdmin(server);
    const customer = await createUser(server, { name: 'Bell Customer' });
    // What waits: two queued orders (one with a held payment), one ticket, one phone with a ledger gap.
    await placeOrder(server);
    const held = await placePendingOrder(server);
    await server.app.ctx.prisma.order.update({ where: { id: held }, data: { verification: 'held' } });
    server.app.orderViews.drop(held);
    await openTicket(server, customer, { text: 'Where is my top-up? I paid twenty minutes ago.' });
    const phone = await server.api.post<{ device: { id: string } }>(
      '/devices',
      { device: { name: 'Gap phone', account: 'bkash' } },
      admin.token,
    );
    expect(phone.status).toBe(201);
    await server.app.ctx.prisma.device.update({
      where: { id: phone.body.device.id },
      data: { ledgerGap: { from: 1, to: 2, sms_id: 1, unexplained: '100.00' } },
    });
    // The held payment's SMS does not chain: a Tk 700 message is missing after the chain's step at 04:02 (decision 303).
    const sms = await server.app.ctx.prisma.smsMessage.create({
      data: {
        deviceId: phone.body.device.id,
        account: 'bkash',
        from: 'bKash',
        text: 'You have received Tk 1,000.00 from 01711111111.',
        dedupeHash: 'admin-polish-held',
        amount: '1000.00',
        receivedAt: new Date('2026-11-29T04:15:00Z'),
        status: 'matched',
        parseKind: 'payment',
        orderId: held,
        ledgerDirection: 'credit',
        ledgerAmount: '1000.00',
        ledgerFee: '0.00',
        balance: '4300.00',
        ledgerState: 'held',
        ledgerReason: 'balance_gap',
        expectedBalance: '5000.00',
        expectedSince: new Date('2026-11-29T04:02:00Z'),
      },
    });
    await server.app.ctx.prisma.order.update({ where: { id: held }, data: { verificationSmsId: sms.id } });
    server.app.orderViews.drop(held);
    const hook = await server.api.post(
      '/webhooks',
      { webhook: { url: 'https://93.184.215.14/hook', events: ['order.paid'] } },
      admin.token,
    );
    expect(hook.status).toBe(201);

    const opened = await openContext(browser, server.url, { as: admin });
    page = opened.page;
    await page.emulateMedia({ reducedMotion: 'reduce' });
    page.on('dialog', (dialog: Dialog) => {
      dialogs.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.dismiss();
    });
  });

  it('When the admin clicks the bell, then it lists what waits with links, and a link leads there', async () => {
    await page.goto('/admin/orders');
    await expect
      .poll(() => page.getByTestId('alerts-button').getAttribute('aria-label'), WAIT)
      .toContain('4 items wait for you');
    await page.getByTestId('alerts-button').click();
    const list = page.getByRole('dialog', { name: 'What waits for you' });
    await list.waitFor(WAIT);
    const items = list.getByTestId('alerts-item');
    expect(await items.allTextContents()).toEqual([
      '2 orders in the queue2',
      '1 held payment to settle1',
      '1 ticket awaits an answer1',
      '1 wallet phone with a missing SMS1',
    ]);
    expect(await items.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual([
      '/admin/orders',
      '/admin/orders?view=held',
      '/admin/supports',
      '/admin/devices',
    ]);
    expect(await axeViolations(page)).toEqual([]);

    await list.getByRole('link', { name: /ticket awaits an answer/ }).click();
    await page.waitForURL('**/admin/supports', WAIT);
    await list.waitFor({ state: 'hidden', ...WAIT });

    // The list's last button still opens the alert settings.
    await page.getByTestId('alerts-button').click();
    await list.getByRole('button', { name: 'Alert and sound settings' }).click();
    await page.getByRole('dialog', { name: 'Alerts' }).waitFor(WAIT);
    await page.keyboard.press('Escape');
  });

  it('When the admin follows the held link, then the queue shows its held view and the popup offers one choice per path', async () => {
    await page.goto('/admin/orders?view=held');
    const views = page.getByTestId('queue-views');
    // The chips (their radios are visually hidden under the labels) count what the queue holds, as the bell does: two orders, one of them held.
    await views.getByRole('radio', { name: 'Held (1)' }).waitFor({ state: 'attached', ...WAIT });
    expect(await views.getByRole('radio', { name: 'Held (1)' }).isChecked()).toBe(true);
    expect(await views.getByRole('radio', { name: 'All (2)' }).isChecked()).toBe(false);
    const open = page.getByRole('button', { name: /^Open order / }).filter({ visible: true });
    await expect.poll(() => open.count(), WAIT).toBe(1);
    // The queue row says how old the order is and on which wallet it is paid.
    expect(await page.getByRole('row').nth(1).textContent()).toMatch(/bKash.*\d+ min/);
    await open.first().click();
    const popup = page.getByRole('dialog', { name: 'Order details' });
    const decision = popup.getByTestId('order-decision');
    await decision.waitFor(WAIT);
    // The held reason says which message is missing, and between which two times (dates in UTC, product.md §1.6).
    const reason = popup.locator('[data-held-reason="balance_gap"]');
    await reason.waitFor(WAIT);
    expect(await reason.textContent()).toContain(
      'A Tk 700 message is missing on the bKash phone between 29 Nov, 04:02 and 29 Nov, 04:15 (',
    );
    // One reason field, for the path chosen, and each path says what the customer will see.
    expect(await decision.getByRole('textbox').count()).toBe(0);
    await decision.getByText('The customer sees "Payment rejected"', { exact: false }).waitFor(WAIT);
    await decision.getByRole('radio', { name: 'Reject the payment' }).check();
    await decision.getByRole('textbox', { name: 'Why reject (kept on the timeline)' }).waitFor(WAIT);
    expect(await decision.getByRole('textbox').count()).toBe(1);
    expect(await decision.getByRole('button', { name: 'Reject payment' }).isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    // The view chosen is kept for the next visit.
    await views.getByText('Needs payout (0)').click();
    await page.getByText('No order in the queue fits this view').waitFor(WAIT);
    await page.goto('/admin/orders');
    await views.getByRole('radio', { name: 'Needs payout (0)' }).waitFor({ state: 'attached', ...WAIT });
    expect(await views.getByRole('radio', { name: 'Needs payout (0)' }).isChecked()).toBe(true);
    await views.getByText('All (2)').click();
    await expect.poll(() => open.count(), WAIT).toBe(2);
  });

  it('When the admin revokes a phone and deletes a webhook, then a Mantine modal asks and the browser raises no dialog', async () => {
    await page.goto('/admin/devices');
    const card = page.getByTestId('device-card').filter({ hasText: 'Gap phone' });
    await card.getByRole('button', { name: 'Revoke' }).click();
    const ask = page.getByRole('dialog', { name: 'Revoke this phone?' });
    await ask.getByText('Revoke Gap phone? Its token stops working at once.').waitFor(WAIT);
    expect(await axeViolations(page)).toEqual([]);
    // Going back keeps the phone; confirming revokes it.
    await ask.getByRole('button', { name: 'Go back' }).click();
    await ask.waitFor({ state: 'hidden', ...WAIT });
    expect(await card.count()).toBe(1);
    await card.getByRole('button', { name: 'Revoke' }).click();
    await ask.getByRole('button', { name: 'Revoke' }).click();
    await card.waitFor({ state: 'detached', ...WAIT });

    await page.goto('/admin/webhooks');
    await page.getByRole('button', { name: 'Delete' }).first().click();
    const del = page.getByRole('dialog', { name: 'Delete this webhook?' });
    await del.getByRole('button', { name: 'Delete' }).click();
    await del.waitFor({ state: 'hidden', ...WAIT });
    await expect.poll(async () => await server.app.ctx.prisma.webhook.count(), WAIT).toBe(0);
    expect(dialogs).toEqual([]);
  });

  it('When a Bengali admin filters the history on a 360 px phone, then the filters fold, days read DD/MM/YYYY and nothing overflows', async () => {
    const { context, page: phone } = await openContext(browser, server.url, {
      as: admin,
      lang: 'BN',
      width: 360,
      height: 780,
    });
    try {
      await phone.emulateMedia({ reducedMotion: 'reduce' });
      await phone.goto('/admin/orders');
      await phone.getByRole('tab', { name: 'সব অর্ডার' }).click();
      const toggle = phone.getByTestId('history-filters-toggle');
      await toggle.waitFor(WAIT);
      // Folded: the orders show right under the search.
      expect(await phone.getByTestId('history-from').isVisible()).toBe(false);
      await toggle.click();
      const from = phone.getByRole('textbox', { name: 'তারিখ থেকে' });
      await from.waitFor({ state: 'visible', ...WAIT });
      expect(await from.getAttribute('placeholder')).toBe('দিন/মাস/বছর');
      await from.fill('৩১/০২/২০২৬');
      await phone.getByText('সঠিক তারিখ দিন/মাস/বছর আকারে লিখুন').waitFor(WAIT);

      // Today, typed in Bengali digits: the two queued orders were placed today.
      const [year, month, day] = dhakaDate(new Date()).split('-');
      await from.fill(bnDigits(`${day}/${month}/${year}`));
      await phone.getByText('সঠিক তারিখ দিন/মাস/বছর আকারে লিখুন').waitFor({ state: 'detached', ...WAIT });
      await expect.poll(() => toggle.textContent(), WAIT).toContain('১');
      await phone
        .getByRole('button', { name: /^অর্ডার .* খুলুন$/ })
        .first()
        .waitFor(WAIT);
      // Tomorrow onwards: nothing.
      const tomorrow = dhakaDate(new Date(Date.now() + 86_400_000)).split('-');
      await from.fill(`${tomorrow[2]}/${tomorrow[1]}/${tomorrow[0]}`);
      await phone.getByText('এই ফিল্টারে কোনো অর্ডার নেই।').waitFor(WAIT);

      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      expect(await axeViolations(phone)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
