// The one realtime client (design §7). It follows the session token: a new token means a new handshake.
import { useEffect, useRef } from 'react';
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '#shared/realtime';
import { store, tokenAtom } from './session';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: AppSocket | null = null;
/** Connections made so far; any connect after the first is a reconnect that needs a re-fetch. */
let connectCount = 0;

export function getSocket(): AppSocket {
  if (socket) return socket;
  const created: AppSocket = io({
    path: '/socket.io',
    auth: (send) => send({ token: store.get(tokenAtom) ?? undefined }),
    autoConnect: true,
  });
  created.on('connect', () => {
    connectCount += 1;
  });
  store.sub(tokenAtom, () => {
    // `auth` is a function, so the next handshake picks up the new token by itself.
    created.disconnect().connect();
  });
  socket = created;
  return created;
}

type EventName = keyof ServerToClientEvents;

/** Subscribes to a server push for the lifetime of the component; the latest handler is always used. */
export function useSocketEvent<E extends EventName>(event: E, handler: ServerToClientEvents[E]): void {
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  });
  useEffect(() => {
    const current = getSocket();
    const listener = ((...args: Parameters<ServerToClientEvents[E]>) =>
      (handlerRef.current as (...a: Parameters<ServerToClientEvents[E]>) => void)(...args)) as never;
    current.on(event, listener);
    return () => {
      current.off(event, listener);
    };
  }, [event]);
}

/** Runs `handler` after every reconnect (events may have been missed meanwhile: re-fetch). */
export function useOnReconnect(handler: () => void): void {
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  });
  useEffect(() => {
    const current = getSocket();
    const listener = () => {
      if (connectCount > 1) handlerRef.current();
    };
    current.on('connect', listener);
    return () => {
      current.off('connect', listener);
    };
  }, []);
}

/** Joins the order's room (`order:watch`) now and after every reconnect, so `order:updated` arrives. */
export function useOrderWatch(orderId: string | undefined): void {
  useEffect(() => {
    if (!orderId) return;
    const current = getSocket();
    const watch = () => current.emit('order:watch', orderId);
    if (current.connected) watch();
    current.on('connect', watch);
    return () => {
      current.off('connect', watch);
      current.emit('order:unwatch', orderId);
    };
  }, [orderId]);
}
