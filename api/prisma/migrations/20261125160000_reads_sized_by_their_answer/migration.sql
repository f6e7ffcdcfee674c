-- Reads that answer a few rows find them through an index holding those rows, so what they cost follows their
-- answer, not how many mails, bids, lots and wallets have piled up. Each of these read every row of its table (or
-- every lot a user ever won) on a catalogue of 100,000 lots and 500,000 bids: the worker's sweeps every 15 or 30
-- seconds, and pages anyone can ask for by a wallet address.
--
-- Prisma sends an enum as a cast the planner cannot fold, so no partial index here names an enum in its condition
-- (it could never be chosen); enums lead the key instead, where a cast is read like any value.

-- The mail requeue: mail not sent yet.
CREATE INDEX "OutboxMail_unsent_idx" ON "OutboxMail"("createdAt") WHERE "sentAt" IS NULL;

-- Addresses match whatever their letter case (lower(...) = lower(...), as Prisma writes an insensitive `in`):
-- a wallet's bids newest first, the lots an address sells or won, its inscriptions, who linked it.
DROP INDEX "Bid_walletAddress_idx";
CREATE INDEX "Bid_walletAddress_lower_idx" ON "Bid"(lower("walletAddress"), "createdAt" DESC);
DROP INDEX "Lot_sellerWalletAddress_idx";
CREATE INDEX "Lot_sellerWalletAddress_lower_idx" ON "Lot"(lower("sellerWalletAddress"));
DROP INDEX "Lot_winnerWalletAddress_idx";
CREATE INDEX "Lot_winnerWalletAddress_lower_idx" ON "Lot"(lower("winnerWalletAddress")) WHERE "winnerWalletAddress" IS NOT NULL;
DROP INDEX "Inscription_walletAddress_idx";
CREATE INDEX "Inscription_walletAddress_lower_idx" ON "Inscription"(lower("walletAddress"), "createdAt" DESC, id DESC);
CREATE INDEX "Wallet_address_lower_idx" ON "Wallet"(lower(address));

-- What a user won, latest end first as their page lists it (read in the end-time order of every lot, the page went
-- through the whole catalogue to find a collector's few).
DROP INDEX "Lot_winnerId_closedAt_idx";
CREATE INDEX "Lot_winnerId_endTime_id_idx" ON "Lot"("winnerId", "endTime" DESC, id DESC) WHERE "winnerId" IS NOT NULL;

-- A seller's lots, by the user who created them (schema.prisma declares this one).
CREATE INDEX "Lot_creatorId_idx" ON "Lot"("creatorId");

-- An auction on chain's lot, looked up for every batch of bids the chain follower sees.
CREATE INDEX "Lot_chainAuctionId_idx" ON "Lot"("chainAuctionId") WHERE "chainAuctionId" IS NOT NULL;

-- The swap follower: swaps recorded and not yet seen transferred; won lots with no swap yet, latest close first.
CREATE INDEX "Lot_swap_recorded_idx" ON "Lot"("paymentMethod") WHERE "swapTxid" IS NOT NULL AND NOT transferred;
CREATE INDEX "Lot_swap_awaited_idx" ON "Lot"("paymentMethod", status, "closedAt" DESC)
  WHERE "swapTxid" IS NULL AND NOT transferred AND "winningBidId" IS NOT NULL;

-- Unpaid voiding: won lots neither paid nor voided, by deadline (a paid lot leaves the index).
DROP INDEX "Lot_paymentDueAt_idx";
CREATE INDEX "Lot_payment_due_idx" ON "Lot"("paymentDueAt") WHERE "paymentDueAt" IS NOT NULL AND NOT paid AND "unpaidAt" IS NULL AND "winnerId" IS NOT NULL;

-- The cart: a buyer's won lots not yet transferred nor voided, latest close first. (Like every index of won lots
-- here, it leaves out the open lots, which have no winner yet: a bid rewrites its lot's row and adds no entry.)
CREATE INDEX "Lot_cart_idx" ON "Lot"("winnerId", "closedAt" DESC) WHERE NOT transferred AND "unpaidAt" IS NULL AND "winnerId" IS NOT NULL;

-- Inscription delivery: won lots still waiting for the winner's ordinals address.
CREATE INDEX "Lot_delivery_pending_idx" ON "Lot"("paymentMethod", "winnerId") WHERE "winnerWalletAddress" IS NULL AND NOT transferred AND "winnerId" IS NOT NULL;
