// GET /home, GET /products/all and GET /products/{id}, answered from the public snapshot (decision 081): ready JSON
// with an ETag, 304 when the caller already has it. Home is a page, not a domain: it owns no data and gets one
// read function from each domain it shows; the catalogue's own routes answer what the snapshot does not hold.
//
// These are the busiest requests, so app.ts mounts them ahead of the API router: they authenticate the caller
// themselves (a bad token is the same 401 as anywhere), skip the body parsers a GET does not need, and send
// snapshot bodies compressed once per snapshot rather than once per request (issue 8).
import zlib from 'node:zlib';
import type { Request, RequestHandler, Response } from 'express';
import { Router } from 'express';
import type { UserPresenter } from '../accounts/index.js';
import { etagOf, type JsonBody, type PublicSnapshots } from './public-snapshot.js';

/** Smaller answers are not worth compressing (the API router's own threshold, app.ts). */
const COMPRESS_FROM_BYTES = 1024;
type Coding = 'br' | 'gzip';

function compress(body: string, coding: Coding): Buffer {
  return coding === 'br'
    ? zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : zlib.gzipSync(body, { level: 6 });
}

/** A snapshot body's compressed forms, made on first use and dropped with the snapshot. */
const compressed = new WeakMap<JsonBody, Partial<Record<Coding, Buffer>>>();

function codingFor(req: Request, body: string): Coding | null {
  if (body.length < COMPRESS_FROM_BYTES || !req.headers['accept-encoding']) return null;
  // Brotli whenever it is accepted (browsers list it after gzip at the same weight; it is the smaller).
  if (req.acceptsEncodings('br') === 'br') return 'br';
  return req.acceptsEncodings('gzip') === 'gzip' ? 'gzip' : null;
}

/** Sends ready JSON; Express answers 304 itself when If-None-Match names this ETag (`req.fresh`). */
function sendJson(req: Request, res: Response, json: JsonBody, cacheControl: string, cache: boolean): void {
  res.set('Cache-Control', cacheControl).set('ETag', json.etag).type('application/json').vary('Accept-Encoding');
  const coding = codingFor(req, json.body);
  if (!coding) {
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

export function homeRoutes(deps: { snapshots: PublicSnapshots; userDto: UserPresenter; authenticate: RequestHandler }): Router {
  const { snapshots, authenticate } = deps;
  const router = Router();

  router.get('/home', authenticate, async (req: Request, res: Response) => {
    const { home } = await snapshots.get();
    res.vary('Authorization');
    if (!req.user) return sendJson(req, res, home.anonymous, 'no-cache', true);
    const body = `${home.head}${JSON.stringify(deps.userDto(req.user))}${home.tail}`;
    sendJson(req, res, { body, etag: etagOf(body) }, 'private, no-cache', false);
  });

  router.get('/products/all', authenticate, async (req, res) => {
    sendJson(req, res, (await snapshots.get()).productsAll, 'no-cache', true);
  });

  router.get('/products/:id', authenticate, async (req, res, next) => {
    const product = (await snapshots.get()).product.get(String(req.params.id));
    if (!product) return next(); // unknown or malformed: the catalogue's route answers its 404
    sendJson(req, res, product, 'no-cache', true);
  });

  return router;
}
