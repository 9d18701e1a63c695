// Serves the client build (decision 062): hashed assets from their brotli/gzip copies made at build time
// (client/build/precompress.ts), chosen by Accept-Encoding and cached for a year; the index page rendered once with
// the run-time settings, compressed once in memory, revalidated with its ETag on every visit.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import express, { type Request, type Response } from 'express';

export type ContentCoding = 'br' | 'gzip' | 'identity';

/** The coding to send: brotli, then gzip, when the client accepts them (q > 0, `*` counts); otherwise none. */
export function chooseEncoding(acceptEncoding: string | undefined, available: readonly ContentCoding[]): ContentCoding {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const quality = (coding: string) => accepted.get(coding) ?? accepted.get('*') ?? 0;
  for (const coding of ['br', 'gzip'] as const) {
    if (available.includes(coding) && quality(coding) > 0) return coding;
  }
  return 'identity';
}

const HASHED_ASSET = /^\/assets\//;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const SUFFIX: Record<Exclude<ContentCoding, 'identity'>, string> = { br: '.br', gzip: '.gz' };

interface BuiltFile {
  file: string;
  codings: ContentCoding[];
}

function listFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? listFiles(full) : [full];
  });
}

/** Every file of the build by URL path, with the encoded copies that sit beside it. Read once at start. */
function indexBuild(dist: string): Map<string, BuiltFile> {
  const files = listFiles(dist);
  const present = new Set(files);
  const byUrl = new Map<string, BuiltFile>();
  for (const file of files) {
    if (file.endsWith('.br') || file.endsWith('.gz')) continue;
    const url = `/${path.relative(dist, file).split(path.sep).join('/')}`;
    if (url === '/index.html') continue; // served rendered, below
    const codings: ContentCoding[] = ['identity'];
    if (present.has(`${file}.br`)) codings.unshift('br');
    if (present.has(`${file}.gz`)) codings.splice(codings.length - 1, 0, 'gzip');
    byUrl.set(url, { file, codings });
  }
  return byUrl;
}

function sendBuiltFile(req: Request, res: Response, built: BuiltFile, next: (err?: unknown) => void) {
  const coding = chooseEncoding(req.headers['accept-encoding'], built.codings);
  res.vary('Accept-Encoding');
  res.type(path.extname(built.file)); // the type of the file itself, not of its .br/.gz copy
  if (coding !== 'identity') res.set('Content-Encoding', coding);
  const file = coding === 'identity' ? built.file : built.file + SUFFIX[coding];
  res.sendFile(
    file,
    {
      // The file name carries the content hash: the bytes behind a URL never change.
      headers: { 'Cache-Control': HASHED_ASSET.test(req.path) ? IMMUTABLE : 'no-cache' },
      cacheControl: false,
      // A byte range of a compressed copy is no use to anyone.
      acceptRanges: coding === 'identity',
      lastModified: !HASHED_ASSET.test(req.path),
      dotfiles: 'deny',
    },
    (err) => {
      // A browser that navigates away aborts its downloads (ECONNABORTED): nobody is left to answer, and passed on
      // the error's code reads as a lost database connection (decision 076) and turned the API to 503 for a second.
      if (err && !res.headersSent && (err as NodeJS.ErrnoException).code !== 'ECONNABORTED') next(err);
    },
  );
}

/** The rendered index page in each coding, with one strong ETag per coding. */
function compressPage(html: string) {
  const raw = Buffer.from(html, 'utf8');
  const hash = crypto.createHash('sha256').update(raw).digest('base64url').slice(0, 27);
  const bodies: Record<ContentCoding, Buffer> = {
    br: zlib.brotliCompressSync(raw, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
    }),
    gzip: zlib.gzipSync(raw, { level: 9 }),
    identity: raw,
  };
  return { bodies, etag: (coding: ContentCoding) => `"${hash}${coding === 'identity' ? '' : `-${coding}`}"` };
}

/** Static files of the build and the index page for every other non-API path (client-side routes). */
export function clientAssets(dist: string, indexHtml: string): express.Router {
  const router = express.Router();
  const build = indexBuild(dist);
  const page = compressPage(indexHtml);

  router.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const built = build.get(req.path);
    if (built) return sendBuiltFile(req, res, built, next);
    if (HASHED_ASSET.test(req.path)) return next(); // a missing chunk is a 404, never the page
    if (/^\/(api|socket\.io|media)\//.test(req.path)) return next();

    const coding = chooseEncoding(req.headers['accept-encoding'], ['br', 'gzip', 'identity']);
    const etag = page.etag(coding);
    res.vary('Accept-Encoding');
    res.set({ 'Cache-Control': 'no-cache', ETag: etag, 'Content-Type': 'text/html; charset=utf-8' });
    const tags = (req.headers['if-none-match'] ?? '').split(',').map((tag) => tag.trim().replace(/^W\//, ''));
    if (tags.includes(etag) || tags.includes('*')) {
      res.status(304).end();
      return;
    }
    if (coding !== 'identity') res.set('Content-Encoding', coding);
    res.set('Content-Length', String(page.bodies[coding].length));
    if (req.method === 'HEAD') res.end();
    else res.end(page.bodies[coding]);
  });
  return router;
}
