// Bench child: the in-run baseline. A bare Express 5 app with the shop's own middleware stack (helmet with the
// shop's CSP, express.json, Cache-Control: no-store) plus `compression`, answering a small hello JSON.
// It is the ceiling a route of the shop can approach on this machine, measured in the same run as the shop.
// Keep the middleware in step with server/app.ts.
import http from 'node:http';
import express from 'express';
import helmet from 'helmet';
import compression from 'compression';
import { serveRequests } from '../lib/child.js';

const app = express();
app.disable('x-powered-by');
app.set('trust proxy', 0);
app.set('query parser', 'simple');
app.use(compression());
app.use(
  helmet({
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
  }),
);
const api = express.Router();
api.use(express.json({ limit: '100kb', strict: true }));
api.use((_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
});
api.get('/hello', (_req, res) => {
  res.json({ ok: true, text: 'Hello' });
});
app.use('/api/v1', api);

const server = http.createServer(app);
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  serveRequests({}, { url: `http://127.0.0.1:${port}`, pid: process.pid }, () => {
    server.closeAllConnections();
    server.close();
  });
});
