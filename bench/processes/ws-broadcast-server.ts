// Bench child: the realtime floor. A bare `ws` server; `POST /broadcast {round, size}` sends one JSON text frame
// of `size` bytes to every connected client, then answers. Same trigger shape (an HTTP request) as the shop's.
import http from 'node:http';
import { WebSocketServer } from 'ws';
import { serveRequests } from '../lib/child.js';

function payload(round: number, size: number): string {
  const head = `{"round":${round},"pad":"`;
  const tail = '"}';
  return head + 'x'.repeat(Math.max(0, size - head.length - tail.length)) + tail;
}

const server = http.createServer((req, res) => {
  if (req.method !== 'POST' || req.url !== '/broadcast') {
    res.writeHead(404).end();
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const { round, size } = JSON.parse(Buffer.concat(chunks).toString()) as { round: number; size: number };
    const frame = payload(round, size);
    for (const client of wss.clients) client.send(frame);
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ ok: true, sent: wss.clients.size }));
  });
});
const wss = new WebSocketServer({ server });

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  serveRequests({}, { url: `http://127.0.0.1:${port}`, wsUrl: `ws://127.0.0.1:${port}`, pid: process.pid }, () => {
    for (const client of wss.clients) client.terminate();
    server.closeAllConnections();
    server.close();
  });
});
