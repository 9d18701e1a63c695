// GET /home, GET /products/all and GET /products/{id}, answered from the public snapshot (decision 081): ready JSON
// with an ETag, 304 when the caller already has it. Home is a page, not a domain: it owns no data and gets one
// read function from each domain it shows; the catalogue's own routes answer what the snapshot does not hold.
import type { Request, Response } from 'express';
import { Router } from 'express';
import type { UserPresenter } from '../accounts/index.js';
import { etagOf, type JsonBody, type PublicSnapshots } from './public-snapshot.js';

/** Sends ready JSON; Express answers 304 itself when If-None-Match names this ETag (`req.fresh`). */
function sendJson(res: Response, json: JsonBody, cacheControl: string): void {
  res.set('Cache-Control', cacheControl).set('ETag', json.etag).type('application/json').send(json.body);
}

export function homeRoutes(deps: { snapshots: PublicSnapshots; userDto: UserPresenter }): Router {
  const { snapshots } = deps;
  const router = Router();

  router.get('/home', async (req: Request, res: Response) => {
    const { home } = await snapshots.get();
    res.vary('Authorization');
    if (!req.user) return sendJson(res, home.anonymous, 'no-cache');
    const body = `${home.head}${JSON.stringify(deps.userDto(req.user))}${home.tail}`;
    sendJson(res, { body, etag: etagOf(body) }, 'private, no-cache');
  });

  router.get('/products/all', async (_req, res) => {
    sendJson(res, (await snapshots.get()).productsAll, 'no-cache');
  });

  router.get('/products/:id', async (req, res, next) => {
    const product = (await snapshots.get()).product.get(String(req.params.id));
    if (!product) return next(); // unknown or malformed: the catalogue's route answers its 404
    sendJson(res, product, 'no-cache');
  });

  return router;
}
