// A real TCP proxy a fault test puts between the shop and PostgreSQL or Redis, and controls:
// - cut(): every open connection is reset and new ones are reset on arrival (the server is gone);
// - hang(): connections stay open but nothing passes either way, new ones are accepted and never answered
//   (a frozen server or a silent network);
// - restore(): traffic passes again; connections that hung are reset (their bytes were lost) so clients reconnect.
import net from 'node:net';

export type ProxyMode = 'open' | 'cut' | 'hung';

interface Pair {
  client: net.Socket;
  upstream?: net.Socket;
  hung: boolean;
}

export interface TcpProxy {
  port: number;
  readonly mode: ProxyMode;
  /** The same URL with host and port pointing at the proxy. */
  via(url: string): string;
  cut(): void;
  hang(): void;
  restore(): void;
  close(): Promise<void>;
}

function destroy(socket: net.Socket | undefined): void {
  if (!socket || socket.destroyed) return;
  socket.resetAndDestroy();
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: ProxyMode = 'open';
  const pairs = new Set<Pair>();

  const server = net.createServer((client) => {
    client.on('error', () => undefined);
    const pair: Pair = { client, hung: false };
    pairs.add(pair);
    client.on('close', () => {
      pairs.delete(pair);
      destroy(pair.upstream);
    });
    if (mode === 'cut') return destroy(client);
    if (mode === 'hung') {
      pair.hung = true;
      client.on('data', () => undefined); // swallowed
      return;
    }
    const upstream = net.connect(target.port, target.host);
    pair.upstream = upstream;
    upstream.on('error', () => undefined);
    upstream.on('close', () => destroy(client));
    client.on('data', (chunk) => {
      if (!pair.hung) upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (!pair.hung) client.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;

  return {
    port,
    get mode() {
      return mode;
    },
    via(url) {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    cut() {
      mode = 'cut';
      for (const pair of pairs) {
        destroy(pair.client);
        destroy(pair.upstream);
      }
    },
    hang() {
      mode = 'hung';
      for (const pair of pairs) pair.hung = true;
    },
    restore() {
      mode = 'open';
      for (const pair of pairs) {
        if (!pair.hung) continue;
        destroy(pair.client);
        destroy(pair.upstream);
      }
    },
    async close() {
      mode = 'cut';
      for (const pair of pairs) {
        destroy(pair.client);
        destroy(pair.upstream);
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Host and port of a postgres:// or redis:// URL. */
export function targetOf(url: string, defaultPort: number): { host: string; port: number } {
  const u = new URL(url);
  return { host: u.hostname || '127.0.0.1', port: Number(u.port || defaultPort) };
}
