// Pictures in the support chat: the customer attaches a payment screenshot, staff see its
// thumbnail arrive live and open it larger; staff answer with a picture alone and the customer sees it live.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { openTicket } from '../factories/tickets.js';
import { placeOrder, TOPUP_BDT, topupPayload } from '../factories/orders.js';
import { createUser, loginAdmin } from '../factories/users.js';
import { axeViolations } from '../support/axe.js';
import { hasChromium, openContext, useBrowser } from '../support/browser.js';
import { useTestServer } from '../support/server.js';

const picture = (width: number, height: number, colour: string) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

describe.runIf(hasChromium())('Ticket pictures in the browser', () => {
  const server = useTestServer();
  const browser = useBrowser();

  it('When the customer attaches a screenshot and staff answer with a picture, then each side sees the other picture live and opens it larger', async () => {
    const customer = await createUser(server, { name: 'Rahim' });
    const admin = await loginAdmin(server);
    const ticketId = await openTicket(server, customer, { text: 'My top-up of 500 BDT has not arrived yet' });
    const user = await openContext(browser, server.url, { as: customer });
    const staff = await openContext(browser, server.url, { as: admin });
    try {
      await user.page.goto(`/account/supports/${ticketId}`);
      await staff.page.goto(`/admin/supports/${ticketId}`);
      const userLog = user.page.getByRole('log', { name: 'Conversation' });
      const staffLog = staff.page.getByRole('log', { name: 'Conversation' });
      await userLog.getByText('My top-up of 500 BDT has not arrived yet').waitFor({ timeout: 15_000 });
      await staffLog.getByText('My top-up of 500 BDT has not arrived yet').waitFor({ timeout: 15_000 });

      // A GIF is refused in the page, before anything is sent.
      const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
        .gif()
        .toBuffer();
      await user.page
        .getByLabel('Attach a picture')
        .setInputFiles({ name: 'a.gif', mimeType: 'image/gif', buffer: gif });
      await user.page.getByText('Only JPG and PNG are allowed').waitFor({ timeout: 5_000 });

      // The screenshot with a few words.
      await user.page
        .getByLabel('Attach a picture')
        .setInputFiles({
          name: 'bkash-payment.png',
          mimeType: 'image/png',
          buffer: await picture(720, 1280, '#e2136e'),
        });
      await user.page.getByTestId('picture-preview').getByText('bkash-payment.png').waitFor({ timeout: 5_000 });
      expect(await user.page.getByText('Only JPG and PNG are allowed').count()).toBe(0);
      await user.page.getByRole('textbox', { name: 'Your reply' }).fill('Here is my payment screen');
      await user.page.getByRole('button', { name: 'Send', exact: true }).click();
      await userLog.getByRole('img', { name: 'Picture from You' }).waitFor({ timeout: 15_000 });
      expect(await user.page.getByTestId('picture-preview').count()).toBe(0);

      // Staff get it without a reload, as a thumbnail, and open it larger.
      const thumb = staffLog.getByRole('img', { name: 'Picture from Customer' });
      await thumb.waitFor({ timeout: 15_000 });
      await staffLog.getByText('Here is my payment screen').waitFor();
      await expect
        .poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalHeight), { timeout: 10_000 })
        .toBe(320);
      expect(await axeViolations(staff.page)).toEqual([]);
      await staffLog.getByRole('button', { name: 'Open the picture from Customer' }).click();
      const full = staff.page.getByTestId('ticket-picture-full');
      await full.waitFor({ timeout: 15_000 });
      await expect
        .poll(() => full.evaluate((img: HTMLImageElement) => img.naturalHeight), { timeout: 10_000 })
        .toBe(1280);
      expect(await axeViolations(staff.page)).toEqual([]);
      await staff.page.getByRole('button', { name: 'Close the picture' }).click();

      // Staff answer with a picture alone; the customer sees it arrive.
      await staff.page.getByLabel('Attach a picture').setInputFiles({
        name: 'payout.jpg',
        mimeType: 'image/jpeg',
        buffer: await sharp(await picture(400, 300, '#2f9e44'))
          .jpeg()
          .toBuffer(),
      });
      await staff.page.getByRole('button', { name: 'Send', exact: true }).click();
      const answer = userLog.getByRole('img', { name: 'Picture from Support' });
      await answer.waitFor({ timeout: 15_000 });
      await expect
        .poll(() => answer.evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 10_000 })
        .toBe(320);
      expect(await axeViolations(user.page)).toEqual([]);

      const stored = await server.app.ctx.prisma.ticketMessage.findMany({
        where: { ticketId, picture: { not: null } },
        orderBy: { id: 'asc' },
      });
      expect(stored.map((m) => [m.sender, m.text, m.pictureWidth, m.pictureHeight])).toEqual([
        ['user', 'Here is my payment screen', 720, 1280],
        ['admin', '', 400, 300],
      ]);
    } finally {
      await user.context.close();
      await staff.context.close();
    }
  });

  it('When a customer opens a new ticket with a screenshot, then its first message carries the picture', async () => {
    const customer = await createUser(server, { name: 'Karim' });
    const user = await openContext(browser, server.url, { as: customer });
    try {
      // From the order's "Need help?": the order names the subject.
      const order = await placeOrder(server, TOPUP_BDT, topupPayload(), customer.token);
      await user.page.goto(`/account/supports/new?order=${order}`);
      await user.page.getByTestId('ticket-about-order').waitFor({ timeout: 15_000 });
      await user.page.getByRole('textbox', { name: 'Message' }).fill('My payment did not arrive, screenshot attached');
      await user.page
        .getByLabel('Attach a picture')
        .setInputFiles({ name: 'first.png', mimeType: 'image/png', buffer: await picture(360, 640, '#1971c2') });
      await user.page.getByTestId('picture-preview').getByText('first.png').waitFor({ timeout: 5_000 });
      await user.page.getByRole('button', { name: 'Send ticket' }).click();
      const log = user.page.getByRole('log', { name: 'Conversation' });
      await log.getByText('My payment did not arrive, screenshot attached').waitFor({ timeout: 15_000 });
      await log.getByRole('img', { name: 'Picture from You' }).waitFor({ timeout: 15_000 });
      const ticket = await server.app.ctx.prisma.ticket.findFirstOrThrow({ where: { userId: customer.id } });
      const stored = await server.app.ctx.prisma.ticketMessage.findMany({
        where: { ticketId: ticket.id },
        orderBy: { id: 'asc' },
      });
      expect(stored.map((m) => [m.text, m.pictureWidth])).toEqual([
        ['My payment did not arrive, screenshot attached', null],
        ['', 360],
      ]);
    } finally {
      await user.context.close();
    }
  });
});
