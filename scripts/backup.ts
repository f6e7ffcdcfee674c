/**
 * Backup and restore of everything Gavel keeps (README "Backup and restore"):
 *   npm run backup -- backup DIR    writes DIR/database.dump (pg_dump, custom format), DIR/data.tar.gz (the data
 *                                   directory: kept secrets and keys, identity documents under private/), DIR/
 *                                   storage.tar.gz (uploads, when STORAGE_DIR is outside the data directory) and
 *                                   DIR/manifest.json (when, and the rows counted in the dump);
 *   npm run backup -- restore DIR   loads DIR into DATABASE_URL (an empty database) and unpacks the files into
 *                                   GAVEL_DATA_DIR and STORAGE_DIR (each empty or absent).
 * Where things are comes from the api's own configuration (DATABASE_URL, GAVEL_DATA_DIR, STORAGE_DIR). The
 * database is dumped first, then the files: a file is written before the row naming it, so every upload the dump
 * names is in the backup. PostgreSQL only: the embedded database (no DATABASE_URL) is a directory to copy while
 * the api is stopped.
 */
import { execFile } from 'node:child_process';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { loadConfig } from '../api/src/config.ts';

const run = promisify(execFile);
/** The data directory's embedded database is not copied as files (it is the database, dumped or copied apart). */
const NOT_FILES = ['./pglite'];

export interface Place {
  databaseUrl: string;
  dataDir: string;
  storageDir: string;
}

/** libpq takes no Prisma parameters (`schema`, `connection_limit`): the url without them. */
function libpqUrl(url: string): string {
  const u = new URL(url);
  for (const key of [...u.searchParams.keys()]) if (!['sslmode', 'sslrootcert', 'sslcert', 'sslkey', 'application_name'].includes(key)) u.searchParams.delete(key);
  return u.toString();
}

const inside = (dir: string, parent: string) => !path.relative(parent, dir).startsWith('..');

async function isEmpty(dir: string): Promise<boolean> {
  return (await readdir(dir).catch(() => [])).length === 0;
}

export async function backup(place: Place, out: string): Promise<{ bids: number; lots: number; files: string[] }> {
  await mkdir(out, { recursive: true });
  const db = libpqUrl(place.databaseUrl);
  await run('pg_dump', ['--format=custom', '--no-owner', '--file', path.join(out, 'database.dump'), '--dbname', db]);
  const count = async (table: string) => Number((await run('psql', ['-Atc', `SELECT count(*) FROM "${table}"`, db])).stdout.trim());
  const files = ['data.tar.gz'];
  await run('tar', ['-czf', path.join(out, 'data.tar.gz'), ...NOT_FILES.map((p) => `--exclude=${p}`), '-C', place.dataDir, '.']);
  if (!inside(place.storageDir, place.dataDir)) {
    await mkdir(place.storageDir, { recursive: true });
    await run('tar', ['-czf', path.join(out, 'storage.tar.gz'), '-C', place.storageDir, '.']);
    files.push('storage.tar.gz');
  }
  // Counted after the dump, so at least what the dump holds (a bid made meanwhile is counted, not dumped).
  const manifest = { at: new Date().toISOString(), bids: await count('Bid').catch(() => -1), lots: await count('Lot').catch(() => -1), files };
  await writeFile(path.join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

export async function restore(from: string, place: Place): Promise<void> {
  const db = libpqUrl(place.databaseUrl);
  const tables = Number((await run('psql', ['-Atc', "SELECT count(*) FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')", db])).stdout.trim());
  if (tables > 0) throw new Error('the database to restore into is not empty: create a new one (createdb) and point DATABASE_URL at it');
  for (const dir of [place.dataDir, place.storageDir]) if (!(await isEmpty(dir))) throw new Error(`${dir} is not empty: restore into an empty directory`);
  await run('pg_restore', ['--no-owner', '--exit-on-error', '--dbname', db, path.join(from, 'database.dump')]);
  await mkdir(place.dataDir, { recursive: true });
  await run('tar', ['-xzf', path.join(from, 'data.tar.gz'), '-C', place.dataDir]);
  const storage = (await readdir(from)).includes('storage.tar.gz');
  if (storage) {
    await mkdir(place.storageDir, { recursive: true });
    await run('tar', ['-xzf', path.join(from, 'storage.tar.gz'), '-C', place.storageDir]);
  }
}

/** Where the api configured by this environment keeps things. */
export function placeFromEnv(env: NodeJS.ProcessEnv = process.env): Place {
  const config = loadConfig(env);
  if (!config.databaseUrl) throw new Error('DATABASE_URL is not set: back up the embedded database by copying the data directory while the api is stopped');
  return { databaseUrl: config.databaseUrl, dataDir: config.dataDir, storageDir: config.storage.dir };
}

// Run as a command (not when a test imports it).
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const [verb, dir] = process.argv.slice(2);
  if ((verb !== 'backup' && verb !== 'restore') || !dir) {
    console.error('usage: npm run backup -- backup DIR | restore DIR');
    process.exit(2);
  }
  const place = placeFromEnv();
  if (verb === 'backup') console.log(JSON.stringify(await backup(place, path.resolve(dir))));
  else {
    await restore(path.resolve(dir), place);
    console.log(`restored ${dir} into the database and ${place.dataDir}, ${place.storageDir}`);
  }
}
