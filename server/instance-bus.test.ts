// The instance bus over a real Redis (TEST_REDIS_URL): a change published and awaited on one instance is heard on
// another before that one answers a read that settled the bus (decision 245).
import net from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createRedisInstanceBus, type InstanceBus } from './instance-bus.js';
import type { Logger } from './logger.js';

/**
 * A TCP relay to Redis that hands Redis's bytes on 20 ms late, in order: the reading instance's event loop is busy
 * (or its socket slow) while the request that follows the change reaches it at once.
 */
async function slowRelay(
  target: URL,
): Promise<{ url: string; close: () => Promise<void>; delay: (ms: number) => void }> {
  let delayMs = 20;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    sockets.add(client).add(upstream);
    client.on('data', (chunk) => upstream.write(chunk));
    upstream.on('data', (chunk) => setTimeout(() => client.write(chunk), delayMs));
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}`,
    delay: (ms) => {
      delayMs = ms;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const quiet = {
  error: () => undefined,
  warn: () => undefined,
  info: () => undefined,
  debug: () => undefined,
} as unknown as Logger;

describe.runIf(process.env.TEST_REDIS_URL)('The instance bus over Redis', () => {
  const connections: Redis[] = [];
  const buses: InstanceBus[] = [];
  const relays: { close: () => Promise<void> }[] = [];
  afterAll(async () => {
    for (const bus of buses) await bus.close();
    for (const redis of connections) redis.disconnect();
    for (const relay of relays) await relay.close();
  });
  const newBus = async (prefix: string, url = process.env.TEST_REDIS_URL!) => {
    const redis = new Redis(url);
    connections.push(redis);
    const bus = createRedisInstanceBus(redis, quiet, prefix);
    buses.push(bus);
    await bus.ready;
    return bus;
  };

  it('When one instance has published a change, then another that settles its bus before a read has heard it, every time', async () => {
    const prefix = `bus-test-${process.pid}-${Date.now()}`;
    const writer = await newBus(prefix);
    const relay = await slowRelay(new URL(process.env.TEST_REDIS_URL!));
    relays.push(relay);
    const reader = await newBus(prefix, relay.url);
    const heard: string[] = [];
    reader.on('order', (key) => heard.push(key ?? ''));
    for (let i = 0; i < 50; i += 1) {
      await writer.publish('order', `o${i}`);
      // Reads in a burst share the round trips; each one still sees what was published before it began.
      await Promise.all([reader.settle(), reader.settle()]);
      expect(heard.at(-1)).toBe(`o${i}`);
    }
    expect(heard).toHaveLength(50);
  });

  it('When Redis does not answer within a second, then settle says so (the read must not trust its memory)', async () => {
    const prefix = `bus-test-late-${process.pid}-${Date.now()}`;
    const writer = await newBus(prefix);
    const relay = await slowRelay(new URL(process.env.TEST_REDIS_URL!));
    relays.push(relay);
    const reader = await newBus(prefix, relay.url);
    const heard: string[] = [];
    reader.on('order', (key) => heard.push(key ?? ''));
    expect(await reader.settle()).toBe(true);
    relay.delay(1_500);
    await writer.publish('order', 'late');
    expect(await reader.settle()).toBe(false);
    expect(heard).toEqual([]);
    relay.delay(20);
    await expect.poll(() => heard, { timeout: 5_000 }).toEqual(['late']);
  });
});
