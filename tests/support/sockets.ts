// Socket.IO clients for realtime tests: open, wait for the connection, await one push with a deadline, watch
// an order. Every socket opened here is closed by closeSockets (useSockets registers it after each test).
import { afterEach } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '#shared/realtime';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type EventPayload<E extends keyof ServerToClientEvents> = Parameters<ServerToClientEvents[E]>[0];

const opened = new Set<ClientSocket>();

/** A new connection (never shared with another socket) to a test server, as a guest or with a token. */
export function openSocket(
  server: { url: string },
  options: { token?: string; headers?: Record<string, string> } = {},
): ClientSocket {
  const socket: ClientSocket = io(server.url, {
    path: '/socket.io',
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    auth: options.token ? { token: options.token } : {},
    extraHeaders: options.headers,
  });
  opened.add(socket);
  return socket;
}

/** Resolves once the socket is connected; rejects with the handshake's error or after the deadline. */
export async function connected(socket: ClientSocket, timeoutMs = 10_000): Promise<ClientSocket> {
  if (socket.connected) return socket;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`socket did not connect within ${timeoutMs} ms`)), timeoutMs);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve();
    });
    socket.once('connect_error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
  return socket;
}

/** openSocket + connected. */
export function connectSocket(
  server: { url: string },
  options: { token?: string; headers?: Record<string, string> } = {},
): Promise<ClientSocket> {
  return connected(openSocket(server, options));
}

/** Resolves with the first push of that name whose payload passes `match`, or rejects after the deadline. */
export function nextEvent<E extends keyof ServerToClientEvents>(
  socket: ClientSocket,
  event: E,
  match: (payload: EventPayload<E>) => boolean = () => true,
  timeoutMs = 10_000,
): Promise<EventPayload<E>> {
  return new Promise((resolve, reject) => {
    const listener = (payload: EventPayload<E>) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener as never);
      resolve(payload);
    };
    const timer = setTimeout(() => {
      socket.off(event, listener as never);
      reject(new Error(`no ${String(event)} within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on(event, listener as never);
  });
}

/** Joins an order's room; resolves with the server's acknowledgement. */
export function watchOrder(socket: ClientSocket, orderId: string): Promise<{ data: true } | { error: string }> {
  return new Promise((resolve) => socket.emit('order:watch', orderId, resolve));
}

/**
 * The names of every push the socket receives from now on, in order, except `admin:online`: the badge follows staff
 * presence (decision 217), so any staff socket a test opens may turn it on for everyone (tests/api/staff-presence
 * covers it).
 */
export function recordEvents(socket: ClientSocket): string[] {
  const seen: string[] = [];
  socket.onAny((event: string) => {
    if (event !== 'admin:online') seen.push(event);
  });
  return seen;
}

export function closeSockets(): void {
  for (const socket of opened) socket.disconnect();
  opened.clear();
}

/** Closes the sockets a test opened after it, pass or fail. */
export function useSockets(): void {
  afterEach(closeSockets);
}
