// The admin's reports in the browser: /admin/stats shows the server's figures for today's seeded orders
// in its KPI cards and draws the charts, and the range switch asks for another period; /admin/audit lists the
// admin's actions as sentences in the reader's language and filters them by action. One server, one
// browser, one page, and a Bengali phone for the Bengali sentences.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe.js';
import { hasChromium, openContext, useBrowser } from '../support/browser.js';
import { useTestServer } from '../support/server.js';
import { createUser, loginAdmin, type TestUser } from '../factories/users.js';
import { COMPLETE_CHECKED, placePendingOrder } from '../factories/orders.js';
import { insertOrderRows } from '../factories/order-rows.js';

const WAIT = { timeout: 20_000 };

describe.runIf(hasChromium())('admin console reports in the browser', () => {
  const server = useTestServer();
  const browser = useBrowser();
  let page: Page;
  let admin: TestUser;
  let completedId: string;
  let customer: TestUser;

  beforeAll(async () => {
    admin = await loginAdmin(server);
    // Today (a second ago, so still today in Dhaka): three top-ups completed after 5, 10 and 15 minutes and one
    // timed out; then one more completed through the API (its completion takes about no time at all).
    const createdAt = new Date(Date.now() - 1000);
    await insertOrderRows(server, [
      {
        product: '1xbet_topup_bdt',
        method: 'bkash',
        status: 'complete',
        amount: '1000.00',
        pmAmount: '1000.00',
        createdAt,
        moves: [
          ['pending', 60],
          ['complete', 300],
        ],
      },
      {
        product: '1xbet_topup_bdt',
        method: 'nagad',
        status: 'complete',
        amount: '250.50',
        pmAmount: '250.50',
        createdAt,
        moves: [
          ['pending', 60],
          ['complete', 600],
        ],
      },
      {
        product: '1xbet_withdraw_bdt',
        method: 'bkash',
        status: 'complete',
        amount: '2000.00',
        pmAmount: '2000.00',
        createdAt,
        moves: [['complete', 900]],
      },
      {
        product: '1xbet_topup_bdt',
        method: 'rocket',
        status: 'timedout',
        amount: '700.00',
        pmAmount: '700.00',
        createdAt,
        moves: [['timedout', 900]],
      },
    ]);
    completedId = await placePendingOrder(server);
    expect((await server.api.patch(`/orders/${completedId}`, { order: COMPLETE_CHECKED }, admin.token)).status).toBe(
      200,
    );
    customer = await createUser(server, { name: 'Jamal Audit' });
    expect((await server.api.patch(`/users/${customer.id}`, { user: { role: 'blocked' } }, admin.token)).status).toBe(
      200,
    );

    const opened = await openContext(browser, server.url, { as: admin, lang: 'EN' });
    page = opened.page;
  });

  it("When the admin opens the statistics, then the cards show today's figures, the charts are drawn and 7 days can be chosen", async () => {
    await page.goto('/admin/stats');
    await page.getByRole('link', { name: 'Statistics' }).waitFor(WAIT);
    const value = (id: string) => page.getByTestId(`${id}-value`);
    await expect.poll(() => value('kpi-orders').textContent(), WAIT).toBe('5');
    expect(await value('kpi-completed').textContent()).toBe('4');
    // Money in: the top-ups, 500.00 (the API's order) + 1000.00 + 250.50; money out: the 2000.00 withdrawal; apart.
    expect(await value('kpi-money-in').textContent()).toBe('1,750.50 BDT');
    expect(await page.getByTestId('kpi-money-in').getByText('3 completed top-ups', { exact: false }).isVisible()).toBe(
      true,
    );
    expect(await value('kpi-money-out').textContent()).toBe('2,000.00 BDT');
    expect(await value('kpi-net').textContent()).toBe('-249.50 BDT');
    // About 0, 300, 600 and 900 seconds: the median is the second.
    expect(await value('kpi-p50').textContent()).toBe('5 min 0 s');
    expect(await value('kpi-p90').textContent()).toBe('15 min 0 s');
    expect(await value('kpi-timeouts').textContent()).toBe('1');

    // The charts draw one bar per status that day, the wallets' stacks, and the products' bars with exact figures.
    const perDay = page.getByTestId('chart-orders-per-day');
    await expect.poll(() => perDay.locator('.recharts-bar-rectangle path').count(), WAIT).toBeGreaterThanOrEqual(2);
    expect(await perDay.getByRole('heading', { name: 'Orders per day' }).isVisible()).toBe(true);
    const perMethod = page.getByTestId('chart-volume-per-method');
    await expect.poll(() => perMethod.locator('.recharts-bar-rectangle path').count(), WAIT).toBeGreaterThanOrEqual(3);
    expect(await perMethod.getByText('bKash: 3,500.00 BDT').isVisible()).toBe(true);
    expect(
      await page.getByTestId('chart-volume-per-product').getByText('1xBet Topup (BDT): 1,750.50 BDT').isVisible(),
    ).toBe(true);

    // Seven days: the same orders (all of today), a period of seven dates and one bar group per day.
    await page.getByText('7 days', { exact: true }).click();
    await page.waitForURL('**/admin/stats?range=7d', WAIT);
    await expect.poll(() => page.getByTestId('stats-period').textContent(), WAIT).toMatch(/ to /);
    await expect
      .poll(() => perDay.locator('.recharts-xAxis .recharts-cartesian-axis-tick').count(), WAIT)
      .toBeGreaterThan(1);
    expect(await value('kpi-orders').textContent()).toBe('5');
  });

  it('When the admin opens the audit log, then each entry reads as a sentence with its target linked, and the action filter narrows the list', async () => {
    await page.goto('/admin/audit');
    const table = page.getByRole('table');
    const sentences = table.getByTestId('audit-sentence');
    const short = completedId.slice(0, 10);
    await sentences.filter({ hasText: 'completed order' }).first().waitFor(WAIT);
    // "Rahim completed order 8XK2…", built from the entry's action, target and before/after.
    expect(await sentences.allTextContents()).toEqual(
      expect.arrayContaining([
        `${admin.name} completed order ${short}`,
        `${admin.name} changed the role of user ${customer.id} from User to Blocked`,
      ]),
    );
    expect(await table.getByRole('link', { name: short }).getAttribute('href')).toBe(
      `/orders/${encodeURIComponent(completedId)}`,
    );
    expect(await table.getByText('role: user → blocked').isVisible()).toBe(true);

    const select = (name: string) =>
      page.getByRole('textbox', { name }).or(page.getByRole('combobox', { name })).first();
    await select('Action').click();
    await page.getByRole('option', { name: 'Changed a role' }).click();
    await sentences
      .filter({ hasText: 'completed order' })
      .first()
      .waitFor({ state: 'detached', ...WAIT });
    expect(await table.getByRole('row').count()).toBe(2);
    expect(await table.getByRole('link', { name: customer.id }).isVisible()).toBe(true);

    // The admin filter offers the one admin who acted; choosing them keeps the role change.
    await select('Admin').click();
    await page.getByRole('option', { name: admin.name, exact: true }).click();
    await expect.poll(() => table.getByRole('row').count(), WAIT).toBe(2);
  });

  it('When a Bengali reader opens the audit log on a phone, then the same entries read as Bengali sentences', async () => {
    const { context, page: bn } = await openContext(browser, server.url, {
      as: admin,
      lang: 'BN',
      width: 360,
      height: 780,
    });
    try {
      await bn.goto('/admin/audit');
      const short = completedId.slice(0, 10);
      const sentences = bn.getByTestId('audit-sentence');
      await sentences.filter({ hasText: 'সম্পন্ন করেছেন' }).first().waitFor(WAIT);
      expect(await sentences.allTextContents()).toEqual(
        expect.arrayContaining([
          `${admin.name} অর্ডার ${short} সম্পন্ন করেছেন`,
          `${admin.name} ব্যবহারকারী ${customer.id}-এর ভূমিকা বদলেছেন: ব্যবহারকারী থেকে ব্লক করা`,
        ]),
      );
      expect(await axeViolations(bn)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
