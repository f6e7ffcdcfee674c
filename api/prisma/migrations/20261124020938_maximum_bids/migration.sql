-- AlterTable
ALTER TABLE "Bid" ADD COLUMN     "maximum" DECIMAL(78,0);

-- AlterTable
ALTER TABLE "Lot" ADD COLUMN     "leaderMaximum" DECIMAL(78,0),
ADD COLUMN     "runnerUpMaximum" DECIMAL(78,0);

-- Anti-sniping, said once for both bid paths: a bid in the last extensionMinutes ends the lot that long after it
-- (the end as stored: rounded to the millisecond), and whether that moved the end.
CREATE OR REPLACE FUNCTION gavel_bid_end(p_end timestamp(3), p_minutes integer) RETURNS timestamp(3)
  LANGUAGE sql STABLE AS $$ SELECT GREATEST(p_end, (now() + make_interval(mins => p_minutes))::timestamp(3)) $$;
CREATE OR REPLACE FUNCTION gavel_bid_extended(p_end timestamp(3), p_minutes integer) RETURNS boolean
  LANGUAGE sql STABLE AS $$
    SELECT p_end BETWEEN now() + make_interval(mins => p_minutes) - interval '1 millisecond'
                     AND now() + make_interval(mins => p_minutes) + interval '1 millisecond' $$;

-- Maximum bids: gavel_place_bid stays the one-statement write of a plain bid, but only while the leader has no
-- maximum above the price. Otherwise it matches nothing and the api takes the proxy path (bidding/proxy-commit.ts),
-- which resolves the bid by the domain's rule under the lot's row lock.
CREATE OR REPLACE FUNCTION gavel_place_bid(
  p_lot_id text, p_bid_id text, p_user_id text, p_amount numeric, p_increment numeric, p_wallet text
) RETURNS TABLE (
  placed boolean, end_time timestamp(3), extended boolean, extension_minutes integer, bid_count integer,
  outbid_bid_id text, outbid_user_id text, outbid_amount numeric
) LANGUAGE plpgsql AS $$
DECLARE
  v_end timestamp(3);
  v_minutes integer;
  v_extended boolean;
  v_count integer;
BEGIN
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
    RETURN QUERY SELECT false, NULL::timestamp(3), false, 0, 0, NULL::text, NULL::text, NULL::numeric;
    RETURN;
  END IF;

  RETURN QUERY
    WITH previous AS (
      UPDATE "Bid" SET status = 'outbid', "updatedAt" = now()
       WHERE "lotId" = p_lot_id AND status = 'active'
      RETURNING id, "userId", amount
    ), inserted AS (
      INSERT INTO "Bid" (id, "lotId", "userId", amount, "walletAddress", status, "createdAt", "updatedAt")
      VALUES (p_bid_id, p_lot_id, p_user_id, p_amount, p_wallet, 'active', clock_timestamp(), clock_timestamp())
      RETURNING id
    )
    SELECT true, v_end, v_extended, v_minutes, v_count, previous.id, previous."userId", previous.amount
      FROM inserted LEFT JOIN previous ON true;
END;
$$;
