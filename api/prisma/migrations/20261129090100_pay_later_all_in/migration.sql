-- A pay-later limit counts what a bidder will pay in all: the hammer and the buyer's premium of the lot's event.
-- The premium rule is the domain's (domain/src/house-rates.ts), restated here for the sums in cents, and checked
-- against it by test/api/house-rates-sale.test.ts: each tier's slice of the hammer times its rate, rounded half up
-- to the cent, summed. Only USD lots are paid later, so only the USD table is read. An event with no premium (the
-- default, '{}') returns the hammer at once, so every sum is what it was.
CREATE OR REPLACE FUNCTION gavel_all_in_usd(p_premium jsonb, p_hammer numeric) RETURNS numeric LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  tier jsonb;
  slice_floor numeric := 0;
  slice_top numeric;
  premium numeric := 0;
BEGIN
  IF p_hammer IS NULL OR p_premium IS NULL OR jsonb_typeof(p_premium->'USD') IS DISTINCT FROM 'array' THEN RETURN p_hammer; END IF;
  FOR tier IN SELECT value FROM jsonb_array_elements(p_premium->'USD') LOOP
    EXIT WHEN p_hammer <= slice_floor;
    slice_top := CASE WHEN tier->>'upTo' IS NULL THEN p_hammer ELSE LEAST(p_hammer, (tier->>'upTo')::numeric * 100) END;
    premium := premium + floor(((slice_top - slice_floor) * ((tier->>'percent')::numeric * 100) + 5000) / 10000);
    EXIT WHEN tier->>'upTo' IS NULL;
    slice_floor := (tier->>'upTo')::numeric * 100;
  END LOOP;
  RETURN p_hammer + premium;
END;
$$;

-- The premium a USD lot's sale is charged at (null for other lots: their hammer is not counted in cents).
CREATE OR REPLACE FUNCTION gavel_lot_usd_premium(p_lot_id text) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT e."buyerPremium" FROM "Lot" l JOIN "AuctionEvent" e ON e.id = l."auctionEventId" WHERE l.id = p_lot_id AND l."paymentMethod" = 'Manual' $$;

CREATE OR REPLACE FUNCTION gavel_pay_later_available(p_user_id text, p_lot_id text)
RETURNS TABLE (bidding_limit numeric, available numeric) LANGUAGE sql STABLE AS $$
  SELECT u."biddingLimit",
         GREATEST(0, u."biddingLimit"
           - (SELECT COALESCE(SUM(gavel_all_in_usd(gavel_lot_usd_premium(b."lotId"), COALESCE(b.maximum, b.amount))), 0) FROM "Bid" b
               WHERE b."userId" = u.id AND b.status = 'active' AND b."paymentIntentId" IS NULL AND b."lotOpen" AND b."lotId" <> p_lot_id
                 AND (SELECT l."paymentMethod" = 'Manual' AND l.status IN ('upcoming', 'live') FROM "Lot" l WHERE l.id = b."lotId"))
           - (SELECT COALESCE(SUM(gavel_all_in_usd((SELECT e."buyerPremium" FROM "AuctionEvent" e WHERE e.id = l."auctionEventId"), l."soldPrice")), 0) FROM "Lot" l
               WHERE l."winnerId" = u.id AND l."paymentMethod" = 'Manual' AND l.status = 'ended' AND NOT l.paid
                 AND l."unpaidAt" IS NULL AND l.id <> p_lot_id
                 AND NOT (l."boughtNow" AND l."txHash" IS NOT NULL)
                 AND NOT EXISTS (SELECT 1 FROM "Bid" w WHERE w.id = l."winningBidId" AND w."paymentIntentId" IS NOT NULL)))
    FROM "User" u WHERE u.id = p_user_id $$;

-- p_cents is the bid's (or purchase's) hammer: it fits when its all-in amount does.
CREATE OR REPLACE FUNCTION gavel_pay_later_fits(p_user_id text, p_lot_id text, p_cents numeric,
  OUT fits boolean, OUT bidding_limit numeric, OUT available numeric) LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "User" WHERE id = p_user_id FOR NO KEY UPDATE;
  SELECT a.bidding_limit, a.available INTO bidding_limit, available FROM gavel_pay_later_available(p_user_id, p_lot_id) a;
  bidding_limit := COALESCE(bidding_limit, 0);
  available := COALESCE(available, 0);
  fits := gavel_all_in_usd(gavel_lot_usd_premium(p_lot_id), p_cents) <= available;
END;
$$;
