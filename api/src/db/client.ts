/**
 * One database handle for the api, the worker, seeds and tests: Prisma for models plus a raw SQL function for
 * the few queries Prisma cannot express (migrations, locks). PostgreSQL when DATABASE_URL is set; otherwise an
 * embedded PGlite under .data/ so `npm start` needs no database server.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { PrismaPg } from '@prisma/adapter-pg';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { PrismaClient } from '../generated/prisma/client.ts';

export type Prisma = PrismaClient;

export type TypeParsers = Record<number, (text: string) => unknown>;

export interface SqlOptions {
  /** Read these column types (by OID) with these functions instead of the driver's. */
  parsers?: TypeParsers;
  /** Keep the statement's plan under this name on each connection: for a fixed statement run often with new values. */
  prepared?: string;
}

export interface Database {
  prisma: PrismaClient;
  /** Runs raw SQL with $1.. parameters and returns the rows. */
  sql<Row = Record<string, unknown>>(text: string, params?: unknown[], options?: SqlOptions): Promise<Row[]>;
  /** Runs several statements (no parameters), as migrations need. */
  exec(text: string): Promise<void>;
  kind: 'postgres' | 'pglite';
  close(): Promise<void>;
}

export const DEFAULT_PGLITE_DIR = path.resolve(process.cwd(), '.data/pglite');

/** How long a connection and a statement may take (config.ts databaseTimeouts); unset: wait as long as it takes. */
export interface DatabaseTimeouts {
  connectMs: number;
  queryMs: number;
}

export async function openDatabase(options: { url?: string; pgliteDir?: string; poolSize?: number; timeouts?: DatabaseTimeouts } = {}): Promise<Database> {
  return options.url ? openPostgres(options.url, options.poolSize ?? 10, options.timeouts) : openPGlite(options.pgliteDir ?? DEFAULT_PGLITE_DIR);
}

function openPostgres(url: string, poolSize: number, timeouts?: DatabaseTimeouts): Database {
  // Prisma stores DateTime as UTC in timestamp columns; SQL comparing them with now() must run in UTC too. Keep-alive
  // and the timeouts find a server that went silent: its connections fail and are replaced instead of hanging.
  const bounded = timeouts ? { connectionTimeoutMillis: timeouts.connectMs, query_timeout: timeouts.queryMs, keepAlive: true, keepAliveInitialDelayMillis: 5000 } : {};
  const pool = new pg.Pool({ connectionString: url, max: poolSize, options: '-c timezone=UTC', ...bounded });
  // An idle pooled connection that the server ends (restart, failover, a test dropping its database) emits
  // 'error' on the pool; unhandled, that would end the process. The pool replaces the connection on next use.
  pool.on('error', () => {});
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  return {
    kind: 'postgres',
    prisma,
    async sql<Row>(text: string, params: unknown[] = [], { parsers, prepared }: SqlOptions = {}) {
      const types = parsers && { getTypeParser: (oid: number, format?: string) => parsers[oid] ?? pg.types.getTypeParser(oid, format as 'text') };
      return (await pool.query({ text, values: params, ...(types && { types }), ...(prepared && { name: prepared }) })).rows as Row[];
    },
    async exec(text: string) {
      await pool.query(text);
    },
    async close() {
      await prisma.$disconnect();
      await pool.end();
    },
  };
}

/** How often the embedded database is vacuumed and analysed (what autovacuum does for a PostgreSQL server). */
const PGLITE_VACUUM_MS = 5 * 60_000;

async function openPGlite(dataDir: string): Promise<Database> {
  await mkdir(path.dirname(dataDir), { recursive: true });
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm, btree_gin } });
  await client.exec("SET TIME ZONE 'UTC'");
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(client) });
  // PGlite is PostgreSQL in single-user mode, which has no autovacuum: without this, every bid's old row versions
  // stay and statistics are never gathered, so a long-running `npm start` slows as bids mount. Each statement on
  // the client runs alone (a Prisma transaction included), so the vacuum never lands inside one.
  const vacuum = setInterval(() => void client.exec('VACUUM ANALYZE').catch(() => undefined), PGLITE_VACUUM_MS);
  vacuum.unref();
  return {
    kind: 'pglite',
    prisma,
    async sql<Row>(text: string, params: unknown[] = [], { parsers }: SqlOptions = {}) {
      return (await client.query(text, params, parsers && { parsers })).rows as Row[];
    },
    async exec(text: string) {
      await client.exec(text);
    },
    async close() {
      clearInterval(vacuum);
      await prisma.$disconnect();
      // Without this PGlite keeps the event loop alive and the process never exits.
      await client.close();
    },
  };
}
