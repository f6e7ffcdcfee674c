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

-- The bid's own lot: its premium and tax in one read (they were two), and no tax look-up when the event levies none
-- (its table is '[]', the default): the rule is unchanged, the empty table was searched for the buyer's country.
CREATE OR REPLACE FUNCTION gavel_buyer_total_usd(p_premium jsonb, p_tax jsonb, p_country text, p_hammer numeric) RETURNS numeric LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  all_in numeric := gavel_all_in_usd(p_premium, p_hammer);
  buyer text;
  rate jsonb;
  base numeric;
BEGIN
  IF p_hammer IS NULL OR jsonb_typeof(p_tax) IS DISTINCT FROM 'array' OR jsonb_array_length(p_tax) = 0 THEN RETURN all_in; END IF;
  buyer := gavel_country_key(p_country);
  IF buyer = '' THEN RETURN all_in; END IF;
  SELECT value INTO rate FROM jsonb_array_elements(p_tax) WHERE gavel_country_key(value->>'country') = buyer AND (value->>'percent')::numeric > 0 LIMIT 1;
  IF rate IS NULL THEN RETURN all_in; END IF;
  base := CASE WHEN rate->>'base' = 'premium' THEN all_in - p_hammer ELSE all_in END;
  RETURN all_in + floor((base * ((rate->>'percent')::numeric * 100) * 2 + 10000) / 20000);
END;
$$;

CREATE OR REPLACE FUNCTION gavel_pay_later_fits(p_user_id text, p_lot_id text, p_cents numeric,
  OUT fits boolean, OUT bidding_limit numeric, OUT available numeric) LANGUAGE plpgsql AS $$
DECLARE
  v_country text;
  v_premium jsonb;
  v_tax jsonb;
BEGIN
  SELECT country INTO v_country FROM "User" WHERE id = p_user_id FOR NO KEY UPDATE;
  SELECT a.bidding_limit, a.available INTO bidding_limit, available FROM gavel_pay_later_available(p_user_id, p_lot_id) a;
  -- A lot that is not pay-later (no row) counts its hammer alone, as before.
  SELECT e."buyerPremium", e."buyerTax" INTO v_premium, v_tax
    FROM "Lot" l JOIN "AuctionEvent" e ON e.id = l."auctionEventId" WHERE l.id = p_lot_id AND l."paymentMethod" = 'Manual';
  bidding_limit := COALESCE(bidding_limit, 0);
  available := COALESCE(available, 0);
  fits := gavel_buyer_total_usd(v_premium, v_tax, v_country, p_cents) <= available;
END;
$$;
