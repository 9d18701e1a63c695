// Tells every instance that public data changed (decision 081): one Redis channel, published by the instance that
// wrote, heard by all the others on a subscriber connection of their own. A dedicated channel rather than the
// Socket.IO adapter's server-side events, so that the writer can await the publish before it answers.
import crypto from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from '../logger.js';

export const SNAPSHOT_CHANNEL = 'shop:public-snapshot:changed';

export interface SnapshotBus {
  /** Resolves once this instance is subscribed (reads wait for it, so no change can be missed before). */
  ready: Promise<void>;
  publish(): Promise<void>;
  onChange(listener: () => void): void;
  close(): Promise<void>;
}

export function createSnapshotBus(redis: Redis, logger: Logger): SnapshotBus {
  const instance = crypto.randomBytes(8).toString('hex');
  const subscriber = redis.duplicate();
  const listeners: (() => void)[] = [];
  const notify = () => listeners.forEach((listener) => listener());
  subscriber.on('message', (channel: string, message: string) => {
    if (channel === SNAPSHOT_CHANNEL && message !== instance) notify();
  });
  // Messages sent while the subscriber was disconnected are lost: treat a reconnection as a change.
  let subscribedOnce = false;
  subscriber.on('ready', () => {
    if (subscribedOnce) notify();
  });
  subscriber.on('error', (error: unknown) => logger.error('public snapshot bus', error));
  const ready = subscriber.subscribe(SNAPSHOT_CHANNEL).then(() => {
    subscribedOnce = true;
  });
  ready.catch(() => undefined);
  return {
    ready,
    async publish() {
      await redis.publish(SNAPSHOT_CHANNEL, instance);
    },
    onChange(listener) {
      listeners.push(listener);
    },
    async close() {
      subscriber.disconnect();
    },
  };
}
