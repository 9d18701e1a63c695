// Bench child: serves a built page (BENCH_STATIC_DIR) the way the shop serves client/dist (helmet with the shop's
// CSP, express.static with index.html revalidated), plus `compression`: the FCP baseline's server.
import http from 'node:http';
import path from 'node:path';
import fs from 'node:fs';
import express from 'express';
import compression from 'compression';
import { serveRequests } from '../lib/child.js';
import { shopHelmet } from '../lib/baseline-app.js';

const dir = process.env.BENCH_STATIC_DIR;
if (!dir || !fs.existsSync(path.join(dir, 'index.html')))
  throw new Error('BENCH_STATIC_DIR must name a folder with an index.html');
const indexHtml = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');

const app = express();
app.disable('x-powered-by');
app.use(compression());
app.use(shopHelmet());
app.use(express.static(dir, { index: false, maxAge: '1h' }));
app.get(/.*/, (_req, res) => {
  res.set('Cache-Control', 'no-cache').type('html').send(indexHtml);
});

const server = http.createServer(app);
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  serveRequests({}, { url: `http://127.0.0.1:${port}`, pid: process.pid }, () => {
    server.closeAllConnections();
    server.close();
  });
});
