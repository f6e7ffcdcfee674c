/**
 * The worker's sweeps on the embedded database that `npm start` runs on (PGlite), freshly created: PGlite learns the
 * array types when it opens, before the migrations create the enums, so a sweep must not bind an array of an enum.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../api/src/db/client.ts';
import { migrate } from '../../api/src/db/migrate.ts';
import { reconcilePayments } from '../../api/src/worker/payment-worker.ts';
import type { Services } from '../../api/src/services.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'gavel-sweeps-embedded-'));
let db: Database;

beforeAll(async () => {
  db = await openDatabase({ pgliteDir: path.join(dir, 'pglite') });
  await migrate(db);
}, 120_000);
afterAll(async () => {
  await db?.close();
  rmSync(dir, { recursive: true, force: true });
});

it('the card payments sweep runs on a database created at this start', async () => {
  // Nothing to settle: only the database is reached, so the services it would call for a hold are left out.
  const services = { db, log: pino({ level: 'silent' }), payments: { config: { pendingHoldGraceMs: 60_000 } } } as unknown as Services;
  await expect(reconcilePayments(services)).resolves.toEqual({ holds: 0, buyNows: 0, pendingHolds: 0 });
});
