/**
 * A full disk: a file that does not fit is not stored at all (no part-file left to be trusted later), the files
 * stored before are untouched, the request is a 503 with Retry-After (never a 500), and a process whose log
 * output cannot be written carries on. The disk is a 1 MB tmpfs where the machine lets the test mount one (as
 * root); /dev/full stands for a full disk under the log.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, unlink } from 'node:fs/promises';
import { openSync, closeSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Koa from 'koa';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@gavel/domain';
import { ContentStore } from '../../api/src/storage/content-store.ts';
import { PrivateStore } from '../../api/src/storage/private-store.ts';
import { errorMiddleware, isStorageFull } from '../../api/src/http/errors.ts';

let disk: string;
let mounted = false;
beforeAll(async () => {
  disk = await mkdtemp(path.join(tmpdir(), 'gavel-full-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', disk], { stdio: 'ignore', timeout: 5000 });
    mounted = true;
  } catch {
    mounted = false;
  }
});
afterAll(async () => {
  if (mounted) execFileSync('umount', [disk], { timeout: 5000 });
  await rm(disk, { recursive: true, force: true });
});

/** Puts 100 KB files until one does not fit; returns those stored and the error of the one that did not. */
async function fill(put: (bytes: Buffer) => Promise<string>): Promise<{ stored: Map<string, Buffer>; error: unknown }> {
  const stored = new Map<string, Buffer>();
  for (let i = 0; i < 40; i++) {
    const bytes = randomBytes(100_000);
    try {
      stored.set(await put(bytes), bytes);
    } catch (error) {
      return { stored, error };
    }
  }
  return { stored, error: null };
}

describe('a full disk', () => {
  it('stores an upload whole or not at all, keeps those stored before, and stores again once space is freed', async (ctx) => {
    if (!mounted) ctx.skip();
    const dir = path.join(disk, 'ipfs');
    const store = new ContentStore(dir);
    const { stored, error } = await fill((bytes) => store.put(bytes, 'image/png'));
    expect(isStorageFull(error)).toBe(true);
    expect(stored.size).toBeGreaterThan(3);
    for (const [cid, bytes] of stored) expect((await store.get(cid))?.bytes.equals(bytes)).toBe(true);
    const names = await readdir(dir);
    expect(names.filter((n) => n.endsWith('.partial'))).toEqual([]);
    // Only whole files and their types: two names per upload stored (a type alone may stay from the one refused).
    expect(names.filter((n) => !n.endsWith('.type')).sort()).toEqual([...stored.keys()].sort());
    await unlink(path.join(dir, [...stored.keys()][0]!));
    const again = randomBytes(50_000);
    expect((await store.get(await store.put(again, 'image/png')))?.bytes.equals(again)).toBe(true);
  });

  it('stores an identity document whole or not at all', async (ctx) => {
    if (!mounted) ctx.skip();
    await rm(path.join(disk, 'ipfs'), { recursive: true, force: true });
    const store = new PrivateStore(path.join(disk, 'private'));
    const { stored, error } = await fill((bytes) => store.put(bytes));
    expect(isStorageFull(error)).toBe(true);
    for (const [sha, bytes] of stored) expect((await store.get(sha))?.equals(bytes)).toBe(true);
    expect((await readdir(path.join(disk, 'private'))).sort()).toEqual([...stored.keys()].sort());
  });

  it('answers 503 with Retry-After and the catalogue message, logged as an error', async () => {
    const lines: string[] = [];
    const app = new Koa();
    app.use(errorMiddleware(pino({ level: 'warn' }, { write: (line: string) => lines.push(line) })));
    app.use(() => {
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/upload`, { method: 'POST', signal: AbortSignal.timeout(5000) });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBeTruthy();
      expect(await res.json()).toEqual({ message: messages.server.busy, code: 'storage_full' });
      expect(JSON.parse(lines.at(-1)!)).toMatchObject({ level: 50 });
    } finally {
      server.close();
    }
  });

  it.each(['json', 'pretty'])(
    'a process logging (%s) to a full disk carries on and exits by itself',
    async (format) => {
      const full = openSync('/dev/full', 'w');
      const script = `
      import { createLogger, droppedLogLines } from './api/src/logger.ts';
      const log = createLogger({ logLevel: 'info', logFormat: '${format}' });
      for (let i = 0; i < 200; i++) log.info({ i }, 'a line the disk cannot take');
      log.error(new Error('and an error'), 'still running');
      process.stderr.write('alive ' + droppedLogLines() + '\\n');
    `;
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: path.resolve(import.meta.dirname, '../..'), stdio: ['ignore', full, 'pipe'] });
      closeSync(full);
      let stderr = '';
      child.stderr!.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      const code = await new Promise<number | null>((resolve) => {
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          resolve(null);
        }, 20_000);
        child.on('exit', (c) => {
          clearTimeout(timer);
          resolve(c);
        });
      });
      expect(code).toBe(0);
      expect(stderr).toMatch(/alive \d+/);
      expect(Number(/alive (\d+)/.exec(stderr)![1])).toBeGreaterThanOrEqual(200);
    },
    30_000,
  );
});
