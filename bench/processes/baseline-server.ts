// Bench child: the in-run baseline. A bare Express 5 app with the shop's own middleware stack (helmet with the
// shop's CSP, express.json, Cache-Control: no-store) plus `compression`, answering a small hello JSON.
// It is the ceiling a route of the shop can approach on this machine, measured in the same run as the shop.
import http from 'node:http';
import { serveRequests } from '../lib/child.js';
import { createBaselineApp } from '../lib/baseline-app.js';

const { app, api } = createBaselineApp();
api.get('/hello', (_req, res) => {
  res.json({ ok: true, text: 'Hello' });
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
