// Register, log out and log in through the UI in EN and BN, with the real ALTCHA captcha solved by the page.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN, useTestServer } from '../support/server.js';
import { hasChromium, openContext, useBrowser } from '../support/browser.js';
import { createUser, loginAdmin } from '../factories/users.js';

const TEXT = {
  EN: { register: 'Create account', login: 'Log in', logout: 'Logout' },
  BN: { register: 'অ্যাকাউন্ট তৈরি করুন', login: 'লগইন করুন', logout: 'লগআউট' },
} as const;

async function fill(page: Page, name: string, value: string): Promise<void> {
  await page.locator(`input[name="${name}"]`).fill(value);
}

describe.runIf(hasChromium())('Accounts in the browser', () => {
  const server = useTestServer({ env: { CAPTCHA: 'altcha' } });
  const browser = useBrowser();

  for (const lang of ['EN', 'BN'] as const) {
    it(`When a visitor registers, logs out and logs in (${lang}), then each step lands where the spec says`, async () => {
      const { context, page } = await openContext(browser, server.url, { lang });
      try {
        const email = `browser-${lang.toLowerCase()}@test.local`;
        await page.goto('/register');
        await fill(page, 'name', `Tester ${lang}`);
        await fill(page, 'email', email);
        await fill(page, 'password', 'browser-pass-1');
        await fill(page, 'confirm_password', 'browser-pass-2');
        await page.getByRole('button', { name: TEXT[lang].register }).click();
        // The mismatch is caught in the page: nothing reaches the server.
        await expect.poll(() => page.locator('[id$="-error"]').count()).toBeGreaterThan(0);
        expect(await server.app.ctx.prisma.user.count({ where: { email } })).toBe(0);

        await fill(page, 'confirm_password', 'browser-pass-1');
        await page.getByRole('button', { name: TEXT[lang].register }).click();
        await page.waitForURL('**/account/orders', { timeout: 30_000 });
        expect(await page.evaluate(() => localStorage.getItem('jwt'))).toBeTruthy();
        expect(await server.app.ctx.prisma.user.count({ where: { email } })).toBe(1);

        await page.getByRole('button', { name: TEXT[lang].logout }).first().click();
        await page.waitForURL('**/login', { timeout: 15_000 });
        expect(await page.evaluate(() => localStorage.getItem('jwt'))).toBeNull();

        await fill(page, 'email', email);
        await fill(page, 'password', 'browser-pass-1');
        await page.getByRole('button', { name: TEXT[lang].login, exact: true }).click();
        await page.waitForURL('**/account/orders', { timeout: 30_000 });
        if (lang === 'BN') {
          // Bengali text and the bundled Bengali font are in use.
          const font = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
          expect(font).toMatch(/Noto Sans Bengali/);
        }
        // A logged-in user visiting /login is sent home.
        await page.goto('/login');
        await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
      } finally {
        await context.close();
      }
    });
  }

  it('When the admin logs in, then they land on /admin/orders; a user on /admin sees -10033, an admin on /account -10034 (BN digits in BN)', async () => {
    const { context, page } = await openContext(browser, server.url);
    try {
      await page.goto('/login');
      await fill(page, 'email', ADMIN.email);
      await fill(page, 'password', ADMIN.password);
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      await page.waitForURL('**/admin/orders', { timeout: 30_000 });
    } finally {
      await context.close();
    }
    // A signed-in user on an admin page, in EN and in BN (the code in Bengali digits); an admin in the customer area.
    const user = await createUser(server);
    const admin = await loginAdmin(server);
    for (const [as, lang, path, text] of [
      [user, 'EN', '/admin/orders', 'Unauthorized. code: -10033'],
      [user, 'BN', '/admin/orders', 'অননুমোদিত। কোড: -১০০৩৩'],
      [admin, 'BN', '/account/orders', 'অননুমোদিত। কোড: -১০০৩৪'],
    ] as const) {
      const signedIn = await openContext(browser, server.url, { as, lang });
      try {
        await signedIn.page.goto(path);
        await expect.poll(() => signedIn.page.getByText(text).count(), { timeout: 15_000 }).toBe(1);
      } finally {
        await signedIn.context.close();
      }
    }
  });

  it('When a guest opens a guarded page, then they are sent to /login; without the gate flag nothing renders', async () => {
    const { context, page } = await openContext(browser, server.url);
    try {
      await page.goto('/account/orders');
      await page.waitForURL('**/login', { timeout: 15_000 });
    } finally {
      await context.close();
    }
    const bare = await browser.newContext({ baseURL: server.url });
    try {
      const page2 = await bare.newPage();
      await page2.goto('/login');
      await page2.waitForLoadState('networkidle');
      expect(await page2.locator('#root').innerHTML()).toBe('');
      await page2.goto('/login?pass');
      await expect.poll(() => page2.locator('input[name="email"]').count(), { timeout: 15_000 }).toBe(1);
      await page2.goto('/login');
      await expect.poll(() => page2.locator('input[name="email"]').count(), { timeout: 15_000 }).toBe(1);
    } finally {
      await bare.close();
    }
  });
});
