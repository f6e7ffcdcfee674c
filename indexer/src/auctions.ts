/** An auction's life: created, started, extended, settled or cancelled, and an NFT waiting for a claim. Bids are in
 *  bids.ts. */
import { ponder } from 'ponder:registry';
import { auction, cancellation, extension, settlement } from 'ponder:schema';

ponder.on('GavelAuctionHouse:AuctionCreated', async ({ event, context }) => {
  const { auctionId, seller, nft, nftId, reservePrice, durationSeconds, timeBufferSeconds, premiumBps } = event.args;
  await context.db.insert(auction).values({
    id: auctionId,
    seller,
    nft,
    nftId,
    reservePrice,
    durationSeconds,
    timeBufferSeconds,
    premiumBps: Number(premiumBps),
    status: 'created',
    highestBid: 0n,
    bidCount: 0,
    extensionCount: 0,
    nftTransferFailed: false,
    createdTxHash: event.transaction.hash,
    createdAt: event.block.timestamp,
    updatedBlock: event.block.number,
  });
});

ponder.on('GavelAuctionHouse:AuctionStarted', async ({ event, context }) => {
  const { auctionId, startTime, endTime } = event.args;
  await context.db.update(auction, { id: auctionId }).set({ status: 'started', startTime, endTime, updatedBlock: event.block.number });
});

ponder.on('GavelAuctionHouse:AuctionExtended', async ({ event, context }) => {
  const { auctionId, endTime } = event.args;
  await context.db.insert(extension).values({
    id: event.id,
    auctionId,
    endTime,
    blockNumber: event.block.number,
    timestamp: event.block.timestamp,
    txHash: event.transaction.hash,
  });
  await context.db.update(auction, { id: auctionId }).set((row) => ({ endTime, extensionCount: row.extensionCount + 1, updatedBlock: event.block.number }));
});

// The NFT stays in the house until `to` claims it.
ponder.on('GavelAuctionHouse:NftTransferFailed', async ({ event, context }) => {
  const { auctionId, to } = event.args;
  await context.db.update(auction, { id: auctionId }).set({ nftTransferFailed: true, nftClaimant: to, updatedBlock: event.block.number });
});

ponder.on('GavelAuctionHouse:NftClaimed', async ({ event, context }) => {
  await context.db.update(auction, { id: event.args.auctionId }).set({ nftClaimant: null, updatedBlock: event.block.number });
});

// The winner's claim lapsed; a NftTransferFailed for the seller follows if the NFT cannot go back to them.
ponder.on('GavelAuctionHouse:NftClaimExpired', async ({ event, context }) => {
  await context.db.update(auction, { id: event.args.auctionId }).set({ nftClaimant: null, updatedBlock: event.block.number });
});

ponder.on('GavelAuctionHouse:AuctionSettled', async ({ event, context }) => {
  const { auctionId, winner, amount, fee, premium } = event.args;
  const sold = winner !== '0x0000000000000000000000000000000000000000';
  await context.db.insert(settlement).values({
    auctionId,
    winner: sold ? winner : null,
    amount,
    fee,
    premium,
    blockNumber: event.block.number,
    timestamp: event.block.timestamp,
    txHash: event.transaction.hash,
  });
  await context.db.update(auction, { id: auctionId }).set({ status: 'settled', winner: sold ? winner : null, updatedBlock: event.block.number });
});

// The contract deletes a cancelled auction (it reads as zeros); the row here keeps its history.
ponder.on('GavelAuctionHouse:AuctionCancelled', async ({ event, context }) => {
  const { auctionId } = event.args;
  await context.db.insert(cancellation).values({
    auctionId,
    blockNumber: event.block.number,
    timestamp: event.block.timestamp,
    txHash: event.transaction.hash,
  });
  await context.db.update(auction, { id: auctionId }).set({ status: 'cancelled', updatedBlock: event.block.number });
});
