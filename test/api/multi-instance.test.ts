/**
 * Gavel on several machines: two api instances that run no worker (RUN_WORKER=false) and two workers, sharing
 * nothing but one PostgreSQL database and one Redis prefix. A user served by one instance must hear what happens
 * on the other, both must read the same bids, and a lot that both workers see fall due must close once.
 *
 * The workers run in this process, each on services of its own (its own database pool and Redis connections),
 * opened and started as api/src/worker-main.ts does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { pino } from 'pino';
import { loadConfig } from '../../api/src/config.ts';
import { startApi } from '../../api/src/main.ts';
import { openServices, type Services } from '../../api/src/services.ts';
import { closeOverdueLots, startWorker } from '../../api/src/worker/worker.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { createUser, signIn } from '../support/users.ts';
import { createLot } from '../support/lots.ts';
import { openEvents, openUserEvents, type SseClient } from '../support/sse.ts';
import { eventually } from '../support/eventually.ts';

type Api = Awaited<ReturnType<typeof startApi>>;
type Worker = { services: Services; close(): Promise<void> };

let database: TestDatabase;
let dataDir: string;
let apiA: Api;
let apiB: Api;
const workers: Worker[] = [];
const streams: SseClient[] = [];

beforeAll(async () => {
  database = await createTestDatabase('multi');
  dataDir = await mkdtemp(path.join(tmpdir(), 'gavel-multi-'));
  // What every instance and worker of one deployment shares: the database, the Redis prefix and the secrets.
  const env = {
    ...process.env,
    DATABASE_URL: database.url,
    REDIS_PREFIX: `gavel-multi-${randomBytes(4).toString('hex')}`,
    JWT_SECRET: randomBytes(32).toString('hex'),
    EMAIL_CODE_PEPPER: randomBytes(32).toString('hex'),
    UNSUBSCRIBE_SECRET: randomBytes(32).toString('hex'),
    GAVEL_DATA_DIR: dataDir,
    STORAGE_DIR: path.join(dataDir, 'ipfs'),
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'error',
    PORT: '0',
    RUN_WORKER: 'false',
  };
  const config = loadConfig(env);
  expect(config.runWorker).toBe(false);
  [apiA, apiB] = await Promise.all([startApi(config), startApi(config)]);
  for (let i = 0; i < 2; i++) {
    const services = await openServices(config, pino({ level: config.logLevel }));
    const worker = await startWorker(services);
    workers.push({ services, close: () => worker.close().then(() => services.close()) });
  }
});

afterAll(async () => {
  for (const stream of streams) stream.close();
  await Promise.all([apiA?.stop(), apiB?.stop()]);
  for (const worker of workers) await worker.close();
  await database?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const bid = (api: Api, token: string, lotId: string, amount: number) =>
  fetch(`${api.url}/auctions/${lotId}/bids`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ amount }) });

async function placed(api: Api, token: string, lotId: string, amount: number): Promise<string> {
  const res = await bid(api, token, lotId, amount);
  const body = (await res.json()) as { data: { bid: { id: string } } };
  expect(res.status).toBe(201);
  return body.data.bid.id;
}

async function watch(stream: Promise<SseClient>): Promise<SseClient> {
  const client = await stream;
  streams.push(client);
  await client.next('ready');
  return client;
}

describe('two api instances and two workers on one database and one Redis', () => {
  it("an outbid raised through instance A reaches the bidder's stream open on instance B, and B's lot watchers", async () => {
    const lot = await createLot(database.db, { startingBid: 1000n });
    const [outbidder, bidder] = [await createUser(database.db, 'ready'), await createUser(database.db, 'ready')];
    // Signed in through A, streaming from B: a session is good on every instance.
    const bidderToken = await signIn(apiA.url, bidder.email);
    const outbidderToken = await signIn(apiA.url, outbidder.email);
    const tab = await watch(openUserEvents(apiB.url, bidderToken));
    const watcher = await watch(openEvents(`${apiB.url}/events?lot=${lot.id}`));

    await placed(apiB, bidderToken, lot.id, 10);
    await placed(apiA, outbidderToken, lot.id, 15);

    expect((await tab.next('outbid')).data).toMatchObject({ auctionId: lot.id, userBidAmount: '10.00', currentBidAmount: '15.00', currencyUnit: 'USD' });
    expect((await watcher.next('lot')).data).toMatchObject({ lotId: lot.id, currentBid: '10.00' });
    expect((await watcher.next('lot')).data).toMatchObject({ lotId: lot.id, currentBid: '15.00' });
  });

  it('a bid through either instance is in the history read from both', async () => {
    const lot = await createLot(database.db, { startingBid: 1000n });
    const [first, second] = [await createUser(database.db, 'ready'), await createUser(database.db, 'ready')];
    const firstBid = await placed(apiA, await signIn(apiA.url, first.email), lot.id, 10);
    const secondBid = await placed(apiB, await signIn(apiB.url, second.email), lot.id, 12);
    for (const api of [apiA, apiB]) {
      const res = await fetch(`${api.url}/auctions/${lot.id}/bids`);
      expect(res.status).toBe(200);
      const { data } = (await res.json()) as { data: Array<{ id: string; amount: string; status: string }> };
      expect(data.map(({ id, amount, status }) => ({ id, amount, status }))).toEqual([
        { id: secondBid, amount: '12.00', status: 'active' },
        { id: firstBid, amount: '10.00', status: 'outbid' },
      ]);
    }
  });

  it('a lot both workers see fall due closes once: one close, one won mail, the winner set once', async () => {
    const lot = await createLot(database.db, { startingBid: 1000n, endsInMs: 4000, extensionMinutes: 0 });
    const [loser, winner] = [await createUser(database.db, 'ready'), await createUser(database.db, 'ready')];
    const winnerToken = await signIn(apiB.url, winner.email);
    const tab = await watch(openUserEvents(apiA.url, winnerToken));
    // The first bid (through A) queues the lot's close job for its end time; the workers share that queue.
    await placed(apiA, await signIn(apiA.url, loser.email), lot.id, 10);
    const winningBid = await placed(apiB, winnerToken, lot.id, 15);

    // The moment the lot is due, each worker's sweep looks for overdue lots while the close job fires on one of them.
    await eventually(async () => Date.now() >= lot.endTime.getTime(), { timeoutMs: 10_000, what: 'the lot to fall due' });
    const swept = await Promise.all(workers.map((worker) => closeOverdueLots(worker.services)));
    const won = await tab.next('won', 15_000);
    expect(won.data).toMatchObject({ auctionId: lot.id, amount: '$15.00' });
    const closeJob = await workers[0]!.services.lotClock.queue.bullmq.getJob(`close-${lot.id}-${lot.endTime.getTime()}`);
    expect(closeJob).toBeDefined();
    await eventually(async () => (await closeJob!.getState()) === 'completed', { timeoutMs: 15_000, what: 'the close job to finish' });
    const jobClosed = (await workers[0]!.services.lotClock.queue.bullmq.getJob(closeJob!.id!))!.returnvalue === true;
    // Counted where it is visible: the sweeps and the close job (the repeating sweep may also have tried).
    expect(swept.reduce((a, b) => a + b, 0) + (jobClosed ? 1 : 0)).toBeLessThanOrEqual(1);

    // Every closer has returned, so its events are published: a marker sent now arrives after any of them.
    await apiB.services.eventHub.publish(`user:${winner.id}`, { type: 'marker', data: {} });
    await tab.next('marker');
    expect(tab.events.filter((e) => e.type === 'won')).toHaveLength(1);
    const closed = await database.db.prisma.lot.findUniqueOrThrow({ where: { id: lot.id } });
    expect(closed).toMatchObject({ status: 'ended', winnerId: winner.id, winningBidId: winningBid });
    expect(closed.closedAt).not.toBeNull();
    expect(closed.soldPrice?.toFixed(0)).toBe('1500');
    const wonMails = await database.db.prisma.outboxMail.findMany({ where: { subject: `You won ${lot.title}` } });
    expect(wonMails.map((mail) => mail.to)).toEqual([winner.email]);
  });
});
