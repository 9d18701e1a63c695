// The support console end to end: a Bengali-speaking customer asks about an order from its page, the
// admin sees that order beside the chat and answers with a canned reply, inserted in Bengali with the order's
// values, which reaches the customer live. One server, one browser, two contexts.
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/server.js';
import { hasChromium, openContext, useBrowser } from '../support/browser.js';
import { createUser, loginAdmin } from '../factories/users.js';
import { placeOrder, withdrawPayload, WITHDRAW_BDT } from '../factories/orders.js';

const WAIT = { timeout: 15_000 };

describe.runIf(hasChromium())('Support console in the browser', () => {
  const server = useTestServer();
  const browser = useBrowser();

  it('When a BN customer asks about an order, then the admin sees it beside the chat and sends a canned reply filled in Bengali', async () => {
    const admin = await loginAdmin(server);
    const customer = await createUser(server, { name: 'Sadia Rahman' });
    const reply = await server.api.post(
      '/replies',
      {
        reply: {
          title: 'Withdrawal sent',
          text_en: 'Order {order_id}: we sent {amount} to {wallet}.',
          text_bn: 'অর্ডার {order_id}: {wallet} নম্বরে {amount} পাঠানো হয়েছে।',
        },
      },
      admin.token,
    );
    expect(reply.status).toBe(201);
    const order = await placeOrder(
      server,
      WITHDRAW_BDT,
      withdrawPayload({ amount: '1500', wallet: '01712345678' }),
      customer.token,
    );

    const user = await openContext(browser, server.url, { as: customer, lang: 'BN', width: 360, height: 780 });
    const staff = await openContext(browser, server.url, { as: admin, lang: 'EN' });
    try {
      // The customer's order page: "Need help?" opens a ticket about this order, its product as the subject.
      await user.page.goto(`/orders/${order}`);
      await user.page.getByTestId('need-help').click();
      await user.page.waitForURL(`**/account/supports/new?order=${order}`, WAIT);
      await user.page.getByTestId('ticket-about-order').getByText(order).waitFor(WAIT);
      await user.page.getByRole('textbox', { name: 'বার্তা' }).fill('আমার উইথড্র এখনো আসেনি, দয়া করে দেখুন');
      await user.page.getByRole('button', { name: 'টিকিট পাঠান' }).click();
      await user.page.waitForURL(/\/account\/supports\/(?!new)[\w-]+$/, WAIT);
      const ticketId = new URL(user.page.url()).pathname.split('/').pop()!;
      await user.page.getByTestId('ticket-order').getByText(order).waitFor(WAIT);
      const stored = await server.app.ctx.prisma.ticket.findUniqueOrThrow({ where: { id: ticketId } });
      expect(stored).toMatchObject({ orderId: order, lang: 'bn', subject: WITHDRAW_BDT });

      // The admin opens it: the order beside the chat, then the canned reply in the ticket's language.
      await staff.page.goto(`/admin/supports/${ticketId}`);
      const card = staff.page.getByTestId('ticket-order');
      await card.getByText(order).waitFor(WAIT);
      await card.getByText('1xBet Withdraw (BDT)').waitFor();
      await card.getByText('1,500.00 BDT').waitFor();
      // Wallet numbers are grouped for reading (client/README.md, "Dates, wallet numbers, confirmations").
      await card.getByText('01712-345678').waitFor();
      expect(await card.getByRole('link', { name: 'Open in orders' }).getAttribute('href')).toBe(
        `/admin/orders?q=${order}`,
      );
      await staff.page.getByLabel('Canned reply').first().click();
      await staff.page.getByRole('option', { name: 'Withdrawal sent' }).click();
      const filled = `অর্ডার ${order}: নগদ ০১৭১২৩৪৫৬৭৮ নম্বরে ১,৫০০.০০ টাকা পাঠানো হয়েছে।`;
      const box = staff.page.getByRole('textbox', { name: 'Your reply' });
      await expect.poll(() => box.inputValue(), WAIT).toBe(filled);
      await staff.page.getByRole('button', { name: 'Send', exact: true }).click();
      await staff.page.getByRole('log', { name: 'Conversation' }).getByText(filled).waitFor(WAIT);

      // It reaches the customer's open ticket without a reload.
      await user.page.getByRole('log').getByText(filled).waitFor(WAIT);
      const last = await server.app.ctx.prisma.ticketMessage.findFirstOrThrow({
        where: { ticketId },
        orderBy: { id: 'desc' },
      });
      expect(last).toMatchObject({ sender: 'admin', text: filled });
    } finally {
      await user.context.close();
      await staff.context.close();
    }
  });
});
