// Raw realtime clients for the bench's load processes: plain `ws` sockets that speak the Socket.IO v4 wire protocol
// themselves (engine.io open, namespace connect with optional auth, acks, ping/pong) over the websocket transport,
// or plain `ws` for the bare baselines. Frames are handed over as text, unparsed: the clients' own decoding
// (socket.io-client runs on each customer's phone, not on our server) must not mask the server's cost (decision 060).
import WebSocket from 'ws';

export type Mode = 'socket.io' | 'ws';

export interface WireClient {
  ws: WebSocket;
  mode: Mode;
  /** Socket.IO acknowledgements waiting for their answer, by ack id. */
  acks: Map<number, (answer: string) => void>;
  nextAck: number;
  /** Every frame that is not protocol housekeeping (pings, acks) goes here. */
  onEvent: (text: string, bytes: number) => void;
  closed: boolean;
}

/** When the last frame of any client arrived (performance.now()), for "wait until quiet". */
export let lastFrameAt = 0;

function onFrame(client: WireClient, data: Buffer): void {
  lastFrameAt = performance.now();
  const text = data.toString();
  if (client.mode === 'socket.io') {
    if (text === '2') {
      client.ws.send('3'); // engine.io ping → pong, or the server drops us after pingTimeout
      return;
    }
    const ack = /^43(\d+)/.exec(text);
    if (ack) {
      const id = Number(ack[1]);
      client.acks.get(id)?.(text.slice(2 + ack[1].length));
      client.acks.delete(id);
      return;
    }
  }
  client.onEvent(text, data.length);
}

/**
 * Opens a raw socket; for Socket.IO, waits for the engine.io open packet and the namespace connect (`40…`),
 * sending `auth` (e.g. `{token}`) with the connect when given. `headers` go with the upgrade request.
 */
export function openClient(
  url: string,
  as: Mode,
  opts: {
    auth?: Record<string, unknown>;
    headers?: Record<string, string>;
    onEvent?: WireClient['onEvent'];
    timeoutMs?: number;
  } = {},
): Promise<WireClient> {
  const target = as === 'socket.io' ? `${url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket` : url;
  const ws = new WebSocket(target, { perMessageDeflate: false, headers: opts.headers });
  const client: WireClient = {
    ws,
    mode: as,
    acks: new Map(),
    nextAck: 1,
    onEvent: opts.onEvent ?? (() => undefined),
    closed: false,
  };
  ws.on('close', () => {
    client.closed = true;
  });
  return new Promise<WireClient>((resolve, reject) => {
    const timer = setTimeout(() => {
      ws.terminate();
      reject(new Error('connect timed out'));
    }, opts.timeoutMs ?? 30_000);
    const fail = (error: Error) => {
      clearTimeout(timer);
      reject(error);
    };
    ws.once('error', fail);
    const ready = () => {
      clearTimeout(timer);
      ws.off('error', fail);
      ws.on('error', () => undefined); // a reset after we are done with it must not crash the process
      ws.on('message', (d: Buffer) => onFrame(client, d));
      resolve(client);
    };
    if (as === 'ws') {
      ws.once('open', ready);
      return;
    }
    const handshake = (data: Buffer) => {
      const text = data.toString();
      if (text.startsWith('0{')) ws.send(opts.auth ? `40${JSON.stringify(opts.auth)}` : '40');
      else if (text.startsWith('40')) {
        ws.off('message', handshake);
        ready();
      } else if (text.startsWith('44')) {
        ws.terminate();
        fail(new Error(`namespace connect refused: ${text}`));
      }
    };
    ws.on('message', handshake);
  });
}

/** Emits `event` with `args` and resolves with the acknowledgement's raw JSON (e.g. `[{"data":true}]`). */
export function emitWithAck(client: WireClient, event: string, args: unknown[], timeoutMs = 30_000): Promise<string> {
  const id = client.nextAck++;
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      client.acks.delete(id);
      reject(new Error(`${event} got no answer within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    client.acks.set(id, (answer) => {
      clearTimeout(timer);
      resolve(answer);
    });
    client.ws.send(`42${id}${JSON.stringify([event, ...args])}`);
  });
}

/** `order:watch` as the order page sends it; rejects unless the server answered `{data: true}`. */
export async function watchOrder(client: WireClient, orderId: string, timeoutMs = 30_000): Promise<void> {
  const answer = await emitWithAck(client, 'order:watch', [orderId], timeoutMs);
  if (!answer.includes('"data":true')) throw new Error(`order:watch refused: ${answer}`);
}

/** Runs `make(i)` for i < total, `batch` at a time. */
export async function inBatches<T>(total: number, batch: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let start = 0; start < total; start += batch) {
    out.push(...(await Promise.all(Array.from({ length: Math.min(batch, total - start) }, (_, k) => make(start + k)))));
  }
  return out;
}

/** Resolves once no frame has arrived for `quietMs` (pushes of the previous step drained), or at the deadline. */
export async function settle(quietMs = 200, deadlineMs = 5_000): Promise<void> {
  const deadline = performance.now() + deadlineMs;
  while (performance.now() < deadline && performance.now() - lastFrameAt < quietMs) {
    await new Promise((r) => setTimeout(r, quietMs / 4));
  }
}
