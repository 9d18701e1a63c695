// A guest asks about their order from its page (decision 282): "Need help?" opens the question there, the shop's
// answer appears on the page without a reload, and a timed-out order's advice leads to it instead of the login.
import { describe, expect, it } from 'vitest';
import type { TicketDto } from '#shared/api-types';
import { useTestServer } from '../support/server.js';
import { hasChromium, openContext, useBrowser } from '../support/browser.js';
import { loginAdmin } from '../factories/users.js';

const WAIT = { timeout: 20_000 };

describe.runIf(hasChromium())('Support for guests on the order page', () => {
  const server = useTestServer();
  const browser = useBrowser();

  async function placeTopup(): Promise<string> {
    const res = await server.api.post<{ id: string }>('/orders/1xbet_topup_bdt', {
      order: { pm_method: 'rocket', amount: '250', onex_id: '123456789', contact_email: 'guest@test.local' },
    });
    expect(res.status).toBe(201);
    return res.body.id;
  }

  it('When a guest asks on the order page and staff answer, then the answer appears there live', async () => {
    const id = await placeTopup();
    const admin = await loginAdmin(server);
    const { context, page } = await openContext(browser, server.url);
    try {
      await page.goto(`/orders/${id}`);
      await page.getByRole('button', { name: 'Need help?' }).click();
      await page.getByLabel('Your question').fill('I paid but the order still waits');
      await page.getByRole('button', { name: 'Ask the shop' }).click();
      await page.getByRole('log').getByText('I paid but the order still waits').waitFor(WAIT);
      const ticket = await server.app.ctx.prisma.ticket.findFirstOrThrow({ where: { orderId: id } });
      expect(ticket.userId).toBeNull();

      const answered = await server.api.patch<{ support: TicketDto }>(
        `/supports/${ticket.id}`,
        { support: { text: 'We see it, finishing now' } },
        admin.token,
      );
      expect(answered.status).toBe(200);
      await page.getByRole('log').getByText('We see it, finishing now').waitFor(WAIT);
      await page.getByLabel('Your reply').fill('Thank you');
      await page.getByTestId('guest-support').getByRole('button', { name: 'Send', exact: true }).click();
      await page.getByRole('log').getByText('Thank you').waitFor(WAIT);
      expect(await server.app.ctx.prisma.ticketMessage.count({ where: { ticketId: ticket.id } })).toBe(3);
    } finally {
      await context.close();
    }
  });

  it("When a guest's order timed out, then its advice opens the question on the page, not the login", async () => {
    const id = await placeTopup();
    await server.app.ctx.prisma.order.update({ where: { id }, data: { lastTime: new Date(Date.now() - 1000) } });
    const { context, page } = await openContext(browser, server.url);
    try {
      await page.goto(`/orders/${id}`);
      await page.getByText('Order timed out').waitFor(WAIT);
      await page.getByRole('link', { name: 'support ticket' }).click();
      await page.getByLabel('Your question').waitFor(WAIT);
      expect(new URL(page.url()).pathname).toBe(`/orders/${id}`);
    } finally {
      await context.close();
    }
  });
});
