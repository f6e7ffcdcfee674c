import type { Redis } from 'ioredis';
import { fill, messages } from '@gavel/domain';
import { Refused } from '../refused.ts';
import { Gathered } from '../gathered.ts';
import type { LimitedRoute, RouteLimit } from './rate-limit-config.ts';

/** What a refused client reads: `message` may say when to retry with {wait}; the window is a minute unless set. */
export interface Refusal {
  message: string;
  windowSeconds?: number;
}

const PER_MINUTE: Refusal = { message: messages.auth.tooManyRequests };

/** A route's counters count over a minute from their first hit. */
const ROUTE_WINDOW_MS = 60_000;

/**
 * The one way a hit is counted: one more on each key (a key may come more than once), atomically with its window of
 * ARGV[1] ms, opened by the first hit, or by every hit when ARGV[2] is 'sliding'. Answers each count and ms left.
 */
const COUNT_HITS_LUA = `
local replies = {}
for _, key in ipairs(KEYS) do
  local count = redis.call('INCR', key)
  if ARGV[2] == 'sliding' then redis.call('PEXPIRE', key, ARGV[1]) else redis.call('PEXPIRE', key, ARGV[1], 'NX') end
  replies[#replies + 1] = count
  replies[#replies + 1] = redis.call('PTTL', key)
end
return replies`;

/**
 * Counters in Redis, shared by every api instance: the one rate limiter of the api. A counter's window opens
 * with its first hit; past the limit inside it a request is a 429 whose Retry-After header (and message, where
 * it has {wait}) says when the window closes.
 */
export class RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  /** Counts this request against `key` (e.g. "signin:ip:1.2.3.4"); past `limit` in the window, a 429. */
  async hit(key: string, limit: number, refusal: Refusal = PER_MINUTE): Promise<void> {
    const { count, msLeft } = await this.count(key, refusal.windowSeconds ?? 60);
    if (count > limit) throw tooManyRequests(refusal.message, msLeft);
  }

  /** A 429 when `key` has already counted `limit` in its window; this request is not counted (a cap on failures). */
  async refuseAtLimit(key: string, limit: number, refusal: Refusal): Promise<void> {
    const k = this.key(key);
    const [[, count], [, msLeft]] = (await this.redis.multi().get(k).pttl(k).exec()) as [[null, string | null], [null, number]];
    if (Number(count ?? 0) >= limit) throw tooManyRequests(refusal.message, msLeft);
  }

  /** Counts one event on `key`; `sliding`: each event restarts the window, so it closes only after a quiet one. */
  async count(key: string, windowSeconds: number, sliding = false): Promise<{ count: number; msLeft: number }> {
    const [count, msLeft] = (await this.redis.eval(COUNT_HITS_LUA, 1, this.key(key), windowSeconds * 1000, sliding ? 'sliding' : 'fixed')) as [number, number];
    return { count, msLeft };
  }

  /** The events counted on `key` in its open window (0 when none is open). */
  async current(key: string): Promise<number> {
    return Number((await this.redis.get(this.key(key))) ?? 0);
  }

  /** One turn on `key` every `ms`, across instances: 0 when this caller took it, else the ms until the next. */
  async takeTurn(key: string, ms: number): Promise<number> {
    const k = this.key(key);
    if ((await this.redis.set(k, '1', 'PX', ms, 'NX')) === 'OK') return 0;
    return Math.max(await this.redis.pttl(k), 1);
  }

  /** Remembers `key` for `seconds` (e.g. an address the owner signed in from). */
  async remember(key: string, seconds: number): Promise<void> {
    await this.redis.set(this.key(key), '1', 'EX', seconds);
  }

  async remembers(key: string): Promise<boolean> {
    return (await this.redis.exists(this.key(key))) === 1;
  }

  /**
   * A request to a route limited per user and per address (the `rateLimit` of its declaration): counted for its
   * user when signed in and for its address; past either limit, a 429 with the route's own message. `weight`: how
   * many the request counts for (a JSON-RPC batch counts each of its calls).
   */
  async limitRoute(name: LimitedRoute, rule: RouteLimit, ip: string, userId?: string | null, weight = 1): Promise<void> {
    const each = [...(userId ? [{ key: `${name}:user:${userId}`, limit: rule.perUser }] : []), { key: `${name}:ip:${ip}`, limit: rule.perIp }];
    const counters = each.flatMap((counter) => Array.from({ length: weight }, () => counter));
    const hits = await this.routeHits.ask(counters.map(({ key }) => this.key(key)));
    counters.forEach(({ limit }, i) => {
      const { count, msLeft } = hits[i]!;
      if (count > limit) throw tooManyRequests(messages.rateLimits[name], msLeft);
    });
  }

  /**
   * This runs before every bid: the counters of the requests arriving together are counted by one script in one
   * round trip to Redis (gathered.ts), each counter once per request, atomically with its window.
   */
  private readonly routeHits = new Gathered<string[], { count: number; msLeft: number }[]>(async (asks) => {
    const keys = asks.flat();
    const replies = (await this.redis.eval(COUNT_HITS_LUA, keys.length, ...keys, ROUTE_WINDOW_MS, 'fixed')) as number[];
    let at = 0;
    return asks.map((ask) =>
      ask.map(() => {
        const hit = { count: replies[at]!, msLeft: replies[at + 1]! };
        at += 2;
        return hit;
      }),
    );
  });

  private key(key: string): string {
    return `${this.prefix}:rate:${key}`;
  }
}

/** A 429 saying when to retry: in the Retry-After header (whole seconds) and in words where the message has {wait}. */
export function tooManyRequests(message: string, msLeft: number): Refused {
  const seconds = Math.max(1, Math.ceil(msLeft / 1000));
  const refusal = new Refused('too_many', fill(message, { wait: waitInWords(seconds) }), 'rate_limited');
  refusal.headers['Retry-After'] = String(seconds);
  return refusal;
}

function waitInWords(seconds: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (seconds < 90) return plural(seconds, 'second');
  if (seconds < 90 * 60) return plural(Math.ceil(seconds / 60), 'minute');
  return plural(Math.ceil(seconds / 3600), 'hour');
}
