-- A bid's write in one statement, whatever it needs to check: every round trip between the api and the database
-- while the lot's row is locked is time every other bidder on that lot waits, so the checks a bid's write depends
-- on run inside the same function as the write.

-- The open commitments of pay-later (read by bids, purchases and the pay-later summary) only look at a user's
-- leading bids without a hold; and the bid write outbids a lot's one active bid. Both stay small however long the
-- history grows, so these reads and updates cost the same on the thousandth bid as on the first.
CREATE INDEX "Bid_open_commitment_idx" ON "Bid"("userId") WHERE status = 'active' AND "paymentIntentId" IS NULL;
CREATE INDEX "Bid_active_of_lot_idx" ON "Bid"("lotId") WHERE status = 'active';

-- Pay-later: the user's bidding limit, and what of it is left (the limit less their open commitments: leading bids
-- without a hold on USD lots still open, a maximum bid for its maximum, and USD lots won or bought without a card
-- and not paid yet; the lot p_lot_id's own commitment left out, so raising one's own bid counts once). Never below 0.
CREATE OR REPLACE FUNCTION gavel_pay_later_available(p_user_id text, p_lot_id text)
RETURNS TABLE (bidding_limit numeric, available numeric) LANGUAGE sql STABLE AS $$
  SELECT u."biddingLimit",
         GREATEST(0, u."biddingLimit"
           - (SELECT COALESCE(SUM(COALESCE(b.maximum, b.amount)), 0) FROM "Bid" b JOIN "Lot" l ON l.id = b."lotId"
               WHERE b."userId" = u.id AND b.status = 'active' AND b."paymentIntentId" IS NULL
                 AND l."paymentMethod" = 'Manual' AND l.status IN ('upcoming', 'live') AND l.id <> p_lot_id)
           - (SELECT COALESCE(SUM(l."soldPrice"), 0) FROM "Lot" l
               WHERE l."winnerId" = u.id AND l."paymentMethod" = 'Manual' AND l.status = 'ended' AND NOT l.paid
                 AND l."unpaidAt" IS NULL AND l.id <> p_lot_id
                 AND NOT (l."boughtNow" AND l."txHash" IS NOT NULL)
                 AND NOT EXISTS (SELECT 1 FROM "Bid" w WHERE w.id = l."winningBidId" AND w."paymentIntentId" IS NOT NULL)))
    FROM "User" u WHERE u.id = p_user_id $$;

-- Whether a pay-later commitment of p_cents fits: the user's row locked first, in its own statement, so the sums are
-- read after any racing commitment committed and two bids on two lots cannot both spend the same allowance.
CREATE OR REPLACE FUNCTION gavel_pay_later_fits(p_user_id text, p_lot_id text, p_cents numeric,
  OUT fits boolean, OUT bidding_limit numeric, OUT available numeric) LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "User" WHERE id = p_user_id FOR UPDATE;
  SELECT a.bidding_limit, a.available INTO bidding_limit, available FROM gavel_pay_later_available(p_user_id, p_lot_id) a;
  bidding_limit := COALESCE(bidding_limit, 0);
  available := COALESCE(available, 0);
  fits := p_cents <= available;
END;
$$;

-- The plain bid's write, now with its pay-later check (p_pay_later: the commitment to check, null for none) and
-- whether the bid it outbid holds a card (so the api queues a release only for a hold).
DROP FUNCTION gavel_place_bid(text, text, text, numeric, numeric, text);
CREATE FUNCTION gavel_place_bid(
  p_lot_id text, p_bid_id text, p_user_id text, p_amount numeric, p_increment numeric, p_wallet text, p_pay_later numeric DEFAULT NULL
) RETURNS TABLE (
  placed boolean, end_time timestamp(3), extended boolean, extension_minutes integer, bid_count integer,
  outbid_bid_id text, outbid_user_id text, outbid_amount numeric, outbid_held boolean,
  over_limit boolean, bidding_limit numeric, available numeric
) LANGUAGE plpgsql AS $$
DECLARE
  v_end timestamp(3);
  v_minutes integer;
  v_extended boolean;
  v_count integer;
  v_fits record;
BEGIN
  IF p_pay_later IS NOT NULL THEN
    SELECT * INTO v_fits FROM gavel_pay_later_fits(p_user_id, p_lot_id, p_pay_later);
    IF NOT v_fits.fits THEN
      RETURN QUERY SELECT false, NULL::timestamp(3), false, 0, 0, NULL::text, NULL::text, NULL::numeric, false, true, v_fits.bidding_limit, v_fits.available;
      RETURN;
    END IF;
  END IF;

  UPDATE "Lot" AS l
     SET "currentBid" = p_amount,
         "currentPrice" = p_amount,
         "bidCount" = l."bidCount" + 1,
         "status" = 'live',
         "endTime" = gavel_bid_end(l."endTime", l."extensionMinutes"),
         -- The leader was a plain bid (no maximum above the price): it is now the runner-up.
         "runnerUpMaximum" = l."currentBid",
         "updatedAt" = now()
   WHERE l.id = p_lot_id
     AND l.published
     AND l.status IN ('upcoming', 'live')
     AND l."startTime" <= now()
     AND l."endTime" > now()
     AND p_amount >= COALESCE(l."currentBid" + p_increment, l."startingBid")
     AND l."leaderMaximum" IS NULL
  RETURNING l."endTime",
            l."extensionMinutes",
            l."bidCount",
            gavel_bid_extended(l."endTime", l."extensionMinutes")
    INTO v_end, v_minutes, v_count, v_extended;

  IF NOT FOUND THEN
    RETURN QUERY SELECT false, NULL::timestamp(3), false, 0, 0, NULL::text, NULL::text, NULL::numeric, false, false, NULL::numeric, NULL::numeric;
    RETURN;
  END IF;

  RETURN QUERY
    WITH previous AS (
      UPDATE "Bid" SET status = 'outbid', "updatedAt" = now()
       WHERE "lotId" = p_lot_id AND status = 'active'
      RETURNING id, "userId", amount, COALESCE("holdStatus" = 'authorized', false) AS held
    ), inserted AS (
      INSERT INTO "Bid" (id, "lotId", "userId", amount, "walletAddress", status, "createdAt", "updatedAt")
      VALUES (p_bid_id, p_lot_id, p_user_id, p_amount, p_wallet, 'active', clock_timestamp(), clock_timestamp())
      RETURNING id
    )
    SELECT true, v_end, v_extended, v_minutes, v_count, previous.id, previous."userId", previous.amount, COALESCE(previous.held, false),
           false, NULL::numeric, NULL::numeric
      FROM inserted LEFT JOIN previous ON true;
END;
$$;

-- The proxy path's write (bidding/proxy-commit.ts): the api read where the lot stood, the domain's rule
-- (resolveProxyBid) decided what the bid does, and this writes it only if the lot still stands exactly there (the
-- prices, maximums, starting bid and leading bid the rule saw), under the lot's row lock; otherwise it writes
-- nothing and answers 'stale', and the api reads again. By outcome:
-- - leads / leaderUpdated: the active bid is outbid; the bid is written active at the price, with p_own_maximum;
-- - outbidByMaximum: the bid is written outbid at its own amount, and the leader's bid rises to the price.
-- A ladder's bid (a Bitcoin wallet's maximum) carries the offer of the step it stands at; the lot keeps the price,
-- the proxy state, one more bid, and the end moved by the anti-sniping rule.
CREATE OR REPLACE FUNCTION gavel_place_proxy_bid(
  p_lot_id text, p_bid_id text, p_user_id text, p_wallet text,
  p_seen_starting numeric, p_seen_price numeric, p_seen_leader_maximum numeric, p_seen_runner_up numeric, p_seen_leading_id text,
  p_outcome text, p_own_amount numeric, p_own_maximum numeric,
  p_price numeric, p_leader_maximum numeric, p_runner_up numeric, p_pay_later numeric DEFAULT NULL
) RETURNS TABLE (
  result text, end_time timestamp(3), extended boolean, extension_minutes integer, bid_count integer,
  previous_bid_id text, previous_user_id text, previous_amount numeric, previous_held boolean,
  bidding_limit numeric, available numeric
) LANGUAGE plpgsql AS $$
DECLARE
  v_fits record;
  v_lot record;
  v_leading text;
  v_previous_id text;
  v_previous_user text;
  v_previous_amount numeric;
  v_previous_held boolean := false;
  v_end timestamp(3);
  v_minutes integer;
  v_extended boolean;
  v_count integer;
BEGIN
  IF p_pay_later IS NOT NULL THEN
    SELECT * INTO v_fits FROM gavel_pay_later_fits(p_user_id, p_lot_id, p_pay_later);
    IF NOT v_fits.fits THEN
      RETURN QUERY SELECT 'over_limit', NULL::timestamp(3), false, 0, 0, NULL::text, NULL::text, NULL::numeric, false, v_fits.bidding_limit, v_fits.available;
      RETURN;
    END IF;
  END IF;

  SELECT (l.published AND l.status IN ('upcoming', 'live') AND l."startTime" <= now() AND l."endTime" > now()) AS open,
         l."startingBid", l."currentBid", l."leaderMaximum", l."runnerUpMaximum"
    INTO v_lot FROM "Lot" l WHERE l.id = p_lot_id FOR UPDATE;
  IF NOT FOUND OR NOT v_lot.open THEN
    RETURN QUERY SELECT 'closed', NULL::timestamp(3), false, 0, 0, NULL::text, NULL::text, NULL::numeric, false, NULL::numeric, NULL::numeric;
    RETURN;
  END IF;
  SELECT b.id INTO v_leading FROM "Bid" b WHERE b."lotId" = p_lot_id AND b.status = 'active' LIMIT 1;
  IF v_lot."startingBid" IS DISTINCT FROM p_seen_starting OR v_lot."currentBid" IS DISTINCT FROM p_seen_price
     OR v_lot."leaderMaximum" IS DISTINCT FROM p_seen_leader_maximum OR v_lot."runnerUpMaximum" IS DISTINCT FROM p_seen_runner_up
     OR v_leading IS DISTINCT FROM p_seen_leading_id THEN
    RETURN QUERY SELECT 'stale', NULL::timestamp(3), false, 0, 0, NULL::text, NULL::text, NULL::numeric, false, NULL::numeric, NULL::numeric;
    RETURN;
  END IF;

  IF p_outcome = 'outbidByMaximum' THEN
    INSERT INTO "Bid" (id, "lotId", "userId", amount, maximum, "walletAddress", status, "createdAt", "updatedAt")
    VALUES (p_bid_id, p_lot_id, p_user_id, p_own_amount, p_own_maximum, p_wallet, 'outbid', clock_timestamp(), clock_timestamp());
    UPDATE "Bid" SET amount = p_price, "updatedAt" = now() WHERE id = v_leading;
  ELSE
    UPDATE "Bid" SET status = 'outbid', "updatedAt" = now()
     WHERE "lotId" = p_lot_id AND status = 'active'
    RETURNING id, "userId", amount, COALESCE("holdStatus" = 'authorized', false)
      INTO v_previous_id, v_previous_user, v_previous_amount, v_previous_held;
    INSERT INTO "Bid" (id, "lotId", "userId", amount, maximum, "walletAddress", status, "createdAt", "updatedAt")
    VALUES (p_bid_id, p_lot_id, p_user_id, p_price, p_own_maximum, p_wallet, 'active', clock_timestamp(), clock_timestamp());
  END IF;

  -- A ladder's bid carries the signed offer of the step its amount is at (the seller co-signs the winner's PSBT).
  UPDATE "Bid" AS b SET "psbtHex" = o."psbtHex", "signedPsbtHex" = o."signedPsbtHex", "updatedAt" = now()
    FROM "BtcOffer" AS o
   WHERE b.id IN (p_bid_id, v_leading) AND o."ladderId" = b.id AND o.amount = b.amount AND o."signedPsbtHex" IS NOT NULL;

  UPDATE "Lot" AS l
     SET "currentBid" = p_price, "currentPrice" = p_price, "bidCount" = l."bidCount" + 1, status = 'live',
         "endTime" = gavel_bid_end(l."endTime", l."extensionMinutes"),
         "leaderMaximum" = p_leader_maximum, "runnerUpMaximum" = p_runner_up, "updatedAt" = now()
   WHERE l.id = p_lot_id
  RETURNING l."endTime", l."extensionMinutes", l."bidCount", gavel_bid_extended(l."endTime", l."extensionMinutes")
    INTO v_end, v_minutes, v_count, v_extended;

  RETURN QUERY SELECT 'placed', v_end, v_extended, v_minutes, v_count,
    v_previous_id, v_previous_user, v_previous_amount, COALESCE(v_previous_held, false), NULL::numeric, NULL::numeric;
END;
$$;
