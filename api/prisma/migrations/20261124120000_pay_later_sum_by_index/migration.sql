-- The pay-later sums, run inside every pay-later bid's write, read each open commitment's lot by its key. Written
-- as a join, the planner hashed the whole lot table whenever the catalogue was small next to the bidder's bids
-- (0.3 ms of a 1,000-lot catalogue read for a dozen bids, on every bid); a per-bid lookup costs the same however
-- many lots there are. Same conditions, same results.
CREATE OR REPLACE FUNCTION gavel_pay_later_available(p_user_id text, p_lot_id text)
RETURNS TABLE (bidding_limit numeric, available numeric) LANGUAGE sql STABLE AS $$
  SELECT u."biddingLimit",
         GREATEST(0, u."biddingLimit"
           - (SELECT COALESCE(SUM(COALESCE(b.maximum, b.amount)), 0) FROM "Bid" b
               WHERE b."userId" = u.id AND b.status = 'active' AND b."paymentIntentId" IS NULL AND b."lotId" <> p_lot_id
                 AND (SELECT l."paymentMethod" = 'Manual' AND l.status IN ('upcoming', 'live') FROM "Lot" l WHERE l.id = b."lotId"))
           - (SELECT COALESCE(SUM(l."soldPrice"), 0) FROM "Lot" l
               WHERE l."winnerId" = u.id AND l."paymentMethod" = 'Manual' AND l.status = 'ended' AND NOT l.paid
                 AND l."unpaidAt" IS NULL AND l.id <> p_lot_id
                 AND NOT (l."boughtNow" AND l."txHash" IS NOT NULL)
                 AND NOT EXISTS (SELECT 1 FROM "Bid" w WHERE w.id = l."winningBidId" AND w."paymentIntentId" IS NOT NULL)))
    FROM "User" u WHERE u.id = p_user_id $$;
