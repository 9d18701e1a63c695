// Vite plugin: writes a brotli (.br) and a gzip (.gz) copy beside every text asset of the build, so the server
// sends compressed bytes without compressing per request (server/http/client-assets.ts picks one by Accept-Encoding).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const TEXT_FILES = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Below this size the encoding header costs about what compression saves. */
const MIN_BYTES = 512;

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  });
}

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!TEXT_FILES.test(file)) continue;
        const content = fs.readFileSync(file);
        if (content.length < MIN_BYTES) continue;
        const brotli = zlib.brotliCompressSync(content, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          },
        });
        const gzip = zlib.gzipSync(content, { level: 9 });
        // A copy that saves nothing is not written; the server then sends the file itself.
        if (brotli.length < content.length) fs.writeFileSync(`${file}.br`, brotli);
        if (gzip.length < content.length) fs.writeFileSync(`${file}.gz`, gzip);
      }
    },
  };
}
