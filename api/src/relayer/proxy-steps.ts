/**
 * Card maximums on auctions on chain, stepped by the relayer. The chain only ever sees plain bids from the relayer:
 * the first at the amount the bidder entered, then, each time someone else outbids that bidder's step while the
 * auction is open, the contract's minimum next bid (`minNextBid`, so its increment and anti-sniping apply as to any
 * bid), for as long as that is within the maximum (the domain's `nextChainStep`). The maximum itself stays in
 * Gavel's database.
 *
 * Each step is a RelayedBid of its own (its own transaction, refund and place in the lot's bids), carrying the
 * maximum and the step it answers (`stepOf`, unique: one answer per outbid step). They share the maximum's card
 * hold: an outbid step passes it on (`holdStatus` passed) in the same transaction that queues the next step, so no
 * step is held again and the refund of an outbid step never releases a hold its successor still needs. The last
 * step settles as any relayed bid: won, the winning amount's value is captured and the rest released; outbid with
 * the maximum exceeded (or the auction over), the hold is released and the bidder told, with their maximum.
 */
import type { RelayedBid } from '../generated/prisma/client.ts';
import { nextChainStep } from '@gavel/domain';
import type { Database } from '../db/client.ts';
import type { ChainService } from '../chain/index.ts';
import { readChainBidState } from '../bidding/chain-bid-state.ts';

/** What answering an outbid step came to. */
export type StepAnswer =
  /** The next step, queued; the outbid step's hold passed on to it. */
  | { kind: 'stepped'; next: RelayedBid }
  /** No answer: the minimum next bid is above the maximum, so the bidder is told, with their maximum. */
  | { kind: 'exceeded'; minimum: bigint }
  /** No answer: the auction is over, or the bidder outbid this step themselves with a newer bid; an outbid as any. */
  | { kind: 'none' };

const wei = (value: { toFixed(digits: number): string }) => BigInt(value.toFixed(0));

/** A relayed step that stands for a maximum, and the maximum. */
export function maximumOf(row: RelayedBid): bigint | null {
  return row.maximum === null ? null : wei(row.maximum);
}

/**
 * A placed step with a maximum, which the indexer shows outbid: queues the next step, or says why not. Read from
 * the node, not the indexer, so the step is priced by the contract as it stands now.
 */
export async function answerOutbid(services: { db: Database; chain: ChainService }, row: RelayedBid): Promise<StepAnswer> {
  const maximum = maximumOf(row);
  if (maximum === null || (await outbidByThemselves(services.db, row))) return { kind: 'none' };
  const state = await readChainBidState(services, row.auctionId.toFixed(0));
  if (state.phase !== 'live') return { kind: 'none' };
  const step = nextChainStep(state.minimum, maximum);
  if (step === null) return { kind: 'exceeded', minimum: state.minimum };
  const next = await passToNextStep(services.db, row, step);
  // Another sweep answered first (or the hold is no longer there to pass on): nothing more to do here.
  return next ? { kind: 'stepped', next } : { kind: 'none' };
}

/**
 * A step about to be sent, priced again: a bid landed since it was queued may have raised the minimum. Null when
 * the maximum no longer covers it (the step is then refused as outbid, the bidder told with their maximum).
 */
export async function repriceStep(services: { db: Database; chain: ChainService }, row: RelayedBid): Promise<RelayedBid | null> {
  const maximum = maximumOf(row);
  if (maximum === null || row.stepOf === null || row.txHash !== null) return row;
  const state = await readChainBidState(services, row.auctionId.toFixed(0));
  if (state.phase !== 'live' || state.minimum <= wei(row.amount)) return row;
  const step = nextChainStep(state.minimum, maximum);
  if (step === null) return null;
  await services.db.prisma.relayedBid.updateMany({ where: { id: row.id, status: 'queued', txHash: null }, data: { amount: step.toString() } });
  return services.db.prisma.relayedBid.findUniqueOrThrow({ where: { id: row.id } });
}

/** A newer card bid of the same bidder on the same auction outbid this step: they raised their own bid, nobody to answer. */
async function outbidByThemselves(db: Database, row: RelayedBid): Promise<boolean> {
  const newer = await db.prisma.relayedBid.count({
    where: { userId: row.userId, auctionId: row.auctionId, createdAt: { gt: row.createdAt }, stepOf: null, status: { not: 'failed' } },
  });
  return newer > 0;
}

/** In one transaction: the step outbid, its hold passed on, and the next step queued at `amount` (null: already done). */
async function passToNextStep(db: Database, row: RelayedBid, amount: bigint): Promise<RelayedBid | null> {
  return db.prisma.$transaction(async (tx) => {
    const { count } = await tx.relayedBid.updateMany({ where: { id: row.id, status: 'placed', holdStatus: 'authorized' }, data: { status: 'outbid', holdStatus: 'passed' } });
    if (count !== 1) return null;
    // The hold as it is now, not as the sweep read it: the worker may have renewed it since (hold-renewal.ts).
    const held = await tx.relayedBid.findUniqueOrThrow({ where: { id: row.id }, select: { paymentIntentId: true, holdLapsesAt: true } });
    return tx.relayedBid.create({
      data: {
        lotId: row.lotId,
        userId: row.userId,
        auctionId: row.auctionId,
        amount: amount.toString(),
        maximum: row.maximum,
        stepOf: row.id,
        holdCents: row.holdCents,
        ...held,
      },
    });
  });
}
