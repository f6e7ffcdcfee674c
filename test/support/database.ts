/** Fresh PostgreSQL databases for tests: one per suite, migrated, dropped afterwards. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../api/src/db/client.ts';
import { migrate } from '../../api/src/db/migrate.ts';

export const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  url: string;
  db: Database;
  drop(): Promise<void>;
}

export async function createTestDatabase(label = 'test'): Promise<TestDatabase> {
  const name = `gavel_${label.replace(/\W/g, '_')}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE "${name}"`);
  const url = withDatabase(POSTGRES_ADMIN_URL, name);
  const db = await openDatabase({ url });
  await migrate(db);
  return {
    url,
    db,
    async drop() {
      await db.close();
      await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** Whether a statement of the client's database is waiting for a lock (another test's database is not counted). */
export async function lockWaits(client: pg.Client): Promise<boolean> {
  return (await client.query('SELECT 1 FROM pg_locks l JOIN pg_stat_activity s USING (pid) WHERE NOT l.granted AND s.datname = current_database()')).rowCount! > 0;
}

/** Whether a statement of the client's database is waiting for a lock that this client holds. */
export async function waitsFor(client: pg.Client): Promise<boolean> {
  return (await client.query('SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND pg_backend_pid() = ANY (pg_blocking_pids(pid))')).rowCount! > 0;
}
