// The shop's in-process event bus (conventions 17, decision 130): a use case publishes a typed fact once its
// transaction has committed; realtime, the public snapshot, alerts, notifications and webhooks subscribe in the
// composition root. Domains never call each other to announce a change.
import type { Logger } from './logger.js';

/** Event name → payload (an interface). Each domain exports the part it publishes; the composition root joins them. */
export type EventMap = object;

export type Subscriber<T> = (event: T) => void | Promise<void>;

export interface Publisher<E extends EventMap> {
  /**
   * Runs every subscriber of the event in the order they subscribed, each awaited, and resolves when all are
   * done: a use case that awaits its publish answers only after the public snapshot is dropped and the pushes
   * are out. A subscriber's failure is logged and stops nobody (the change is committed already).
   */
  publish<K extends keyof E & string>(name: K, event: E[K]): Promise<void>;
}

export interface EventBus<E extends EventMap> extends Publisher<E> {
  /** Adds a subscriber; the returned function removes it. */
  subscribe<K extends keyof E & string>(name: K, subscriber: Subscriber<E[K]>): () => void;
  /** How many events of each name were published (tests count them). */
  counts(): Readonly<Record<string, number>>;
}

export function createEventBus<E extends EventMap>(logger: Logger): EventBus<E> {
  const subscribers = new Map<string, Subscriber<unknown>[]>();
  const published: Record<string, number> = {};
  return {
    async publish(name, event) {
      published[name] = (published[name] ?? 0) + 1;
      for (const subscriber of subscribers.get(name) ?? []) {
        try {
          await subscriber(event);
        } catch (error) {
          logger.error(`event subscriber of ${name} failed`, error);
        }
      }
    },
    subscribe(name, subscriber) {
      const list = subscribers.get(name) ?? [];
      list.push(subscriber as Subscriber<unknown>);
      subscribers.set(name, list);
      return () => {
        const at = list.indexOf(subscriber as Subscriber<unknown>);
        if (at >= 0) list.splice(at, 1);
      };
    },
    counts: () => ({ ...published }),
  };
}
