/**
 * A secret the environment leaves unset (in development): a random one, written once to the data directory so
 * that sessions, e-mail codes and inscription keys survive a restart. The api and a worker may start together:
 * the first to write the file wins, and every process reads that one.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export async function keptSecret(dataDir: string, name: string): Promise<string> {
  const file = path.join(dataDir, name);
  const existing = await readFile(file, 'utf8').catch(() => null);
  if (existing) return existing.trim();
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
  return (await readFile(file, 'utf8')).trim();
}
