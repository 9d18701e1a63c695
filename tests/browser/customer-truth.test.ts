// What customers see: a pending order's page says what happened to the payment and what comes
// next (received with what presence and the typical wait say, the amount differs with how long a look takes and
// what to do); the own-orders list leads with product, amount and
// status with the whole id last on one line; a live page says "reconnecting…" while its socket is cut and stops when
// it is back; a failed checkout stays beside the form with Retry; a slow screen shows a bar at once; the checkout
// focuses the first invalid field, names the method's minimum in the reader's digits and
// estimates nothing outside the range; a wrong password is told beside the login form. axe stays at 0 on each.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductDto } from '#shared/api-types';
import { axeViolations } from '../support/axe.js';
import { hasChromium, openContext, useBrowser } from '../support/browser.js';
import { useTestServer } from '../support/server.js';
import { registerForwarder, type Forwarder } from '../support/sms-forwarder.js';
import { startTcpProxy, targetOf, type TcpProxy } from '../support/tcp-proxy.js';
import { createUser, loginAdmin, type TestUser } from '../factories/users.js';
import { getOrder, placeOrder, TOPUP_BDT, TOPUP_USD, topupPayload, uniquePmId, waitFor } from '../factories/orders.js';

const WAIT = { timeout: 20_000 };
const PHONE = { width: 360, height: 780 };
const BN_DIGITS = (s: string) => s.replace(/\d/g, (d) => '০১২৩৪৫৬৭৮৯'[Number(d)]);

describe.runIf(hasChromium())('what customers see', () => {
  const server = useTestServer();
  const browser = useBrowser();
  let customer: TestUser;
  let admin: TestUser;
  let bkash: Forwarder;

  beforeAll(async () => {
    customer = await createUser(server, { name: 'Shirin Truth' });
    admin = await loginAdmin(server);
    bkash = await registerForwarder(server, admin.token, 'bkash');
  });

  /** A customer's top-up of `amount` Tk paid with a fresh transaction id; the wallet's SMS says `received` Tk. */
  async function paidTopup(amount: string, received: (pmAmount: number) => number) {
    const id = await placeOrder(server, TOPUP_BDT, topupPayload({ amount }), customer.token);
    const trxId = uniquePmId().toUpperCase();
    expect((await server.api.patch(`/orders/${id}`, { order: { pm_id: trxId } })).status).toBe(200);
    const { pm_amount } = await getOrder(server, id);
    await bkash.payment({ amount: received(pm_amount), trxId });
    return { id, trxId, pmAmount: pm_amount };
  }

  /** With SCREEN_OUT set, a picture of the state to look at (the banner and the kept failure need a cut line). */
  async function shot(page: Page, name: string) {
    const out = process.env.SCREEN_OUT;
    if (!out) return;
    fs.mkdirSync(out, { recursive: true });
    await page.screenshot({ path: path.join(out, `${name}.png`), fullPage: true });
  }

  async function expectNoAxeViolations(page: Page) {
    expect(await axeViolations(page)).toEqual([]);
  }

  it('When the shop received the payment, then the page says so and what presence and the typical wait say, never that details are being checked', async () => {
    expect((await server.api.patch('/admin', { admin: { online: false } }, admin.token)).status).toBe(200);
    const { id } = await paidTopup('700', (pm) => pm);
    await waitFor(
      () => getOrder(server, id),
      (o) => o.payment_state === 'received',
    );
    const { context, page } = await openContext(browser, server.url, { as: customer });
    try {
      await page.goto(`/orders/${id}`);
      const progress = page.getByTestId('payment-progress');
      await progress.getByText('Payment received ✓').waitFor(WAIT);
      expect(await progress.getAttribute('data-state')).toBe('received');
      expect(await progress.textContent()).toContain('700.00 BDT');
      // Staff away: the page does not promise someone is completing it now.
      await page.getByTestId('typical-wait').getByText('Staff are away right now', { exact: false }).waitFor(WAIT);
      expect(await progress.getByText(/admin is completing/i).count()).toBe(0);
      // Staff back: the page follows, live; too few completed orders yet to quote minutes: the plain words.
      expect((await server.api.patch('/admin', { admin: { online: true } }, admin.token)).status).toBe(200);
      await page
        .getByTestId('typical-wait')
        .getByText('Staff are at work: usually done within a few minutes of payment.')
        .waitFor(WAIT);
      expect(await page.getByText(/checking/i).count()).toBe(0);
      await page.getByRole('status').filter({ hasText: 'Processing' }).waitFor(WAIT);
      await expectNoAxeViolations(page);
    } finally {
      await context.close();
    }
  });

  it('When the wallet received another amount, then the BN page names both amounts in Bengali digits and says an admin will settle it', async () => {
    expect((await server.api.patch('/admin', { admin: { online: true } }, admin.token)).status).toBe(200);
    const { id } = await paidTopup('1000', (pm) => pm - 100);
    await waitFor(
      () => getOrder(server, id),
      (o) => o.payment_state === 'differs',
    );
    for (const viewport of [{ width: 1280, height: 900 }, PHONE]) {
      const { context, page } = await openContext(browser, server.url, { as: customer, lang: 'BN', ...viewport });
      try {
        await page.goto(`/orders/${id}`);
        const progress = page.getByTestId('payment-progress');
        await progress.getByText('পরিমাণ মেলেনি').waitFor(WAIT);
        const text = (await progress.textContent()) ?? '';
        expect(text).toContain(BN_DIGITS('900.00'));
        expect(text).toContain(BN_DIGITS('1,000.00'));
        expect(text).toContain('দয়া করে আবার পেমেন্ট করবেন না');
        // How long such a look usually takes (no figure yet: the plain words) and what the customer can do.
        await progress.getByTestId('review-wait').getByText('স্টাফরা তালিকা দেখামাত্র এর উত্তর দেন').waitFor(WAIT);
        expect(await progress.getByTestId('review-next').textContent()).toContain('সাহায্য দরকার?');
        expect(await page.getByText('পেমেন্ট পাওয়া গেছে ✓').count()).toBe(0);
        await expectNoAxeViolations(page);
      } finally {
        await context.close();
      }
    }
  });

  it('When a customer opens their orders on a phone, then each card leads with product, amount and status, and the whole id is last on one line', async () => {
    const id = await placeOrder(
      server,
      TOPUP_USD,
      topupPayload({ amount: '12.50', pm_method: 'nagad' }),
      customer.token,
    );
    const { context, page } = await openContext(browser, server.url, { as: customer, ...PHONE });
    try {
      await page.goto('/account/orders');
      const link = page.getByRole('link', { name: id, exact: true }).filter({ visible: true });
      await link.waitFor(WAIT);
      const amount = page.getByText('12.50 USD', { exact: true }).filter({ visible: true }).first();
      const product = page.getByText('1xBet Topup (USD)', { exact: true }).filter({ visible: true }).first();
      const [linkBox, amountBox, productBox] = await Promise.all([
        link.boundingBox(),
        amount.boundingBox(),
        product.boundingBox(),
      ]);
      // Product and amount first, the id under them, whole, on one line inside the screen.
      expect(productBox!.y).toBeLessThan(linkBox!.y);
      expect(amountBox!.y).toBeLessThan(linkBox!.y);
      expect(linkBox!.x).toBeGreaterThanOrEqual(0);
      expect(linkBox!.x + linkBox!.width).toBeLessThanOrEqual(PHONE.width);
      const lineHeight = await link.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
      expect(linkBox!.height).toBeLessThan(lineHeight * 1.5 + 12);
      expect(await link.textContent()).toBe(id);
      await expectNoAxeViolations(page);
    } finally {
      await context.close();
    }
  });

  describe('a live page while its connection is cut', () => {
    let proxy: TcpProxy;
    beforeAll(async () => {
      proxy = await startTcpProxy(targetOf(server.url, 80));
    });
    afterAll(async () => {
      await proxy?.close();
    });

    it('When the socket drops, then "Reconnecting…" shows, and it goes when the connection is back', async () => {
      const id = await placeOrder(server, TOPUP_BDT, topupPayload({ amount: '600' }), customer.token);
      const { context, page } = await openContext(browser, proxy.via(server.url), { as: customer });
      try {
        await page.goto(`/orders/${id}`);
        await page.getByRole('timer').waitFor(WAIT);
        // Connected: no banner.
        await page.waitForTimeout(2000);
        expect(await page.getByTestId('reconnecting').count()).toBe(0);
        proxy.cut();
        await page.getByTestId('reconnecting').getByText('Reconnecting…').waitFor(WAIT);
        await expectNoAxeViolations(page);
        await shot(page, 'reconnecting-EN-1280');
        proxy.restore();
        await page.getByTestId('reconnecting').waitFor({ state: 'detached', ...WAIT });
      } finally {
        proxy.restore();
        await context.close();
      }
    });

    it('When the checkout cannot reach the shop, then the failure stays beside the form with Retry, and Retry places the order once the line is back', async () => {
      const { context, page } = await openContext(browser, proxy.via(server.url));
      try {
        await page.goto(`/new/${TOPUP_BDT}`);
        await page.getByRole('radio', { name: 'bKash' }).check(WAIT);
        await page.getByRole('textbox', { name: /^Top-up amount/ }).fill('1500');
        await page.getByRole('textbox', { name: /^1xBet account ID/ }).fill('123456789');
        await page.getByRole('textbox', { name: /^Contact e-mail/ }).fill('guest@example.com');
        proxy.cut();
        await page.getByRole('button', { name: 'Place top-up order' }).click();
        const failure = page.getByTestId('submit-failure');
        await failure.getByText('Cannot reach the server. Check your connection and try again.').waitFor(WAIT);
        // A toast would have gone by now; the failure stays until the next try.
        await page.waitForTimeout(5_000);
        expect(await failure.isVisible()).toBe(true);
        await expectNoAxeViolations(page);
        await shot(page, 'checkout-kept-failure-EN-1280');
        proxy.restore();
        await failure.getByTestId('submit-retry').click();
        await page.waitForURL('**/orders/**', WAIT);
        await page.getByRole('timer').waitFor(WAIT);
      } finally {
        proxy.restore();
        await context.close();
      }
    });

    it('When the next screen is slow to come, then a bar at the top says it is loading at once', async () => {
      const { context, page } = await openContext(browser, proxy.via(server.url));
      try {
        await page.goto('/');
        const about = page.getByRole('link', { name: 'About us' }).first();
        await about.waitFor(WAIT);
        expect(await page.getByTestId('navigation-progress').count()).toBe(0);
        proxy.hang();
        await about.click();
        await page.getByRole('progressbar', { name: 'Loading the page' }).waitFor({ timeout: 3_000 });
      } finally {
        proxy.restore();
        await context.close();
      }
    });
  });

  it('When the checkout is sent empty or below the minimum, then the first invalid field has the focus, the message names the minimum in BN digits, and no estimate shows', async () => {
    const product = (await server.api.get<{ product: ProductDto }>(`/products/${TOPUP_BDT}`)).body.product;
    const method = product.pms.find((pm) => pm.account === 'bkash')!;
    const { context, page } = await openContext(browser, server.url, { lang: 'BN', ...PHONE });
    try {
      await page.goto(`/new/${TOPUP_BDT}`);
      await page.getByRole('radio', { name: 'বিকাশ' }).check(WAIT);
      await page.getByRole('button', { name: 'টপআপ অর্ডার দিন' }).click();
      const amount = page.getByRole('textbox', { name: /^টপআপের পরিমাণ/ });
      await expect.poll(() => amount.evaluate((el) => el === document.activeElement), WAIT).toBe(true);

      const below = String(Math.max(1, Number(method.min) - 1));
      await amount.fill(below);
      await page.getByRole('textbox', { name: /^1xBet অ্যাকাউন্ট আইডি/ }).fill('123456789');
      await page.getByRole('textbox', { name: /^যোগাযোগের ই-মেইল/ }).fill('guest@example.com');
      await page.getByRole('button', { name: 'টপআপ অর্ডার দিন' }).click();
      await expect.poll(() => amount.evaluate((el) => el === document.activeElement), WAIT).toBe(true);
      const minimum = BN_DIGITS(Number(method.min).toFixed(2));
      await page.getByText(new RegExp(`^সর্বনিম্ন .*${minimum.replace(/[.]/g, '\\.')}`)).waitFor(WAIT);
      expect((await page.getByTestId('estimate').textContent())?.trim()).toBe('—');
      await expectNoAxeViolations(page);

      await amount.fill(String(Number(method.min)));
      await expect.poll(() => page.getByTestId('estimate').textContent(), WAIT).not.toBe('—');
    } finally {
      await context.close();
    }
  });

  it('When the password is wrong, then the login form says so beside itself, with no retry for a refusal', async () => {
    const { context, page } = await openContext(browser, server.url);
    try {
      await page.goto('/login');
      await page.getByRole('textbox', { name: /^E-mail/ }).fill(customer.email);
      await page.getByLabel(/^Password/).fill('not-the-password-1');
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      const failure = page.locator('form').getByTestId('submit-failure');
      await failure.waitFor(WAIT);
      expect(await failure.getAttribute('role')).toBe('alert');
      expect(await failure.getByTestId('submit-retry').count()).toBe(0);
      await expectNoAxeViolations(page);
    } finally {
      await context.close();
    }
  });
});
