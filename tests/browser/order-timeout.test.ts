// An open order page follows the order to its end without a reload: the server's sweep times it out (product.md §7.2),
// and a customer's own cancel replaces the view with the order the server returned.
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/server.js';
import { hasChromium, openContext, useBrowser } from '../support/browser.js';

const WAIT = { timeout: 20_000 };

describe.runIf(hasChromium())('Order page, to the end', () => {
  const server = useTestServer();
  const browser = useBrowser();

  async function placeTopup(): Promise<string> {
    const res = await server.api.post<{ id: string }>('/orders/1xbet_topup_bdt', {
      order: { pm_method: 'rocket', amount: '250', onex_id: '123456789', contact_email: 'guest@test.local' },
    });
    expect(res.status).toBe(201);
    return res.body.id;
  }

  it('When a waiting order runs out of time, then the open page shows it timed out with the advice, unreloaded', async () => {
    const id = await placeTopup();
    const { context, page } = await openContext(browser, server.url);
    try {
      await page.goto(`/orders/${id}`);
      await page.getByText('Time left to complete').waitFor(WAIT);
      await page.evaluate(() => {
        (window as unknown as { __sameLoad: boolean }).__sameLoad = true;
      });
      // Its time runs out in the database; the sweeper (not the page) moves it.
      await server.app.ctx.prisma.order.update({ where: { id }, data: { lastTime: new Date(Date.now() + 1500) } });
      await page.getByText('Order timed out').waitFor(WAIT);
      await page.getByText('support ticket').first().waitFor(WAIT);
      expect(await page.evaluate(() => (window as unknown as { __sameLoad?: boolean }).__sameLoad)).toBe(true);
      const events = await server.app.ctx.prisma.orderEvent.findMany({
        where: { orderId: id },
        orderBy: { id: 'asc' },
      });
      expect(events.map((e) => [e.toStatus, e.actor])).toEqual([
        ['waiting', 'customer'],
        ['timedout', 'system'],
      ]);
    } finally {
      await context.close();
    }
  });

  it('When the customer cancels, then the page shows the cancelled view and the timeline records it', async () => {
    const id = await placeTopup();
    const { context, page } = await openContext(browser, server.url);
    try {
      await page.goto(`/orders/${id}`);
      await page.getByRole('button', { name: 'Cancel order' }).click();
      await page.getByRole('button', { name: 'Yes, cancel' }).click();
      await page.getByText('You cancelled this order').waitFor(WAIT);
      expect((await server.app.ctx.prisma.order.findUniqueOrThrow({ where: { id } })).status).toBe('user_cancelled');
    } finally {
      await context.close();
    }
  });
});
