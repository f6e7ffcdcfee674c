/**
 * `npm run bench` (reads as history piles up): what a page or a sweep costs should follow what it answers, not how
 * many lots, bids, mails and inscriptions the years have left. One api (in this process, its worker off), a
 * catalogue grown in steps (BENCH_HISTORY_LOTS, default 10,000 then 100,000 lots, 97% of them ended and settled,
 * with 5 bids, 3 sent mails and half an inscription a lot), and at each step the same reads, each the median of 7:
 * the worker's sweeps (mail requeue, card holds to settle, unpaid voiding, the swap follower, inscription delivery)
 * and the pages asked by a wallet address or by a collector with 500 wins and 2,000 lots watched. Every answer is the same size at each
 * step, so the goal is no growth.
 */
import type { Database } from '../../api/src/db/client.ts';
import { sweepDeliveryAddresses } from '../../api/src/bitcoin-settlement/inscription-delivery.ts';
import { followSwaps } from '../../api/src/bitcoin-settlement/swap.ts';
import { voidUnpaidLots } from '../../api/src/checkout/unpaid.ts';
import { reconcilePayments } from '../../api/src/worker/payment-worker.ts';
import { startApiForTest } from '../support/stack.ts';
import { createUser, signIn } from '../support/users.ts';

const SIZES = (process.env.BENCH_HISTORY_LOTS ?? '10000,100000').split(',').map(Number);
const COLLECTOR_WINS = 500;
const COLLECTOR_WATCHES = 2000;
const RUNS = 7;
/** The wallet whose pages are read: 10 of the first 5,000 lots, bids and inscriptions are its, and no later one. */
const WALLET = 'bc1qbench000000000042';
/** Row `i`'s address: the read wallet's for its 10 rows, else one of 10,000 others. */
const address = (i: string) => `CASE WHEN ${i} <= 5000 AND ${i} % 500 = 42 THEN '${WALLET}' ELSE 'bc1qother' || lpad((1 + ${i} % 10000)::text, 12, '0') END`;

/**
 * Lots `from + 1` to `to` with what settled sales leave behind. The collector won the first COLLECTOR_WINS of them;
 * the rest were won by 10,000 other users.
 */
async function growHistory(db: Database, eventId: string, collectorId: string, from: number, to: number): Promise<void> {
  await db.exec(`
    INSERT INTO "User" (id, email, "passwordHash", "updatedAt")
      SELECT 'bench-u' || i, 'bench-u' || i || '@history.test', 'x', now() FROM generate_series(1, 10000) i ON CONFLICT DO NOTHING;
    INSERT INTO "Wallet" (id, "userId", address, type)
      SELECT 'bench-w' || i, 'bench-u' || i, 'bc1qother' || lpad(i::text, 12, '0'), 'xverse' FROM generate_series(1, 10000) i ON CONFLICT DO NOTHING;
    INSERT INTO "Lot" (id, "auctionEventId", title, status, published, "auctionType", "paymentMethod", "startingBid", "currentPrice", "currentBid",
        "soldPrice", "startTime", "endTime", "closedAt", "createdAt", "updatedAt", "winnerId", "winnerWalletAddress", "sellerWalletAddress",
        "creatorId", paid, transferred, "paymentDueAt", "chainAuctionId")
      SELECT 'bench-l' || i, '${eventId}', 'Lot ' || i, (CASE WHEN ended THEN 'ended' ELSE 'live' END)::"LotStatus", true, 'offchain',
        (ARRAY['BTC','ETH','Manual'])[1 + i % 3]::"PaymentMethod", 100, 500, 500, CASE WHEN ended THEN 500 END,
        now() - interval '30 days', CASE WHEN ended THEN now() - (i % 1000) * interval '1 hour' ELSE now() + interval '1 day' END,
        CASE WHEN ended THEN now() - (i % 1000) * interval '1 hour' END, now() - i * interval '1 minute', now(),
        CASE WHEN NOT ended THEN NULL WHEN i <= ${COLLECTOR_WINS} THEN '${collectorId}' ELSE 'bench-u' || (1 + i % 10000) END,
        CASE WHEN ended AND i % 3 = 0 THEN ${address('i')} END,
        CASE WHEN i % 10 = 2 THEN ${address('i')} END,
        'bench-u' || (1 + (i * 13) % 10000), ended, ended, CASE WHEN ended AND i % 3 <> 1 THEN now() - interval '5 days' END,
        CASE WHEN i % 3 = 1 THEN i END
      FROM (SELECT i, i % 100 < 97 AS ended FROM generate_series(${from + 1}, ${to}) i) AS lots;
    INSERT INTO "Bid" (id, "lotId", "userId", amount, status, "walletAddress", "createdAt", "updatedAt")
      SELECT 'bench-b' || i, 'bench-l' || (${from + 1} + i % ${to - from}), 'bench-u' || (1 + i % 10000), 100 + i % 1000, 'outbid',
        CASE WHEN i % 3 = 0 THEN ${address('i')} END, now() - i * interval '1 second', now()
      FROM generate_series(${from * 5 + 1}, ${to * 5}) i;
    INSERT INTO "WatchedLot" ("userId", "lotId", "createdAt")
      SELECT '${collectorId}', 'bench-l' || i, now() - i * interval '1 second' FROM generate_series(${from + 1}, LEAST(${to}, ${COLLECTOR_WATCHES})) i;
    INSERT INTO "OutboxMail" (id, "to", subject, text, html, "sentAt", "createdAt")
      SELECT 'bench-m' || i, 'x@history.test', 's', 't', 'h', now(), now() - i * interval '1 second' FROM generate_series(${from * 3 + 1}, ${to * 3}) i;
    INSERT INTO "Inscription" (id, "walletAddress", "createdAt", "updatedAt")
      SELECT 'bench-i' || i, ${address('i')}, now() - i * interval '1 second', now() FROM generate_series(${from / 2 + 1}, ${to / 2}) i;`);
  // What autovacuum gives a database in service: statistics and the visibility map.
  await db.exec('VACUUM ANALYZE');
}

async function median(run: () => Promise<unknown>): Promise<number> {
  await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
}

async function main() {
  const stack = await startApiForTest({ seed: 'none' });
  const { db, services, url } = stack;
  try {
    const collector = await createUser(db, 'ready');
    const event = await db.prisma.auctionEvent.create({
      data: { slug: 'bench-history', title: 'History', published: true, status: 'live', startTime: new Date(Date.now() - 86_400_000), endTime: new Date(Date.now() + 86_400_000) },
    });
    const token = await signIn(url, collector.email);
    const get =
      (path: string, signedIn = false) =>
      async () => {
        const res = await fetch(url + path, signedIn ? { headers: { authorization: `Bearer ${token}` } } : {});
        if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
        await res.text();
      };
    const reads: Array<[string, () => Promise<unknown>]> = [
      ['mail requeue (every 30 s)', () => services.mailer.requeueUnsent()],
      ['card holds to settle (every 30 s)', () => reconcilePayments(services)],
      ['unpaid voiding (every 30 s)', () => voidUnpaidLots(services)],
      ['swap follower (every 15 s)', () => followSwaps(services)],
      ['inscription delivery (every 15 s)', () => sweepDeliveryAddresses(db.prisma)],
      ['GET /auctions/bids/user/:address', get(`/auctions/bids/user/${WALLET.toUpperCase()}`)],
      ['GET /auctions/seller/:address', get(`/auctions/seller/${WALLET}`)],
      ['GET /auctions/won/:address', get(`/auctions/won/${WALLET}`, true)],
      ['GET /inscriptions/user/:address', get(`/inscriptions/user/${WALLET}`)],
      [`GET /me/won (${COLLECTOR_WINS} wins)`, get('/me/won', true)],
      [`GET /cart (${COLLECTOR_WINS} wins, settled)`, get('/cart', true)],
      [`GET /watchlist (${COLLECTOR_WATCHES.toLocaleString()} watched)`, get('/watchlist', true)],
    ];
    const columns: Array<{ lots: number; ms: number[] }> = [];
    let grown = 0;
    for (const lots of [...SIZES].sort((a, b) => a - b)) {
      const seeding = performance.now();
      await growHistory(db, event.id, collector.id, grown, lots);
      grown = lots;
      console.log(`history grown to ${lots.toLocaleString()} lots in ${((performance.now() - seeding) / 1000).toFixed(0)} s`);
      const ms: number[] = [];
      for (const [, run] of reads) ms.push(await median(run));
      columns.push({ lots, ms });
    }
    const [first] = columns;
    const last = columns.at(-1)!;
    console.log('\nreads as history piles up: the median of 7, ms, at each catalogue (lots; 5 bids, 3 mails and half an inscription each)');
    console.log(`read                                 ${columns.map((c) => c.lots.toLocaleString().padStart(9)).join('')}   growth   goal: none`);
    for (const [i, [label]] of reads.entries()) {
      const growth = last.ms[i]! / first!.ms[i]!;
      console.log(`${label.padEnd(36)} ${columns.map((c) => c.ms[i]!.toFixed(1).padStart(9)).join('')} ${`${growth.toFixed(1)}×`.padStart(8)}   ${growth <= 2 ? 'met' : 'NOT met'}`);
    }
  } finally {
    await stack.stop();
  }
}

await main();
process.exit(0);
