// An operator's claim in the browser, EN and BN on a 360 px phone: the queue shows who holds each order
// and moves live when another operator lets one go; the operator claims an order from its row, opens it and
// completes it. The claimed queue passes axe (the row's Claim sits beside the row's button, never inside it).
// SCREEN_OUT=<folder> also saves screenshots (queue and popup, at 360 and 1280 px) to look at.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { placePendingOrder } from '../factories/orders.js';
import { createUser } from '../factories/users.js';
import { axeViolations } from '../support/axe.js';
import { hasChromium, openContext, useBrowser } from '../support/browser.js';
import { useTestServer } from '../support/server.js';
import { confirmComplete } from '../support/complete-confirm.js';

const WAIT = { timeout: 20_000 };

const TEXT = {
  EN: {
    claim: (id: string) => `Claim order ${id}`,
    open: (id: string) => `Open order ${id}`,
    mine: 'Claimed by You',
    mineBare: 'You',
    other: (name: string) => `Claimed by ${name}`,
    complete: 'Complete',
    completed: 'Order Completed',
  },
  BN: {
    claim: (id: string) => `অর্ডার ${id}-এর দায়িত্ব নিন`,
    open: (id: string) => `অর্ডার ${id} খুলুন`,
    mine: 'দায়িত্বে: আপনি',
    mineBare: 'আপনি',
    other: (name: string) => `দায়িত্বে: ${name}`,
    complete: 'সম্পন্ন করুন',
    completed: 'অর্ডার সম্পন্ন হয়েছে',
  },
} as const;

async function shot(page: Page, name: string): Promise<void> {
  const out = process.env.SCREEN_OUT;
  if (!out) return;
  fs.mkdirSync(out, { recursive: true });
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(out, `${name}.png`), fullPage: true });
}

describe.runIf(hasChromium())('Claimed orders in the browser', () => {
  const server = useTestServer();
  const browser = useBrowser();

  for (const lang of ['EN', 'BN'] as const) {
    it(`When an operator claims and completes an order on a phone (${lang}, 360 px), then the queue shows who holds what, live`, async () => {
      const t = TEXT[lang];
      const operator = await createUser(server, { role: 'operator', name: `Nadia ${lang}` });
      const other = await createUser(server, { role: 'operator', name: `Rahim ${lang}` });
      const mine = await placePendingOrder(server);
      const theirs = await placePendingOrder(server);
      expect((await server.api.post(`/orders/${theirs}/claim`, {}, other.token)).status).toBe(200);
      const short = (id: string) => id.slice(0, 10);

      const { context, page } = await openContext(browser, server.url, { lang, width: 360, height: 780, as: operator });
      try {
        await page.goto('/admin/orders');
        // Another operator's order: their name, and no Claim for it.
        const theirCard = page.getByRole('button', { name: t.open(short(theirs)) });
        await theirCard.getByText(t.other(`Rahim ${lang}`)).waitFor(WAIT);
        expect(await page.getByRole('button', { name: t.claim(short(theirs)) }).count()).toBe(0);

        await page.getByRole('button', { name: t.claim(short(mine)) }).click(WAIT);
        await page
          .getByRole('button', { name: t.open(short(mine)) })
          .getByText(t.mine)
          .waitFor(WAIT);
        expect((await server.app.ctx.prisma.order.findUniqueOrThrow({ where: { id: mine } })).assigneeId).toBe(
          operator.id,
        );
        // The claim's toast fades in and out: axe would measure it half transparent. The queue is what is checked.
        await page.locator('.mantine-Notification-root').first().waitFor({ state: 'detached', timeout: 15_000 });
        expect(await axeViolations(page)).toEqual([]);
        await shot(page, `claims-queue-${lang}-360`);

        // Rahim lets his order go: the operator's queue offers it without a reload.
        expect((await server.api.delete(`/orders/${theirs}/claim`, {}, other.token)).status).toBe(200);
        await page.getByRole('button', { name: t.claim(short(theirs)) }).waitFor(WAIT);

        await page.getByRole('button', { name: t.open(short(mine)) }).click(WAIT);
        const dialog = page.getByRole('dialog');
        await dialog.getByText(t.mineBare, { exact: true }).waitFor(WAIT);
        await shot(page, `claims-order-${lang}-360`);
        await page.setViewportSize({ width: 1280, height: 900 });
        await shot(page, `claims-order-${lang}-1280`);
        await dialog.getByRole('button', { name: t.complete, exact: true }).click();
        await confirmComplete(page, { lang, checked: true });
        await page.getByText(t.completed).waitFor(WAIT);
        await page.getByRole('button', { name: t.open(short(mine)) }).waitFor({ state: 'detached', ...WAIT });
        await shot(page, `claims-queue-${lang}-1280`);
        const row = await server.app.ctx.prisma.order.findUniqueOrThrow({ where: { id: mine } });
        expect(row).toMatchObject({ status: 'complete', assigneeId: operator.id });
      } finally {
        await context.close();
      }
    });
  }
});
