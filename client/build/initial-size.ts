// What a first visit must download before it can paint: the entry script, its modulepreloads and the stylesheets
// named in a built index.html, measured gzip -9 as the build precompresses them. Used by the bundle budget test
// and by `npm run bench:fcp`.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export interface InitialSizes {
  entry: string[];
  css: string[];
  rawBytes: number;
  gzipBytes: number;
  cssRawBytes: number;
  cssGzipBytes: number;
}

/** The budgets (decision 063), in bytes of gzip -9. */
export const BUNDLE_BUDGET = { initialJsGzip: 164 * 1024, initialCssGzip: 40 * 1024 };

export function initialSizes(dist: string): InitialSizes {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]+)"`).exec(tag)?.[1];
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  const js = tags
    .filter((t) => (t.startsWith('<script') && /type="module"/.test(t)) || /rel="modulepreload"/.test(t))
    .map((t) => attr(t, t.startsWith('<script') ? 'src' : 'href'))
    .filter((p): p is string => !!p);
  const css = tags
    .filter((t) => /rel="stylesheet"/.test(t))
    .map((t) => attr(t, 'href'))
    .filter((p): p is string => !!p);
  const sizes = (files: string[]) =>
    files.reduce(
      (sum, file) => {
        const content = fs.readFileSync(path.join(dist, file.replace(/^\//, '')));
        return { raw: sum.raw + content.length, gzip: sum.gzip + zlib.gzipSync(content, { level: 9 }).length };
      },
      { raw: 0, gzip: 0 },
    );
  const j = sizes(js);
  const c = sizes(css);
  return { entry: js, css, rawBytes: j.raw, gzipBytes: j.gzip, cssRawBytes: c.raw, cssGzipBytes: c.gzip };
}
