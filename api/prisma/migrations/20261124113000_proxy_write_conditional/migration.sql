-- The proxy write in fewer statements, as the plain bid's: the lot is raised by one conditional UPDATE that matches
-- only while the lot is open and still stands exactly where the rule saw it (the UPDATE waits for the row's lock and
-- re-checks its conditions on the newest version, as gavel_place_bid's does), instead of a locking SELECT, a read of
-- the leading bid and a comparison. The leading bid the rule saw is checked by the statement that outbids (or
-- raises) it, after the lot's lock is held: if another bid leads now (prices that came back to the same numbers), the
-- function raises 'GV409' and the whole statement is undone, and the api resolves the bid again. And a ladder's
-- offer is looked for only on a BTC lot, the only kind whose bids can be ladders. Same signature and results as before.
--
-- And the leader's change of maximum at an unchanged price keeps the public id of the bid it replaces ("publicId",
-- shown to everyone but the bidder), as it already kept its time: before, the history's top bid changed its id, which
-- told anyone watching that the leader had changed their maximum.
ALTER TABLE "Bid" ADD COLUMN "publicId" TEXT;

CREATE OR REPLACE FUNCTION gavel_place_proxy_bid(
  p_lot_id text, p_bid_id text, p_user_id text, p_wallet text,
  p_seen_starting numeric, p_seen_price numeric, p_seen_leader_maximum numeric, p_seen_runner_up numeric, p_seen_leading_id text,
  p_outcome text, p_own_amount numeric, p_own_maximum numeric,
  p_price numeric, p_leader_maximum numeric, p_runner_up numeric, p_pay_later numeric DEFAULT NULL
) RETURNS TABLE (
  result text, end_time timestamp(3), extended boolean, extension_minutes integer, bid_count integer,
  previous_bid_id text, previous_user_id text, previous_amount numeric, previous_held boolean,
  bidding_limit numeric, available numeric, maximum_change_only boolean
) LANGUAGE plpgsql AS $$
DECLARE
  v_fits record;
  -- The leader's own change that leaves the price where it was: nothing anyone else sees may move.
  v_maximum_only boolean := p_outcome = 'leaderUpdated' AND p_price = p_seen_price;
  v_btc boolean;
  v_leading text;
  v_previous_id text;
  v_previous_user text;
  v_previous_amount numeric;
  v_previous_held boolean := false;
  v_previous_created timestamp(3);
  v_previous_public text;
  v_end timestamp(3);
  v_minutes integer;
  v_extended boolean;
  v_count integer;
BEGIN
  IF p_pay_later IS NOT NULL THEN
    SELECT * INTO v_fits FROM gavel_pay_later_fits(p_user_id, p_lot_id, p_pay_later);
    IF NOT v_fits.fits THEN
      RETURN QUERY SELECT 'over_limit', NULL::timestamp(3), false, 0, 0, NULL::text, NULL::text, NULL::numeric, false, v_fits.bidding_limit, v_fits.available, false;
      RETURN;
    END IF;
  END IF;

  UPDATE "Lot" AS l
     SET "currentBid" = p_price, "currentPrice" = p_price, status = 'live',
         "bidCount" = l."bidCount" + CASE WHEN v_maximum_only THEN 0 ELSE 1 END,
         "endTime" = CASE WHEN v_maximum_only THEN l."endTime" ELSE gavel_bid_end(l."endTime", l."extensionMinutes") END,
         "leaderMaximum" = p_leader_maximum, "runnerUpMaximum" = p_runner_up, "updatedAt" = now()
   WHERE l.id = p_lot_id
     AND l.published AND l.status IN ('upcoming', 'live') AND l."startTime" <= now() AND l."endTime" > now()
     AND l."startingBid" IS NOT DISTINCT FROM p_seen_starting AND l."currentBid" IS NOT DISTINCT FROM p_seen_price
     AND l."leaderMaximum" IS NOT DISTINCT FROM p_seen_leader_maximum AND l."runnerUpMaximum" IS NOT DISTINCT FROM p_seen_runner_up
  RETURNING l."endTime", l."extensionMinutes", l."bidCount", NOT v_maximum_only AND gavel_bid_extended(l."endTime", l."extensionMinutes"),
            l."paymentMethod" = 'BTC'
    INTO v_end, v_minutes, v_count, v_extended, v_btc;

  IF NOT FOUND THEN
    -- Closed, or moved on since the rule saw it (resolved again by the api).
    RETURN QUERY SELECT CASE WHEN EXISTS (
             SELECT 1 FROM "Lot" l WHERE l.id = p_lot_id AND l.published AND l.status IN ('upcoming', 'live') AND l."startTime" <= now() AND l."endTime" > now())
           THEN 'stale' ELSE 'closed' END,
           NULL::timestamp(3), false, 0, 0, NULL::text, NULL::text, NULL::numeric, false, NULL::numeric, NULL::numeric, false;
    RETURN;
  END IF;

  IF p_outcome = 'outbidByMaximum' THEN
    UPDATE "Bid" SET amount = p_price, "updatedAt" = now() WHERE "lotId" = p_lot_id AND status = 'active' RETURNING id INTO v_leading;
    IF v_leading IS DISTINCT FROM p_seen_leading_id THEN
      RAISE EXCEPTION 'the leading bid changed' USING ERRCODE = 'GV409';
    END IF;
    INSERT INTO "Bid" (id, "lotId", "userId", amount, maximum, "walletAddress", status, "createdAt", "updatedAt")
    VALUES (p_bid_id, p_lot_id, p_user_id, p_own_amount, p_own_maximum, p_wallet, 'outbid', clock_timestamp(), clock_timestamp());
  ELSE
    UPDATE "Bid" SET status = CASE WHEN v_maximum_only THEN 'replaced'::"BidStatus" ELSE 'outbid'::"BidStatus" END, "updatedAt" = clock_timestamp()
     WHERE "lotId" = p_lot_id AND status = 'active'
    RETURNING id, "userId", amount, COALESCE("holdStatus" = 'authorized', false), "createdAt", COALESCE("publicId", id)
      INTO v_previous_id, v_previous_user, v_previous_amount, v_previous_held, v_previous_created, v_previous_public;
    IF v_previous_id IS DISTINCT FROM p_seen_leading_id THEN
      RAISE EXCEPTION 'the leading bid changed' USING ERRCODE = 'GV409';
    END IF;
    v_leading := v_previous_id;
    INSERT INTO "Bid" (id, "lotId", "userId", amount, maximum, "walletAddress", status, "createdAt", "updatedAt", "publicId")
    VALUES (p_bid_id, p_lot_id, p_user_id, p_price, p_own_maximum, p_wallet, 'active',
            CASE WHEN v_maximum_only THEN v_previous_created ELSE clock_timestamp() END, clock_timestamp(),
            CASE WHEN v_maximum_only THEN v_previous_public END);
  END IF;

  -- A ladder's bid carries the signed offer of the step its amount is at (the seller co-signs the winner's PSBT).
  -- Only a BTC lot's bids can be ladders (a Bitcoin wallet's maximum): every other lot skips the statement.
  IF v_btc THEN
    UPDATE "Bid" AS b SET "psbtHex" = o."psbtHex", "signedPsbtHex" = o."signedPsbtHex", "updatedAt" = now()
      FROM "BtcOffer" AS o
     WHERE b.id IN (p_bid_id, v_leading) AND o."ladderId" = b.id AND o.amount = b.amount AND o."signedPsbtHex" IS NOT NULL;
  END IF;

  RETURN QUERY SELECT 'placed', v_end, v_extended, v_minutes, v_count,
    v_previous_id, v_previous_user, v_previous_amount, COALESCE(v_previous_held, false), NULL::numeric, NULL::numeric, v_maximum_only;
END;
$$;
