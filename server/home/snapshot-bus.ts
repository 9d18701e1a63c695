// Tells every instance that public data changed (decision 081): one Redis channel, published by the instance that
// wrote, heard by all the others on a subscriber connection of their own. A dedicated channel rather than the
// Socket.IO adapter's server-side events, so that the writer can await the publish before it answers.
import crypto from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from '../logger.js';

/** The channel under a shop's REDIS_CHANNEL_PREFIX (`shop` by default). */
export const snapshotChannel = (prefix: string) => `${prefix}:public-snapshot:changed`;

export interface SnapshotBus {
  /** Resolves once this instance is subscribed (reads wait for it, so no change can be missed before). */
  ready: Promise<void>;
  publish(): Promise<void>;
  onChange(listener: () => void): void;
  close(): Promise<void>;
}

export function createSnapshotBus(redis: Redis, logger: Logger, channelPrefix = 'shop'): SnapshotBus {
  const channelName = snapshotChannel(channelPrefix);
  const instance = crypto.randomBytes(8).toString('hex');
  const subscriber = redis.duplicate();
  const listeners: (() => void)[] = [];
  const notify = () => listeners.forEach((listener) => listener());
  subscriber.on('message', (channel: string, message: string) => {
    if (channel === channelName && message !== instance) notify();
  });
  // Messages sent while the subscriber was disconnected are lost: treat a reconnection as a change.
  let subscribedOnce = false;
  subscriber.on('ready', () => {
    if (subscribedOnce) notify();
  });
  subscriber.on('error', (error: unknown) => logger.error('public snapshot bus', error));
  // Reads wait for the subscription, but never more than a second on Redis (decision 077): with Redis down at start
  // the instance serves anyway, and the late subscription counts as a change (maxAgeMs is the last safety net).
  let gaveUp = false;
  const subscribed = subscriber.subscribe(channelName).then(() => {
    subscribedOnce = true;
    if (gaveUp) notify();
  });
  subscribed.catch(() => undefined);
  const ready = Promise.race([
    subscribed.catch(() => undefined),
    new Promise<void>((resolve) =>
      setTimeout(() => {
        gaveUp = true;
        resolve();
      }, 1_000).unref(),
    ),
  ]);
  return {
    ready,
    async publish() {
      await redis.publish(channelName, instance);
    },
    onChange(listener) {
      listeners.push(listener);
    },
    async close() {
      subscriber.disconnect();
    },
  };
}

/** The message a cluster worker sends to the primary, which passes it to every other worker (decision 082). */
export const SNAPSHOT_IPC_MESSAGE = 'shop:public-snapshot:changed';

/** WEB_CONCURRENCY without Redis: the same bus over the cluster's IPC channel, relayed by the primary. */
export function createIpcSnapshotBus(): SnapshotBus {
  const listeners: (() => void)[] = [];
  const onMessage = (message: unknown) => {
    if ((message as { type?: unknown } | null)?.type === SNAPSHOT_IPC_MESSAGE) listeners.forEach((listener) => listener());
  };
  process.on('message', onMessage);
  return {
    ready: Promise.resolve(),
    publish() {
      return new Promise<void>((resolve, reject) => {
        if (!process.send) return resolve();
        process.send({ type: SNAPSHOT_IPC_MESSAGE }, undefined, {}, (error) => (error ? reject(error) : resolve()));
      });
    },
    onChange(listener) {
      listeners.push(listener);
    },
    async close() {
      process.off('message', onMessage);
    },
  };
}
