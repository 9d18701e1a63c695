// globalSetup of the browser project (vitest.config.ts). The browser tests drive the built client in client/dist,
// which `npm test` builds first. Without it every page is the server's 404 and the files used to skip themselves
// without a word: the run now fails at once, saying how to build. Only a missing Chromium skips the
// browser tests (one line at the end of the run, decision 191), and then no build is needed.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM, hasChromium } from './browser.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const CLIENT_INDEX = path.join(ROOT, 'client/dist/index.html');

/** Why the browser tests cannot run, or undefined when they can (or skip themselves for want of Chromium). */
export function missingBuild(index: string, chromium: boolean): string | undefined {
  if (!chromium || fs.existsSync(index)) return undefined;
  return `The browser tests drive the built client, and ${path.relative(ROOT, index)} is missing: run \`npm run build\` first (npm test does).`;
}

export default function checkClientBuild(): void {
  const problem = missingBuild(CLIENT_INDEX, hasChromium());
  if (problem) throw new Error(`${problem} (Chromium: ${CHROMIUM})`);
}
