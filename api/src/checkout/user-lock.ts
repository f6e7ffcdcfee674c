/**
 * One card-payment decision per user at a time. Preparing a checkout or a Buy Now intent reads the user's open
 * intents, cancels the ones it replaces and creates a new one; two of those interleaving could leave two
 * payable intents for the same lot. A short Redis lock (not a database transaction: the embedded PGlite has a
 * single connection, and Stripe calls do not belong inside a transaction) serialises them per user.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { Refused } from '../refused.ts';

/** Longer than the Stripe calls one decision makes (each times out after 20 s). */
const TTL_MS = 60_000;
const WAIT_MS = 15_000;
const RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

export async function withUserPaymentLock<T>(redis: Redis, prefix: string, userId: string, work: () => Promise<T>): Promise<T> {
  const key = `${prefix}:lock:card-payment:${userId}`;
  const token = randomUUID();
  const giveUpAt = Date.now() + WAIT_MS;
  while ((await redis.set(key, token, 'PX', TTL_MS, 'NX')) !== 'OK') {
    if (Date.now() > giveUpAt) throw new Refused('conflict', 'Another payment is being prepared. Please try again.', 'payment_busy');
    await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 30));
  }
  try {
    return await work();
  } finally {
    // Only our own lock: after a TTL expiry someone else may hold it.
    await redis.eval(RELEASE, 1, key, token);
  }
}
