// The one realtime client (product.md §12). It follows the session token: a new token means a new handshake.
// socket.io-client is a chunk of its own, fetched when the first component subscribes, after the first paint
// (decision 063); hooks attach their listeners once it is there.
import { useEffect, useRef, useState } from 'react';
import type { io as createClient, Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '#shared/realtime';
import { store, tokenAtom } from './session';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: Promise<AppSocket> | null = null;
/** Connections made so far; any connect after the first is a reconnect that needs a re-fetch. */
let connectCount = 0;

/** The socket, created (and its library fetched) on first use. */
export function getSocket(): Promise<AppSocket> {
  socket ??= import('socket.io-client').then(({ io }) => createSocket(io));
  return socket;
}

function createSocket(io: typeof createClient): AppSocket {
  const created: AppSocket = io({
    path: '/socket.io',
    // WebSocket first: one round trip less on a slow network, and no long-polling request on a kept-alive
    // connection that the cluster primary gave to another worker (decision 082); polling only when it fails.
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
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
  return created;
}

/**
 * Runs `attach` with the socket once it exists and the detach function it returns on cleanup; for effects, which
 * cannot wait. A cleanup before the socket arrived means `attach` never runs.
 */
function withSocket(attach: (socket: AppSocket) => () => void): () => void {
  let detach: (() => void) | undefined;
  let cancelled = false;
  void getSocket().then((current) => {
    if (!cancelled) detach = attach(current);
  });
  return () => {
    cancelled = true;
    detach?.();
  };
}

type EventName = keyof ServerToClientEvents;

/** Subscribes to a server push for the lifetime of the component; the latest handler is always used. */
export function useSocketEvent<E extends EventName>(event: E, handler: ServerToClientEvents[E]): void {
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  });
  useEffect(
    () =>
      withSocket((current) => {
        const listener = ((...args: Parameters<ServerToClientEvents[E]>) =>
          (handlerRef.current as (...a: Parameters<ServerToClientEvents[E]>) => void)(...args)) as never;
        current.on(event, listener);
        return () => {
          current.off(event, listener);
        };
      }),
    [event],
  );
}

/** Runs `listener` after every reconnect, outside React (the query layer); returns the detach function. */
export function onReconnect(listener: () => void): () => void {
  return withSocket((current) => {
    const onConnect = () => {
      if (connectCount > 1) listener();
    };
    current.on('connect', onConnect);
    return () => {
      current.off('connect', onConnect);
    };
  });
}

/** Runs `handler` after every reconnect (events may have been missed meanwhile: re-fetch). */
export function useOnReconnect(handler: () => void): void {
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  });
  useEffect(
    () =>
      withSocket((current) => {
        const listener = () => {
          if (connectCount > 1) handlerRef.current();
        };
        current.on('connect', listener);
        return () => {
          current.off('connect', listener);
        };
      }),
    [],
  );
}

/** Joins the order's room (`order:watch`) now and after every reconnect, so `order:updated` arrives. */
export function useOrderWatch(orderId: string | undefined): void {
  useEffect(() => {
    if (!orderId) return;
    return withSocket((current) => {
      const watch = () => current.emit('order:watch', orderId);
      if (current.connected) watch();
      current.on('connect', watch);
      return () => {
        current.off('connect', watch);
        current.emit('order:unwatch', orderId);
      };
    });
  }, [orderId]);
}

/**
 * True while the socket is away (dropped, or not connected yet after a failure) for longer than `graceMs`: the
 * "reconnecting…" banner of live pages. A token change's own reconnect is shorter than the grace,
 * so it shows nothing; the connection's return hides it at once.
 */
export function useSocketDown(graceMs = 1500): boolean {
  const [down, setDown] = useState(false);
  useEffect(
    () =>
      withSocket((current) => {
        let timer: number | undefined;
        const away = () => {
          if (timer === undefined) timer = window.setTimeout(() => setDown(true), graceMs);
        };
        const back = () => {
          window.clearTimeout(timer);
          timer = undefined;
          setDown(false);
        };
        current.on('disconnect', away);
        current.on('connect_error', away);
        current.on('connect', back);
        if (!current.connected && connectCount > 0) away();
        return () => {
          window.clearTimeout(timer);
          current.off('disconnect', away);
          current.off('connect_error', away);
          current.off('connect', back);
        };
      }),
    [graceMs],
  );
  return down;
}
