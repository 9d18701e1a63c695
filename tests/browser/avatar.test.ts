// Avatar change in the browser: a real PNG through the file input, crop with zoom/rotation, upload, header avatar updates.
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { useTestServer } from '../support/server.js';
import { hasChromium, openContext, useBrowser } from '../support/browser.js';
import { createUser } from '../factories/users.js';

describe.runIf(hasChromium())('Avatar change in the browser', () => {
  const server = useTestServer();
  const browser = useBrowser();

  it('When a user picks a PNG, crops and saves it, then the avatar becomes a /media image', async () => {
    const user = await createUser(server, { name: 'Farhana' });
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 20, g: 120, b: 200 } } })
      .composite([
        {
          input: Buffer.from('<svg width="200" height="200"><circle cx="100" cy="100" r="90" fill="#f5a623"/></svg>'),
          top: 140,
          left: 220,
        },
      ])
      .png()
      .toBuffer();
    const { context, page } = await openContext(browser, server.url, { as: user });
    try {
      await page.goto('/account/settings');
      const avatar = page.getByRole('img', { name: 'Profile picture of Farhana' }).first();
      await avatar.waitFor({ timeout: 15_000 });
      const before = await avatar.getAttribute('src');
      expect(before).not.toMatch(/\/media\//);

      // A text file is refused in the page.
      const input = page.locator('input[type="file"]');
      await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
      await page.getByText('Only JPG and PNG are allowed').waitFor({ timeout: 10_000 });

      await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
      const zoom = page.getByRole('slider', { name: 'Zoom' });
      await zoom.waitFor({ timeout: 10_000 });
      await zoom.focus();
      for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight');
      await page.getByRole('slider', { name: 'Rotation' }).focus();
      for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
      await page.getByRole('button', { name: 'Save picture' }).click();
      await page.getByText('Updated successfully').waitFor({ timeout: 20_000 });

      await expect.poll(() => avatar.getAttribute('src'), { timeout: 10_000 }).toMatch(/\/media\//);
      const src = (await avatar.getAttribute('src'))!;
      const served = await fetch(new URL(src, server.url));
      expect(served.status).toBe(200);
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(1000);
      expect(meta.width).toBe(meta.height);
      // The site header (outside the dashboard) shows the new picture too, without a reload.
      await page.getByRole('link', { name: 'Wallet Shop home' }).first().click();
      await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
      await expect
        .poll(
          () =>
            page
              .getByRole('banner')
              .getByRole('img', { name: 'Profile picture of Farhana' })
              .first()
              .getAttribute('src'),
          { timeout: 15_000 },
        )
        .toBe(src);
      const stored = await server.app.ctx.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
      expect(stored.logo).toBeTruthy();
    } finally {
      await context.close();
    }
  });
});
