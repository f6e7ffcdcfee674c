/** Pending returns: credited when a bid is beaten (or a payout bounces), emptied by `withdraw`. */
import { ponder } from 'ponder:registry';
import { pendingReturn, refundCredit, withdrawal } from 'ponder:schema';

ponder.on('GavelAuctionHouse:RefundCredited', async ({ event, context }) => {
  const { account, auctionId, amount } = event.args;
  await context.db.insert(refundCredit).values({
    id: event.id,
    account,
    auctionId,
    amount,
    blockNumber: event.block.number,
    timestamp: event.block.timestamp,
    txHash: event.transaction.hash,
  });
  await context.db
    .insert(pendingReturn)
    .values({ account, pending: amount, credited: amount, withdrawn: 0n })
    .onConflictDoUpdate((row) => ({ pending: row.pending + amount, credited: row.credited + amount }));
});

ponder.on('GavelAuctionHouse:Withdrawn', async ({ event, context }) => {
  const { account, to, amount } = event.args;
  await context.db.insert(withdrawal).values({
    id: event.id,
    account,
    to,
    amount,
    blockNumber: event.block.number,
    timestamp: event.block.timestamp,
    txHash: event.transaction.hash,
  });
  // `withdraw` always takes the whole balance.
  await context.db
    .insert(pendingReturn)
    .values({ account, pending: 0n, credited: 0n, withdrawn: amount, lastWithdrawalId: event.id })
    .onConflictDoUpdate((row) => ({ pending: 0n, withdrawn: row.withdrawn + amount, lastWithdrawalId: event.id }));
});
