/**
 * The relayer's sweep meeting an outbid card maximum (api/src/relayer/relayer.ts with proxy-steps.ts), against a
 * real database and Redis, an indexer and a node that say what the test needs: within the maximum, the next step
 * is queued under the job id of its auction and outbid step, with nobody told; past it, the step settles as an
 * outbid relayed bid and its bidder alone hears it, with their maximum, on their stream and never in the mail. The
 * whole path on anvil and Ponder is relayed-maximum.test.ts.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseEther } from 'viem';
import type { ChainService } from '../../api/src/chain/index.ts';
import type { RelayedBid } from '../../api/src/generated/prisma/client.ts';
import { Relayer } from '../../api/src/relayer/relayer.ts';
import type { RelayerServices } from '../../api/src/relayer/relayer-services.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { createLot } from '../support/lots.ts';
import { createUser } from '../support/users.ts';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const MAXIMUM = parseEther('0.05');
const INCREMENT = parseEther('0.0001');
let database: TestDatabase;
let redis: Redis;

beforeAll(async () => {
  database = await createTestDatabase('relayed_maximum_sweep');
  redis = new Redis(REDIS_URL);
});
afterAll(async () => {
  redis?.disconnect();
  await database?.drop();
});

/** The chain as the sweep reads it: one auction, led by a wallet at `highest`, where the step `outbidTx` was beaten. */
function chainLedAt(auctionId: string, outbidTx: string, highest: bigint): ChainService {
  const now = BigInt(Math.floor(Date.now() / 1000));
  const reads: Record<string, unknown> = {
    getAuction: { seller: `0x${'2'.repeat(40)}`, started: true, ended: false, endTime: now + 3600n, highestBid: highest, highestBidder: `0x${'5'.repeat(40)}` },
    minBidIncrement: INCREMENT,
    minNextBid: highest + INCREMENT,
  };
  const auction = { id: auctionId, status: 'started', highest_bid: highest.toString(), highest_bidder: `0x${'5'.repeat(40)}`, winner: null };
  return {
    auctionHouse: `0x${'1'.repeat(40)}`,
    rpc: { client: { readContract: async ({ functionName }: { functionName: string }) => reads[functionName], getBlock: async () => ({ timestamp: now }) } },
    ponder: { rows: async () => [{ tx_hash: outbidTx, outbid_by: 'bid-of-the-wallet' }] },
    auctionStates: async () => ({ rows: new Map([[auctionId, auction]]), stale: false }),
  } as unknown as ChainService;
}

/** A relayer over the test's database and Redis, with no account of its own (so it sends nothing); what it queues, publishes and mails is kept. */
function relayerOn(chain: ChainService) {
  const published: { topic: string; event: any }[] = [];
  const mails: unknown[] = [];
  const log = pino({ level: 'silent' });
  const services = {
    config: { relayer: { privateKey: null, sweepEveryMs: 0 }, chain: { rpcUrl: 'http://127.0.0.1:1' }, redisPrefix: `gavel-test-${randomBytes(4).toString('hex')}` },
    prices: { holdPrice: async () => ({ usdCents: 200_000n, marginPercent: 10 }) },
    log,
    db: database.db,
    redis,
    chain,
    payments: { stripe: {} },
    eventHub: { publish: async (topic: string, event: unknown) => void published.push({ topic, event }) },
    mailer: { sendIfWanted: async (_userId: string, _preference: string, mail: unknown) => void mails.push(mail) },
    queues: { url: REDIS_URL, prefix: `gavel-test-${randomBytes(4).toString('hex')}`, log },
  } as unknown as RelayerServices;
  const relayer = new Relayer(services);
  const queued: { name: string; data: { id: string }; jobId: string }[] = [];
  vi.spyOn(relayer.queue, 'add').mockImplementation(async (name, data, placement) => void queued.push({ name, data, jobId: placement.jobId }));
  return { relayer, queued, published, mails };
}

let auctions = 100;
/** A card bidder's placed step with a maximum, on an auction of its own. */
async function placedStep(amount: bigint): Promise<RelayedBid> {
  const { db } = database;
  const [user, lot] = await Promise.all([createUser(db, 'ready'), createLot(db, { paymentMethod: 'ETH', onchain: true })]);
  auctions += 1;
  return db.prisma.relayedBid.create({
    data: {
      lotId: lot.id,
      userId: user.id,
      auctionId: auctions,
      amount: amount.toString(),
      maximum: MAXIMUM.toString(),
      holdCents: 11000,
      paymentIntentId: `pi_${lot.id}`,
      status: 'placed',
      txHash: `0x${auctions.toString(16).padStart(64, '0')}`,
    },
  });
}

const rowsOf = (first: RelayedBid) => database.db.prisma.relayedBid.findMany({ where: { lotId: first.lotId }, orderBy: { createdAt: 'asc' } });

describe('the sweep and an outbid card maximum', () => {
  it('within the maximum: the next step is queued once, under its auction and outbid step, and nobody is told', async () => {
    const step = await placedStep(parseEther('0.01'));
    const { relayer, queued, published } = relayerOn(chainLedAt(step.auctionId.toFixed(0), step.txHash!, parseEther('0.02')));
    await relayer.sweep();
    const [outbid, next] = await rowsOf(step);
    expect(next).toMatchObject({ stepOf: step.id, status: 'queued', holdStatus: 'authorized' });
    expect(BigInt(next!.amount.toFixed(0))).toBe(parseEther('0.0201'));
    expect([outbid!.status, outbid!.holdStatus]).toEqual(['outbid', 'passed']);
    const stepJob = { name: 'relay-step', data: { id: next!.id }, jobId: `relay-step-${step.auctionId.toFixed(0)}-${step.id}` };
    expect(queued).toEqual([stepJob, { name: 'relay-refund', data: { id: step.id }, jobId: `relay-refund-${step.id}` }]);
    expect(published).toEqual([]);

    // The next sweep re-queues the step under the same id (so it is sent once), and answers nothing again.
    queued.length = 0;
    await relayer.sweep();
    expect(queued).toContainEqual(stepJob);
    expect(queued.filter((job) => job.name === 'relay-step')).toHaveLength(1);
    expect(await rowsOf(step)).toHaveLength(2);
    await relayer.close();
  });

  it('past the maximum: the step is outbid and refunded, and its bidder told with their maximum, on their stream only', async () => {
    const step = await placedStep(parseEther('0.0301'));
    const { relayer, queued, published, mails } = relayerOn(chainLedAt(step.auctionId.toFixed(0), step.txHash!, parseEther('0.06')));
    await relayer.sweep();
    expect((await rowsOf(step)).map((row) => [row.status, row.holdStatus])).toEqual([['outbid', 'authorized']]);
    // (The sweep moves every open relayed bid along: the other test's are in the same database.)
    expect(queued.filter((job) => job.jobId.includes(step.id))).toEqual([{ name: 'relay-refund', data: { id: step.id }, jobId: `relay-refund-${step.id}` }]);
    expect(published.map((p) => p.topic)).toEqual([`user:${step.userId}`]);
    expect(published[0]!.event.data).toMatchObject({ id: step.id, userBidAmount: '0.0301', currentBidAmount: '0.06', currencyUnit: 'ETH', maximum: '0.05' });
    expect(mails).toHaveLength(1);
    expect(JSON.stringify(mails)).not.toMatch(/0\.05(?!\d)/);
    await relayer.close();
  });
});
