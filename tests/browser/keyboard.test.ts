// Keyboard only: from the home page to a placed order and a submitted payment with Tab, Shift+Tab,
// arrows, Space, Enter and typing; every stop shows a focus ring; the countdown is announced once a minute, not
// every second. No click, no fill: the page is driven through page.keyboard alone and only read otherwise.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, openContext, useBrowser } from '../support/browser.js';
import { useTestServer } from '../support/server.js';

const WAIT = { timeout: 20_000 };
const shots = path.resolve('test-results/keyboard');

/** What has the focus, as a reader of the page would name it, and whether a ring of at least 2 px shows it. */
interface Focused {
  tag: string;
  type: string;
  name: string;
  href: string;
  checked: boolean;
  ring: boolean;
}

function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { tag: 'body', type: '', name: '', href: '', checked: false, ring: false };
    const input = el as HTMLInputElement;
    const labelled = el.getAttribute('aria-labelledby');
    const name =
      el.getAttribute('aria-label') ??
      (labelled ? document.getElementById(labelled)?.textContent : null) ??
      input.labels?.[0]?.textContent ??
      el.textContent ??
      '';
    const style = getComputedStyle(el);
    const ring = el.matches(':focus-visible') && style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
    return {
      tag: el.tagName.toLowerCase(),
      type: input.type ?? '',
      name: name.replace(/\s+/g, ' ').trim(),
      href: el.getAttribute('href') ?? '',
      checked: Boolean(input.checked),
      ring,
    };
  });
}

/** Presses Tab (or Shift+Tab) until the focused element matches; every element passed on the way shows its ring. */
async function tabTo(
  page: Page,
  wanted: (f: Focused) => boolean,
  what: string,
  { back = false, max = 60 } = {},
): Promise<Focused> {
  const seen: string[] = [];
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const now = await focused(page);
    seen.push(`${now.tag}${now.type ? `[${now.type}]` : ''} "${now.name.slice(0, 40)}"${now.ring ? '' : ' (NO RING)'}`);
    if (now.tag !== 'body') expect(now.ring, `focus ring on ${seen.at(-1)}`).toBe(true);
    if (wanted(now)) return now;
  }
  throw new Error(`${what} not reached with ${back ? 'Shift+Tab' : 'Tab'}; passed: ${seen.join(' → ')}`);
}

describe.runIf(hasChromium())('keyboard-only checkout and payment', () => {
  const server = useTestServer();
  const browser = useBrowser();

  beforeAll(async () => {
    fs.mkdirSync(shots, { recursive: true });
  });

  it.each([
    { lang: 'EN', width: 1280, height: 900 },
    { lang: 'BN', width: 360, height: 780 },
  ] as const)(
    'When a guest uses only the keyboard ($lang, $width px), then they place a top-up and submit its payment',
    async ({ lang, width, height }) => {
      const { context, page } = await openContext(browser, server.url, { lang, width, height });
      const t =
        lang === 'EN'
          ? {
              product: /1xBet Topup \(BDT\)/,
              bkash: 'bKash',
              amount: /^Top-up amount/,
              onex: /^1xBet account ID/,
              email: /^Contact e-mail/,
              place: 'Place top-up order',
              trx: /^Transaction ID/,
              paid: /I have paid/,
              processing: 'Processing',
              digits: (s: string) => s,
            }
          : {
              product: /1xBet টপআপ \(টাকা\)/,
              bkash: 'বিকাশ',
              amount: /^টপআপের পরিমাণ/,
              onex: /^1xBet অ্যাকাউন্ট আইডি/,
              email: /^যোগাযোগের ই-মেইল/,
              place: 'টপআপ অর্ডার দিন',
              trx: /^ট্রানজেকশন আইডি/,
              paid: /পেমেন্ট করেছি/,
              processing: 'প্রক্রিয়াধীন',
              digits: (s: string) => s.replace(/\d/g, (d) => '০১২৩৪৫৬৭৮৯'[Number(d)]),
            };
      try {
        await page.goto('/');
        await page.locator('#products a').first().waitFor(WAIT);

        // Home: past the header and the hero to the product card, then Enter.
        const card = await tabTo(page, (f) => f.tag === 'a' && t.product.test(f.name), 'the top-up product card');
        expect(card.href).toBe('/new/1xbet_topup_bdt');
        await page.screenshot({ path: path.join(shots, `keyboard-${lang}-${width}-home.png`) });
        await page.keyboard.press('Enter');
        await page.waitForURL('**/new/1xbet_topup_bdt', WAIT);
        await page.getByTestId('estimate').waitFor(WAIT);

        // The wallet radios: Tab into the group, arrows move between wallets, Space picks the focused one.
        let radio = await tabTo(page, (f) => f.type === 'radio', 'the wallet radios');
        for (let i = 0; i < 4 && radio.name !== t.bkash; i += 1) {
          await page.keyboard.press('ArrowDown');
          radio = await focused(page);
        }
        expect(radio.name).toBe(t.bkash);
        await page.keyboard.press('Space');
        expect((await focused(page)).checked).toBe(true);
        await page.screenshot({ path: path.join(shots, `keyboard-${lang}-${width}-wallet.png`) });

        await tabTo(page, (f) => t.amount.test(f.name), 'the amount');
        await page.keyboard.type(t.digits('1500'));
        await tabTo(page, (f) => t.onex.test(f.name), 'the 1xBet id');
        await page.keyboard.type(t.digits('123456789'));
        await tabTo(page, (f) => t.email.test(f.name), 'the contact e-mail');
        await page.keyboard.type('keyboard@example.com');
        // Back and forth: Shift+Tab returns to the id, which kept what was typed.
        await tabTo(page, (f) => t.onex.test(f.name), 'the 1xBet id again', { back: true });
        expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).value)).toBe(
          t.digits('123456789'),
        );
        await tabTo(page, (f) => f.tag === 'button' && f.name === t.place, 'the submit button');
        await page.screenshot({ path: path.join(shots, `keyboard-${lang}-${width}-submit.png`) });
        await page.keyboard.press('Enter');
        await page.waitForURL('**/orders/**', WAIT);

        // The order: the timer ticks every second, the polite announcement stays until the minute changes.
        const timer = page.getByRole('timer');
        await timer.waitFor(WAIT);
        const announcement = page.getByTestId('countdown-announcement');
        expect(await announcement.getAttribute('aria-live')).toBe('polite');
        expect(await timer.getAttribute('aria-live')).toBe('off');
        // Read together, so that both come from the same second.
        const sample = () =>
          page.evaluate(() => ({
            timer: document.querySelector('[data-testid="countdown"]')?.textContent ?? '',
            heard: document.querySelector('[data-testid="countdown-announcement"]')?.textContent ?? '',
          }));
        const minutesOn = (timerText: string) => {
          const [mm, ss] = timerText
            .replace(/[০-৯]/g, (d) => String('০১২৩৪৫৬৭৮৯'.indexOf(d)))
            .split(':')
            .map(Number);
          return Math.ceil((mm * 60 + ss) / 60);
        };
        const expected = (minutes: number) =>
          lang === 'EN' ? `${minutes} minutes left to pay` : `পেমেন্টের জন্য আর ${t.digits(String(minutes))} মিনিট বাকি`;
        const first = await sample();
        expect(first.heard).toBe(expected(minutesOn(first.timer)));
        await expect.poll(async () => (await sample()).timer, WAIT).not.toBe(first.timer);
        const second = await sample();
        // The timer moved on by the second; the words change only with the minute.
        expect(second.heard).toBe(expected(minutesOn(second.timer)));

        const trx = `TRX${Date.now()}`;
        await tabTo(page, (f) => t.trx.test(f.name), 'the transaction id');
        await page.keyboard.type(trx);
        await tabTo(page, (f) => f.tag === 'button' && t.paid.test(f.name), 'the payment button');
        await page.screenshot({ path: path.join(shots, `keyboard-${lang}-${width}-pay.png`) });
        await page.keyboard.press('Enter');
        await page.getByRole('status').filter({ hasText: t.processing }).waitFor(WAIT);

        const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
        const order = (
          await server.api.get<{
            order: { status: string; pm_id: string; pm_method: string; data: { amount: number } };
          }>(`/orders/${id}`)
        ).body.order;
        expect(order).toMatchObject({ status: 'pending', pm_id: trx, pm_method: 'bkash', data: { amount: 1500 } });
      } finally {
        await context.close();
      }
    },
  );
});
