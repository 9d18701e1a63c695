// Without Chromium the browser tests skip themselves (describe.runIf(hasChromium())); this reporter says so in one
// line at the end of the run, with the number skipped and how to install it, instead of a silent green run.
import type { Reporter, TestModule } from 'vitest/node';
import { CHROMIUM, hasChromium } from './browser.js';

export function chromiumSkipLine(skipped: number, chromiumPath: string): string {
  return `Skipped ${skipped} browser test${skipped === 1 ? '' : 's'}: no Chromium at ${chromiumPath} (CHROMIUM_PATH). Install it with: apt-get install chromium`;
}

export default class ChromiumSkipReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    if (hasChromium()) return;
    const skipped = testModules
      .filter((module) => module.project.name === 'browser')
      .flatMap((module) => [...module.children.allTests()])
      .filter((test) => test.result().state === 'skipped').length;
    if (skipped > 0) process.stdout.write(`\n${chromiumSkipLine(skipped, CHROMIUM)}\n`);
  }
}
