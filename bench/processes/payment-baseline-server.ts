// Bench child: the payment loop's floor (decision 060). The least any shop must do between a phone's forwarded SMS
// and the customer's open order page: the baseline's Express stack takes `POST /api/v1/sms` with a Bearer token,
// reads the TrxID out of the text with one regular expression, finds the watching order in a Map and emits
// `order:updated` (a frame of the shop's size) to that order's Socket.IO room, then answers. Customers join rooms
// with the shop's own `order:watch` (acknowledged). No database, no parsing templates, no ledger.
import crypto from 'node:crypto';
import http from 'node:http';
import { Server } from 'socket.io';
import { serveRequests } from '../lib/child.js';
import { createBaselineApp } from '../lib/baseline-app.js';

const DEVICE_TOKEN = `smsdev_${crypto.randomBytes(32).toString('base64url')}`;
const tokenHash = crypto.createHash('sha256').update(DEVICE_TOKEN).digest();
/** TrxID (lower case) → order id, registered by the bench before a run. */
const orderOfTrx = new Map<string, string>();
/** Bytes of the frame to send (the shop's `order:updated` frame as measured in its warm-up). */
let frameBytes = 1500;
let nextSmsId = 1;

const { app, api } = createBaselineApp();
api.post('/sms', (req, res) => {
  const match = /^Bearer\s+(\S{1,200})\s*$/i.exec(req.get('authorization') ?? '');
  const given = crypto
    .createHash('sha256')
    .update(match?.[1] ?? '')
    .digest();
  if (!match || !crypto.timingSafeEqual(given, tokenHash)) {
    res.status(401).json({ ok: false, key: 'errors.deviceToken' });
    return;
  }
  const body = req.body as { from?: unknown; text?: unknown };
  const trx =
    typeof body.text === 'string' ? /(?:trx|txn)\s*id\s*:?\s*([a-z0-9]{1,70})/i.exec(body.text)?.[1] : undefined;
  const orderId = trx ? orderOfTrx.get(trx.toLowerCase()) : undefined;
  const id = nextSmsId++;
  if (orderId) {
    const head = { id: orderId, status: 'pending', payment_received: true };
    // `42["order:updated",{…,"pad":"xxx"}]`: pad so the whole frame has the shop's size.
    const bare = `42${JSON.stringify(['order:updated', { ...head, pad: '' }])}`.length;
    io.to(`order:${orderId}`).emit('order:updated', { ...head, pad: 'x'.repeat(Math.max(0, frameBytes - bare)) });
  }
  res.json({ ok: true, sms: { id, status: orderId ? 'matched' : 'unmatched', order_id: orderId ?? null } });
});
// Setup only (not timed): which TrxID belongs to which order, and the frame size to send.
api.post('/bench/orders', (req, res) => {
  const body = req.body as { orders: { id: string; pm_id: string }[]; frameBytes?: number };
  for (const o of body.orders) orderOfTrx.set(o.pm_id.toLowerCase(), o.id);
  if (body.frameBytes) frameBytes = body.frameBytes;
  res.json({ ok: true });
});

const server = http.createServer(app);
const io = new Server(server, { path: '/socket.io', maxHttpBufferSize: 10_000, serveClient: false });
io.on('connection', (socket) => {
  socket.on('order:watch', (orderId: unknown, ack: unknown) => {
    const reply = typeof ack === 'function' ? (ack as (a: unknown) => void) : () => undefined;
    if (typeof orderId !== 'string' || orderId.length > 64) return reply({ error: 'errors.notFound' });
    void socket.join(`order:${orderId}`);
    reply({ data: true });
  });
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  serveRequests({}, { url: `http://127.0.0.1:${port}`, pid: process.pid, deviceToken: DEVICE_TOKEN }, async () => {
    await new Promise<void>((resolve) => io.close(() => resolve()));
    server.closeAllConnections();
  });
});
