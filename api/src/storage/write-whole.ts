/**
 * Writes a stored file whole or not at all: into a temporary name beside it, then renamed into place. A write cut
 * short (the disk filled up, the process died) leaves no part-file under the real name for a later read or
 * "already stored" check to trust; the temporary file is removed, and the error (ENOSPC on a full disk) goes to
 * the caller, which answers 503 (http/errors.ts).
 */
import { randomBytes } from 'node:crypto';
import { rename, rm, writeFile } from 'node:fs/promises';

export async function writeWhole(file: string, data: Buffer | string, mode = 0o644): Promise<void> {
  const temporary = `${file}.${randomBytes(6).toString('hex')}.partial`;
  try {
    await writeFile(temporary, data, { mode });
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
