/**
 * Where the database is and how long it may take, read from the environment: the api's own config (api/src/config.ts)
 * gathers these with the rest, and `npm run db:migrate` (migrate.ts) reads them alone, as it opens nothing else.
 */
import path from 'node:path';

export interface DatabaseSettings {
  /** Unset: embedded PGlite under .data/ */
  databaseUrl: string | undefined;
  /** DATABASE_POOL_SIZE: PostgreSQL connections per api process (default 10). */
  databasePoolSize: number;
  /**
   * DATABASE_CONNECT_TIMEOUT_MS (default 3000) and DATABASE_QUERY_TIMEOUT_MS (default 30000): how long a new
   * PostgreSQL connection and a statement may take before they count as failed, so a database that stops answering
   * (a hung server, a dropped route) turns into quick 503s and a not-ready probe rather than requests hanging.
   */
  databaseTimeouts: { connectMs: number; queryMs: number };
  pgliteDir: string;
}

/** GAVEL_DATA_DIR (default .data): where the embedded database lives, beside the kept secrets and uploads. */
export const dataDirOf = (env: NodeJS.ProcessEnv): string => path.resolve(env.GAVEL_DATA_DIR ?? '.data');

export function databaseSettings(env: NodeJS.ProcessEnv = process.env, dataDir = dataDirOf(env)): DatabaseSettings {
  return {
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize: Number(env.DATABASE_POOL_SIZE ?? 10),
    databaseTimeouts: { connectMs: Number(env.DATABASE_CONNECT_TIMEOUT_MS ?? 3000), queryMs: Number(env.DATABASE_QUERY_TIMEOUT_MS ?? 30_000) },
    pgliteDir: path.join(dataDir, 'pglite'),
  };
}
