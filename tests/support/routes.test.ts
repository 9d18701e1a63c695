import express from 'express';
import { describe, expect, it } from 'vitest';
import { fillPath, listRoutes, paramNames } from './routes.js';

const noop: express.RequestHandler = (_req, res) => {
  res.end();
};

describe('listRoutes', () => {
  it('When routes sit in nested routers under mount paths, then each is listed with its full pattern and methods', () => {
    const app = express();
    app.use(express.json());
    const inner = express.Router();
    inner.get('/orders/all', noop);
    inner.route('/orders/:id').get(noop).patch(noop);
    const deeper = express.Router();
    deeper.post('/:productId/image', noop);
    inner.use('/products', deeper);
    const api = express.Router();
    api.use((_req, _res, next) => next());
    api.use(inner);
    app.use('/api/v1', api);
    app.get('/health', noop);
    app.get(/^(?!\/api\/).*/, noop);
    app.all('/any/*rest', noop);

    expect(listRoutes(app).map((r) => r.key)).toEqual([
      'GET /api/v1/orders/all',
      'GET /api/v1/orders/:id',
      'PATCH /api/v1/orders/:id',
      'POST /api/v1/products/:productId/image',
      'GET /health',
      'GET /^(?!\\/api\\/).*/',
      'ALL /any/*rest',
    ]);
    expect(listRoutes(app).find((r) => r.key === 'POST /api/v1/products/:productId/image')?.params).toEqual([
      'productId',
    ]);
  });

  it('When one method and path is served twice, then it is listed once (the first one answers)', () => {
    const a = express.Router();
    a.get('/users/me', noop);
    const b = express.Router();
    b.get('/users/me', noop);
    b.get('/users/:id', noop);
    const app = express();
    app.use(a);
    app.use(b);
    expect(listRoutes(app).map((r) => r.key)).toEqual(['GET /users/me', 'GET /users/:id']);
  });

  it('When a route takes an array of paths, then each path is a route', () => {
    const app = express();
    app.get(['/a', '/b/:x'], noop);
    expect(listRoutes(app).map((r) => r.key)).toEqual(['GET /a', 'GET /b/:x']);
  });
});

describe('paramNames and fillPath', () => {
  it('When a pattern has named parameters, then they are found and filled URL-encoded', () => {
    expect(paramNames('/api/v1/recover/:id')).toEqual(['id']);
    expect(paramNames('/files/*rest')).toEqual(['rest']);
    expect(paramNames('/^\\/x\\/(?<slug>[a-z]+)$/')).toEqual(['slug']);
    expect(fillPath('/orders/:id/items/:item', { id: 'a/b', item: '%00' })).toBe('/orders/a%2Fb/items/%2500');
  });

  it('When a parameter has no value, then filling the path throws', () => {
    expect(() => fillPath('/orders/:id', {})).toThrow(/:id/);
  });
});
