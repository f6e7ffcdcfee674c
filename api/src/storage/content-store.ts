/**
 * Local content-addressed storage standing in for IPFS pinning when no PINATA_JWT is set. Files are named by
 * their real CID (CIDv1, raw codec, sha2-256: what `ipfs add --cid-version 1 --raw-leaves` gives for one
 * block), so an `/ipfs/<cid>` address stays valid if the same bytes are later pinned on IPFS.
 */
import { mkdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { CID } from 'multiformats/cid';
import * as raw from 'multiformats/codecs/raw';
import { sha256 } from 'multiformats/hashes/sha2';
import { writeWhole } from './write-whole.ts';

export interface StoredFile {
  cid: string;
  bytes: Buffer;
  contentType: string;
}

export class ContentStore {
  constructor(private readonly dir: string) {}

  static async cidOf(bytes: Uint8Array): Promise<string> {
    return CID.create(1, raw.code, await sha256.digest(bytes)).toString();
  }

  async put(bytes: Buffer, contentType: string): Promise<string> {
    const cid = await ContentStore.cidOf(bytes);
    await mkdir(this.dir, { recursive: true });
    const file = path.join(this.dir, cid);
    // The file is present only once whole (its type first), so a write cut short (a full disk) stores nothing.
    if (!(await exists(file))) {
      await writeWhole(`${file}.type`, contentType);
      await writeWhole(file, bytes);
    }
    return cid;
  }

  async get(cid: string): Promise<StoredFile | null> {
    if (!isCid(cid)) return null;
    const file = path.join(this.dir, cid);
    if (!(await exists(file))) return null;
    const [bytes, contentType] = await Promise.all([readFile(file), readFile(`${file}.type`, 'utf8').catch(() => 'application/octet-stream')]);
    return { cid, bytes, contentType };
  }
}

function isCid(text: string): boolean {
  try {
    CID.parse(text);
    return true;
  } catch {
    return false;
  }
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}
