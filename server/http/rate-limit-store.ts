// An express-rate-limit store that counts in Redis (shared by every instance) and falls back to this process's
// memory while Redis is down (decision 077): limits keep holding per instance instead of failing the request.
// Keys and values are the same as rate-limit-redis's (`<prefix><key>` = hit count, expiring with the window).
import { MemoryStore, type ClientRateLimitInfo, type Options, type Store } from 'express-rate-limit';
import type { Redis } from 'ioredis';

const INCREMENT = `
local hits = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl <= 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { hits, ttl }`;
const GET = `
local hits = redis.call('GET', KEYS[1])
if not hits then return nil end
return { tonumber(hits), redis.call('PTTL', KEYS[1]) }`;

function info(reply: unknown, windowMs: number): ClientRateLimitInfo | undefined {
  if (!Array.isArray(reply)) return undefined;
  const [hits, ttl] = reply.map(Number);
  return { totalHits: hits, resetTime: new Date(Date.now() + (ttl > 0 ? ttl : windowMs)) };
}

export class RedisWithMemoryStore implements Store {
  readonly localKeys = false;
  private readonly memory = new MemoryStore();
  private windowMs = 60_000;

  /** `redis` is the guarded client: while Redis is down its commands reject at once. */
  constructor(
    private readonly redis: Redis,
    readonly prefix: string,
  ) {}

  init(options: Options): void {
    this.windowMs = options.windowMs;
    this.memory.init(options);
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    try {
      return info(await this.redis.eval(GET, 1, this.prefix + key), this.windowMs);
    } catch {
      return this.memory.get(key);
    }
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    try {
      const result = info(await this.redis.eval(INCREMENT, 1, this.prefix + key, String(this.windowMs)), this.windowMs);
      if (result) return result;
    } catch {
      // Redis down or slow: count here
    }
    return this.memory.increment(key);
  }

  async decrement(key: string): Promise<void> {
    await this.redis.decr(this.prefix + key).catch(() => this.memory.decrement(key));
  }

  async resetKey(key: string): Promise<void> {
    this.memory.resetKey(key);
    await this.redis.del(this.prefix + key).catch(() => undefined);
  }

  shutdown(): void {
    this.memory.shutdown();
  }
}
