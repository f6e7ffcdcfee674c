/**
 * Browsing on the embedded database that `npm start` runs on (PGlite): the page's one statement, with its lots and,
 * for a large result, the planner's estimate asked inside it (gavel_estimated_rows, EXPLAIN run by PL/pgSQL), as on
 * PostgreSQL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auctionListQuerySchema, type LotList } from '@gavel/domain';
import { openDatabase, type Database } from '../../api/src/db/client.ts';
import { migrate } from '../../api/src/db/migrate.ts';
import { browseLots, filterFromAuctionQuery } from '../../api/src/lots/browse.ts';
import { EXACT_UP_TO } from '../../api/src/lots/browse-total.ts';
import { seedManyLots } from '../bench/seed-lots.ts';

const LOTS = 1_200;
const dir = mkdtempSync(path.join(tmpdir(), 'gavel-browse-embedded-'));
let db: Database;

beforeAll(async () => {
  db = await openDatabase({ pgliteDir: path.join(dir, 'pglite') });
  await migrate(db);
  await seedManyLots(db, LOTS);
}, 120_000);
afterAll(async () => {
  await db?.close();
  rmSync(dir, { recursive: true, force: true });
});

const browse = (query: Record<string, string>): Promise<LotList> => browseLots(db, 'http://images.test', filterFromAuctionQuery(auctionListQuerySchema.parse(query), false));

it('labels a large result’s total an estimate near the real count, with and without a search', async () => {
  // Half the seeded lots are live.
  const live = await browse({ status: 'live' });
  expect(live.data).toHaveLength(20);
  expect(live.pagination).toMatchObject({ totalExact: false, hasMore: true });
  expect(live.pagination.total).toBeGreaterThan(LOTS / 4);
  expect(live.pagination.total).toBeLessThan(LOTS);
  // "lot 1" is in the titles of lots 1, 10 to 19, 100 to 199 and 1000 to 1199: 311 of them.
  const common = await browse({ search: 'lot 1', sort: 'title', minPrice: '0' });
  expect(common.pagination.totalExact).toBe(false);
  expect(common.pagination.total).toBeGreaterThan(EXACT_UP_TO);
  expect(common.data.every((lot) => lot.title.includes('lot 1'))).toBe(true);
});

it('counts a small result exactly and pages it to its end', async () => {
  // Orb lots (a sixth of all) are all BTC.
  const orbs = await browse({ search: 'orb', paymentMethod: 'BTC', sort: 'price', order: 'desc', offset: '180' });
  expect(orbs.pagination).toMatchObject({ total: LOTS / 6, totalExact: true, hasMore: false });
  expect(orbs.data).toHaveLength(20);
  expect(orbs.data.every((lot) => lot.title.endsWith('Orb'))).toBe(true);
  const none = await browse({ search: 'no such word' });
  expect(none).toMatchObject({ data: [], pagination: { total: 0, totalExact: true, hasMore: false } });
});

it('finds a search among a phase, a lot whose status lags the clock included', async () => {
  const event = await db.prisma.auctionEvent.findFirstOrThrow({ where: { slug: 'bench-a' } });
  const hour = 3_600_000;
  // Still stored live an hour after its end: the close has not run, and the clock shows it ended.
  const lagging = await db.prisma.lot.create({
    data: {
      auctionEventId: event.id,
      title: 'Lagging Orb',
      paymentMethod: 'Manual',
      startingBid: '100',
      currentPrice: '100',
      published: true,
      status: 'live',
      startTime: new Date(Date.now() - 2 * hour),
      endTime: new Date(Date.now() - hour),
    },
  });
  expect((await browse({ search: 'lagging', status: 'ended' })).data.map((lot) => lot._id)).toEqual([lagging.id]);
  expect((await browse({ search: 'lagging', status: 'live' })).data).toEqual([]);
  // Seeded orb lots are ended one in two (every twelfth lot), and the lagging one with them.
  const endedOrbs = await browse({ search: 'orb', status: 'ended', limit: '100', offset: '100' });
  expect(endedOrbs.pagination).toMatchObject({ total: LOTS / 12 + 1, totalExact: true });
  expect(endedOrbs.data).toHaveLength(1);
});
