/**
 * Indexer lag: from a bid's receipt to the bid being visible in GET /auctions/:id, over 200 bids on anvil
 * (anvil -> Ponder -> api, the whole path a bidder waits on). Also the part of it that is Ponder alone (the
 * bid visible through the indexer's SQL endpoint). Target: p95 under 250 ms.
 *
 *   bash scripts/with-node22.sh node --import tsx test/chain/lag.bench.ts      BIDS=200, INDEXER_DB=pglite|postgres
 */
import { parseEther } from 'viem';
import { createClient, sql } from '@ponder/client';
import { chainActions, linkLot, startChainStack } from '../support/chain.ts';

const BIDS = Number(process.env.BIDS ?? 200);
const database = process.env.INDEXER_DB === 'postgres' ? 'postgres' : 'pglite';
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

const chain = await startChainStack(database);
try {
  const act = chainActions(chain);
  const reserve = parseEther('0.01');
  const step = parseEther('0.0001');
  const { auctionId, tokenId } = await act.startAuction({ reserveWei: reserve, minutes: 600n });
  const lot = await linkLot(chain, auctionId, tokenId, reserve);
  const ponder = createClient(`${chain.indexerUrl}/sql`);

  const apiLag: number[] = [];
  const indexerLag: number[] = [];
  for (let i = 0; i < BIDS; i++) {
    const count = i + 1;
    await act.bid(2 + (i % 2), auctionId, reserve + step * BigInt(i));
    const mined = performance.now();
    let seenByIndexer = 0;
    // Both sides polled every 5 ms; the api read is the one a bidder's refetch would make.
    for (;;) {
      if (!seenByIndexer) {
        const rows = (await ponder.db.execute(sql`SELECT bid_count FROM auction WHERE id = ${auctionId.toString()}`)) as unknown as Array<{ bid_count: number }>;
        if (rows[0]?.bid_count === count) seenByIndexer = performance.now();
      }
      const res = await fetch(`${chain.api.url}/auctions/${lot.id}`);
      const body = (await res.json()) as { data: { bidCount: number } };
      if (body.data.bidCount === count) {
        const now = performance.now();
        apiLag.push(now - mined);
        indexerLag.push((seenByIndexer || now) - mined);
        break;
      }
      await new Promise((r) => setTimeout(r, 5));
    }
  }

  const report = (label: string, values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const f = (p: number) => `${percentile(sorted, p).toFixed(0)} ms`;
    console.log(`${label.padEnd(34)} p50 ${f(50)}  p95 ${f(95)}  max ${f(100)}`);
    return percentile(sorted, 95);
  };
  console.log(`\nIndexer lag over ${BIDS} bids (indexer on ${database}, Ponder polling anvil every 100 ms)`);
  report('receipt -> visible in the indexer', indexerLag);
  const p95 = report('receipt -> visible in GET /auctions/:id', apiLag);
  console.log(`target p95 < 250 ms: ${p95 < 250 ? 'met' : 'NOT met'}`);
} finally {
  await chain.stop();
}
