/**
 * Bulk-loads `count` lots over 3 events for benchmarks, spread over payment methods, chain types and phases;
 * `from`: how many an earlier call loaded, so a catalogue can be grown in steps (10k, then 100k, then 1M).
 */
import type { Database } from '../../api/src/db/client.ts';

export async function seedManyLots(db: Database, count: number, from = 0): Promise<void> {
  const events: string[] = [];
  for (const [i, slug] of ['bench-a', 'bench-b', 'bench-c'].entries()) {
    const event = await db.prisma.auctionEvent.upsert({
      where: { slug },
      update: {},
      create: { slug, title: `Bench event ${i}`, published: true, status: 'live', startTime: new Date(Date.now() - 86_400_000), endTime: new Date(Date.now() + 30 * 86_400_000) },
    });
    events.push(event.id);
  }
  // One INSERT ... SELECT generate_series: 100,000 rows in a few seconds instead of minutes of round trips.
  await db.sql(
    `INSERT INTO "Lot" (id, "auctionEventId", title, description, status, published, "auctionType", "paymentMethod",
       "startingBid", "currentPrice", "startTime", "endTime", "imageUrls", "createdAt", "updatedAt")
     SELECT gen_random_uuid()::text,
            ($1::text[])[1 + i % 3],
            'Bench lot ' || i || ' ' || (ARRAY['Orb','Glyph','Canvas','Relic','Shard','Wave'])[1 + i % 6],
            'Generated lot number ' || i,
            (CASE WHEN i % 4 = 0 THEN 'ended' WHEN i % 4 = 1 THEN 'upcoming' ELSE 'live' END)::"LotStatus",
            true,
            (CASE WHEN i % 2 = 0 THEN 'onchain' ELSE 'offchain' END)::"AuctionType",
            (ARRAY['BTC','ETH','Manual'])[1 + i % 3]::"PaymentMethod",
            1000 + (i * 37) % 100000,
            1000 + (i * 37) % 100000,
            CASE WHEN i % 4 = 1 THEN now() + interval '1 day' ELSE now() - interval '1 day' END,
            CASE WHEN i % 4 = 0 THEN now() - interval '1 hour' ELSE now() + (i % 1000) * interval '1 minute' + interval '2 days' END,
            ARRAY['/ipfs/bafkreibench']::text[],
            now() - i * interval '1 second',
            now()
     FROM generate_series($3::int + 1, $3::int + $2::int) AS i`,
    [events, count, from],
  );
  // What autovacuum gives a running catalogue: planner statistics, and the visibility map that lets a page be read
  // from a covering index alone (see the browse indexes).
  await db.sql('VACUUM ANALYZE "Lot"');
}

/**
 * `count` live US-dollar lots from $1.00 for the bid benches, ending in a day with no extension, so every bid is
 * judged by price alone; returns their ids. One INSERT, and no event id kept between calls as
 * test/support/lots.ts keeps one, so a bench can seed two databases (PostgreSQL and PGlite) in one run.
 */
export async function seedBiddingLots(db: Database, count: number): Promise<string[]> {
  const event = await db.prisma.auctionEvent.upsert({
    where: { slug: 'bench-bids' },
    update: {},
    create: { slug: 'bench-bids', title: 'Bench bidding', published: true, status: 'live', startTime: new Date(Date.now() - 86_400_000), endTime: new Date(Date.now() + 30 * 86_400_000) },
  });
  const rows = await db.sql<{ id: string }>(
    `INSERT INTO "Lot" (id, "auctionEventId", title, status, published, "auctionType", "paymentMethod", "startingBid", "currentPrice",
       "startTime", "endTime", "extensionMinutes", "createdAt", "updatedAt")
     SELECT gen_random_uuid()::text, $1, 'Bench bidding lot ' || i, 'live', true, 'offchain', 'Manual', 100, 100,
            now() - interval '1 minute', now() + interval '1 day', 0, now(), now()
     FROM generate_series(1, $2::int) AS i
     RETURNING id`,
    [event.id, count],
  );
  await db.sql('ANALYZE "Lot"');
  return rows.map((r) => r.id);
}
