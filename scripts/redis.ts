/**
 * Redis cannot be embedded. Use REDIS_URL if it answers; otherwise start a redis-server found on PATH (when
 * the url is the local default); otherwise stop with a clear message.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';

export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

export async function ensureRedis(url = process.env.REDIS_URL ?? DEFAULT_REDIS_URL): Promise<{ url: string; child: ChildProcess | null }> {
  if (await answers(url)) return { url, child: null };
  if (url !== DEFAULT_REDIS_URL) throw new Error(`Redis at REDIS_URL=${url} does not answer. Start it, or unset REDIS_URL to use a local redis-server.`);
  if (spawnSync('which', ['redis-server']).status !== 0) {
    throw new Error('Redis does not answer on 127.0.0.1:6379 and no redis-server is on PATH. Install Redis 7 (apt-get install redis-server) or set REDIS_URL.');
  }
  const child = spawn('redis-server', ['--bind', '127.0.0.1', '--port', '6379', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  for (let i = 0; i < 50; i++) {
    if (await answers(url)) return { url, child };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error('Started redis-server but it did not answer within 5 s.');
}

async function answers(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1000, retryStrategy: () => null });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}
