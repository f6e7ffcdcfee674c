/** Files that must never be public (identity documents): kept by sha256 outside anything the api serves. */
import { createHash } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeWhole } from './write-whole.ts';

export class PrivateStore {
  constructor(private readonly dir: string) {}

  async put(bytes: Buffer): Promise<string> {
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    await writeWhole(path.join(this.dir, sha256), bytes, 0o600);
    return sha256;
  }

  /** The file stored under this sha256, or null if there is none (only hex names are looked up). */
  async get(sha256: string): Promise<Buffer | null> {
    if (!/^[0-9a-f]{64}$/.test(sha256)) return null;
    try {
      return await readFile(path.join(this.dir, sha256));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }
}
