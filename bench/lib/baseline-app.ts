// The in-run baselines' Express app: a bare Express 5 app with the shop's own middleware stack (helmet with the
// shop's CSP, express.json, Cache-Control: no-store, simple query parser, no x-powered-by) plus `compression`.
// Keep the middleware in step with server/app.ts (decision 060).
import express from 'express';
import helmet from 'helmet';
import compression from 'compression';

/** helmet as the shop sets it up (server/app.ts): its CSP, no cross-origin embedder policy. */
export function shopHelmet(): express.RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        workerSrc: ["'self'", 'blob:'],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
}

/** The app and its `/api/v1` router, for the baseline to add its one route to. */
export function createBaselineApp(): { app: express.Express; api: express.Router } {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 0);
  app.set('query parser', 'simple');
  app.use(compression());
  app.use(shopHelmet());
  const api = express.Router();
  api.use(express.json({ limit: '100kb', strict: true }));
  api.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });
  app.use('/api/v1', api);
  return { app, api };
}
