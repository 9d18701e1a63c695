// GET /home, GET /products/all and GET /products/{id}, answered from the public snapshot (decision 081): ready JSON
// with an ETag, 304 when the caller already has it. Home is a page, not a domain: it owns no data and gets one
// read function from each domain it shows; the catalogue's own routes answer what the snapshot does not hold.
//
// These are the busiest requests, so app.ts mounts them ahead of the API router: they authenticate the caller
// themselves (a bad token is the same 401 as anywhere), skip the body parsers a GET does not need, and send
// snapshot bodies compressed once per snapshot rather than once per request.
import type { Request, RequestHandler, Response } from 'express';
import { Router } from 'express';
import type { UserPresenter } from '../accounts/index.js';
import { etagOf, sendJson } from '../http/etag.js';
import type { PublicSnapshots } from './public-snapshot.js';

export function homeRoutes(deps: {
  snapshots: PublicSnapshots;
  userDto: UserPresenter;
  authenticate: RequestHandler;
}): Router {
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
