// Tells every other instance of the shop that data it holds in memory changed (decision 081): one Redis
// channel carrying a topic and an optional key ('public': the public snapshot; 'settings': the shop's rules;
// 'order' with an order id: that order's cached view; 'sms': the wallet phones and templates; 'webhooks': the outbound endpoints), published by the instance that wrote and heard by all the
// others on a subscriber connection of their own. As workers of one primary without Redis, the same messages go
// over the cluster's IPC channel, relayed by the primary (cluster.ts). A dedicated channel rather than the
// Socket.IO adapter's server-side events, so that the writer can await the publish before it answers.
import crypto from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from './logger.js';

export type InstanceTopic = 'public' | 'settings' | 'order' | 'sms' | 'webhooks';

/** A topic's listener; `key` undefined means "anything of this topic may have changed" (a reconnection). */
export type InstanceListener = (key: string | undefined) => void;

export interface InstanceBus {
  /** Resolves once this instance hears the others (reads wait for it, so no change can be missed before). */
  ready: Promise<void>;
  publish(topic: InstanceTopic, key?: string): Promise<void>;
  /**
   * Resolves once every message whose publish had finished before this call has been handed to this instance's
   * listeners (decision 245): a read that follows a change made on another instance sees it. At most a second:
   * false when Redis did not answer in time, so messages may still be on their way (the reader must not trust what it
   * keeps in memory).
   */
  settle(): Promise<boolean>;
  on(topic: InstanceTopic, listener: InstanceListener): void;
  close(): Promise<void>;
}

/** The channel under a shop's REDIS_CHANNEL_PREFIX (`shop` by default). */
export const instanceBusChannel = (prefix: string) => `${prefix}:instance-bus`;

/** The message a cluster worker sends to the primary, which passes it to every other worker (decision 082). */
export const INSTANCE_BUS_IPC_MESSAGE = 'shop:instance-bus';

interface BusMessage {
  from: string;
  topic: InstanceTopic;
  key?: string;
}

const TOPICS: readonly InstanceTopic[] = ['public', 'settings', 'order', 'sms', 'webhooks'];

function createListeners() {
  const byTopic = new Map<InstanceTopic, InstanceListener[]>();
  return {
    add(topic: InstanceTopic, listener: InstanceListener) {
      byTopic.set(topic, [...(byTopic.get(topic) ?? []), listener]);
    },
    notify(topic: InstanceTopic, key: string | undefined) {
      for (const listener of byTopic.get(topic) ?? []) listener(key);
    },
    /** Every topic, every key: messages may have been lost. */
    notifyAll() {
      for (const topic of TOPICS) for (const listener of byTopic.get(topic) ?? []) listener(undefined);
    },
  };
}

function parse(raw: string): BusMessage | null {
  try {
    const message = JSON.parse(raw) as Partial<BusMessage>;
    if (typeof message.from !== 'string' || !TOPICS.includes(message.topic as InstanceTopic)) return null;
    return {
      from: message.from,
      topic: message.topic as InstanceTopic,
      key: typeof message.key === 'string' ? message.key : undefined,
    };
  } catch {
    return null;
  }
}

export function createRedisInstanceBus(redis: Redis, logger: Logger, channelPrefix = 'shop'): InstanceBus {
  const channelName = instanceBusChannel(channelPrefix);
  const instance = crypto.randomBytes(8).toString('hex');
  const subscriber = redis.duplicate();
  const listeners = createListeners();
  subscriber.on('message', (channel: string, raw: string) => {
    if (channel !== channelName) return;
    const message = parse(raw);
    if (message && message.from !== instance) listeners.notify(message.topic, message.key);
  });
  // Messages sent while the subscriber was disconnected are lost: treat a reconnection as a change of everything.
  let subscribedOnce = false;
  subscriber.on('ready', () => {
    if (subscribedOnce) listeners.notifyAll();
  });
  subscriber.on('error', (error: unknown) => logger.error('instance bus', error));
  // Reads wait for the subscription, but never more than a second on Redis (decision 077): with Redis down at start
  // the instance serves anyway, and the late subscription counts as a change (each cache's max age is the last net).
  let gaveUp = false;
  const subscribed = subscriber.subscribe(channelName).then(() => {
    subscribedOnce = true;
    if (gaveUp) listeners.notifyAll();
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
  // One PING on the subscriber connection at a time, shared by the reads that arrived before it was sent: Redis
  // answers it after writing every message it published before, on the same connection, so once its reply is read
  // those messages have been heard. A read arriving while a PING is out waits for the next one (the one out may have
  // left before the change's message), which goes as soon as the first returns: one round trip per burst of reads.
  let inFlight: Promise<boolean> | null = null;
  let following: Promise<boolean> | null = null;
  const pingOnce = (): Promise<boolean> => {
    const ping = Promise.race([
      subscriber.ping().then(
        () => true,
        () => false,
      ),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 1_000).unref()),
    ]);
    inFlight = ping.finally(() => {
      inFlight = null;
    });
    return inFlight;
  };
  const settle = (): Promise<boolean> => {
    // Never subscribed (Redis down since the start): nothing can be confirmed, and every read going to the database
    // for as long as Redis is down would take the busiest routes with it; decision 077's max age bounds the lag.
    if (!subscribedOnce) return Promise.resolve(true);
    if (!inFlight) return pingOnce();
    following ??= inFlight.then(() => {
      following = null;
      return inFlight ?? pingOnce();
    });
    return following;
  };

  return {
    ready,
    settle,
    async publish(topic, key) {
      await redis.publish(channelName, JSON.stringify({ from: instance, topic, key } satisfies BusMessage));
      // Redis may write PUBLISH's reply before the message to the subscribers (it writes its waiting clients newest
      // first), and a busy machine can pause it between the two: the writer answered and its client read from
      // another instance before that instance was sent the message (seen once in a CI run). Every client waiting
      // for a write is written before Redis reads the next command, so the answer to a second command proves the
      // message is on its way to every subscriber. One more round trip per change, none per read.
      await redis.ping();
    },
    on: listeners.add,
    async close() {
      subscriber.disconnect();
    },
  };
}

/** WEB_CONCURRENCY without Redis: the same bus over the cluster's IPC channel, relayed by the primary. */
export function createIpcInstanceBus(): InstanceBus {
  const listeners = createListeners();
  const onMessage = (message: unknown) => {
    const m = message as { type?: unknown; topic?: unknown; key?: unknown } | null;
    if (m?.type !== INSTANCE_BUS_IPC_MESSAGE || !TOPICS.includes(m.topic as InstanceTopic)) return;
    listeners.notify(m.topic as InstanceTopic, typeof m.key === 'string' ? m.key : undefined);
  };
  process.on('message', onMessage);
  return {
    ready: Promise.resolve(),
    // The primary relays each worker's messages in order but answers no round trip: the window decision 245 closes
    // over Redis stays open here (a read on another worker in the same millisecond as the change may miss it).
    settle: () => Promise.resolve(true),
    publish(topic, key) {
      return new Promise<void>((resolve, reject) => {
        if (!process.send) return resolve();
        process.send({ type: INSTANCE_BUS_IPC_MESSAGE, topic, key }, undefined, {}, (error) =>
          error ? reject(error) : resolve(),
        );
      });
    },
    on: listeners.add,
    async close() {
      process.off('message', onMessage);
    },
  };
}

/** Whether a cluster message is the bus's (the primary relays it to every other worker). */
export const isInstanceBusMessage = (message: unknown): boolean =>
  (message as { type?: unknown } | null)?.type === INSTANCE_BUS_IPC_MESSAGE;
