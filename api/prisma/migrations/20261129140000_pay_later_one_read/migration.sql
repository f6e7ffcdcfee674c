-- A pay-later bid's limit check reads each open lead's lot and event once, in one join, instead of three look-ups
-- per lead (the lot's status, its premium and its tax, each its own statement inside a function). The sums are the
-- same: a lead counts when its lot is a pay-later (Manual) lot still open, at its event's premium and tax. A bidder
-- leading ten lots paid for the look-ups on every bid: they were more than half of the bid function's time.
CREATE OR REPLACE FUNCTION gavel_pay_later_available(p_user_id text, p_lot_id text)
RETURNS TABLE (bidding_limit numeric, available numeric) LANGUAGE sql STABLE AS $$
  SELECT u."biddingLimit",
         GREATEST(0, u."biddingLimit"
           - (SELECT COALESCE(SUM(gavel_buyer_total_usd(e."buyerPremium", e."buyerTax", u.country, COALESCE(b.maximum, b.amount))), 0)
                FROM "Bid" b JOIN "Lot" l ON l.id = b."lotId" JOIN "AuctionEvent" e ON e.id = l."auctionEventId"
               WHERE b."userId" = u.id AND b.status = 'active' AND b."paymentIntentId" IS NULL AND b."lotOpen" AND b."lotId" <> p_lot_id
                 AND l."paymentMethod" = 'Manual' AND l.status IN ('upcoming', 'live'))
           - (SELECT COALESCE(SUM(COALESCE(
                      (SELECT i.total FROM "Invoice" i WHERE i."lotId" = l.id AND i."voidedAt" IS NULL),
                      gavel_buyer_total_usd(e."buyerPremium", e."buyerTax", u.country, l."soldPrice"))), 0)
                FROM "Lot" l JOIN "AuctionEvent" e ON e.id = l."auctionEventId"
               WHERE l."winnerId" = u.id AND l."paymentMethod" = 'Manual' AND l.status = 'ended' AND NOT l.paid
                 AND l."unpaidAt" IS NULL AND l.id <> p_lot_id
                 AND NOT (l."boughtNow" AND l."txHash" IS NOT NULL)
                 AND NOT EXISTS (SELECT 1 FROM "Bid" w WHERE w.id = l."winningBidId" AND w."paymentIntentId" IS NOT NULL)))
    FROM "User" u WHERE u.id = p_user_id $$;
