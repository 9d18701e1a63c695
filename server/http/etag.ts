// Ready JSON with an ETag (decision 081): the public snapshot's routes and the order page send
// bodies made once and kept in memory, compressed once per body (when the caller accepts it) rather than once per
// request, and answer 304 when If-None-Match already names the body (Express's `req.fresh`).
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { Request, Response } from 'express';

/** A body ready to send and its validator. */
export interface JsonBody {
  body: string;
  etag: string;
}

/** A strong validator: the body's own hash (the snapshot's bodies are byte-for-byte the same for everyone). */
export function etagOf(body: string): string {
  return `"${crypto.createHash('sha1').update(body).digest('base64url')}"`;
}

/** A weak validator of a view's version: the same view may go out compressed or not. */
export function weakEtagOf(version: string): string {
  return `W/"${crypto.createHash('sha1').update(version).digest('base64url').slice(0, 22)}"`;
}

export const jsonBody = (body: string, etag = etagOf(body)): JsonBody => ({ body, etag });

/** Smaller answers are not worth compressing (the API router's own threshold, app.ts). */
const COMPRESS_FROM_BYTES = 1024;
type Coding = 'br' | 'gzip';

function compress(body: string, coding: Coding): Buffer {
  return coding === 'br'
    ? zlib.brotliCompressSync(body, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      })
    : zlib.gzipSync(body, { level: 6 });
}

/** A kept body's compressed forms, made on first use and dropped with the body. */
const compressed = new WeakMap<JsonBody, Partial<Record<Coding, Buffer>>>();

function codingFor(req: Request, body: string): Coding | null {
  if (body.length < COMPRESS_FROM_BYTES || !req.headers['accept-encoding']) return null;
  // Brotli whenever it is accepted (browsers list it after gzip at the same weight; it is the smaller).
  if (req.acceptsEncodings('br') === 'br') return 'br';
  return req.acceptsEncodings('gzip') === 'gzip' ? 'gzip' : null;
}

/**
 * Sends ready JSON; Express answers 304 itself when If-None-Match names this ETag (`req.fresh`). `cache`: the body is
 * kept (a snapshot's, an order view's), so its compressed forms are kept beside it.
 */
export function sendJson(req: Request, res: Response, json: JsonBody, cacheControl: string, cache: boolean): void {
  res.set('Cache-Control', cacheControl).set('ETag', json.etag).type('application/json').vary('Accept-Encoding');
  const coding = codingFor(req, json.body);
  if (!coding || req.fresh) {
    res.send(json.body);
    return;
  }
  let forms = cache ? compressed.get(json) : undefined;
  let bytes = forms?.[coding];
  if (!bytes) {
    bytes = compress(json.body, coding);
    if (cache) {
      forms ??= {};
      forms[coding] = bytes;
      compressed.set(json, forms);
    }
  }
  res.set('Content-Encoding', coding).send(bytes);
}
