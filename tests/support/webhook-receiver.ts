// A partner's webhook receiver for the tests: a local HTTP server that keeps every request it gets (raw
// body and headers) per path, answers as the test says, and checks `Shop-Signature` as a receiver would.
import crypto from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll } from 'vitest';
import { lateBound } from './late-bound.js';

export interface ReceivedHook {
  path: string;
  headers: http.IncomingHttpHeaders;
  raw: string;
  body: { id: string; type: string; created_at: number; data: Record<string, unknown> };
}

/** How a path answers its n-th request (1-based): a status (and headers), maybe after the test lets it. */
export type Responder = (
  n: number,
  hook: ReceivedHook,
) => { status: number; headers?: Record<string, string>; wait?: Promise<void> };

export interface Receiver {
  url: string;
  received: ReceivedHook[];
  on(path: string, responder: Responder): void;
  at(path: string): ReceivedHook[];
  /** Resolves once `path` got `count` requests (15 s at most). */
  waitFor(path: string, count: number): Promise<ReceivedHook[]>;
  close(): Promise<void>;
}

/** True when the hook's `Shop-Signature` is HMAC-SHA256 of "<t>.<raw body>" with `secret`. */
export function signatureVerifies(hook: ReceivedHook, secret: string): boolean {
  const header = String(hook.headers['shop-signature'] ?? '');
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  if (!match) return false;
  const expected = crypto.createHmac('sha256', secret).update(`${match[1]}.${hook.raw}`).digest('hex');
  return crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(match[2]));
}

export async function startReceiver(): Promise<Receiver> {
  const received: ReceivedHook[] = [];
  const responders = new Map<string, Responder>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const path = (req.url ?? '/').split('?')[0];
      let body: ReceivedHook['body'];
      try {
        body = JSON.parse(raw) as ReceivedHook['body'];
      } catch {
        body = { id: '', type: '', created_at: 0, data: {} };
      }
      const hook: ReceivedHook = { path, headers: req.headers, raw, body };
      received.push(hook);
      const responder: Responder = responders.get(path) ?? (() => ({ status: 200 }));
      const answer = responder(received.filter((h) => h.path === path).length, hook);
      void Promise.resolve(answer.wait).then(() => {
        res.writeHead(answer.status, { 'content-type': 'text/plain', ...answer.headers });
        res.end('ok');
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const at = (path: string) => received.filter((h) => h.path === path);
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    on: (path, responder) => responders.set(path, responder),
    at,
    async waitFor(path, count) {
      const deadline = Date.now() + 15_000;
      while (at(path).length < count) {
        if (Date.now() > deadline) throw new Error(`${path} got ${at(path).length} of ${count} webhook requests`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return at(path);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A receiver for the tests of the enclosing describe block. */
export function useReceiver(): Receiver {
  let receiver: Receiver | undefined;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
  });
  return lateBound(() => receiver, 'The webhook receiver');
}
