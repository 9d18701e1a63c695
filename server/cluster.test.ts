import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { MAX_WORKERS, primaryHttpServer, sessionIdOf, workerOfSessionId } from './cluster.js';

describe('Socket.IO session ids that name their worker', () => {
  it('When a worker makes a session id, then it is 20 URL-safe characters that @socket.io/sticky reads and names that worker', () => {
    for (let index = 0; index < MAX_WORKERS; index += 1) {
      const sid = sessionIdOf(index);
      expect(sid).toMatch(/^[\w-]{20}$/);
      expect(/sid=([\w-]{20})/.exec(`/socket.io/?EIO=4&transport=polling&sid=${sid}`)?.[1]).toBe(sid);
      expect(workerOfSessionId(sid)).toBe(index);
    }
    expect(new Set(Array.from({ length: 1000 }, () => sessionIdOf(1))).size).toBe(1000);
  });
});

describe("The primary's server, which never parses HTTP itself", () => {
  // As @socket.io/sticky does: the socket's data goes elsewhere (here answered at once), never to Node's parser.
  async function primaryLike(options: Parameters<typeof primaryHttpServer>[0]) {
    const server = primaryHttpServer(options);
    server.on('connection', (socket: net.Socket) => {
      socket.removeAllListeners('data');
      socket.on('data', () => socket.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { server, port: (server.address() as net.AddressInfo).port };
  }
  const connect = (port: number) => {
    const socket = net.connect(port, '127.0.0.1');
    const seen = { text: '', closed: false };
    socket.on('data', (chunk) => (seen.text += chunk.toString('latin1')));
    socket.on('close', () => (seen.closed = true));
    socket.on('error', () => undefined);
    return { socket, seen };
  };
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('When a kept-alive connection sends requests with bodies for longer than the timeouts are checked, then it gets only its answers, never a 408', async () => {
    const { server, port } = await primaryLike({ connectionsCheckingInterval: 50, firstBytesMs: 200 });
    // Node's defaults (60 s, 300 s) wrote the 408 into such a connection 60-90 s after it opened.
    expect(server.headersTimeout).toBe(0);
    expect(server.requestTimeout).toBe(0);
    try {
      const { socket, seen } = connect(port);
      for (let i = 0; i < 8; i += 1) {
        socket.write('PATCH /api/v1/orders/x HTTP/1.1\r\nHost: shop\r\nContent-Length: 2\r\n\r\n{}');
        await pause(100);
      }
      expect(seen.text).not.toContain('408');
      expect(seen.text.match(/HTTP\/1\.1 200 OK/g)).toHaveLength(8);
      expect(seen.closed).toBe(false);
      socket.destroy();
    } finally {
      server.close();
    }
  });

  it('When a connection sends nothing, then it is closed after the first-bytes time', async () => {
    const { server, port } = await primaryLike({ connectionsCheckingInterval: 50, firstBytesMs: 200 });
    try {
      const { seen } = connect(port);
      await pause(100);
      expect(seen.closed).toBe(false);
      await pause(400);
      expect(seen.closed).toBe(true);
    } finally {
      server.close();
    }
  });
});
