-- A pay-later limit counts what a bidder will pay in all: the hammer, the buyer's premium and now the buyer's tax of
-- the lot's event for the country in the bidder's profile. The tax rule is the domain's (domain/src/house-tax.ts),
-- restated here for the sums in cents and checked against it by test/api/buyer-tax.test.ts: the listed country
-- whose key (lower case, letters and digits only) is the buyer's, its percent of the premium or of hammer and
-- premium, rounded half up to the cent. A won lot counts its invoice's total when it has one (the figures it is owed
-- at). An event with no tax (the default, '[]') or a bidder with no country counts what it did before.
CREATE OR REPLACE FUNCTION gavel_country_key(p_country text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT regexp_replace(lower(coalesce(p_country, '')), '[^[:alnum:]]', '', 'g') $$;

CREATE OR REPLACE FUNCTION gavel_buyer_total_usd(p_premium jsonb, p_tax jsonb, p_country text, p_hammer numeric) RETURNS numeric LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  all_in numeric := gavel_all_in_usd(p_premium, p_hammer);
  buyer text := gavel_country_key(p_country);
  rate jsonb;
  base numeric;
BEGIN
  IF p_hammer IS NULL OR buyer = '' OR jsonb_typeof(p_tax) IS DISTINCT FROM 'array' THEN RETURN all_in; END IF;
  SELECT value INTO rate FROM jsonb_array_elements(p_tax) WHERE gavel_country_key(value->>'country') = buyer AND (value->>'percent')::numeric > 0 LIMIT 1;
  IF rate IS NULL THEN RETURN all_in; END IF;
  base := CASE WHEN rate->>'base' = 'premium' THEN all_in - p_hammer ELSE all_in END;
  RETURN all_in + floor((base * ((rate->>'percent')::numeric * 100) * 2 + 10000) / 20000);
END;
$$;

-- The tax table a USD lot's sale is charged under (null for other lots: they levy none).
CREATE OR REPLACE FUNCTION gavel_lot_usd_tax(p_lot_id text) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT e."buyerTax" FROM "Lot" l JOIN "AuctionEvent" e ON e.id = l."auctionEventId" WHERE l.id = p_lot_id AND l."paymentMethod" = 'Manual' $$;

CREATE OR REPLACE FUNCTION gavel_pay_later_available(p_user_id text, p_lot_id text)
RETURNS TABLE (bidding_limit numeric, available numeric) LANGUAGE sql STABLE AS $$
  SELECT u."biddingLimit",
         GREATEST(0, u."biddingLimit"
           - (SELECT COALESCE(SUM(gavel_buyer_total_usd(gavel_lot_usd_premium(b."lotId"), gavel_lot_usd_tax(b."lotId"), u.country, COALESCE(b.maximum, b.amount))), 0) FROM "Bid" b
               WHERE b."userId" = u.id AND b.status = 'active' AND b."paymentIntentId" IS NULL AND b."lotOpen" AND b."lotId" <> p_lot_id
                 AND (SELECT l."paymentMethod" = 'Manual' AND l.status IN ('upcoming', 'live') FROM "Lot" l WHERE l.id = b."lotId"))
           - (SELECT COALESCE(SUM(COALESCE(
                      (SELECT i.total FROM "Invoice" i WHERE i."lotId" = l.id AND i."voidedAt" IS NULL),
                      (SELECT gavel_buyer_total_usd(e."buyerPremium", e."buyerTax", u.country, l."soldPrice") FROM "AuctionEvent" e WHERE e.id = l."auctionEventId"))), 0) FROM "Lot" l
               WHERE l."winnerId" = u.id AND l."paymentMethod" = 'Manual' AND l.status = 'ended' AND NOT l.paid
                 AND l."unpaidAt" IS NULL AND l.id <> p_lot_id
                 AND NOT (l."boughtNow" AND l."txHash" IS NOT NULL)
                 AND NOT EXISTS (SELECT 1 FROM "Bid" w WHERE w.id = l."winningBidId" AND w."paymentIntentId" IS NOT NULL)))
    FROM "User" u WHERE u.id = p_user_id $$;

-- p_cents is the bid's (or purchase's) hammer: it fits when its all-in amount, tax included, does.
CREATE OR REPLACE FUNCTION gavel_pay_later_fits(p_user_id text, p_lot_id text, p_cents numeric,
  OUT fits boolean, OUT bidding_limit numeric, OUT available numeric) LANGUAGE plpgsql AS $$
DECLARE
  v_country text;
BEGIN
  SELECT country INTO v_country FROM "User" WHERE id = p_user_id FOR NO KEY UPDATE;
  SELECT a.bidding_limit, a.available INTO bidding_limit, available FROM gavel_pay_later_available(p_user_id, p_lot_id) a;
  bidding_limit := COALESCE(bidding_limit, 0);
  available := COALESCE(available, 0);
  fits := gavel_buyer_total_usd(gavel_lot_usd_premium(p_lot_id), gavel_lot_usd_tax(p_lot_id), v_country, p_cents) <= available;
END;
$$;
