// The shop can be added to a phone's home screen: the manifest in both languages, its icons, the
// favicons and the apple-touch-icon are served with the right types and sizes, the index page links them, and
// Chromium itself finds the manifest valid and the page installable.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { hasChromium, openContext, useBrowser } from '../support/browser.js';
import { useTestServer } from '../support/server.js';

const WAIT = { timeout: 20_000 };
const locale = (lang: 'en' | 'bn', ns: string) =>
  JSON.parse(fs.readFileSync(path.resolve(`client/src/i18n/locales/${lang}/${ns}.json`), 'utf8')) as Record<
    string,
    Record<string, string>
  >;

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}
interface Manifest {
  name: string;
  short_name: string;
  description: string;
  lang: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: ManifestIcon[];
}

describe.runIf(hasChromium())('web app manifest and icons', () => {
  const server = useTestServer();
  const browser = useBrowser();

  async function get(pathname: string) {
    const res = await fetch(`${server.url}${pathname}`);
    return {
      status: res.status,
      type: res.headers.get('content-type') ?? '',
      body: Buffer.from(await res.arrayBuffer()),
    };
  }

  async function pngOf(pathname: string) {
    const file = await get(pathname);
    expect(file.status, pathname).toBe(200);
    expect(file.type, pathname).toBe('image/png');
    const meta = await sharp(file.body).metadata();
    expect(meta.format, pathname).toBe('png');
    return { ...file, width: meta.width, height: meta.height };
  }

  /** The pixel's alpha at the top-left corner: a full-bleed icon (maskable, apple-touch) has no transparent corner. */
  async function cornerAlpha(body: Buffer) {
    const { data, info } = await sharp(body).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    return data[info.channels - 1];
  }

  it.each([
    ['en', '/manifest.webmanifest'],
    ['bn', '/manifest.bn.webmanifest'],
  ] as const)(
    'When the %s manifest is fetched, then it names the shop in that language, starts at / standalone, and every icon is there at its size',
    async (lang, pathname) => {
      const file = await get(pathname);
      expect(file.status).toBe(200);
      expect(file.type).toMatch(/^application\/manifest\+json/);
      const manifest = JSON.parse(file.body.toString('utf8')) as Manifest;
      const appName = locale(lang, 'common').app.name;
      expect(manifest).toMatchObject({
        name: appName,
        short_name: appName,
        description: locale(lang, 'home').hero.title,
        lang,
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#008274',
        background_color: '#ffffff',
      });
      // A home-screen label fits about 12 characters.
      expect(manifest.short_name.length).toBeLessThanOrEqual(12);

      const purposes = manifest.icons.map((icon) => `${icon.sizes} ${icon.type} ${icon.purpose ?? 'any'}`);
      expect(purposes).toEqual(
        expect.arrayContaining(['192x192 image/png any', '512x512 image/png any', '512x512 image/png maskable']),
      );
      for (const icon of manifest.icons.filter((i) => i.type === 'image/png')) {
        const png = await pngOf(icon.src);
        expect(`${png.width}x${png.height}`, icon.src).toBe(icon.sizes);
        if (icon.purpose === 'maskable') expect(await cornerAlpha(png.body), icon.src).toBe(255);
      }
      const svg = manifest.icons.find((i) => i.type === 'image/svg+xml');
      expect(svg).toBeDefined();
      expect((await get(svg!.src)).type).toMatch(/^image\/svg\+xml/);
    },
  );

  it('When the favicons are fetched, then the SVG, the ICO (16, 32, 48) and the 180 px apple-touch-icon are served with their types', async () => {
    const svg = await get('/favicon.svg');
    expect(svg.status).toBe(200);
    expect(svg.type).toMatch(/^image\/svg\+xml/);
    expect(svg.body.toString('utf8')).toContain('<svg');

    const ico = await get('/favicon.ico');
    expect(ico.status).toBe(200);
    expect(ico.type).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)$/);
    expect([...ico.body.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    const count = ico.body.readUInt16LE(4);
    const sizes = Array.from({ length: count }, (_, i) => ico.body.readUInt8(6 + 16 * i));
    expect(sizes).toEqual([16, 32, 48]);

    const apple = await pngOf('/apple-touch-icon.png');
    expect([apple.width, apple.height]).toEqual([180, 180]);
    expect(await cornerAlpha(apple.body)).toBe(255);
  });

  it('When the index page is served, then it links the manifest, the favicons and the apple-touch-icon', async () => {
    const html = (await get('/')).body.toString('utf8');
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    expect(html).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg" />');
    expect(html).toMatch(/<link rel="icon" href="\/favicon\.ico"/);
    expect(html).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png" />');
    expect(html).toContain('<meta name="theme-color" content="#008274" />');
  });

  it('When Chromium opens the shop, then it finds the manifest without errors and the page installable; in BN it reads the Bengali one', async () => {
    const { context, page } = await openContext(browser, server.url, { lang: 'EN', width: 360, height: 780 });
    try {
      await page.goto('/');
      await page.getByRole('banner').waitFor(WAIT);
      const cdp = await context.newCDPSession(page);
      const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[]; data?: string };
      expect(manifest.url).toBe(`${server.url}/manifest.webmanifest`);
      expect(manifest.errors).toEqual([]);
      const installability = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: { errorId: string }[];
      };
      // A test context is incognito, where nothing installs; any other reason would be the shop's fault.
      expect(installability.installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual(
        [],
      );

      await page.getByRole('banner').getByText('বাংলা', { exact: true }).click();
      await expect
        .poll(() => page.locator('link[rel="manifest"]').getAttribute('href'), WAIT)
        .toBe('/manifest.bn.webmanifest');
      await expect
        .poll(async () => ((await cdp.send('Page.getAppManifest')) as { url: string }).url, WAIT)
        .toBe(`${server.url}/manifest.bn.webmanifest`);
      const bengali = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; data?: string };
      expect(bengali.errors).toEqual([]);
      expect((JSON.parse(bengali.data ?? '{}') as Manifest).name).toBe('ওয়ালেট শপ');
    } finally {
      await context.close();
    }
  });
});
