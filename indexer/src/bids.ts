/**
 * Bids. The contract emits AuctionExtended before AuctionBid in the same transaction, so the auction's end
 * is already moved when the bid is recorded. The bid it beats is marked, and remembered on the new bid, so
 * the api can tell the outbid bidder without replaying history.
 */
import { ponder } from 'ponder:registry';
import { auction, bid } from 'ponder:schema';

ponder.on('GavelAuctionHouse:AuctionBid', async ({ event, context }) => {
  const { auctionId, bidder, amount, extended } = event.args;
  const before = await context.db.find(auction, { id: auctionId });
  if (!before) throw new Error(`bid on unknown auction ${auctionId}`);

  await context.db.insert(bid).values({
    id: event.id,
    auctionId,
    bidder,
    amount,
    extended,
    endTime: before.endTime ?? 0n,
    previousBidId: before.highestBidId,
    previousBidder: before.highestBidder,
    previousAmount: before.highestBidder ? before.highestBid : null,
    blockNumber: event.block.number,
    logIndex: event.log.logIndex,
    timestamp: event.block.timestamp,
    txHash: event.transaction.hash,
  });
  if (before.highestBidId) await context.db.update(bid, { id: before.highestBidId }).set({ outbidBy: event.id });
  await context.db.update(auction, { id: auctionId }).set({
    highestBid: amount,
    highestBidder: bidder,
    highestBidId: event.id,
    bidCount: before.bidCount + 1,
    updatedBlock: event.block.number,
  });
});
