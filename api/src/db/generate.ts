/**
 * `prisma generate` for the Rust-free client. Every Prisma CLI command first tries to download its native
 * schema engine, which this network refuses; generate never uses it, so any existing file satisfies the check.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { SCHEMA_PATH } from './paths.ts';

const prismaCli = createRequire(import.meta.url).resolve('prisma/build/index.js');
const result = spawnSync(process.execPath, [prismaCli, 'generate', '--schema', SCHEMA_PATH], {
  cwd: path.dirname(path.dirname(SCHEMA_PATH)),
  stdio: 'inherit',
  env: {
    PRISMA_SCHEMA_ENGINE_BINARY: process.execPath,
    // biome-ignore lint/style/noProcessEnv: handed whole to the Prisma CLI over the defaults around it; this tool reads none of it
    ...process.env,
    PRISMA_HIDE_UPDATE_MESSAGE: '1',
    CHECKPOINT_DISABLE: '1',
  },
});
process.exit(result.status ?? 1);
