/**
 * The relayer's answer to an outbid card maximum on an auction on chain (api/src/relayer/proxy-steps.ts), against
 * a real database and a node that says what the contract says: the next step at the contract's minimum next bid
 * within the maximum, written once with the hold passed on; none past the maximum, after the end, or against the
 * bidder's own newer bid; and a queued step priced again before it is sent. The whole path on anvil and Ponder is
 * relayed-maximum.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEther } from 'viem';
import type { ChainService } from '../../api/src/chain/index.ts';
import type { RelayedBid } from '../../api/src/generated/prisma/client.ts';
import { answerOutbid, repriceStep } from '../../api/src/relayer/proxy-steps.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { createLot } from '../support/lots.ts';
import { createUser } from '../support/users.ts';

let database: TestDatabase;
const MAXIMUM = parseEther('0.05');

beforeAll(async () => {
  database = await createTestDatabase('relayed_maximum_steps');
});
afterAll(async () => {
  await database?.drop();
});

/** The node's view of one auction: its minimum next bid, and whether it is over. */
function node(state: { minimum: bigint; ended?: boolean }): ChainService {
  const now = BigInt(Math.floor(Date.now() / 1000));
  const auction = { seller: `0x${'2'.repeat(40)}`, started: true, ended: state.ended ?? false, endTime: now + 3600n, highestBid: state.minimum - parseEther('0.0001') };
  const reads: Record<string, unknown> = { getAuction: auction, minBidIncrement: parseEther('0.0001'), minNextBid: state.minimum };
  const client = {
    readContract: async ({ functionName }: { functionName: string }) => reads[functionName],
    getBlock: async () => ({ timestamp: now }),
  };
  return { auctionHouse: `0x${'1'.repeat(40)}`, rpc: { client } } as unknown as ChainService;
}

let auctions = 0;
/** A card bidder's placed first step with a maximum, on an auction of its own. */
async function placedStep(): Promise<RelayedBid> {
  const { db } = database;
  const [user, lot] = await Promise.all([createUser(db, 'ready'), createLot(db, { paymentMethod: 'ETH', onchain: true })]);
  auctions += 1;
  return db.prisma.relayedBid.create({
    data: {
      lotId: lot.id,
      userId: user.id,
      auctionId: auctions,
      amount: parseEther('0.01').toString(),
      maximum: MAXIMUM.toString(),
      holdCents: 11000,
      paymentIntentId: `pi_${lot.id}`,
      status: 'placed',
      txHash: `0x${auctions.toString(16).padStart(64, '0')}`,
    },
  });
}

const rowsOf = (first: RelayedBid) => database.db.prisma.relayedBid.findMany({ where: { lotId: first.lotId }, orderBy: { createdAt: 'asc' } });
const wei = (row: RelayedBid) => BigInt(row.amount.toFixed(0));

describe('answering an outbid card maximum', () => {
  it('queues the next step at the minimum next bid, once, the hold passed on to it', async () => {
    const first = await placedStep();
    const services = { db: database.db, chain: node({ minimum: parseEther('0.0201') }) };
    const answer = await answerOutbid(services, first);
    expect(answer.kind).toBe('stepped');
    const [outbid, next] = await rowsOf(first);
    expect([outbid!.status, outbid!.holdStatus]).toEqual(['outbid', 'passed']);
    expect({ amount: wei(next!), stepOf: next!.stepOf, status: next!.status, holdStatus: next!.holdStatus, paymentIntentId: next!.paymentIntentId, holdCents: next!.holdCents }).toEqual({
      amount: parseEther('0.0201'),
      stepOf: first.id,
      status: 'queued',
      holdStatus: 'authorized',
      paymentIntentId: first.paymentIntentId,
      holdCents: 11000,
    });
    // The same outbid seen again (a second sweep, a retried job) answers nothing more.
    expect((await answerOutbid(services, first)).kind).toBe('none');
    expect(await rowsOf(first)).toHaveLength(2);
  });

  it('steps up to the maximum itself', async () => {
    const first = await placedStep();
    expect((await answerOutbid({ db: database.db, chain: node({ minimum: MAXIMUM }) }, first)).kind).toBe('stepped');
    expect((await rowsOf(first)).map(wei)).toEqual([parseEther('0.01'), MAXIMUM]);
  });

  it('past the maximum: no step, the maximum exceeded, the step left for the sweep to settle', async () => {
    const first = await placedStep();
    expect(await answerOutbid({ db: database.db, chain: node({ minimum: MAXIMUM + 1n }) }, first)).toEqual({ kind: 'exceeded', minimum: MAXIMUM + 1n });
    expect((await rowsOf(first)).map((row) => [row.status, row.holdStatus])).toEqual([['placed', 'authorized']]);
  });

  it('after the end, or against the bidder’s own newer bid: no step', async () => {
    const ended = await placedStep();
    expect((await answerOutbid({ db: database.db, chain: node({ minimum: parseEther('0.02'), ended: true }) }, ended)).kind).toBe('none');
    const raised = await placedStep();
    await database.db.prisma.relayedBid.create({
      data: { lotId: raised.lotId, userId: raised.userId, auctionId: raised.auctionId, amount: parseEther('0.03').toString(), holdCents: 6600, paymentIntentId: `pi_raise_${raised.id}` },
    });
    expect((await answerOutbid({ db: database.db, chain: node({ minimum: parseEther('0.0301') }) }, raised)).kind).toBe('none');
    expect((await rowsOf(raised)).filter((row) => row.stepOf !== null)).toEqual([]);
  });

  it('prices a queued step again before it is sent: up to the maximum, else not at all', async () => {
    const first = await placedStep();
    const answer = await answerOutbid({ db: database.db, chain: node({ minimum: parseEther('0.02') }) }, first);
    if (answer.kind !== 'stepped') throw new Error('no step');
    const repriced = await repriceStep({ db: database.db, chain: node({ minimum: parseEther('0.04') }) }, answer.next);
    expect(repriced && wei(repriced)).toBe(parseEther('0.04'));
    expect(await repriceStep({ db: database.db, chain: node({ minimum: MAXIMUM + 1n }) }, repriced!)).toBeNull();
    // A first step, which the bidder entered themselves, goes as entered.
    expect(await repriceStep({ db: database.db, chain: node({ minimum: parseEther('0.9') }) }, first)).toBe(first);
  });
});
