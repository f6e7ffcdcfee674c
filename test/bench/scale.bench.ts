/**
 * `npm run bench` (cost as work grows), one api on PostgreSQL through the whole run:
 * - accepted bids per second at 1, 10, 100 and 1,000 lots, 64 bidders driven by wrk as test/bench/bids.bench.ts
 *   drives them (each with an event stream open); the time per bid should grow no worse than logarithmically
 *   with the lots: at most (1 + log10 lots) times the one-lot time;
 * - the api's memory (RSS): idle, as the bids mount to BENCH_TOTAL_BIDS (100,000), with BENCH_STREAMS (10,000)
 *   event streams open on one lot, and after they close;
 * - the event fan-out to those streams: for each of a few bids on the lot, the time from its 201 to the lot
 *   event on every stream (p50, p99, the last one), the streams held by test/bench/stream-clients.ts in a process
 *   of its own, whose CPU share is printed beside the api's;
 * - a pay-later bid as its bidder's history grows: the time of one bid, one after another, by bidders who have won
 *   and paid 0, 100, 1,000 and 10,000 lots, which should not grow at all (the limit is checked against what is
 *   still open or owed, not against every lot ever won).
 */
import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from '../../api/src/db/client.ts';
import { createTestDatabase } from '../support/database.ts';
import { openUserEvents, type SseClient } from '../support/sse.ts';
import { signIn } from '../support/users.ts';
import { startApiProcess } from './api-process.ts';
import { acceptedPerSecond, BIDDERS, BidLoad, bidRouteLimits, readyBidders } from './bid-load.ts';
import { seedBiddingLots } from './seed-lots.ts';
import type { StreamCommand, StreamReport } from './stream-clients.ts';
import { assertWrkInstalled, cpuLine, TICKS_PER_SECOND, ticksOf, type WrkRun } from './wrk.ts';

const LOT_COUNTS = [1, 10, 100, 1000];
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const TOTAL_BIDS = Number(process.env.BENCH_TOTAL_BIDS ?? 100_000);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 10_000);
const FAN_OUT_BIDS = 5;
const HISTORY_SIZES = [0, 100, 1000, 10_000];
const HISTORY_BIDS = 100;
/** Streams on one address, from a crowd of anonymous watchers: the per-address limit lifted. */
const streamLimits = { RATE_EVENTS_PER_USER: '1000000', RATE_EVENTS_PER_IP: '1000000' };

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
/**
 * Every bid rewrites its lot's row, and PostgreSQL reclaims the old versions and refreshes its statistics only in
 * a vacuum. Production's autovacuum does it within a minute; this machine's PostgreSQL runs with autovacuum off (a
 * CI setting), where 40,000 bids left the lot table 45 times its size, with the statistics of an empty one, and
 * bids slowed as they mounted. So the bench vacuums before each run, as autovacuum would.
 */
const vacuum = (db: Database) => db.exec('VACUUM ANALYZE "Lot", "Bid", "User", "OutboxMail"');

/** A moment for the api to finish what the last step left (closing sockets, timers, a GC) before its memory is read. */
const settle = () => new Promise((r) => setTimeout(r, 2000));

/** The stream clients' process (stream-clients.ts), asked one command at a time. */
function startStreamClients() {
  const child = fork(path.join(path.dirname(fileURLToPath(import.meta.url)), 'stream-clients.ts'), { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    pid: child.pid!,
    ask<K extends StreamReport['kind']>(command: StreamCommand): Promise<Extract<StreamReport, { kind: K }>> {
      return new Promise((resolve) => {
        child.once('message', (report) => resolve(report as Extract<StreamReport, { kind: K }>));
        child.send(command);
      });
    },
    async close() {
      child.send({ kind: 'close' } satisfies StreamCommand);
      await exited;
    },
  };
}

/**
 * A ready bidder who has won and paid `wins` lots: their winning bids placed on open lots that then end, as the lot
 * clock ends them, so the database records the closes as it does in service.
 */
async function bidderWithHistory(db: Database, wins: number): Promise<{ email: string }> {
  const [user] = await readyBidders(db, 1);
  if (wins === 0) return user!;
  const won = await seedBiddingLots(db, wins);
  await db.sql(
    `INSERT INTO "Bid" (id, "lotId", "userId", amount, status, "createdAt", "updatedAt")
     SELECT gen_random_uuid()::text, id, $1, 200, 'active', now(), now() FROM unnest($2::text[]) AS id`,
    [user!.id, won],
  );
  await db.sql(`UPDATE "Lot" SET status = 'ended', "closedAt" = now(), "winnerId" = $1, "soldPrice" = 200, "currentBid" = 200, paid = true WHERE id = ANY($2::text[])`, [user!.id, won]);
  return user!;
}

/** The time of each of HISTORY_BIDS bids, one after another, the bidder raising their own on a lot of their own. */
async function timedBids(api: string, token: string, lotId: string): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < HISTORY_BIDS; i++) {
    const started = performance.now();
    const res = await fetch(`${api}/auctions/${lotId}/bids`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ amount: 2 + i }),
    });
    await res.body?.cancel();
    if (res.status !== 201) throw new Error(`a history bid was answered ${res.status}`);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

function bidsRow(lots: number, run: WrkRun, oneLot: WrkRun): string {
  const cost = acceptedPerSecond(oneLot) / acceptedPerSecond(run);
  const goal = 1 + Math.log10(lots);
  return `${lots.toLocaleString().padEnd(7)} ${acceptedPerSecond(run).toFixed(0).padStart(10)} ${run.p50.toFixed(1).padStart(8)} ${run.p99.toFixed(1).padStart(8)} ${`${cost.toFixed(2)}×`.padStart(12)} ${`<= ${goal.toFixed(0)}×`.padStart(6)} ${cost <= goal ? 'met    ' : 'NOT met'}   ${cpuLine(run)}`;
}

async function main() {
  assertWrkInstalled();
  const database = await createTestDatabase('scale');
  const users = await readyBidders(database.db, BIDDERS + 1);
  const [watched, ...lots] = await seedBiddingLots(database.db, 1 + Math.max(...LOT_COUNTS));
  const starting = performance.now();
  const api = await startApiProcess({ DATABASE_URL: database.url, ...bidRouteLimits, ...streamLimits }, 4121);
  const startMs = performance.now() - starting;
  const port = Number(new URL(api.url).port);
  const bidderStreams: SseClient[] = [];
  const memory: Array<{ when: string; rss: number; peak: number }> = [];
  const remember = async (when: string) => memory.push({ when, ...(await api.memory()) });
  try {
    const tokens = await Promise.all(users.map((u) => signIn(api.url, u.email)));
    // The last user bids on the watched lot for the fan-out; the others are the 64 bidders, each tab listening.
    const fanOutBidder = tokens.pop()!;
    for (const token of tokens) bidderStreams.push(await openUserEvents(api.url, token));
    await settle();
    await remember(`idle (${BIDDERS} bidders signed in, their streams open)`);

    const load = new BidLoad(tokens);
    const everyLot = load.file(`lots-${lots.length}`, lots);
    const bidRun = async (label: string, lotsFile: string, seconds: number) => {
      await vacuum(database.db);
      return load.run(api, label, lotsFile, seconds);
    };
    // JIT, pools and caches warm before the first row, which would otherwise pay for them alone.
    let placed = (await bidRun('warm-up', everyLot, 2)).statuses['201'] ?? 0;
    const runs: WrkRun[] = [];
    for (const count of LOT_COUNTS) runs.push(await bidRun(`${count} lots`, load.file(`lots-${count}`, lots.slice(0, count)), SECONDS));
    placed += runs.reduce((sum, r) => sum + (r.statuses['201'] ?? 0), 0);
    const oneLot = runs[0]!;
    console.log(`\nbids as the lots grow: ${BIDDERS} connections (one bidder per request in turn), ${SECONDS} s per run; wrk drives the api`);
    console.log('goal: the time per bid grows no worse than logarithmically, at most (1 + log10 lots) × the one-lot time');
    console.log('(PostgreSQL vacuumed before each run, as its autovacuum would)');
    console.log('lots    accepted/s   p50 ms   p99 ms  time per bid   goal           cpu (% of one core)');
    for (const [i, run] of runs.entries()) console.log(bidsRow(LOT_COUNTS[i]!, run, oneLot));

    await remember(`after ${placed.toLocaleString()} bids (the runs above)`);
    // Then on to the total over every lot, in runs sized to land near it.
    let rate = acceptedPerSecond(runs.at(-1)!);
    while (placed < TOTAL_BIDS) {
      const chunk = await bidRun('toward the total', everyLot, Math.max(2, Math.min(20, Math.ceil((TOTAL_BIDS - placed) / rate))));
      placed += chunk.statuses['201'] ?? 0;
      rate = acceptedPerSecond(chunk);
      await remember(`after ${placed.toLocaleString()} bids`);
    }
    await settle();
    await remember(`after ${placed.toLocaleString()} bids, settled`);

    const clients = startStreamClients();
    try {
      const opened = await clients.ask<'opened'>({ kind: 'open', port, path: `/events?lot=${watched}`, count: STREAMS });
      console.log(`\n${opened.open.toLocaleString()} event streams open on one lot in ${(opened.ms / 1000).toFixed(1)} s (${opened.failed} failed)`);
      await settle();
      await remember(`with ${opened.open.toLocaleString()} event streams open`);

      const ticks = () => ({ clients: ticksOf(clients.pid), api: ticksOf(api.pid), at: performance.now() });
      const before = ticks();
      const fanOuts = [];
      for (let i = 0; i < FAN_OUT_BIDS; i++) fanOuts.push(await clients.ask<'fanOut'>({ kind: 'bid', port, lotId: watched!, token: fanOutBidder, amount: 2 + i, timeoutMs: 30_000 }));
      const after = ticks();
      const share = (key: 'clients' | 'api') => (((after[key] - before[key]) / TICKS_PER_SECOND / ((after.at - before.at) / 1000)) * 100).toFixed(0);
      const refused = fanOuts.filter((f) => f.status !== 201).map((f) => f.status);
      const fromReply = fanOuts.flatMap((f) => f.fromReply).sort((a, b) => a - b);
      const fromSend = fanOuts.flatMap((f) => f.fromSend).sort((a, b) => a - b);
      const lastOf = (f: { fromReply: number[] }) => (f.fromReply.at(-1) ?? Number.NaN).toFixed(0);
      console.log(`event fan-out to ${opened.open.toLocaleString()} streams, ${FAN_OUT_BIDS} bids one after another (${refused.length ? `refused: ${refused.join(', ')}` : 'all accepted'}):`);
      console.log('from the bid’s     p50 ms   p99 ms   max ms');
      for (const [label, times] of [
        ['201', fromReply],
        ['sending', fromSend],
      ] as const)
        console.log(`${label.padEnd(16)} ${percentile(times, 50).toFixed(1).padStart(8)} ${percentile(times, 99).toFixed(1).padStart(8)} ${(times.at(-1) ?? Number.NaN).toFixed(1).padStart(8)}`);
      console.log(
        `the last stream, from each 201: ${fanOuts.map(lastOf).join(', ')} ms; missing events: ${fanOuts.reduce((n, f) => n + f.missing, 0)}; cpu (% of one core): clients ${share('clients')}% · api ${share('api')}%`,
      );
    } finally {
      await clients.close();
    }
    await settle();
    await remember('after the streams closed');

    console.log(`\na pay-later bid as its bidder's history grows: ${HISTORY_BIDS} bids one after another per bidder, each raising their own`);
    console.log('goal: no growth with the lots won');
    console.log('lots won and paid   p50 ms   p99 ms');
    const own = await seedBiddingLots(database.db, HISTORY_SIZES.length);
    for (const [i, wins] of HISTORY_SIZES.entries()) {
      const bidder = await bidderWithHistory(database.db, wins);
      await vacuum(database.db);
      const times = await timedBids(api.url, await signIn(api.url, bidder.email), own[i]!);
      console.log(`${wins.toLocaleString().padEnd(17)} ${percentile(times, 50).toFixed(1).padStart(8)} ${percentile(times, 99).toFixed(1).padStart(8)}`);
    }

    console.log(`\nthe api’s memory (it answered ${(startMs / 1000).toFixed(1)} s after its start)`);
    console.log('when                                                  RSS MiB   peak MiB');
    for (const m of memory) console.log(`${m.when.padEnd(52)} ${m.rss.toFixed(0).padStart(8)} ${m.peak.toFixed(0).padStart(10)}`);
  } finally {
    for (const stream of bidderStreams) stream.close();
    await api.stop();
    await database.drop();
  }
}

await main();
