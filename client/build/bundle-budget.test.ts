// The budget of the first page load (decision 063), checked on the build in client/dist: `npm test` builds
// before it runs the tests. A growing entry fails here; `npm run build:report` shows what each chunk holds.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BUNDLE_BUDGET, initialSizes } from './initial-size.js';

const dist = fileURLToPath(new URL('../dist', import.meta.url));
const built = fs.existsSync(path.join(dist, 'index.html'));
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

function listFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? listFiles(full) : [full];
  });
}

describe.skipIf(!built)('bundle budget (client/dist; run `npm run build` first)', () => {
  it('When the home page loads, then its initial JS (entry + modulepreloads) is at most 164 KiB gzip and its CSS at most 40 KiB', () => {
    const sizes = initialSizes(dist);
    expect(sizes.entry.length).toBeGreaterThan(0);
    expect(sizes.gzipBytes, `initial JS ${kib(sizes.gzipBytes)}: ${sizes.entry.join(', ')}`).toBeLessThanOrEqual(
      BUNDLE_BUDGET.initialJsGzip,
    );
    expect(sizes.cssGzipBytes, `initial CSS ${kib(sizes.cssGzipBytes)}: ${sizes.css.join(', ')}`).toBeLessThanOrEqual(
      BUNDLE_BUDGET.initialCssGzip,
    );
  });

  it('When the build is served, then every text asset has its brotli and gzip copy and fonts are woff2 only', () => {
    const files = listFiles(dist);
    const present = new Set(files);
    const missing = files
      .filter((file) => /\.(js|css)$/.test(file) && fs.statSync(file).size >= 512)
      .filter((file) => !present.has(`${file}.br`) || !present.has(`${file}.gz`))
      .map((file) => path.relative(dist, file));
    expect(missing).toEqual([]);
    expect(files.filter((file) => /\.(woff|ttf|otf|eot)$/.test(file)).map((file) => path.basename(file))).toEqual([]);
    expect(files.some((file) => file.endsWith('.woff2'))).toBe(true);
  });
});
