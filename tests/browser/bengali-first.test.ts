// Bengali first, in the browser: Bengali digits typed into the order form, the language switch and tab titles inside the
// dashboards, the operator's support contacts (unset ones hidden), "your id", and a product picture uploaded by
// the admin and shown to customers. One server and one browser for the whole file.
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PublicOrderDto } from '#shared/api-types';
import { hasChromium, openContext, useBrowser } from '../support/browser.js';
import { useTestServer } from '../support/server.js';
import { createUser, loginAdmin, type TestUser } from '../factories/users.js';

const WAIT = { timeout: 20_000 };

describe.runIf(hasChromium())('Bengali-first in the browser', () => {
  // Two of the four contacts set: the other two must not appear anywhere.
  const server = useTestServer({
    env: { SUPPORT_EMAIL: 'help@walletshop.example', SUPPORT_WHATSAPP: '+880 1711-000222' },
  });
  const browser = useBrowser();
  let customer: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    customer = await createUser(server, { name: 'Sumaiya Akter' });
    admin = await loginAdmin(server);
  });
  const titleOf = (page: Page) => page.title();
  const langOf = (page: Page) => page.evaluate(() => document.documentElement.lang);

  it('When a guest in BN types every number in Bengali digits, then the estimate follows and an order of 500 is placed', async () => {
    const { context, page } = await openContext(browser, server.url, { lang: 'BN' });
    try {
      await page.goto('/new/1xbet_topup_bdt');
      await expect.poll(() => titleOf(page), WAIT).toBe('নতুন অর্ডার · ওয়ালেট শপ');
      expect(await langOf(page)).toBe('bn');
      await page.getByRole('radio', { name: 'বিকাশ' }).check(WAIT);
      await page.getByRole('textbox', { name: /^টপআপের পরিমাণ/ }).fill('৫০০');
      await expect.poll(() => page.getByTestId('estimate').textContent(), WAIT).toBe('৫০০.০০ টাকা');
      await page.getByRole('textbox', { name: /^1xBet অ্যাকাউন্ট আইডি/ }).fill('১২৩৪৫৬৭৮৯');
      await page.getByRole('textbox', { name: /^যোগাযোগের ই-মেইল/ }).fill('guest-digits@example.com');
      await page.getByRole('button', { name: 'টপআপ অর্ডার দিন' }).click();
      await page.waitForURL('**/orders/**', WAIT);

      const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
      const order = (
        (await server.api.get<{ order: PublicOrderDto }>(`/orders/${id}`)).body as { order: PublicOrderDto }
      ).order;
      expect(order.data).toMatchObject({ amount: 500, onex_id: '123456789' });
      // Shown back in Bengali digits.
      await page.getByText('১২৩৪৫৬৭৮৯', { exact: true }).first().waitFor(WAIT);
      await page.getByText('৫০০.০০ টাকা').first().waitFor(WAIT);
      await expect.poll(() => titleOf(page), WAIT).toBe('অর্ডার · ওয়ালেট শপ');
    } finally {
      await context.close();
    }
  });

  it('When a customer switches the language inside /account, then the menu, <html lang> and the tab title follow; "your id" is shown', async () => {
    const { context, page } = await openContext(browser, server.url, {
      as: customer,
      lang: 'EN',
      width: 360,
      height: 780,
    });
    try {
      await page.goto('/account/settings');
      await expect.poll(() => titleOf(page), WAIT).toBe('Settings · Wallet Shop');
      const num = (await server.app.ctx.prisma.user.findUniqueOrThrow({ where: { id: customer.id } })).num;
      await expect.poll(() => page.getByTestId('your-id').inputValue(), WAIT).toBe(String(num));

      await page.getByRole('banner').getByText('বাংলা', { exact: true }).click();
      await expect.poll(() => titleOf(page), WAIT).toBe('সেটিংস · ওয়ালেট শপ');
      expect(await langOf(page)).toBe('bn');
      const bengaliNum = String(num).replace(/\d/g, (d) => '০১২৩৪৫৬৭৮৯'[Number(d)]);
      expect(await page.getByTestId('your-id').inputValue()).toBe(bengaliNum);
      expect(await page.evaluate(() => localStorage.getItem('PREF_LANG'))).toBe('BN');

      await page.goto('/account/orders');
      await expect.poll(() => titleOf(page), WAIT).toBe('আমার অর্ডার · ওয়ালেট শপ');
      await page.getByRole('banner').getByText('English', { exact: true }).click();
      await expect.poll(() => titleOf(page), WAIT).toBe('My orders · Wallet Shop');
      expect(await langOf(page)).toBe('en');
    } finally {
      await context.close();
    }
  });

  it('When the admin switches to BN in the dashboard header and uploads a product picture, then customers see it on the home page and the order form', async () => {
    const { context, page } = await openContext(browser, server.url, { as: admin, lang: 'EN' });
    const picture = await sharp({
      create: { width: 900, height: 600, channels: 3, background: { r: 226, g: 19, b: 110 } },
    })
      .jpeg()
      .toBuffer();
    try {
      await page.goto('/admin/products');
      // An admin's tab title leads with the count of waiting items when there are any (decision 119).
      await expect.poll(() => titleOf(page), WAIT).toMatch(/^(\(\d+\) )?Products · Wallet Shop$/);
      await page.getByRole('banner').getByText('বাংলা', { exact: true }).click();
      await expect.poll(() => titleOf(page), WAIT).toMatch(/^(\([০-৯]+\) )?পণ্য · ওয়ালেট শপ$/);

      const card = page.getByRole('form', { name: '1xBet টপআপ (টাকা)' });
      await card
        .locator('input[type="file"]')
        .setInputFiles({ name: 'topup.jpg', mimeType: 'image/jpeg', buffer: picture });
      await page.getByText('ছবি সংরক্ষিত হয়েছে').waitFor(WAIT);
      const shown = card.getByRole('img', { name: '1xBet টপআপ (টাকা)-এর ছবি' });
      await expect.poll(() => shown.getAttribute('src'), WAIT).toMatch(/^\/media\/products\/[a-f0-9]{32}\.jpg$/);
    } finally {
      await context.close();
    }

    const guest = await openContext(browser, server.url, { lang: 'EN' });
    try {
      await guest.page.goto('/');
      const homePicture = guest.page.locator('#products img[src^="/media/products/"]');
      await homePicture.first().waitFor(WAIT);
      expect(await homePicture.count()).toBe(1);
      await guest.page.goto('/new/1xbet_topup_bdt');
      await guest.page.locator('main img[src^="/media/products/"]').first().waitFor(WAIT);
    } finally {
      await guest.context.close();
    }
  });

  it('When the operator set only an e-mail and WhatsApp, then the footer and the terms show those and nothing in place of the others', async () => {
    const { context, page } = await openContext(browser, server.url, { lang: 'BN' });
    try {
      await page.goto('/tos');
      await expect.poll(() => titleOf(page), WAIT).toBe('সেবার শর্তাবলি · ওয়ালেট শপ');
      const footer = page.getByRole('contentinfo');
      await footer.getByRole('link', { name: /help@walletshop\.example/ }).waitFor(WAIT);
      const whatsapp = footer.getByRole('link', { name: /হোয়াটসঅ্যাপ/ });
      expect(await whatsapp.getAttribute('href')).toBe('https://wa.me/8801711000222');
      expect(await whatsapp.textContent()).toContain('+৮৮০১৭১১০০০২২২');
      expect(await footer.getByRole('link', { name: /ফোন|টেলিগ্রাম/ }).count()).toBe(0);
      expect(await page.locator('a[href^="tel:"], a[href^="https://t.me/"]').count()).toBe(0);
      // The terms' contact section names the operator's address; no placeholder address appears anywhere.
      await page
        .getByRole('main')
        .getByText(/help@walletshop\.example/)
        .first()
        .waitFor(WAIT);
      expect(await page.content()).not.toContain('example.com');
    } finally {
      await context.close();
    }
  });
});
