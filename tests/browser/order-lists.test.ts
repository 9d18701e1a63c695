// The order lists built on the one OrderTable (client/README.md, "Order lists"): the customer's orders, the admin queue and the admin's
// user page, as a table on a desktop and as cards on a phone, in EN and BN.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, openContext, useBrowser } from '../support/browser.js';
import { useTestServer } from '../support/server.js';
import { createUser, loginAdmin, type TestUser } from '../factories/users.js';
import { placeOrder, TOPUP_BDT, TOPUP_USD, topupPayload, uniquePmId } from '../factories/orders.js';

const WAIT = { timeout: 20_000 };
const PHONE = { width: 360, height: 780 };

describe.runIf(hasChromium())('order lists in the browser', () => {
  const server = useTestServer();
  const browser = useBrowser();
  let customer: TestUser;
  let admin: TestUser;
  let paidId: string;
  let waitingId: string;

  beforeAll(async () => {
    customer = await createUser(server, { name: 'Nusrat Lists' });
    admin = await loginAdmin(server);
    paidId = await placeOrder(server, TOPUP_USD, topupPayload({ amount: '12.50', pm_method: 'nagad' }), customer.token);
    expect((await server.api.patch(`/orders/${paidId}`, { order: { pm_id: uniquePmId() } })).status).toBe(200);
    waitingId = await placeOrder(server, TOPUP_BDT, topupPayload({ amount: '1500' }), customer.token);
  });

  /** The element lies inside the viewport's width: a phone sees it without scrolling sideways. */
  async function fitsWidth(page: Page, name: string, width: number) {
    const box = await page.getByText(name, { exact: true }).filter({ visible: true }).first().boundingBox();
    return box !== null && box.x >= 0 && box.x + box.width <= width;
  }

  it('When a customer opens their orders on a desktop, then each row links its whole id to the order page beside product and status', async () => {
    const { context, page } = await openContext(browser, server.url, { as: customer });
    try {
      await page.goto('/account/orders');
      // The customer's own table shows the whole id; only the admin table cuts it to 10 characters (product.md §7.1).
      const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: paidId, exact: true }) });
      await row.waitFor(WAIT);
      expect(await row.getByText('1xBet Topup (USD)').isVisible()).toBe(true);
      expect(await row.getByText('Processing').isVisible()).toBe(true);
      const waitingRow = page
        .getByRole('row')
        .filter({ has: page.getByRole('link', { name: waitingId, exact: true }) });
      expect(await waitingRow.getByText('Waiting').isVisible()).toBe(true);
      await page.getByRole('link', { name: paidId, exact: true }).click();
      await page.waitForURL(`**/orders/${encodeURIComponent(paidId)}`, WAIT);
    } finally {
      await context.close();
    }
  });

  it('When a customer opens their orders on a phone in BN, then each order is a card with its link, status and Bengali date', async () => {
    const { context, page } = await openContext(browser, server.url, { as: customer, lang: 'BN', ...PHONE });
    try {
      await page.goto('/account/orders');
      const link = page.getByRole('link', { name: waitingId, exact: true }).filter({ visible: true });
      await link.waitFor(WAIT);
      expect(await page.getByRole('table').filter({ visible: true }).count()).toBe(0);
      expect(await fitsWidth(page, waitingId, PHONE.width)).toBe(true);
      expect(await fitsWidth(page, 'প্রক্রিয়াধীন', PHONE.width)).toBe(true);
      expect(await fitsWidth(page, 'অপেক্ষমাণ', PHONE.width)).toBe(true);
      await page
        .getByText(/^[০-৯]{2} [^,]+, [০-৯]{2}:[০-৯]{2}$/)
        .filter({ visible: true })
        .first()
        .waitFor(WAIT);
      expect(await link.getAttribute('href')).toBe(`/orders/${encodeURIComponent(waitingId)}`);
    } finally {
      await context.close();
    }
  });

  it('When the admin works the queue on a phone, then each order is one button that opens its details with the amount', async () => {
    const { context, page } = await openContext(browser, server.url, { as: admin, ...PHONE });
    try {
      await page.goto('/admin/orders');
      const card = page.getByRole('button', { name: `Open order ${paidId.slice(0, 10)}` });
      await card.waitFor(WAIT);
      expect(await card.getByText('12.50 USD').isVisible()).toBe(true);
      expect(await fitsWidth(page, 'Processing', PHONE.width)).toBe(true);
      await card.click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText(paidId, { exact: true }).waitFor(WAIT);
      expect(await dialog.getByRole('button', { name: 'Complete', exact: true }).isEnabled()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it("When the admin opens a customer's page, then the latest orders show their links, amounts and exact status, on a phone too", async () => {
    for (const viewport of [{ width: 1280, height: 900 }, PHONE]) {
      const { context, page } = await openContext(browser, server.url, { as: admin, ...viewport });
      try {
        await page.goto(`/admin/users/${encodeURIComponent(customer.id)}`);
        const link = page.getByRole('link', { name: paidId.slice(0, 10), exact: true });
        await link.waitFor(WAIT);
        expect(await link.getAttribute('href')).toBe(`/orders/${encodeURIComponent(paidId)}`);
        await page.getByText('12.50 USD', { exact: true }).filter({ visible: true }).first().waitFor(WAIT);
        await page.getByText('1,500.00 BDT', { exact: true }).filter({ visible: true }).first().waitFor(WAIT);
        expect(await fitsWidth(page, 'Processing', viewport.width), `width ${viewport.width}`).toBe(true);
        expect(await fitsWidth(page, 'Waiting', viewport.width), `width ${viewport.width}`).toBe(true);
      } finally {
        await context.close();
      }
    }
  });
});
