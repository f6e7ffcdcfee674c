/**
 * `npm run bench` (bids): accepted bids per second and p99 through POST /auctions/:id/bids with 64 concurrent
 * bidders, on one hot lot and spread over 1,000 lots, side by side with pgbench running the same write (the
 * conditional lot update and the bid insert, in one transaction) on the same database; and spread again with every
 * other bid carrying a maximum, beside the plain spread run. Also the outbid latency: from a bid's 201 to the
 * outbid bidder's server-sent event. Targets: >= 60% of pgbench, p99 < 100 ms, maximums >= 90% of plain bids,
 * zero anomalies, outbid p95 < 1 s.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase } from '../support/database.ts';
import { createUser, signIn } from '../support/users.ts';
import { createLot } from '../support/lots.ts';
import { openUserEvents, type SseClient } from '../support/sse.ts';
import { startApiProcess } from './api-process.ts';

const BIDDERS = 64;
/** A few users bid far faster than people do, and every bidder opens an event stream from one address: limits lifted. */
const benchRouteLimits = { RATE_BIDS_PER_USER: '1000000', RATE_BIDS_PER_IP: '1000000', RATE_EVENTS_PER_USER: '1000000', RATE_EVENTS_PER_IP: '1000000' };
const LOTS = 1000;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

interface Run {
  label: string;
  accepted: number;
  rejected: number;
  errors: number;
  perSecond: number;
  p50: number;
  p99: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** Every other bid of a bidder carries a maximum a few dollars above it, so the proxy rule answers many bids. */
const withMaximums = (amount: number, nth: number) => (nth % 2 === 0 ? { amount, maximum: amount + 3 } : { amount });
const plain = (amount: number) => ({ amount });

async function bidLoad(label: string, api: string, tokens: string[], pickLot: () => string, acks: Map<string, number>, bodyOf: (amount: number, nth: number) => object = plain): Promise<Run> {
  const next = new Map<string, number>();
  const latencies: number[] = [];
  let accepted = 0;
  let rejected = 0;
  let errors = 0;
  const deadline = performance.now() + SECONDS * 1000;
  await Promise.all(
    tokens.map(async (token) => {
      let nth = 0;
      while (performance.now() < deadline) {
        const lotId = pickLot();
        const amount = (next.get(lotId) ?? 1) + 1;
        next.set(lotId, amount);
        const started = performance.now();
        const res = await fetch(`${api}/auctions/${lotId}/bids`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify(bodyOf(amount, nth++)),
        });
        const body = (await res.json()) as { minimumBid?: string };
        const done = performance.now();
        latencies.push(done - started);
        if (res.status === 201) {
          accepted++;
          acks.set(`${lotId}:${amount}.00`, done);
        } else if (res.status === 400 && body.minimumBid) {
          rejected++; // lost the race to a higher bid: correct behaviour, not an error
          next.set(lotId, Math.max(next.get(lotId)!, Number(body.minimumBid) - 1));
        } else errors++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { label, accepted, rejected, errors, perSecond: accepted / SECONDS, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

function pgbench(databaseUrl: string, lotIds: string[], userId: string): Run {
  const dir = mkdtempSync(path.join(tmpdir(), 'pgbench-'));
  const script = path.join(dir, 'bid.sql');
  // The api's write, verbatim in shape: lock-and-raise the lot only if the amount beats it, then insert the bid.
  writeFileSync(
    script,
    `\\set n random(1, ${lotIds.length})
BEGIN;
UPDATE "Lot" SET "currentBid" = COALESCE("currentBid", 0) + 100, "currentPrice" = COALESCE("currentBid", 0) + 100, "bidCount" = "bidCount" + 1, "updatedAt" = now()
 WHERE id = (SELECT id FROM bench_lots WHERE n = :n) AND published AND status IN ('upcoming','live') AND "endTime" > now();
UPDATE "Bid" SET status = 'outbid' WHERE "lotId" = (SELECT id FROM bench_lots WHERE n = :n) AND status = 'active';
INSERT INTO "Bid" (id, "lotId", "userId", amount, status, "createdAt", "updatedAt") VALUES (gen_random_uuid()::text, (SELECT id FROM bench_lots WHERE n = :n), '${userId}', 1, 'active', now(), now());
COMMIT;
`,
  );
  const run = spawnSync('pgbench', ['-n', '-c', String(BIDDERS), '-j', '2', '-T', String(SECONDS), '-r', '-f', script, databaseUrl], { encoding: 'utf8' });
  const tps = Number(/tps = ([\d.]+)/.exec(run.stdout)?.[1] ?? 0);
  const latency = Number(/latency average = ([\d.]+) ms/.exec(run.stdout)?.[1] ?? 0);
  return {
    label: `pgbench, ${lotIds.length === 1 ? 'one hot lot' : `${lotIds.length} lots`}`,
    accepted: Math.round(tps * SECONDS),
    rejected: 0,
    errors: run.status === 0 ? 0 : 1,
    perSecond: tps,
    p50: latency,
    p99: Number.NaN,
  };
}

async function main() {
  const database = await createTestDatabase('bidbench');
  const api = await startApiProcess(
    { DATABASE_URL: database.url, DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE ?? '10', RATE_SIGNIN_PER_IP: '100000', RATE_SIGNIN_PER_ACCOUNT: '100000', ...benchRouteLimits },
    4111,
  );
  const streams: SseClient[] = [];
  try {
    const users = await Promise.all(Array.from({ length: BIDDERS }, () => createUser(database.db, 'ready')));
    const tokens = await Promise.all(users.map((u) => signIn(api.url, u.email)));
    const lots = [];
    for (let i = 0; i < LOTS; i++) lots.push(await createLot(database.db, { startingBid: 100n, endsInMs: 86_400_000, extensionMinutes: 0 }));
    const hot = lots[0]!.id;
    await database.db.exec(`CREATE TABLE bench_lots AS SELECT row_number() OVER () AS n, id FROM "Lot" WHERE id <> '${hot}'`);
    await database.db.exec(`CREATE TABLE bench_hot AS SELECT 1 AS n, id FROM "Lot" WHERE id = '${hot}'`);

    // Every bidder listens for outbid events, as their open tab would.
    const acks = new Map<string, number>();
    const outbidLatencies: number[] = [];
    for (const token of tokens) streams.push(await openUserEvents(api.url, token));
    const collect = () => {
      for (const s of streams)
        for (const e of s.events.splice(0)) {
          if (e.type !== 'outbid') continue;
          const acked = acks.get(`${e.data.auctionId}:${e.data.currentBidAmount}`);
          if (acked !== undefined) outbidLatencies.push(e.receivedAt - acked);
        }
    };

    const results: Run[] = [];
    results.push(await bidLoad('api, one hot lot', api.url, tokens, () => hot, acks));
    const spread = lots.slice(1).map((l) => l.id);
    const pickSpread = () => spread[Math.floor(Math.random() * spread.length)]!;
    results.push(await bidLoad(`api, ${spread.length} lots`, api.url, tokens, pickSpread, acks));
    // The same lots again (their prices go on from where the plain run left them), half the bids with a maximum.
    const maximums = await bidLoad(`api, maximums in play`, api.url, tokens, pickSpread, acks, withMaximums);
    await new Promise((r) => setTimeout(r, 1000));
    collect();

    // Anomalies: acknowledged bids missing, prices below an acknowledged bid, more than one active bid per lot.
    const anomalies = await database.db.sql<{ n: string }>(
      `SELECT count(*)::text AS n FROM "Lot" l WHERE (SELECT count(*) FROM "Bid" b WHERE b."lotId" = l.id AND b.status = 'active') > 1
          OR l."currentBid" IS DISTINCT FROM (SELECT max(amount) FROM "Bid" b WHERE b."lotId" = l.id)`,
    );

    await database.db.exec(`ALTER TABLE bench_lots RENAME TO bench_spread; ALTER TABLE bench_hot RENAME TO bench_lots`);
    results.push(pgbench(database.url, [hot], users[0]!.id));
    await database.db.exec(`ALTER TABLE bench_lots RENAME TO bench_hot; ALTER TABLE bench_spread RENAME TO bench_lots`);
    results.push(pgbench(database.url, spread, users[0]!.id));

    results.push(maximums);
    console.log(`\n${BIDDERS} concurrent bidders, ${SECONDS} s per run`);
    console.log('run                      accepted/s  rejected  errors   p50 ms   p99 ms');
    for (const r of results) {
      console.log(
        `${r.label.padEnd(24)} ${r.perSecond.toFixed(0).padStart(10)} ${String(r.rejected).padStart(9)} ${String(r.errors).padStart(7)} ${r.p50.toFixed(1).padStart(8)} ${Number.isNaN(r.p99) ? '       -' : r.p99.toFixed(1).padStart(8)}`,
      );
    }
    const [hotApi, spreadApi, hotPg, spreadPg] = results as [Run, Run, Run, Run];
    console.log(
      `\napi vs pgbench: one hot lot ${((hotApi.perSecond / hotPg.perSecond) * 100).toFixed(0)}%, ${spread.length} lots ${((spreadApi.perSecond / spreadPg.perSecond) * 100).toFixed(0)}% (target >= 60%)`,
    );
    console.log(`maximums in play vs plain bids over the same lots: ${((maximums.perSecond / spreadApi.perSecond) * 100).toFixed(0)}% (target >= 90%), p99 ${maximums.p99.toFixed(1)} ms`);
    console.log(`p99: hot ${hotApi.p99.toFixed(1)} ms, spread ${spreadApi.p99.toFixed(1)} ms (target < 100 ms); anomalies: ${anomalies[0]?.n ?? '?'} (target 0)`);
    outbidLatencies.sort((a, b) => a - b);
    console.log(
      `outbid latency, 201 to SSE event (${outbidLatencies.length} events): p50 ${percentile(outbidLatencies, 50).toFixed(1)} ms, p95 ${percentile(outbidLatencies, 95).toFixed(1)} ms (target < 1000 ms)`,
    );
  } finally {
    for (const s of streams) s.close();
    await api.stop();
    await database.drop();
  }
}

await main();
