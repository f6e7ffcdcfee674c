/**
 * The backup drill (scripts/backup.ts): a running stack under a light bid load is backed up, the backup restored
 * into a new database and an empty data directory, and the copy holds every bid acknowledged before the backup
 * began (with its card hold), the lots as they were, the uploads, the identity documents and the kept keys.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { backup, restore } from '../../scripts/backup.ts';
import { openDatabase, type Database } from '../../api/src/db/client.ts';
import { ContentStore } from '../../api/src/storage/content-store.ts';
import { identityDocuments } from '../../api/src/identity/identity.ts';
import { POSTGRES_ADMIN_URL } from '../support/database.ts';
import { startRig, type Rig } from '../support/faults/rig.ts';
import { startLoad } from '../support/faults/load.ts';

const cleanUps: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const clean of cleanUps.reverse()) await clean().catch(() => {});
});

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  await client.query(sql).finally(() => client.end());
}

/** Every file under a directory, relative to it (the embedded database's directory aside). */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

const immutable = (b: { id: string; lotId: string; userId: string | null; amount: unknown }) => ({ id: b.id, lotId: b.lotId, userId: b.userId, amount: String(b.amount) });

describe('backup and restore', () => {
  it('restores every acknowledged bid and hold, the lots and the files of a stack backed up under bids', { timeout: 120_000 }, async () => {
    const rig: Rig = await startRig({ lots: 3, payLaterBidders: 2, cardBidders: 2 });
    cleanUps.push(() => rig.stop());
    const { prisma } = rig.db.db;
    const upload = await new ContentStore(rig.dataDir).put(randomBytes(2048), 'image/png');
    const documentBytes = randomBytes(4096);
    const document = await identityDocuments(rig.dataDir).put(documentBytes);

    const load = startLoad({ url: rig.api.url, lots: rig.lots, bidders: rig.bidders, concurrency: 2, maxRequests: 400 });
    const deadline = Date.now() + 30_000;
    while (load.result.acknowledged.length < 10 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(load.result.acknowledged.length).toBeGreaterThanOrEqual(10);

    // What the backup must hold: the bids acknowledged before it began, with their holds, and the lots then.
    const ackedIds = load.result.acknowledged.map((a) => a.bidId);
    const bidsBefore = await prisma.bid.findMany({ where: { id: { in: ackedIds } }, orderBy: { id: 'asc' } });
    const lotsBefore = await prisma.lot.findMany({ where: { id: { in: rig.lots } }, orderBy: { id: 'asc' } });
    const out = await mkdtemp(path.join(tmpdir(), 'gavel-backup-'));
    cleanUps.push(() => rm(out, { recursive: true, force: true }));
    const started = Date.now();
    const manifest = await backup({ databaseUrl: rig.db.url, dataDir: rig.dataDir, storageDir: rig.dataDir }, out);
    const backupMs = Date.now() - started;
    const ackedDuringBackup = load.result.acknowledged.length - ackedIds.length;
    const result = await load.stop();
    expect(result.bad5xx).toEqual([]);
    const lotsAfter = await prisma.lot.findMany({ where: { id: { in: rig.lots } }, orderBy: { id: 'asc' } });

    const name = `gavel_restored_${randomBytes(4).toString('hex')}`;
    await admin(`CREATE DATABASE "${name}"`);
    cleanUps.push(() => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    const url = new URL(POSTGRES_ADMIN_URL);
    url.pathname = `/${name}`;
    const dataDir = await mkdtemp(path.join(tmpdir(), 'gavel-restored-'));
    cleanUps.push(() => rm(dataDir, { recursive: true, force: true }));
    const restoreStarted = Date.now();
    await restore(out, { databaseUrl: url.toString(), dataDir, storageDir: dataDir });
    const restoreMs = Date.now() - restoreStarted;

    const copy: Database = await openDatabase({ url: url.toString() });
    cleanUps.push(() => copy.close());
    // Every acknowledged bid, as it was made, and every card hold it had then.
    const restored = await copy.prisma.bid.findMany({ where: { id: { in: ackedIds } }, orderBy: { id: 'asc' } });
    expect(restored.map(immutable)).toEqual(bidsBefore.map(immutable));
    const holds = (bids: typeof restored) => bids.filter((b) => b.paymentIntentId).map((b) => [b.id, b.paymentIntentId]);
    const heldBefore = holds(bidsBefore);
    expect(holds(restored).filter(([id]) => heldBefore.some(([h]) => h === id))).toEqual(heldBefore);
    expect(rig.bidders.some((b) => b.card)).toBe(true);
    // The lots: the same state, each at a price between the one before the backup and the one after the load.
    const lotsRestored = await copy.prisma.lot.findMany({ where: { id: { in: rig.lots } }, orderBy: { id: 'asc' } });
    expect(lotsRestored.map((l) => [l.id, l.status, l.winnerId])).toEqual(lotsBefore.map((l) => [l.id, l.status, l.winnerId]));
    lotsRestored.forEach((lot, i) => {
      expect(Number(lot.currentPrice)).toBeGreaterThanOrEqual(Number(lotsBefore[i]!.currentPrice));
      expect(Number(lot.currentPrice)).toBeLessThanOrEqual(Number(lotsAfter[i]!.currentPrice));
    });
    expect(manifest.bids).toBeGreaterThanOrEqual(bidsBefore.length);

    // The files: the upload, the identity document, the kept keys and secrets, byte for byte.
    expect((await new ContentStore(dataDir).get(upload))?.bytes.equals((await new ContentStore(rig.dataDir).get(upload))!.bytes)).toBe(true);
    expect((await identityDocuments(dataDir).get(document))?.equals(documentBytes)).toBe(true);
    expect(await filesUnder(dataDir)).toEqual(await filesUnder(rig.dataDir));
    console.info(`backup drill: ${bidsBefore.length} bids acknowledged before, ${ackedDuringBackup} during the backup (${backupMs} ms), restored in ${restoreMs} ms`);
  });
});
