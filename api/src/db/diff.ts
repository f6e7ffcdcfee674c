/**
 * Writes the SQL of a new migration: the difference between the committed migrations and schema.prisma.
 * The Prisma CLI cannot download its schema engine here, so this runs Prisma's own engine compiled to wasm
 * against an in-memory PGlite (which also serves as the shadow database the engine replays migrations on).
 *
 *   npm run db:diff -- <migration_name>
 */
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { SchemaEngine } from '@prisma/schema-engine-wasm';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import { MIGRATIONS_DIR, SCHEMA_PATH } from './paths.ts';

const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error('usage: npm run db:diff -- <migration_name in snake_case>');
  process.exit(2);
}

const schema = await readFile(SCHEMA_PATH, 'utf8');
const migrations = await loadMigrationList();
// The adapter's own shadow database lacks the extensions our migrations create, so give it one that has them.
const withExtensions = () => new PGlite({ extensions: { pg_trgm, btree_gin } });
const factory = new PrismaPGlite(withExtensions());
factory.connectToShadowDb = () => new PrismaPGlite(withExtensions()).connect();
const adapter = bindMigrationAwareSqlAdapterFactory(factory);
const engine = await SchemaEngine.new({ datamodels: [[SCHEMA_PATH, schema]] }, () => {}, adapter);
const filters = { externalTables: [], externalEnums: [] };
const result = await engine.diff({
  from: migrations.migrationDirectories.length ? { tag: 'migrations', ...migrations } : { tag: 'empty' },
  to: { tag: 'schemaDatamodel', files: [{ path: SCHEMA_PATH, content: schema }] },
  script: true,
  exitCode: true,
  filters,
});
if (result.exitCode === 0 || !result.stdout?.trim() || result.stdout.includes('empty migration')) {
  console.log('schema.prisma matches the migrations: nothing to write');
  process.exit(0);
}
const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
const dir = path.join(MIGRATIONS_DIR, `${stamp}_${name}`);
await mkdir(dir, { recursive: true });
await writeFile(path.join(dir, 'migration.sql'), result.stdout);
console.log(`wrote ${path.relative(process.cwd(), dir)}/migration.sql`);

async function loadMigrationList() {
  await mkdir(MIGRATIONS_DIR, { recursive: true });
  const names = (await readdir(MIGRATIONS_DIR, { withFileTypes: true }))
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  const migrationDirectories = await Promise.all(
    names.map(async (dirName) => ({
      path: dirName,
      migrationFile: {
        path: 'migration.sql',
        content: { tag: 'ok' as const, value: await readFile(path.join(MIGRATIONS_DIR, dirName, 'migration.sql'), 'utf8') },
      },
    })),
  );
  return {
    baseDir: MIGRATIONS_DIR,
    lockfile: { path: 'migration_lock.toml', content: 'provider = "postgresql"\n' },
    migrationDirectories,
    shadowDbInitScript: '',
  };
}
