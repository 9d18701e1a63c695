// Debian's Chromium driven by playwright-core, for browser tests and screenshots. Every browser test file gets its
// browser from useBrowser() and skips itself with describe.runIf(hasChromium()) when there is none (decision 191);
// the build it drives is checked once by the project's globalSetup (tests/support/client-dist.ts).
import fs from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { lateBound } from './late-bound.js';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function hasChromium(): boolean {
  return fs.existsSync(CHROMIUM);
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

/** Launches Chromium before the tests of the enclosing describe block (or file) and closes it after them. */
export function useBrowser(): Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    browser = undefined;
  });
  return lateBound(() => browser, 'The browser');
}

export interface ContextOptions {
  lang?: 'EN' | 'BN';
  width?: number;
  height?: number;
  /** Signed in as this account (signIn); a guest without it. */
  as?: { token: string } | null;
}

/** A fresh context that has passed the access gate, in the given language, signed in when `as` names an account. */
export async function openContext(
  browser: Browser,
  baseUrl: string,
  opts: ContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 900 },
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  await context.addInitScript(
    ([lang]) => {
      window.localStorage.setItem('okay', '1');
      if (lang && !window.localStorage.getItem('PREF_LANG')) window.localStorage.setItem('PREF_LANG', lang);
    },
    [opts.lang ?? 'EN'],
  );
  if (opts.as) await signIn(context, opts.as);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.log(`[page error] ${error.message}`));
  return { context, page };
}

/**
 * The one way browser tests sign in without the login form (tests/browser/auth.test.ts covers the form): the
 * account's token (from tests/factories/users.ts) is in localStorage before any script of any page of the context
 * runs, where the client keeps it after a login.
 */
export async function signIn(context: BrowserContext, account: { token: string }): Promise<void> {
  await context.addInitScript((jwt) => window.localStorage.setItem('jwt', jwt), account.token);
}

/** Sum of the page's layout shifts so far (not caused by input), as Core Web Vitals counts them. */
export function layoutShift(page: Page): Promise<number> {
  // Layout shifts are only reachable through an observer; `buffered` hands over those that happened already.
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let sum = 0;
        const observer = new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) sum += entry.value;
          }
        });
        observer.observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => {
          observer.disconnect();
          resolve(sum);
        }, 100);
      }),
  );
}
