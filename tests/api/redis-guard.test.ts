// The Redis circuit breaker on its own (decision 077), against the real Redis behind a TCP proxy the test controls.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLog } from '../support/log-capture.js';
import { startTcpProxy, targetOf, type TcpProxy } from '../support/tcp-proxy.js';
import { connectRedis, RedisUnavailableError, type RedisGuard } from '../../server/redis/redis-guard.js';

describe.runIf(process.env.TEST_REDIS_URL)('Redis guard', () => {
  const log = captureLog('info');
  let proxy: TcpProxy;
  let guard: RedisGuard;
  const key = `guard-test:${process.pid}:${Date.now()}`;

  beforeAll(async () => {
    proxy = await startTcpProxy(targetOf(process.env.TEST_REDIS_URL!, 6379));
    guard = await connectRedis(proxy.via(process.env.TEST_REDIS_URL!), log.logger, { probeEveryMs: 200 });
  });
  afterAll(async () => {
    await guard?.client.del(key).catch(() => undefined);
    guard?.close();
    await proxy?.close();
  });

  it('When Redis answers, then the guarded client behaves as ioredis: commands, call, multi, publish', async () => {
    expect(guard.state).toBe('up');
    expect(await guard.client.set(key, '1', 'PX', 60_000)).toBe('OK');
    expect(await guard.client.call('GET', key)).toBe('1');
    const results = await guard.client.multi().incr(key).pexpire(key, 60_000).exec();
    expect(results?.[0]).toEqual([null, 2]);
    expect(typeof (await guard.client.publish('guard-test', 'x'))).toBe('number');
  });

  it('When Redis is cut, then commands are refused at once, publishes are dropped, and it is one log line each way', async () => {
    log.clear();
    proxy.cut();
    await expect(guard.client.get(key)).rejects.toThrow();
    expect(guard.state).toBe('down');
    const started = performance.now();
    await expect(guard.client.get(key)).rejects.toBeInstanceOf(RedisUnavailableError);
    await expect(guard.client.multi().incr(key).exec()).rejects.toBeInstanceOf(RedisUnavailableError);
    expect(await guard.client.publish('guard-test', 'x')).toBe(0);
    expect(performance.now() - started).toBeLessThan(100); // refused without touching the network
    expect(await guard.check()).toBe('down');

    proxy.restore();
    const deadline = Date.now() + 15_000;
    while ((await guard.check()) !== 'up') {
      if (Date.now() > deadline) throw new Error('Redis did not come back');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await guard.client.incr(key)).toBe(3);
    expect(log.lines.filter((l) => l.event === 'redis.down')).toHaveLength(1);
    expect(log.lines.filter((l) => l.event === 'redis.up')).toHaveLength(1);
    expect(log.lines).toHaveLength(2);
  });
});
