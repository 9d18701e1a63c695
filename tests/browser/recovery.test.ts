// Password recovery through the UI with the code read from a real SMTP delivery, then a login with the new password.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../support/server.js';
import { hasChromium, openContext, useBrowser } from '../support/browser.js';
import { startSmtpCatcher, type SmtpCatcher } from '../support/smtp.js';
import { createUser } from '../factories/users.js';

describe.runIf(hasChromium())('Password recovery in the browser', () => {
  let smtp: SmtpCatcher;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
  });
  afterAll(async () => {
    await smtp?.close();
  });
  // Registered after the catcher's hooks: starts once its URL is known and closes before it.
  const server = useTestServer(() => ({ env: { SMTP_URL: smtp.url } }));
  const browser = useBrowser();

  it('When a user asks for a code and resets with it, then they are logged in and the new password works', async () => {
    const user = await createUser(server, { name: 'Nusrat', password: 'old-password-1' });
    const { context, page } = await openContext(browser, server.url);
    try {
      // Without stored recovery info the confirm page sends the visitor to the request page.
      await page.goto('/recovery/some-id');
      await page.waitForURL((url) => url.pathname === '/recovery', { timeout: 15_000 });

      await page.getByRole('textbox', { name: 'E-mail' }).fill(user.email);
      await page.getByRole('button', { name: 'Send code' }).click();
      await page.waitForURL(/\/recovery\/[\w-]+$/, { timeout: 15_000 });
      await page.getByText(/Resend in: 00:\d\d/).waitFor({ timeout: 10_000 });
      const stored = await page.evaluate(
        () => JSON.parse(localStorage.getItem('recovery') ?? 'null') as { email: string; until: number } | null,
      );
      expect(stored?.email).toBe(user.email);
      expect(stored!.until).toBeGreaterThan(Date.now() + 50_000);

      const mail = await smtp.waitForMail(user.email, { timeoutMs: 15_000 });
      const code = /\b(\d{3})[\s-]?(\d{3})\b/.exec(mail.text)!;
      expect(code).toBeTruthy();

      // A malformed code and a mismatching confirmation are caught in the page.
      await page.getByRole('textbox', { name: 'Code from the e-mail' }).fill('12ab');
      await page.getByLabel(/^New password/).fill('new-password-1');
      await page.getByLabel(/^Confirm new password/).fill('new-password-2');
      await page.getByRole('button', { name: 'Reset password' }).click();
      await page.getByText('Invalid code format').waitFor({ timeout: 10_000 });
      await page.getByText('Passwords does not match').waitFor({ timeout: 10_000 });

      // Spaces and dashes are fine: they are stripped before sending.
      await page.getByRole('textbox', { name: 'Code from the e-mail' }).fill(`${code[1]} - ${code[2]}`);
      await page.getByLabel(/^Confirm new password/).fill('new-password-1');
      await page.getByRole('button', { name: 'Reset password' }).click();
      await page.waitForURL('**/account/orders', { timeout: 20_000 });
      expect(await page.evaluate(() => localStorage.getItem('jwt'))).toBeTruthy();
      expect(await page.evaluate(() => localStorage.getItem('recovery'))).toBeNull();

      await page.getByRole('button', { name: 'Logout' }).first().click();
      await page.waitForURL('**/login', { timeout: 15_000 });
      await page.locator('input[name="email"]').fill(user.email);
      await page.locator('input[name="password"]').fill('new-password-1');
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      await page.waitForURL('**/account/orders', { timeout: 20_000 });
    } finally {
      await context.close();
    }
  });

  it('When the mailed link is opened in a fresh browser with nothing stored, then the page shows the e-mail and the reset works; a changed link says so', async () => {
    const user = await createUser(server, { name: 'Mitu', password: 'old-password-1' });
    const after = smtp.mails.length;
    expect((await server.api.post('/recover', { email: user.email })).status).toBe(200);
    const mail = await smtp.waitForMail(user.email, { after, timeoutMs: 15_000 });
    const link = new URL(/https?:\/\/\S+\/recovery\/\S+/.exec(mail.text)![0]);
    const code = /\b(\d{3}) (\d{3})\b/.exec(mail.text)!;

    // A phone's mail app: another browser, no gate flag, no stored recovery info. The link's ?pass opens the gate.
    const phone = await browser.newContext({ baseURL: server.url, viewport: { width: 360, height: 780 } });
    try {
      const page = await phone.newPage();
      const [seconds, signature] = new URLSearchParams(link.search).get('ref')!.split('.');
      await page.goto(`${link.pathname}?pass&ref=${seconds}.${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`);
      await page
        .getByRole('alert')
        .getByText('This reset link is not valid. Please ask for a new code.')
        .waitFor({ timeout: 15_000 });
      await page.getByRole('link', { name: 'Ask for a new code' }).click();
      await page.waitForURL((url) => url.pathname === '/recovery', { timeout: 15_000 });

      await page.goto(`${link.pathname}${link.search}`);
      await page.getByText(user.email).waitFor({ timeout: 15_000 });
      expect(await page.evaluate(() => localStorage.getItem('jwt'))).toBeNull();
      await page.getByRole('textbox', { name: 'Code from the e-mail' }).fill(`${code[1]}${code[2]}`);
      await page.getByLabel(/^New password/).fill('phone-password-1');
      await page.getByLabel(/^Confirm new password/).fill('phone-password-1');
      await page.getByRole('button', { name: 'Reset password' }).click();
      await page.waitForURL('**/account/orders', { timeout: 20_000 });
      expect(
        (await server.api.post('/login', { user: { email: user.email, password: 'phone-password-1' } })).status,
      ).toBe(200);
    } finally {
      await phone.close();
    }
  });
});
