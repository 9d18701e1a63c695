// "Make a template from this SMS": the admin pastes a message the shop does not read, marks the
// amount by selecting it with the mouse and picks the TrxID, sender and time from lists; the template is built,
// tested live, saved, and the next SMS of that wording is read. The built-in templates are listed per wallet.
import { describe, expect, it } from 'vitest';
import { loginAdmin } from '../factories/users.js';
import { axeViolations } from '../support/axe.js';
import { hasChromium, openContext, useBrowser } from '../support/browser.js';
import { useTestServer } from '../support/server.js';
import { registerForwarder } from '../support/sms-forwarder.js';

const GIFT = 'Gift received! Tk 1,250.00 from 01712345678. Ref birthday. TrxID GFT7Q2M9XA at 26/11/2026 10:15';

describe.runIf(hasChromium())('Making an SMS template in the browser', () => {
  const server = useTestServer();
  const browser = useBrowser();

  it('When the admin marks the parts of a pasted SMS, then the template reads it and the next SMS of that wording', async () => {
    const admin = await loginAdmin(server);
    const { context, page } = await openContext(browser, server.url, { as: admin });
    try {
      await page.goto('/admin/sms?tab=templates');
      const builtin = page.getByTestId('builtin-templates');
      await builtin
        .locator('[data-template-id="bkash.send_money_received"]')
        .getByText('Money received (Send Money to a personal number)')
        .waitFor({ timeout: 15_000 });
      await builtin.getByText('Nagad', { exact: true }).click();
      await builtin.locator('[data-template-id="nagad.money_received"]').waitFor();
      expect(await builtin.locator('[data-template-id^="bkash."]').count()).toBe(0);

      const builder = page.getByTestId('template-builder');
      await builder.getByLabel('The SMS').fill(GIFT);
      // The amount by selecting it in the message.
      const message = builder.getByTestId('builder-message');
      await message.waitFor();
      await message.evaluate((root, value) => {
        const node = root.firstChild!.firstChild as Text;
        const start = node.data.indexOf(value);
        const range = document.createRange();
        range.setStart(node, start);
        range.setEnd(node, start + value.length);
        window.getSelection()!.removeAllRanges();
        window.getSelection()!.addRange(range);
      }, '1,250.00');
      await builder.getByRole('button', { name: 'Amount', exact: true }).click();
      await message.locator('mark[data-part="amount"]').getByText('1,250.00').waitFor();
      await builder.getByTestId('builder-failure').getByText('Mark the TrxID').waitFor();
      // The rest picked from the lists.
      for (const [label, value] of [
        ['Pick the TrxID', 'GFT7Q2M9XA'],
        ['Pick the Sender', '01712345678'],
        ['Pick the Time', '26/11/2026 10:15'],
      ]) {
        await builder
          .getByRole('textbox', { name: label })
          .or(builder.getByRole('combobox', { name: label }))
          .first()
          .click();
        await page.getByRole('option', { name: value }).click();
      }
      await builder
        .getByTestId('template-test')
        .getByText(/Reads: amount .*1,250.*TrxID GFT7Q2M9XA, sender 01712345678/)
        .waitFor({ timeout: 5_000 });
      expect(await axeViolations(page)).toEqual([]);
      await builder.getByLabel('Name').fill('bKash gift');
      await builder.getByRole('button', { name: 'Save this template' }).click();
      await page.getByText('bKash gift', { exact: true }).waitFor({ timeout: 10_000 });

      const saved = await server.app.ctx.prisma.smsTemplate.findFirstOrThrow({ where: { label: 'bKash gift' } });
      expect(saved.timeFormat).toBe('day-month-year');
      const phone = await registerForwarder(server, admin.token, 'bkash', 'Desk bKash');
      const sms = await phone.post({
        text: 'Gift received! Tk 600.00 from 01898765432. Ref birthday. TrxID GFT0A1B2C3 at 27/11/2026 09:05',
      });
      const stored = await server.app.ctx.prisma.smsMessage.findUniqueOrThrow({ where: { id: sms.body.sms.id } });
      expect([stored.parseKind, stored.trxId, stored.templateId]).toEqual([
        'payment',
        'GFT0A1B2C3',
        `custom-${saved.id}`,
      ]);
    } finally {
      await context.close();
    }
  });
});
