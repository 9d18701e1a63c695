// A live ticket chat between a customer and an admin in two browser contexts, without any reload.
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/server.js';
import { hasChromium, openContext, useBrowser } from '../support/browser.js';
import { createUser, loginAdmin } from '../factories/users.js';

describe.runIf(hasChromium())('Support chat in the browser', () => {
  const server = useTestServer();
  const browser = useBrowser();

  it('When a user and an admin write to each other, then each side sees the other live and the close', async () => {
    const customer = await createUser(server, { name: 'Rahim' });
    const admin = await loginAdmin(server);
    const user = await openContext(browser, server.url, { as: customer });
    const staff = await openContext(browser, server.url, { as: admin });
    try {
      // The customer opens a ticket through the form.
      await user.page.goto('/account/supports');
      await user.page.getByRole('link', { name: 'New ticket' }).click();
      await user.page.waitForURL('**/account/supports/new', { timeout: 15_000 });
      await user.page
        .getByRole('textbox', { name: 'Subject' })
        .or(user.page.getByRole('combobox', { name: 'Subject' }))
        .first()
        .click();
      await user.page.getByRole('option', { name: '1xBet Topup (BDT)' }).click();
      await user.page.getByLabel('Message').fill('short');
      await user.page.getByRole('button', { name: 'Send ticket' }).click();
      await user.page.getByText('Please write a longer message').waitFor({ timeout: 10_000 });
      await user.page.getByLabel('Message').fill('My top-up of 500 BDT has not arrived yet');
      await user.page.getByRole('button', { name: 'Send ticket' }).click();
      await user.page.waitForURL(/\/account\/supports\/(?!new)[\w-]+$/, { timeout: 15_000 });
      const ticketId = new URL(user.page.url()).pathname.split('/').pop()!;
      const userLog = user.page.getByRole('log', { name: 'Conversation' });
      await userLog.getByText('My top-up of 500 BDT has not arrived yet').waitFor({ timeout: 10_000 });

      // The admin finds it in the list and replies.
      await staff.page.goto('/admin/supports');
      await staff.page
        .getByRole('cell', { name: 'My top-up of 500 BDT has not arrived yet' })
        .waitFor({ timeout: 15_000 });
      await staff.page.goto(`/admin/supports/${ticketId}`);
      const staffLog = staff.page.getByRole('log', { name: 'Conversation' });
      await staffLog.getByText('My top-up of 500 BDT has not arrived yet').waitFor({ timeout: 10_000 });
      await staff.page.getByRole('textbox', { name: 'Your reply' }).fill('We are checking your payment now');
      await staff.page.getByRole('button', { name: 'Send', exact: true }).click();
      await staffLog.getByText('We are checking your payment now').waitFor({ timeout: 10_000 });

      // The reply reaches the customer's open page without a reload.
      await userLog.getByText('We are checking your payment now').waitFor({ timeout: 15_000 });
      await user.page.getByRole('textbox', { name: 'Your reply' }).fill('Thank you!');
      await user.page.getByRole('button', { name: 'Send', exact: true }).click();
      await staffLog.getByText('Thank you!').waitFor({ timeout: 15_000 });
      // Own messages arrive twice (answer and push) but are shown once.
      await expect.poll(() => userLog.getByText('Thank you!').count(), { timeout: 5_000 }).toBe(1);

      // The admin closes; the customer's page turns closed: no reply form, a way back to the list.
      await staff.page.getByRole('button', { name: 'Close ticket' }).click();
      await staff.page.getByText('This ticket is closed').waitFor({ timeout: 10_000 });
      await user.page.getByText('This ticket is closed').waitFor({ timeout: 15_000 });
      expect(await user.page.getByRole('textbox', { name: 'Your reply' }).count()).toBe(0);
      await user.page.getByRole('link', { name: 'Back to tickets' }).first().waitFor();
      const stored = await server.app.ctx.prisma.ticket.findUniqueOrThrow({ where: { id: ticketId } });
      expect(stored.status).toBe('closed');
    } finally {
      await user.context.close();
      await staff.context.close();
    }
  });
});
