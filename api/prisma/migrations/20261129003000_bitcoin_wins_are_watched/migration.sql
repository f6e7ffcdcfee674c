-- A Bitcoin Buy Now is a signed offer at the Buy Now price, told apart from a bid's offer so neither path can
-- finalize the other's.
ALTER TABLE "BtcOffer" ADD COLUMN "buyNow" BOOLEAN NOT NULL DEFAULT false;

-- A BTC lot won by a signed offer waits for its seller's co-signature until a deadline, then the seller is
-- reminded and later the admin told; the watch reads the lots still waiting, oldest deadline first.
ALTER TABLE "Lot" ADD COLUMN "sellerSignDueAt" TIMESTAMP(3),
  ADD COLUMN "sellerRemindedAt" TIMESTAMP(3),
  ADD COLUMN "sellerOverdueAt" TIMESTAMP(3);
CREATE INDEX "Lot_bitcoin_wins_watched" ON "Lot" ("sellerSignDueAt")
  WHERE status = 'ended' AND "paymentMethod" = 'BTC' AND NOT paid AND "unpaidAt" IS NULL AND "winningBidId" IS NOT NULL;
