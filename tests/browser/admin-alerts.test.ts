// The admin's working day in the browser: alerts that reach the admin (a second browser context places an
// order → the admin tab's title counts it and a sound really plays), checkout showing a capped method unavailable,
// the All-orders search finding a completed order by its transaction id, and the cancel confirmation with a reason.
// One server, one browser, one admin page and one customer page.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderDto } from '#shared/api-types';
import { axeViolations } from '../support/axe.js';
import { hasChromium, openContext, useBrowser } from '../support/browser.js';
import { useTestServer } from '../support/server.js';
import { loginAdmin } from '../factories/users.js';
import {
  COMPLETE_CHECKED,
  getOrderAsAdmin,
  placeOrder,
  placePendingOrder,
  TOPUP_BDT,
  topupPayload,
  uniquePmId,
} from '../factories/orders.js';

const WAIT = { timeout: 20_000 };
const shortId = (id: string) => id.slice(0, 10);

/**
 * Counts the audio sources the page starts on a running AudioContext: what makes a sound come out of the speakers.
 * Installed before the app's scripts, so it sees every source the alerts start.
 */
function countSoundsPlayed() {
  const w = window as unknown as { soundsPlayed: number };
  w.soundsPlayed = 0;
  const start = AudioScheduledSourceNode.prototype.start;
  AudioScheduledSourceNode.prototype.start = function (
    this: AudioScheduledSourceNode,
    ...args: Parameters<typeof start>
  ) {
    if (this.context.state === 'running') w.soundsPlayed += 1;
    return start.apply(this, args);
  };
}

describe.runIf(hasChromium())("The admin's alerts, history search and cancel confirmation in the browser", () => {
  const server = useTestServer();
  const browser = useBrowser();
  let adminToken: string;
  let admin: Page;
  let completed: { id: string; pmId: string };
  let pending: string;

  beforeAll(async () => {
    adminToken = (await loginAdmin(server)).token;
    // A completed top-up to find again by its transaction id, a paid one to cancel, and Nagad's daily cap full.
    const pmId = uniquePmId();
    const id = await placeOrder(server, TOPUP_BDT, topupPayload({ amount: '750' }));
    expect((await server.api.patch(`/orders/${id}`, { order: { pm_id: pmId } })).status).toBe(200);
    expect((await server.api.patch(`/orders/${id}`, { order: COMPLETE_CHECKED }, adminToken)).status).toBe(200);
    completed = { id, pmId };
    pending = await placePendingOrder(server);
    expect(
      (
        await server.api.patch(
          '/pms/nagad',
          { pm: { wallet: '01722222222', confirm_wallet: '01722222222', available: true, daily_count_limit: 1 } },
          adminToken,
        )
      ).status,
    ).toBe(200);
    await placeOrder(server, TOPUP_BDT, topupPayload({ pm_method: 'nagad' }));

    const opened = await openContext(browser, server.url, { as: { token: adminToken } });
    await opened.context.addInitScript(countSoundsPlayed);
    admin = opened.page;
  });

  const soundsPlayed = () => admin.evaluate(() => (window as unknown as { soundsPlayed: number }).soundsPlayed);

  it('When the admin enabled sound and a customer places an order in another browser, then the tab title counts it and a sound plays', async () => {
    // No click yet, so the browser keeps sound paused and the header's compact control offers the one click. Playwright's own calls
    // into the page (locators, evaluate) count as a user gesture: the alerts must be up, which their first count
    // request shows on the network, before the test touches the page.
    await Promise.all([
      admin.waitForResponse((res) => res.url().endsWith('/api/v1/admin/waiting'), WAIT),
      admin.goto('/admin/orders'),
    ]);
    const banner = admin.getByTestId('sound-unlock');
    const turnOn = banner.getByRole('button', { name: 'Sound paused: turn on' });
    await turnOn.waitFor(WAIT);
    // It sits in the header, so it pushes no page down.
    expect(await admin.getByRole('banner').getByTestId('sound-unlock').count()).toBe(1);
    // The control shows only in this state, which the screen list of accessibility.test.ts cannot hold still.
    expect(await axeViolations(admin)).toEqual([]);
    await turnOn.click();
    await banner.waitFor({ state: 'detached', ...WAIT });
    // Waiting: the paid order and the Nagad one.
    await expect.poll(() => admin.title(), WAIT).toBe('(2) Orders · Wallet Shop');
    expect(await soundsPlayed()).toBe(0);

    const { context, page: customer } = await openContext(browser, server.url);
    try {
      await customer.goto(`/new/${TOPUP_BDT}`);
      // Nagad's cap is full today: listed, but unavailable until midnight.
      const nagad = customer.getByRole('radio', { name: 'Nagad: Unavailable today' });
      await nagad.waitFor(WAIT);
      expect(await nagad.isDisabled()).toBe(true);
      await customer.getByText('Open again after midnight (Bangladesh time)').waitFor(WAIT);
      await customer.getByRole('radio', { name: 'bKash', exact: true }).check(WAIT);
      await customer.getByRole('textbox', { name: /^Top-up amount/ }).fill('1200');
      await customer.getByRole('textbox', { name: /^1xBet account ID/ }).fill('123456789');
      await customer.getByRole('textbox', { name: /^Contact e-mail/ }).fill('alert.buyer@example.com');
      await customer.getByRole('button', { name: 'Place top-up order' }).click();
      await customer.waitForURL('**/orders/**', WAIT);
    } finally {
      await context.close();
    }

    await expect.poll(() => admin.title(), WAIT).toBe('(3) Orders · Wallet Shop');
    await expect.poll(soundsPlayed, WAIT).toBeGreaterThan(0);
    // The bell says it too, and the tab's icons carry the badge drawn on a canvas.
    expect(await admin.getByTestId('alerts-button').getAttribute('aria-label')).toContain('3 items wait for you');
    const icons = await admin
      .locator('link[rel~="icon"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(icons.length).toBeGreaterThan(0);
    for (const href of icons) expect(href).toMatch(/^data:image\/png;base64,/);
  });

  it('When the admin searches All orders for a completed order transaction id, then exactly that order is listed', async () => {
    await admin.getByRole('tab', { name: 'All orders' }).click();
    await admin.getByTestId('history-search').fill(completed.pmId);
    await admin
      .getByRole('button', { name: `Open order ${shortId(completed.id)}` })
      .filter({ visible: true })
      .first()
      .waitFor(WAIT);
    await expect
      .poll(
        () =>
          admin
            .getByRole('button', { name: /^Open order / })
            .filter({ visible: true })
            .count(),
        WAIT,
      )
      .toBe(1);
    await admin.getByTestId('history-search').fill('');
  });

  it('When the admin clicks Cancel, then a confirmation asks for a reason; keeping changes nothing; confirming cancels with the reason shown', async () => {
    await admin.getByRole('tab', { name: 'Queue' }).click();
    await admin
      .getByRole('button', { name: `Open order ${shortId(pending)}` })
      .filter({ visible: true })
      .first()
      .click();
    const detail = admin.getByRole('dialog', { name: 'Order details' });
    await detail.getByRole('button', { name: 'Cancel order' }).click();
    const confirm = admin.getByRole('dialog', { name: 'Cancel this order?' });
    const reason = confirm
      .getByRole('textbox', { name: 'Reason' })
      .or(confirm.getByRole('combobox', { name: 'Reason' }))
      .first();
    await reason.waitFor(WAIT);
    await confirm.getByRole('button', { name: 'Keep the order' }).click();
    await confirm.waitFor({ state: 'hidden', ...WAIT });
    expect((await getOrderAsAdmin(server, pending, adminToken)).status).toBe('pending');

    await detail.getByRole('button', { name: 'Cancel order' }).click();
    await reason.click();
    await admin.getByRole('option', { name: 'Wrong amount paid' }).click();
    await confirm.getByRole('textbox', { name: /^Note to the customer/ }).fill('Please pay 500 exactly');
    await confirm.getByRole('button', { name: 'Yes, cancel the order' }).click();
    await admin.getByText('Order Cancelled').first().waitFor(WAIT);
    const cancelled: AdminOrderDto = await getOrderAsAdmin(server, pending, adminToken);
    expect(cancelled).toMatchObject({
      status: 'admin_cancelled',
      cancel_reason: 'wrong_amount',
      cancel_note: 'Please pay 500 exactly',
    });
    // It left the queue, and the title counts one less.
    await expect.poll(() => admin.title(), WAIT).toBe('(2) Orders · Wallet Shop');

    // The history shows the reason.
    await admin.getByRole('tab', { name: 'All orders' }).click();
    await admin.getByTestId('history-search').fill(shortId(pending));
    await admin
      .getByRole('button', { name: `Open order ${shortId(pending)}` })
      .filter({ visible: true })
      .first()
      .click();
    await detail.getByText('Wrong amount paid').waitFor(WAIT);
    await detail.getByText('Please pay 500 exactly').waitFor(WAIT);
  });
});
