// WEB_CONCURRENCY=N (decision 082): one primary process owns the port and hands each new connection
// to one of N workers, each a whole shop (createApplication). Socket.IO stays correct across them:
// - sticky sessions (@socket.io/sticky): a request naming a Socket.IO session goes to the worker that holds it;
// - pushes reach sockets on every worker (the Redis adapter with REDIS_URL, else @socket.io/cluster-adapter
//   through the primary);
// - rate limits count across workers (Redis with REDIS_URL, else one memory store in the primary);
// - the public snapshot (decision 081) hears other workers' changes (Redis, else relayed by the primary);
// - background work (the timeout sweeper) runs in worker 0 only;
// - a fault (unhandled rejection, uncaught exception) in a worker ends that worker, which the primary starts again;
//   one in the primary stops the whole shop with exit code 1 (decision 190).
import cluster, { type Worker } from 'node:cluster';
import crypto from 'node:crypto';
import http from 'node:http';
import type net from 'node:net';
import { setupMaster } from '@socket.io/sticky';
import { setupPrimary as setupClusterAdapterPrimary } from '@socket.io/cluster-adapter';
import { ClusterMemoryStorePrimary } from '@express-rate-limit/cluster-memory-store';
import { ConfigError, type Config } from './config.js';
import type { Application } from './app.js';
import type { Logger } from './logger.js';
import { handleProcessEvents } from './process-handlers.js';
import { isInstanceBusMessage } from './instance-bus.js';

export const MAX_WORKERS = 32;

/** WEB_CONCURRENCY: 1 (default) runs the shop in this process; more needs PostgreSQL (PGlite is one process). */
export function parseWebConcurrency(env: NodeJS.ProcessEnv, config: Pick<Config, 'databaseUrl'>): number {
  const raw = env.WEB_CONCURRENCY;
  if (raw === undefined || raw.trim() === '') return 1;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > MAX_WORKERS) {
    throw new ConfigError(
      `Invalid configuration: WEB_CONCURRENCY=${JSON.stringify(raw)} must be a whole number from 1 to ${MAX_WORKERS}`,
    );
  }
  if (n > 1 && !config.databaseUrl) {
    throw new ConfigError(
      `Invalid configuration: WEB_CONCURRENCY=${JSON.stringify(raw)} needs DATABASE_URL (PGlite serves one process)`,
    );
  }
  return n;
}

const WORKER_INDEX = 'SHOP_WORKER_INDEX';
interface ReadyMessage {
  type: 'shop:ready';
}
const isReady = (message: unknown): message is ReadyMessage => (message as ReadyMessage | null)?.type === 'shop:ready';

/** How long the primary gives its workers to stop after SIGTERM (theirs is 10 s). */
const PRIMARY_STOP_MS = 12_000;

/** The primary: forks the workers (the first alone, so migrations and the first-start seed run once), then listens. */
export async function runPrimary(config: Config, workers: number, logger: Logger): Promise<void> {
  const processEvents = handleProcessEvents({ logger, role: 'primary', signalStopMs: PRIMARY_STOP_MS });
  // Buffers in the sticky hand-over messages need the structured-clone channel.
  cluster.setupPrimary({ serialization: 'advanced' });
  if (!config.redisUrl) {
    setupClusterAdapterPrimary();
    new ClusterMemoryStorePrimary().init();
  }
  let stopping = false;
  const slots = new Map<number, Worker>();
  const server = primaryHttpServer();
  // Stops taking connections, then asks every worker to stop and waits for them.
  processEvents.stopWith(async () => {
    stopping = true;
    server.close();
    const alive = [...slots.values()].filter((w) => !w.isDead());
    await Promise.all(
      alive.map(
        (worker) =>
          new Promise<void>((resolve) => {
            worker.once('exit', () => resolve());
            worker.process.kill('SIGTERM');
          }),
      ),
    );
  });

  const fork = (index: number): Promise<void> =>
    new Promise((resolve, reject) => {
      const worker = cluster.fork({ [WORKER_INDEX]: String(index) });
      // sticky, the cluster adapter, the rate-limit store, the snapshot relay and this file each listen to it.
      worker.setMaxListeners(32);
      slots.set(index, worker);
      const handOver = holdConnectionsUntilReady(worker);
      const onMessage = (message: unknown) => {
        if (!isReady(message)) return;
        worker.off('message', onMessage);
        handOver.ready();
        resolve();
      };
      worker.on('message', onMessage);
      worker.once('exit', (code, signal) => {
        worker.off('message', onMessage);
        handOver.drop();
        reject(new Error(`worker ${index} exited before it was ready (${signal ?? code})`));
        if (stopping || slots.get(index) !== worker) return;
        logger.error(`Worker ${index} exited (${signal ?? code}); starting it again`, { process: 'primary' });
        setTimeout(() => {
          if (!stopping)
            fork(index).catch((error: unknown) =>
              logger.error(`Worker ${index} did not start`, error, { process: 'primary' }),
            );
        }, 1000).unref();
      });
    });

  // Without Redis, a worker's "data changed" (public data, the rules, an order) goes to every other worker
  // (decision 081).
  cluster.on('message', (from: Worker, message: unknown) => {
    if (!isInstanceBusMessage(message)) return;
    for (const worker of slots.values()) if (worker !== from && !worker.isDead()) worker.send(message as object);
  });

  await fork(0);
  await Promise.all(Array.from({ length: workers - 1 }, (_, i) => fork(i + 1)));

  // Plain requests are spread round-robin per connection; Socket.IO requests follow their session.
  setupMaster(server, { loadBalancingMethod: 'round-robin' });
  routeSessionsByTheirPrefix(server, slots);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  logger.info(`Shop listening on http://localhost:${port} (${workers} workers, PostgreSQL)`, {
    process: 'primary',
    port,
    workers,
  });
}

/** Until a connection's first bytes arrive, how long the primary keeps it (Node's headers timeout did that). */
const FIRST_BYTES_MS = 66_000;

/**
 * The primary's server: it never parses HTTP itself (sticky takes the socket's data from Node's parser and hands the
 * connection, or, for a request with a body, its bytes over IPC, to a worker), so Node's headers and request
 * timeouts, which it checks against a parser that never sees a byte, must be off: with them, every kept-alive
 * connection of requests with bodies got an unasked `408 Request Timeout` written into it 60-90 s after it opened
 * (an admin's PATCH answered 408 in the soak). The worker's server times its requests as before; a
 * connection that sends nothing is closed here after `firstBytesMs`.
 */
export function primaryHttpServer(
  options: { firstBytesMs?: number; connectionsCheckingInterval?: number } = {},
): http.Server {
  const server = http.createServer({
    headersTimeout: 0,
    requestTimeout: 0,
    ...(options.connectionsCheckingInterval
      ? { connectionsCheckingInterval: options.connectionsCheckingInterval }
      : {}),
  });
  const firstBytesMs = options.firstBytesMs ?? FIRST_BYTES_MS;
  server.on('connection', (socket: net.Socket) => {
    // Asked of the bytes read, not of a 'data' listener: sticky removes the socket's data listeners.
    const silent = setTimeout(() => {
      if (socket.bytesRead === 0) socket.destroy();
    }, firstBytesMs);
    silent.unref();
    socket.once('close', () => clearTimeout(silent));
  });
  return server;
}

/**
 * @socket.io/sticky hands connections to every worker in `cluster.workers`, a restarted one too while it is still
 * building its shop, and a worker has sticky's listener only once it is attached: what it was handed before was lost
 * (the client waited for ever). Until the worker says it is ready, what sticky sends it waits here, in order, and
 * goes out when it is; a worker that exits first takes nothing with it but the connections, which are closed.
 */
function holdConnectionsUntilReady(worker: Worker): { ready(): void; drop(): void } {
  type SendArgs = Parameters<Worker['send']>;
  const send = worker.send.bind(worker) as (...args: SendArgs) => boolean;
  let waiting: SendArgs[] | undefined = [];
  worker.send = ((...args: SendArgs) => {
    const type = (args[0] as { type?: unknown } | null)?.type;
    if (!waiting || typeof type !== 'string' || !type.startsWith('sticky:')) return send(...args);
    waiting.push(args);
    return true;
  }) as Worker['send'];
  return {
    ready() {
      const queued = waiting ?? [];
      waiting = undefined;
      for (const args of queued) send(...args);
    },
    drop() {
      for (const args of waiting ?? []) (args[1] as net.Socket | undefined)?.destroy?.();
      waiting = undefined;
    },
  };
}

/**
 * A Socket.IO session id names its worker in its first two characters (`sessionIdOf`). @socket.io/sticky learns
 * which worker holds a session from an IPC message the worker sends at the handshake; a client that answers the
 * handshake faster than that message reaches the primary (a loaded machine) was sent to another worker, which
 * answered "session unknown". Before sticky routes a connection's first request, the worker its session id names
 * is told to it for that one routing (and forgotten right after, so ids sent by anyone leave nothing behind).
 */
function routeSessionsByTheirPrefix(server: http.Server, slots: Map<number, Worker>): void {
  server.on('connection', (socket) => {
    // sticky's own listeners were added before this one: prepend runs first, the appended one after sticky's.
    let told: { worker: Worker; sid: string } | undefined;
    let first = true;
    socket.prependListener('data', (chunk: Buffer) => {
      if (first) {
        first = false;
        if (!mayHaveMoreChunks(chunk)) stopReading(socket);
      }
      told = undefined;
      const sid = SESSION_IN_URL.exec(chunk.subarray(0, 2048).toString('latin1'))?.[1];
      const worker = sid === undefined ? undefined : slots.get(workerOfSessionId(sid));
      if (!sid || !worker || worker.isDead()) return;
      told = { worker, sid };
      cluster.emit('message', worker, { type: 'sticky:connection', data: sid });
    });
    socket.on('data', () => {
      if (told) cluster.emit('message', told.worker, { type: 'sticky:disconnection', data: told.sid });
      told = undefined;
    });
  });
}

/**
 * sticky hands a connection whose first request has no body to a worker as the socket's handle, and Node closes the
 * primary's copy only when the worker acknowledges it. Until then the primary still reads the socket and drops what
 * it reads: bytes the client sends in that window (the first Socket.IO packet after the websocket upgrade, a
 * keep-alive client's next request) never reached the worker, whose socket then waited for ever. Reading stops
 * before the hand-over, so they stay in the kernel for the worker. The condition is sticky's own
 * (`mayHaveMultipleChunks` in its setupMaster): a request with a body keeps its socket in the primary.
 */
function mayHaveMoreChunks(chunk: Buffer): boolean {
  const head = chunk.subarray(0, chunk.indexOf('\r\n\r\n')).toString('latin1').toLowerCase();
  return head.includes('content-length:') || head.includes('transfer-encoding:');
}

function stopReading(socket: net.Socket): void {
  (socket as unknown as { _handle?: { readStop?: () => number } | null })._handle?.readStop?.();
}

/** The pattern @socket.io/sticky reads (engine.io ids are 20 URL-safe characters). */
const SESSION_IN_URL = /sid=([\w-]{20})/;

/** A 20-character engine.io session id whose first two characters are the worker's index (base 36). */
export function sessionIdOf(index: number): string {
  return index.toString(36).padStart(2, '0') + crypto.randomBytes(14).toString('base64url').slice(0, 18);
}

export function workerOfSessionId(sid: string): number {
  return parseInt(sid.slice(0, 2), 36);
}

/** This process is worker number `index` (0 runs the background work). */
export function workerIndex(): number {
  return Number(process.env[WORKER_INDEX] ?? 0);
}

/** A worker: takes connections from the primary instead of listening, and tells it when it is ready. */
export function attachWorker(application: Application, config: Config): void {
  // Session ids that name this worker, so the primary can route a session's requests from its first one on.
  const index = workerIndex();
  application.realtime.joinCluster(() => sessionIdOf(index), { clusterAdapter: !config.redisUrl });
  // @socket.io/sticky closes every connection after one answer, so that a connection never carries requests of
  // two Socket.IO sessions to one worker. Only Socket.IO answers need that; the API keeps its keep-alive.
  const httpServer = application.httpServer;
  const stickyListener = (httpServer.listeners('request') as ((...args: unknown[]) => void)[]).find((listener) =>
    /Connection["'],\s*["']close/.test(String(listener)),
  );
  if (!stickyListener) throw new Error('@socket.io/sticky: its keep-alive listener was not found');
  httpServer.removeListener('request', stickyListener);
  httpServer.prependListener('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (req.url?.startsWith('/socket.io/')) res.setHeader('Connection', 'close');
  });
  process.send?.({ type: 'shop:ready' } satisfies ReadyMessage);
}

/**
 * A worker that failed leaves the cluster before it stops: its IPC channel closes, so the primary drops it from the
 * workers that @socket.io/sticky hands connections to, and starts a new one once it has exited.
 */
export function leaveCluster(): void {
  if (cluster.worker?.isConnected()) cluster.worker.disconnect();
}
