import type { Redis } from 'ioredis';
import { messages } from '@gavel/domain';
import { HttpError } from '../http/errors.ts';

/**
 * Fixed one-minute windows in Redis, shared by every api instance. Each key (e.g. "signin:ip:1.2.3.4") gets
 * `limit` requests a minute; the next one is a 429.
 */
export class RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async hit(key: string, limit: number): Promise<void> {
    const window = Math.floor(Date.now() / 60_000);
    const redisKey = `${this.prefix}:rate:${key}:${window}`;
    const [[, count]] = (await this.redis.multi().incr(redisKey).expire(redisKey, 61).exec()) as [[null, number], unknown];
    if (count > limit) throw new HttpError(429, messages.auth.tooManyRequests, 'rate_limited');
  }
}
