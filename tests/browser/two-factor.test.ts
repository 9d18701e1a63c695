// Two-factor sign-in in the browser, with STAFF_2FA=required: an operator who signs in is taken to the
// setup, scans (reads) the key, turns it on with the app's code, sees the recovery codes once, and signs in again
// with the second step. Operators see only their menu; an admin-only page typed by hand says "not allowed".
// SCREEN_OUT=<folder> also saves screenshots of each step (EN 1280, BN 360) to look at.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createUser } from '../factories/users.js';
import { hasChromium, openContext, useBrowser } from '../support/browser.js';
import { useTestServer } from '../support/server.js';
import { codeAt } from '../support/two-factor.js';

const TEXT = {
  EN: {
    login: 'Log in',
    start: 'Turn on two-factor sign-in',
    enable: 'Turn on',
    saved: 'I have saved my codes',
    verify: 'Verify and log in',
    logout: 'Logout',
    users: 'Users',
    notAllowed: 'You are not allowed to do this.',
  },
  BN: {
    login: 'লগইন করুন',
    start: 'দুই ধাপে লগইন চালু করুন',
    enable: 'চালু করুন',
    saved: 'আমি কোডগুলো সংরক্ষণ করেছি',
    verify: 'যাচাই করে লগইন করুন',
    logout: 'লগআউট',
    users: 'ব্যবহারকারী',
    notAllowed: 'আপনার এটি করার অনুমতি নেই।',
  },
} as const;

async function shot(page: Page, name: string): Promise<void> {
  const out = process.env.SCREEN_OUT;
  if (!out) return;
  fs.mkdirSync(out, { recursive: true });
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(out, `${name}.png`), fullPage: true });
}

describe.runIf(hasChromium())('Two-factor sign-in in the browser (STAFF_2FA=required)', () => {
  const server = useTestServer({ env: { STAFF_2FA: 'required' } });
  const browser = useBrowser();

  for (const [lang, width] of [
    ['EN', 1280],
    ['BN', 360],
  ] as const) {
    it(`When an operator without 2FA signs in (${lang}, ${width} px), then the setup comes first; turned on, the login asks for the code`, async () => {
      const operator = await createUser(server, { role: 'operator', name: `Nadia ${lang}` });
      const { context, page } = await openContext(browser, server.url, {
        lang,
        width,
        height: width === 360 ? 780 : 900,
      });
      const t = TEXT[lang];
      const logIn = async () => {
        await page.goto('/login');
        await page.locator('input[name="email"]').fill(operator.email);
        await page.locator('input[name="password"]').fill(operator.password);
        await page.getByRole('button', { name: t.login, exact: true }).click();
      };
      try {
        await logIn();
        // The queue answers errors.twoFactorRequired: the dashboard takes the operator to the setup.
        await page.waitForURL('**/admin/security', { timeout: 30_000 });
        await shot(page, `2fa-required-${lang}-${width}`);
        await page.getByRole('button', { name: t.start }).click();
        await expect.poll(() => page.getByTestId('two-factor-qr').count(), { timeout: 15_000 }).toBe(1);
        await shot(page, `2fa-setup-${lang}-${width}`);
        const secret = (await page.getByTestId('two-factor-secret').textContent())!.trim();
        await page.locator('input[name="code"]').fill(codeAt(secret));
        await page.getByRole('button', { name: t.enable, exact: true }).click();
        await expect
          .poll(() => page.getByTestId('recovery-codes').locator('code').count(), { timeout: 30_000 })
          .toBe(10);
        await shot(page, `2fa-recovery-codes-${lang}-${width}`);
        const recovery = (await page.getByTestId('recovery-codes').locator('code').first().textContent())!.trim();
        expect((await server.app.ctx.prisma.user.findUniqueOrThrow({ where: { id: operator.id } })).twoFactor).toBe(
          true,
        );
        await page.getByRole('button', { name: t.saved }).click();

        // The menu holds only what an operator may use; an admin page typed by hand says "not allowed".
        if (width === 1280) {
          await expect.poll(() => page.getByRole('navigation').getByRole('link', { name: t.users }).count()).toBe(0);
        }
        await page.goto('/admin/users');
        await expect.poll(() => page.getByText(t.notAllowed).count(), { timeout: 15_000 }).toBe(1);

        // Signed out and in again: the password step, then the code (a recovery code here).
        await page.evaluate(() => localStorage.removeItem('jwt'));
        await logIn();
        await expect.poll(() => page.locator('input[name="code"]').count(), { timeout: 15_000 }).toBe(1);
        await shot(page, `2fa-login-step-${lang}-${width}`);
        await page.locator('input[name="code"]').fill(recovery);
        await page.getByRole('button', { name: t.verify }).click();
        await page.waitForURL('**/admin/orders', { timeout: 30_000 });
        await expect.poll(() => page.url(), { timeout: 5_000 }).toMatch(/\/admin\/orders$/);
      } finally {
        await context.close();
      }
    });
  }
});
