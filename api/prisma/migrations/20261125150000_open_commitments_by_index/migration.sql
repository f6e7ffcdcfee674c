-- The pay-later sums read only what is still open, however long a bidder's history. A won lot's winning bid stays
-- active for good, so the open-commitment index held every lot its bidder had ever won: each pay-later bid of a
-- collector with 1,000 wins looked up 1,000 lots (4 ms) to find the dozen still open. An active bid now carries
-- whether its lot is open ("lotOpen", kept by the lot's trigger below) and the index holds only those, with what the
-- sum reads, so the sum is read from the index. The sum still checks each lot itself: the flag only leaves out the
-- active bids of lots that have closed (a lot that opens again, relisted, sets it back on all its bids).
ALTER TABLE "Bid" ADD COLUMN "lotOpen" BOOLEAN NOT NULL DEFAULT true;

-- When a lot closes (ended, bought, cancelled), its active bids stop being open commitments; when a lot opens again,
-- all its bids count again. Fired only by statements that set the status, and then only when the lot crosses
-- between open and closed (a bid's write sets status 'live' on a live lot: no change, nothing runs).
CREATE OR REPLACE FUNCTION gavel_bids_follow_lot() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IN ('upcoming', 'live') THEN
    UPDATE "Bid" SET "lotOpen" = true WHERE "lotId" = NEW.id AND NOT "lotOpen";
  ELSE
    UPDATE "Bid" SET "lotOpen" = false WHERE "lotId" = NEW.id AND status = 'active' AND "lotOpen";
  END IF;
  RETURN NULL;
END;
$$;
-- Created before the backfill: it locks the lot table against writes until this migration commits, so no lot can
-- close or open between the backfill's read and the trigger.
CREATE TRIGGER "Lot_bids_follow_lot" AFTER UPDATE OF status ON "Lot" FOR EACH ROW
  WHEN ((OLD.status IN ('upcoming', 'live')) IS DISTINCT FROM (NEW.status IN ('upcoming', 'live')))
  EXECUTE FUNCTION gavel_bids_follow_lot();
UPDATE "Bid" b SET "lotOpen" = false FROM "Lot" l WHERE l.id = b."lotId" AND b.status = 'active' AND l.status NOT IN ('upcoming', 'live');

DROP INDEX "Bid_open_commitment_idx";
CREATE INDEX "Bid_open_commitment_idx" ON "Bid"("userId") INCLUDE ("lotId", amount, maximum)
  WHERE status = 'active' AND "paymentIntentId" IS NULL AND "lotOpen";
-- What a bidder still owes for lots won or bought without a card: unpaid, not voided. Paid lots leave the index.
CREATE INDEX "Lot_owed_pay_later_idx" ON "Lot"("winnerId") WHERE "paymentMethod" = 'Manual' AND status = 'ended' AND NOT paid AND "unpaidAt" IS NULL;

CREATE OR REPLACE FUNCTION gavel_pay_later_available(p_user_id text, p_lot_id text)
RETURNS TABLE (bidding_limit numeric, available numeric) LANGUAGE sql STABLE AS $$
  SELECT u."biddingLimit",
         GREATEST(0, u."biddingLimit"
           - (SELECT COALESCE(SUM(COALESCE(b.maximum, b.amount)), 0) FROM "Bid" b
               WHERE b."userId" = u.id AND b.status = 'active' AND b."paymentIntentId" IS NULL AND b."lotOpen" AND b."lotId" <> p_lot_id
                 AND (SELECT l."paymentMethod" = 'Manual' AND l.status IN ('upcoming', 'live') FROM "Lot" l WHERE l.id = b."lotId"))
           - (SELECT COALESCE(SUM(l."soldPrice"), 0) FROM "Lot" l
               WHERE l."winnerId" = u.id AND l."paymentMethod" = 'Manual' AND l.status = 'ended' AND NOT l.paid
                 AND l."unpaidAt" IS NULL AND l.id <> p_lot_id
                 AND NOT (l."boughtNow" AND l."txHash" IS NOT NULL)
                 AND NOT EXISTS (SELECT 1 FROM "Bid" w WHERE w.id = l."winningBidId" AND w."paymentIntentId" IS NOT NULL)))
    FROM "User" u WHERE u.id = p_user_id $$;
