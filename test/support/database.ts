/** Fresh PostgreSQL databases for tests: one per suite, migrated, dropped afterwards. */
import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../../api/src/db/client.ts';
import { migrate } from '../../api/src/db/migrate.ts';
import { MIGRATIONS_DIR } from '../../api/src/db/paths.ts';

export const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  url: string;
  db: Database;
  drop(): Promise<void>;
}

export async function createTestDatabase(label = 'test'): Promise<TestDatabase> {
  const name = `gavel_${label.replace(/\W/g, '_')}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE "${name}" TEMPLATE "${await migratedTemplate()}"`).catch(async (error: { code?: string }) => {
    // Another process dropped the template meanwhile (the migrations changed under a long run): make it again, once.
    if (error.code !== '3D000') throw error;
    template = null;
    await adminQuery(`CREATE DATABASE "${name}" TEMPLATE "${await migratedTemplate()}"`);
  });
  const url = withDatabase(POSTGRES_ADMIN_URL, name);
  const db = await openDatabase({ url });
  // Nothing to apply on a copy of the template; it still checks the ledger, as the api's start does.
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

/**
 * A database migrated once and copied for every test database (CREATE DATABASE ... TEMPLATE copies files, about ten
 * times faster than applying every migration again). Named by a digest of the migrations, so a new or edited
 * migration makes a new template; templates of older migrations are dropped. Test processes running at once make it
 * once: an advisory lock serialises them, and a template is complete once it is marked a template.
 */
let template: Promise<string> | null = null;
const TEMPLATE_LOCK = 72707370;

function migratedTemplate(): Promise<string> {
  template ??= (async () => {
    const digest = createHash('sha256');
    for (const entry of (await readdir(MIGRATIONS_DIR, { withFileTypes: true })).filter((e) => e.isDirectory()).sort((a, b) => a.name.localeCompare(b.name))) {
      digest.update(entry.name).update(await readFile(path.join(MIGRATIONS_DIR, entry.name, 'migration.sql')));
    }
    const name = `gavel_template_${digest.digest('hex').slice(0, 16)}`;
    const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await client.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
      const ready = await client.query('SELECT 1 FROM pg_database WHERE datname = $1 AND datistemplate', [name]);
      if (ready.rowCount === 0) {
        // A template left half-made by a process that died is made again.
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await client.query(`CREATE DATABASE "${name}"`);
        const db = await openDatabase({ url: withDatabase(POSTGRES_ADMIN_URL, name) });
        await migrate(db);
        await db.close();
        await client.query(`ALTER DATABASE "${name}" WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
        const old = await client.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE 'gavel_template_%' AND datname <> $1", [name]);
        for (const { datname } of old.rows) {
          await client.query(`ALTER DATABASE "${datname}" WITH IS_TEMPLATE false`);
          await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
        }
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]).catch(() => {});
      await client.end();
    }
    return name;
  })().catch((error: unknown) => {
    template = null;
    throw error;
  });
  return template;
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
