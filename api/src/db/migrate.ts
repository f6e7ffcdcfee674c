/**
 * Applies the committed migrations in order, keeping Prisma's `_prisma_migrations` ledger (same table, same
 * sha256 checksums) so `prisma migrate deploy` stays valid wherever the Prisma CLI can run. Safe to run from
 * several processes at once: an advisory lock serialises them.
 */
import { createHash, randomUUID } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Database } from './client.ts';
import { MIGRATIONS_DIR } from './paths.ts';

const LEDGER = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;
const LOCK_KEY = 72707369; // any constant shared by every migrating process

export async function migrate(db: Database, log: (line: string) => void = () => {}): Promise<string[]> {
  const applied: string[] = [];
  if (db.kind === 'postgres') await db.sql('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
  try {
    await db.exec(LEDGER);
    const done = new Map(
      (await db.sql<{ migration_name: string; checksum: string }>('SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL')).map((row) => [
        row.migration_name,
        row.checksum,
      ]),
    );
    for (const name of await migrationNames()) {
      const sql = await readFile(path.join(MIGRATIONS_DIR, name, 'migration.sql'), 'utf8');
      const checksum = createHash('sha256').update(sql).digest('hex');
      if (done.has(name)) {
        if (done.get(name) !== checksum) throw new Error(`migration ${name} was edited after it was applied`);
        continue;
      }
      const id = randomUUID();
      await db.sql('INSERT INTO "_prisma_migrations" (id, checksum, migration_name) VALUES ($1, $2, $3)', [id, checksum, name]);
      await db.exec(`BEGIN;\n${sql}\nCOMMIT;`);
      await db.sql('UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1', [id]);
      applied.push(name);
      log(`applied migration ${name}`);
    }
  } finally {
    if (db.kind === 'postgres') await db.sql('SELECT pg_advisory_unlock($1)', [LOCK_KEY]);
  }
  return applied;
}

async function migrationNames(): Promise<string[]> {
  const entries = await readdir(MIGRATIONS_DIR, { withFileTypes: true });
  return entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { openDatabase } = await import('./client.ts');
  const { databaseSettings } = await import('./config.ts');
  const settings = databaseSettings();
  const db = await openDatabase({ url: settings.databaseUrl, pgliteDir: settings.pgliteDir });
  const applied = await migrate(db, console.log);
  console.log(applied.length ? `${applied.length} migration(s) applied` : 'database is up to date');
  await db.close();
}
