/** Everything the api reads from the environment, with the embedded defaults `npm start` runs on. */
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  /** Unset: embedded PGlite under .data/ */
  databaseUrl: string | undefined;
  pgliteDir: string;
  redisUrl: string;
  logLevel: string;
  storageDir: string;
  corsOrigins: string[];
  /** Run the BullMQ worker inside the api process (the embedded default). */
  runWorker: boolean;
  /** Namespaces queues and pub/sub channels, so several stacks (tests, demos) can share one Redis. */
  redisPrefix: string;
  /** How long a browse page may be served from memory; 0 turns the cache off. */
  browseCacheTtlMs: number;
  /** How long the total of a browse filter may be reused; 0 counts on every request. */
  browseCountTtlMs: number;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.GAVEL_DATA_DIR ?? '.data');
  return {
    port: Number(env.PORT ?? 4000),
    host: env.HOST ?? '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    pgliteDir: path.join(dataDir, 'pglite'),
    redisUrl: env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    logLevel: env.LOG_LEVEL ?? 'info',
    storageDir: path.resolve(env.STORAGE_DIR ?? path.join(dataDir, 'ipfs')),
    corsOrigins: (env.CORS_ORIGINS ?? 'http://localhost:5173,http://127.0.0.1:5173,http://localhost:4173,http://127.0.0.1:4173')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    runWorker: env.RUN_WORKER !== 'false',
    redisPrefix: env.REDIS_PREFIX ?? 'gavel',
    browseCacheTtlMs: Number(env.BROWSE_CACHE_TTL_MS ?? 1000),
    browseCountTtlMs: Number(env.BROWSE_COUNT_TTL_MS ?? 15_000),
  };
}
