// `npm run bench:fcp`: First Contentful Paint of the shop's home page (the shop serving its own client/dist; run
// `npm run build` first) next to a bare React 19 page built by Vite and served the same way, in one run: a cold
// browser context per load, on loopback and under DevTools' "Fast 3G" profile, plus the bytes of the first home
// view, the initial JS/CSS sizes of the build and the layout shift of the home page as its data fills in.
// Figures: bench/results/<timestamp>-fcp.json. See docs/decisions/060 and 064.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import type { Browser } from 'playwright-core';
import { initialSizes } from '../client/build/initial-size.js';
import { CLIENT_DIST } from '../server/app.js';
import { hasChromium, launchBrowser, layoutShift, openContext } from '../tests/support/browser.js';
import { BENCH_DIR, LOAD_CPU, SERVER_CPU, canPin, startChild, type BenchChild } from './lib/child.js';
import { heading, kib, machineInfo, median, ms, note, ratio, table, timestamp, writeResults } from './lib/report.js';

/** DevTools' "Fast 3G" (renamed "Slow 4G" in 2024, same numbers): 1.6 Mbps × 0.9 down, 750 kbps × 0.9 up, 150 ms × 3.75 RTT. */
export const FAST_3G = {
  offline: false,
  downloadThroughput: ((1.6 * 1000 * 1000) / 8) * 0.9, // 180,000 B/s
  uploadThroughput: ((750 * 1000) / 8) * 0.9, // 84,375 B/s
  latency: 150 * 3.75, // 562.5 ms
};

const RUNS = Math.max(5, Number(process.env.FCP_RUNS ?? 7));
const VIEWPORT = { width: 360, height: 740 };

type Network = 'loopback' | 'fast3g';

interface Load {
  fcpMs: number;
  /** Sum of encodedBodySize of the document and every resource by network idle (what crossed the wire, minus headers). */
  bodyBytes: number;
  /** Same with headers (transferSize). */
  transferBytes: number;
  requests: number;
  /** Cumulative Layout Shift by network idle: the sum of layout-shift values without recent input (data filling in). */
  cls: number;
}

async function buildBarePage(): Promise<string> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bare-react-'));
  await build({
    configFile: false,
    root: path.join(BENCH_DIR, 'fcp-page'),
    plugins: [react()],
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
  return outDir;
}

async function loadOnce(browser: Browser, url: string, network: Network): Promise<Load> {
  const { context, page } = await openContext(browser, url, VIEWPORT);
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (network === 'fast3g') await cdp.send('Network.emulateNetworkConditions', FAST_3G);
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, undefined, {
      timeout: 120_000,
    });
    // Everything the first view fetches (lazy chunks, data, fonts) has arrived once the network is quiet.
    await page.waitForLoadState('networkidle', { timeout: 120_000 }).catch(() => undefined);
    const cls = await layoutShift(page);
    return await page.evaluate((layoutShift) => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0].startTime;
      const entries = [
        ...performance.getEntriesByType('navigation'),
        ...performance.getEntriesByType('resource'),
      ] as PerformanceResourceTiming[];
      return {
        fcpMs: fcp,
        bodyBytes: entries.reduce((s, e) => s + e.encodedBodySize, 0),
        transferBytes: entries.reduce((s, e) => s + e.transferSize, 0),
        requests: entries.length,
        cls: layoutShift,
      };
    }, cls);
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(CLIENT_DIST, 'index.html'))) {
    console.error('client/dist is missing: run `npm run build` first (the shop serves its own build).');
    process.exit(1);
  }
  if (!hasChromium()) {
    console.error('Chromium not found at /usr/bin/chromium (or CHROMIUM_PATH).');
    process.exit(1);
  }
  const started = new Date();
  const machine = machineInfo();
  console.log(`FCP bench ${started.toISOString()}: ${RUNS} cold loads per page and network, median`);
  note(
    `viewport ${VIEWPORT.width}×${VIEWPORT.height}, Chromium headless (tests/support/browser.ts), cache disabled, new context per load`,
  );
  note(
    `Fast 3G = DevTools preset: ${FAST_3G.downloadThroughput} B/s down, ${FAST_3G.uploadThroughput} B/s up, ${FAST_3G.latency} ms latency`,
  );
  note(
    `load average at start ${(machine.loadAverage as number[]).join(' / ')}: other processes may share the machine; compare ratios`,
  );

  const bareDist = await buildBarePage();
  let shop: BenchChild | undefined;
  let bare: BenchChild | undefined;
  let browser: Browser | undefined;
  try {
    shop = await startChild('shop (pglite)', 'processes/shop-server.ts', {
      cpu: SERVER_CPU,
      env: { BENCH_SHOP_DATABASE_URL: '' },
    });
    bare = await startChild('bare page server', 'processes/static-server.ts', {
      cpu: SERVER_CPU,
      env: { BENCH_STATIC_DIR: bareDist },
    });
    // The browser (and this process) on the other core, like a load generator.
    if (canPin()) spawnSync('taskset', ['-a', '-p', '-c', String(LOAD_CPU), String(process.pid)], { stdio: 'ignore' });
    browser = await launchBrowser();

    const targets = { shop: `${shop.ready.url}/`, bare: `${bare.ready.url}/` } as const;
    const loads: Record<Network, Record<keyof typeof targets, Load[]>> = {
      loopback: { shop: [], bare: [] },
      fast3g: { shop: [], bare: [] },
    };
    for (const network of ['loopback', 'fast3g'] as const) {
      // One discarded load of each first (server JIT and file caches), then alternate so drift hits both alike.
      await loadOnce(browser, targets.shop, network);
      await loadOnce(browser, targets.bare, network);
      for (let i = 0; i < RUNS; i += 1) {
        const order = i % 2 === 0 ? (['shop', 'bare'] as const) : (['bare', 'shop'] as const);
        for (const name of order) loads[network][name].push(await loadOnce(browser, targets[name], network));
      }
    }

    const fcp = (network: Network, name: 'shop' | 'bare') => median(loads[network][name].map((l) => l.fcpMs));
    const bytes = (name: 'shop' | 'bare') => median(loads.loopback[name].map((l) => l.bodyBytes));
    const shopBuild = initialSizes(CLIENT_DIST);
    const bareBuild = initialSizes(bareDist);
    const summary = {
      fcpLoopback: {
        shop: fcp('loopback', 'shop'),
        bare: fcp('loopback', 'bare'),
        ratio: fcp('loopback', 'shop') / fcp('loopback', 'bare'),
      },
      fcpFast3g: {
        shop: fcp('fast3g', 'shop'),
        bare: fcp('fast3g', 'bare'),
        ratio: fcp('fast3g', 'shop') / fcp('fast3g', 'bare'),
      },
      firstViewBodyBytes: { shop: bytes('shop'), bare: bytes('bare'), ratio: bytes('shop') / bytes('bare') },
      initialJsGzipBytes: {
        shop: shopBuild.gzipBytes,
        bare: bareBuild.gzipBytes,
        ratio: shopBuild.gzipBytes / bareBuild.gzipBytes,
      },
      initialCssGzipBytes: { shop: shopBuild.cssGzipBytes, bare: bareBuild.cssGzipBytes },
      cls: {
        loopback: Math.max(...loads.loopback.shop.map((l) => l.cls)),
        fast3g: Math.max(...loads.fast3g.shop.map((l) => l.cls)),
      },
    };

    heading('First Contentful Paint, home page vs bare React 19 page');
    table([
      ['', 'shop home', 'bare React 19', 'ratio', 'goal'],
      [
        `FCP, loopback (median of ${RUNS})`,
        ms(summary.fcpLoopback.shop),
        ms(summary.fcpLoopback.bare),
        ratio(summary.fcpLoopback.ratio),
        '≤ ×2.2',
      ],
      [
        `FCP, Fast 3G (median of ${RUNS})`,
        ms(summary.fcpFast3g.shop),
        ms(summary.fcpFast3g.bare),
        ratio(summary.fcpFast3g.ratio),
        'shop ≤ 3 s',
      ],
      [
        'first view, encoded bodies',
        kib(summary.firstViewBodyBytes.shop),
        kib(summary.firstViewBodyBytes.bare),
        ratio(summary.firstViewBodyBytes.ratio),
        'shop ≤ 350 KiB',
      ],
      [
        'first view, requests',
        median(loads.loopback.shop.map((l) => l.requests)),
        median(loads.loopback.bare.map((l) => l.requests)),
        '',
        '',
      ],
      [
        `initial JS, gzip -9 (${shopBuild.entry.length} files)`,
        kib(shopBuild.gzipBytes),
        kib(bareBuild.gzipBytes),
        ratio(summary.initialJsGzipBytes.ratio),
        'shop ≤ 160 KiB',
      ],
      [
        'initial CSS, gzip -9',
        kib(shopBuild.cssGzipBytes),
        bareBuild.cssRawBytes ? kib(bareBuild.cssGzipBytes) : 'none',
        '',
        'shop ≤ 40 KiB',
      ],
      [
        'layout shift (CLS) by network idle, worst load: loopback / Fast 3G',
        `${summary.cls.loopback.toFixed(3)} / ${summary.cls.fast3g.toFixed(3)}`,
        '',
        '',
        'no shift (< 0.01)',
      ],
    ]);
    note(
      'the bare page is served with compression (the target stack); the shop as it serves itself (precompressed assets, decision 062)',
    );
    const file = writeResults(`${timestamp(started)}-fcp`, {
      startedAt: started.toISOString(),
      machine,
      runs: RUNS,
      viewport: VIEWPORT,
      fast3g: FAST_3G,
      summary,
      builds: { shop: shopBuild, bare: bareBuild },
      loads,
      loadAverageAtEnd: machineInfo().loadAverage,
    });
    note(`figures in ${file}`);
  } finally {
    await browser?.close();
    await shop?.stop();
    await bare?.stop();
    fs.rmSync(bareDist, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
