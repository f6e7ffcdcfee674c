-- The proxy write looks for a ladder's offer to carry only on a BTC lot, the only kind whose bids can be ladders:
-- on every other lot that statement found nothing, on every bid. Otherwise the function is as it was.
-- The proxy path's write (bidding/proxy-commit.ts): the api read where the lot stood, the domain's rule
-- (resolveProxyBid) decided what the bid does, and this writes it only if the lot still stands exactly there (the
-- prices, maximums, starting bid and leading bid the rule saw), under the lot's row lock; otherwise it writes
-- nothing and answers 'stale', and the api reads again. By outcome:
-- - leads / leaderUpdated: the active bid is outbid (replaced, when the leader changed their maximum and the price
--   stands); the bid is written active at the price, with p_own_maximum;
-- - outbidByMaximum: the bid is written outbid at its own amount, and the leader's bid rises to the price.
-- A ladder's bid (a Bitcoin wallet's maximum) carries the offer of the step it stands at; the lot keeps the price,
-- the proxy state, and, for a visible bid, one more bid and the end moved by the anti-sniping rule.
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
  v_lot record;
  v_leading text;
  v_maximum_only boolean;
  v_previous_id text;
  v_previous_user text;
  v_previous_amount numeric;
  v_previous_held boolean := false;
  v_previous_created timestamp(3);
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

  SELECT (l.published AND l.status IN ('upcoming', 'live') AND l."startTime" <= now() AND l."endTime" > now()) AS open,
         l."startingBid", l."currentBid", l."leaderMaximum", l."runnerUpMaximum", l."paymentMethod"
    INTO v_lot FROM "Lot" l WHERE l.id = p_lot_id FOR UPDATE;
  IF NOT FOUND OR NOT v_lot.open THEN
    RETURN QUERY SELECT 'closed', NULL::timestamp(3), false, 0, 0, NULL::text, NULL::text, NULL::numeric, false, NULL::numeric, NULL::numeric, false;
    RETURN;
  END IF;
  SELECT b.id INTO v_leading FROM "Bid" b WHERE b."lotId" = p_lot_id AND b.status = 'active' LIMIT 1;
  IF v_lot."startingBid" IS DISTINCT FROM p_seen_starting OR v_lot."currentBid" IS DISTINCT FROM p_seen_price
     OR v_lot."leaderMaximum" IS DISTINCT FROM p_seen_leader_maximum OR v_lot."runnerUpMaximum" IS DISTINCT FROM p_seen_runner_up
     OR v_leading IS DISTINCT FROM p_seen_leading_id THEN
    RETURN QUERY SELECT 'stale', NULL::timestamp(3), false, 0, 0, NULL::text, NULL::text, NULL::numeric, false, NULL::numeric, NULL::numeric, false;
    RETURN;
  END IF;
  -- The leader's own change that leaves the price where it was: nothing anyone else sees may move.
  v_maximum_only := p_outcome = 'leaderUpdated' AND p_price = v_lot."currentBid";

  IF p_outcome = 'outbidByMaximum' THEN
    INSERT INTO "Bid" (id, "lotId", "userId", amount, maximum, "walletAddress", status, "createdAt", "updatedAt")
    VALUES (p_bid_id, p_lot_id, p_user_id, p_own_amount, p_own_maximum, p_wallet, 'outbid', clock_timestamp(), clock_timestamp());
    UPDATE "Bid" SET amount = p_price, "updatedAt" = now() WHERE id = v_leading;
  ELSE
    UPDATE "Bid" SET status = CASE WHEN v_maximum_only THEN 'replaced'::"BidStatus" ELSE 'outbid'::"BidStatus" END, "updatedAt" = clock_timestamp()
     WHERE "lotId" = p_lot_id AND status = 'active'
    RETURNING id, "userId", amount, COALESCE("holdStatus" = 'authorized', false), "createdAt"
      INTO v_previous_id, v_previous_user, v_previous_amount, v_previous_held, v_previous_created;
    INSERT INTO "Bid" (id, "lotId", "userId", amount, maximum, "walletAddress", status, "createdAt", "updatedAt")
    VALUES (p_bid_id, p_lot_id, p_user_id, p_price, p_own_maximum, p_wallet, 'active',
            CASE WHEN v_maximum_only THEN v_previous_created ELSE clock_timestamp() END, clock_timestamp());
  END IF;

  -- A ladder's bid carries the signed offer of the step its amount is at (the seller co-signs the winner's PSBT).
  -- Only a BTC lot's bids can be ladders (a Bitcoin wallet's maximum): every other lot skips the statement.
  IF v_lot."paymentMethod" = 'BTC' THEN
    UPDATE "Bid" AS b SET "psbtHex" = o."psbtHex", "signedPsbtHex" = o."signedPsbtHex", "updatedAt" = now()
      FROM "BtcOffer" AS o
     WHERE b.id IN (p_bid_id, v_leading) AND o."ladderId" = b.id AND o.amount = b.amount AND o."signedPsbtHex" IS NOT NULL;
  END IF;

  UPDATE "Lot" AS l
     SET "currentBid" = p_price, "currentPrice" = p_price, status = 'live',
         "bidCount" = l."bidCount" + CASE WHEN v_maximum_only THEN 0 ELSE 1 END,
         "endTime" = CASE WHEN v_maximum_only THEN l."endTime" ELSE gavel_bid_end(l."endTime", l."extensionMinutes") END,
         "leaderMaximum" = p_leader_maximum, "runnerUpMaximum" = p_runner_up, "updatedAt" = now()
   WHERE l.id = p_lot_id
  RETURNING l."endTime", l."extensionMinutes", l."bidCount", NOT v_maximum_only AND gavel_bid_extended(l."endTime", l."extensionMinutes")
    INTO v_end, v_minutes, v_count, v_extended;

  RETURN QUERY SELECT 'placed', v_end, v_extended, v_minutes, v_count,
    v_previous_id, v_previous_user, v_previous_amount, COALESCE(v_previous_held, false), NULL::numeric, NULL::numeric, v_maximum_only;
END;
$$;
