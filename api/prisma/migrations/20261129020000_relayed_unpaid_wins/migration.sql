-- A relayed win its card did not pay: since when the relayer holds the NFT unpaid (the admin's exposure list).
ALTER TABLE "RelayedBid" ADD COLUMN "unpaidSince" TIMESTAMP(3);
CREATE INDEX "RelayedBid_unpaidSince_idx" ON "RelayedBid"("unpaidSince");

-- Wins already kept for an unpaid card: since their last change, the best date there is.
UPDATE "RelayedBid" SET "unpaidSince" = "updatedAt" WHERE status = 'custody' AND error = 'unpaid: the card hold could not be captured';
